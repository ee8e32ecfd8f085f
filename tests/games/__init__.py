"""Tests of the titles under src/snowdonia/games/ (a package, so test module names stay unique)."""
