"""Foothills tests: rule tests per section of seed 001, properties, golden records, benchmark."""
