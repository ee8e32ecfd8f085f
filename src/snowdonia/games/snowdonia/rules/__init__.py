"""The pure rules engine: no I/O, no globals, randomness only from the game's seed."""
