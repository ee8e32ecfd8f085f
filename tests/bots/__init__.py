"""The bots' tests (a package so that they share `conftest`'s helpers)."""
