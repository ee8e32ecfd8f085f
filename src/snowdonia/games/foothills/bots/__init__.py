"""Bots that know Foothills' rules: `greedy` (one ply with a heuristic evaluation)."""
