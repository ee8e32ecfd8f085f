"""Simulation at scale: play many bot games (locally, on a process pool, or on a Ray
cluster), rate bots in tournaments, and write tables and plots of the outcomes."""
