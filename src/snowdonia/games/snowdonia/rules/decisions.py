"""The decision registry: every kind of choice a Snowdonia player can face (spec rules §6).

This is the one list. The engine dispatches through it (`flow.HANDLERS` must cover exactly
these keys), and the terminal, the web client and the research encoders read it through
`Title.decisions`, so a new kind of decision is added here once. The order is part of the
encoders' layout: append new kinds at the end.
"""

from __future__ import annotations

from typing import Final

from snowdonia.core.protocol import DecisionKind

HIRE: Final = "hire"
PLACE: Final = "place"
WINDOW: Final = "contract_window"
STOCK_YARD: Final = "stock_yard"
TAKE: Final = "take_cubes"
WORKS: Final = "works"
CONVERT: Final = "convert"
BUILD: Final = "build"
EXTRA_BUILD: Final = "extra_build"
SITE_OFFICE: Final = "site_office"
MAINTENANCE: Final = "maintenance"
WEATHER: Final = "weather_swap"
KEEP: Final = "keep_contract"
MOVE: Final = "move_labourer"
CLEAR: Final = "clear_space"
CHOOSE_END: Final = "choose_end"
GAME_SURVEYOR: Final = "game_surveyor"

DECISIONS: Final[dict[str, DecisionKind]] = {
    d.key: d
    for d in (
        DecisionKind(HIRE, "Hire the Pub labourer for this round?", ("hire", "pass"), optional=True,
                     pass_text="do not hire; place two labourers"),
        DecisionKind(PLACE, "Place a labourer", ("place",)),
        DecisionKind(WINDOW, "Contract window: play contracts for this area?", ("play", "pass"), optional=True,
                     pass_text="play no (more) contracts now"),
        DecisionKind(STOCK_YARD, "Stock Yard: choose up to three cubes", ("take",)),
        DecisionKind(TAKE, "Take cubes from the Stock Yard (contract)", ("take",)),
        DecisionKind(WORKS, "Works: choose your conversions", ("convert",)),
        DecisionKind(CONVERT, "Convert (contract)", ("convert",)),
        DecisionKind(BUILD, "Build: choose a site or a train", ("build", "buy")),
        DecisionKind(EXTRA_BUILD, "Extra Build action", ("build", "buy", "pass"), optional=True,
                     pass_text="skip the extra Build action"),
        DecisionKind(SITE_OFFICE, "Site Office: take a contract", ("pick",)),
        DecisionKind(MAINTENANCE, "Train maintenance: pay, discard a maintenance contract, or give the train back",
                     ("maintain",)),
        DecisionKind(WEATHER, "Choose the middle weather disc (#4)", ("weather",)),
        DecisionKind(KEEP, "Keep one contract (#5)", ("keep",)),
        DecisionKind(MOVE, "Move one of your labourers (#28)", ("move",)),
        DecisionKind(CLEAR, "Clear the whole next space that holds rubble (#3)?", ("clear", "pass"), optional=True,
                     pass_text="do not clear the next space"),
        # Blaenau Ffestiniog's set-up (appended: the encoders' layout keeps the kinds above)
        DecisionKind(CHOOSE_END, "Choose your starting end", ("start",)),
        DecisionKind(GAME_SURVEYOR, "Choose the end where the game's Surveyor starts", ("game_surveyor",)),
    )
}
