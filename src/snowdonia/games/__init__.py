"""The games on the platform, one package each; games never import each other."""
