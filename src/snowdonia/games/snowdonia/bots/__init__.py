"""Bots that know Snowdonia's rules: the heuristic evaluation and the one-ply greedy bot."""
