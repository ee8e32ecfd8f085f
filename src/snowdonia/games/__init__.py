"""The titles on the platform, one package each (`snowdonia.registry` finds them by name).
A game imports only `snowdonia.core`; games never import each other."""
