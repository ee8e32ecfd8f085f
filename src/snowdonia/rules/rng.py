"""Moved to `snowdonia.core.rng` (every title shares the generator); kept for old imports."""

from snowdonia.core.rng import below, next_u64, seed_state, shuffle

__all__ = ["below", "next_u64", "seed_state", "shuffle"]
