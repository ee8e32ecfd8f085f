"""Foothills (Ben Bateson and Tony Boydell, Lookout 2019): the two-player Snowdonia card
game, as a title of the platform. `title.TITLE` is what `snowdonia.registry` loads; the
rules live in `rules/`, one module per section of the rulebook (seed 001)."""
