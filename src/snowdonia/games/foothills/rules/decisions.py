"""The decision registry: the one list of the kinds of choice a Foothills player can face,
with the action kinds that answer each (read by the terminal, the web client, the encoders
and `explain` in the error messages)."""

from __future__ import annotations

from typing import Final

from snowdonia.core.protocol import DecisionKind

SETUP_TAKE: Final = "setup_take"
CARD: Final = "card"
TAKE: Final = "take"
RUBBLE: Final = "rubble"
WORKS: Final = "works"
BUILD: Final = "build"
SURVEYOR: Final = "surveyor"
USE_SPACE: Final = "use_space"
GAIN: Final = "gain"
SCORE: Final = "score"
REPLACE: Final = "replace"
FERRY: Final = "ferry"
FLIP: Final = "flip"

DECISIONS: Final[dict[str, DecisionKind]] = {
    SETUP_TAKE: DecisionKind(SETUP_TAKE, "Set-up: take 2 resources from the stockyard", ("take",)),
    CARD: DecisionKind(CARD, "Choose one of your action cards", ("card",)),
    TAKE: DecisionKind(TAKE, "Take resources from the stockyard", ("take", "pass"), optional=True,
                       pass_text="take no more resources"),
    RUBBLE: DecisionKind(RUBBLE, "Choose the railway to remove rubble from", ("rubble",)),
    WORKS: DecisionKind(WORKS, "Lay a track or swap rubble for stone", ("track", "stone", "pass"),
                        optional=True, pass_text="stop: lay no more track, swap no more rubble"),
    BUILD: DecisionKind(BUILD, "Choose the station to build", ("build",)),
    SURVEYOR: DecisionKind(SURVEYOR, "Move your surveyor", ("surveyor", "pub")),
    USE_SPACE: DecisionKind(USE_SPACE, "Move your surveyor to the action space below the new station?",
                            ("surveyor", "pass"), optional=True, pass_text="leave your surveyor where it is"),
    GAIN: DecisionKind(GAIN, "Take the resource from the stockyard or the bag", ("iron", "stone")),
    SCORE: DecisionKind(SCORE, "Put one of your action cards into your scoring pile", ("score", "pass"),
                        optional=True, pass_text="put no card aside (Devil's Bridge)"),
    REPLACE: DecisionKind(REPLACE, "Choose the replacement card from the supply", ("replace",)),
    FERRY: DecisionKind(FERRY, "Barmouth Ferry: flip any of your action cards", ("flip", "pass"),
                        optional=True, pass_text="flip no more cards"),
    FLIP: DecisionKind(FLIP, "Flip another of your action cards?", ("flip", "pass"), optional=True,
                       pass_text="flip no other card"),
}
