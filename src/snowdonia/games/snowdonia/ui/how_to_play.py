"""How to play Snowdonia, in words, once for both front ends (the web's *How to play* and the
terminal's `rules`): per scenario the goal, a round step by step, each action area in one line,
the end, scoring and three tips for a first game, citing the rulebook's sections (seed 004, the
English rulebook of 2012: "The Round", "Actions", "Game End", "Scoring", "Solitaire Play",
"Blaenau Ffestiniog").

The area lines are the same sentences as the board's tooltips (`words.AREA_RULES`), so a rule
is said once."""

from __future__ import annotations

from typing import Any

from snowdonia.games.snowdonia.ui.words import AREA_NAMES, AREA_RULES, RULES

SOURCE = "Snowdonia rulebook (Surprised Stare Games, 2012)"


def _section(key: str, heading: str, text: str = "", items: list[str] | None = None,
             ordered: bool = False, cite: str = "") -> dict[str, Any]:
    return {"key": key, "heading": heading, "text": text, "items": list(items or []), "ordered": ordered,
            "cite": cite}


def _areas(two_ends: bool) -> list[str]:
    out = []
    for a in "ABCDEFG":
        line = AREA_RULES[a]
        if two_ends and a == "B":
            line += " Blaenau Ffestiniog: from your own end inward."
        if two_ends and a == "D":
            line += " Blaenau Ffestiniog: the next excavated card of your own line."
        if two_ends and a == "E":
            line = "Build: " + RULES["build_range"].split(": ", 1)[1] + " " + line.split(" — or", 1)[1].strip()
        if two_ends and a == "G":
            line += " Blaenau Ffestiniog: one station away from your own end."
        out.append(f"{a} · {AREA_NAMES[a] if a in AREA_NAMES else a}: {line.split(': ', 1)[1]}")
    out.append("Contracts (area F): " + RULES["contract"].split(": ", 1)[1])
    out.append("Trains (area E, Engine Shed): " + RULES["engine_shed"].split(": ", 1)[1])
    out.append("Weather: " + RULES["weather_track"].split(": ", 1)[1])
    out.append("Events: " + RULES["event_track"].split(": ", 1)[1])
    return out


ROUND = [
    "Hire: a player with a train may pay coal to take the Pub labourer for this round (a third labourer).",
    "Place: from the Start Player clockwise, one labourer at a time on an empty space of areas A to G, "
    "until everyone has placed all their labourers. A space whose action would do nothing is marked "
    "before you pick it.",
    "Resolve the areas A to G in order. Before each area a contract window opens: each player may play "
    "contracts marked with that letter. Then each labourer there does its action, space by space.",
    "Restock the contracts: the Site Office's first card is discarded, the others slide along, new ones "
    "are dealt.",
    "Weather: the next disc arrives at “now”: sun speeds up excavating and track laying, rain slows them, "
    "fog blocks Excavate (B) and Lay Track (D) for the coming round.",
    "Restock the Stock Yard from the bag. An event cube drawn goes on the Event Track and its event "
    "happens at once (contractors excavate or lay track, a station is completed, trains may be bought, "
    "train maintenance).",
]

SCORING = [
    "Station sites: the VP of every excavation and building site holding your ownership marker.",
    "Track cards: the VP of every track card holding your marker.",
    "Surveyor: the surveyor VP of the station where your surveyor stands.",
    "Train No. 4 Snowdon: its VP if you own it at the end.",
    "Contract bonuses: a contract scores its bonus if you can place on it the rubble and markers it asks "
    "for (each cube and marker serves one card only; the game picks the best assignment for you).",
    "Ties: the original edition shares the win; Deluxe gives it to the tied player latest in turn order "
    "in the final round.",
]

TIPS = [
    "Steel is the bottleneck: take iron at the Stock Yard (A), turn 3 iron into a steel bar at the Works "
    "(C), then lay track (D) or build (E). Plan a round ahead, because areas resolve in order A to G.",
    "Excavate (B) early: rubble becomes stone at the Works and meets contract bonuses, and the last cube "
    "of a station's excavation site puts your marker there.",
    "Move your surveyor (G) now and then: G never fills up, and a surveyor high on the route scores many "
    "VP at the end.",
]

BF_TIPS = [
    "Choose your end with an eye on the stations near it: you may build only from your end up to your "
    "surveyor, so move the surveyor (G) before you want to build further.",
    "No excavation is needed before building here: with stone and steel you can build at once, and the "
    "giving stations hand you free cubes for each site.",
    "Watch the game's Surveyor: events work from its end and it swaps ends after each event, so the "
    "contractors may dig or lay on your side next.",
]

SOLO = [
    "You play a series of seven games, one with each train, No. 1 to No. 7 (“Solitaire Play”); the train "
    "is yours from the start and is the only one in the game: if you cannot maintain it you cannot buy "
    "another.",
    "After each round's weather the Site Office is cleared and three new contracts are dealt.",
    "The game also ends at once when your last ownership marker is placed. Beat your personal best with "
    "each train.",
]


def how_to_play(scenario: str) -> dict[str, Any]:
    """The rules summary of one scenario ("mount_snowdon" or "blaenau_ffestiniog")."""
    two_ends = scenario == "blaenau_ffestiniog"
    name = "Blaenau Ffestiniog" if two_ends else "Mount Snowdon"
    if two_ends:
        goal = ("Score the most victory points (VP) building the narrow-gauge line between Blaenau Ffestiniog "
                "and Porthmadog Harbour. Each player works from the end they chose: excavating, laying track "
                "and building stations put your ownership markers on the route, your surveyor scores where it "
                "stands, and contracts score bonuses.")
        setup = _section("setup", "Before the first round", items=[
            "Choose your end: from the Start Player clockwise, each player puts the surveyor on Blaenau "
            "Ffestiniog or Porthmadog Harbour (three spaces each).",
            "The last player to choose puts the game's Surveyor on one end: events work from there.",
            "When your surveyor first leaves your starting station, one of your ownership markers stays there "
            "to mark your end (it scores nothing).",
        ], ordered=True, cite="“Blaenau Ffestiniog”: Setup")
        end = ("The game ends at the end of the round in which the last track card is laid — when the two "
               "lines of track meet, whether a player or an event lays it. With 1 or 2 players it also ends at "
               "once when the last ownership marker is placed.")
    else:
        goal = ("Score the most victory points (VP) helping to build the railway from Llanberis up to the "
                "summit of Snowdon, Yr Wyddfa. Excavating station sites, laying track and building stations "
                "put your ownership markers on the route; your surveyor scores the station it reaches; "
                "contracts score bonuses.")
        setup = None
        end = ("The game ends at the end of the round in which the last track card (next to Yr Wyddfa) is "
               "laid, by a player or by an event. With 1 or 2 players it also ends at once when the last "
               "ownership marker is placed. Deluxe: if an event laid the last card, one more full round is "
               "played.")
    sections = [_section("goal", "The goal", goal)]
    if setup:
        sections.append(setup)
    sections += [
        _section("round", "A round, step by step", items=ROUND, ordered=True, cite="“The Round”"),
        _section("parts", "The action areas and the board", items=_areas(two_ends), cite="“Actions”"),
        _section("end", "The end", end, cite="“Game End”"),
        _section("scoring", "Scoring", items=SCORING, cite="“Scoring”"),
        _section("solo", "Playing solo", items=SOLO, cite="“Solitaire Play”"),
        _section("tips", "Three tips for your first game", items=BF_TIPS if two_ends else TIPS, ordered=True),
    ]
    return {"game": "snowdonia", "scenario": scenario, "title": f"How to play {name}",
            "source": SOURCE + (", section “Blaenau Ffestiniog”" if two_ends else ""),
            "sections": sections}


# A guided first game (Mount Snowdon, solo with train No. 1, a fixed seed): for each decision
# the game asks, what to do and why; the web points at the choices on the board.
GUIDE_GAME = {"scenario": "mount_snowdon", "players": 1, "seed": 20260101, "settings": {"solo_train": 1},
              "seats": ["human"]}
GUIDE_INTRO = ("Your first game: Mount Snowdon, solo, with train No. 1 (L.A.D.A.S.: +2 rubble on every "
               "Excavate). Each round you place your labourers on the action areas A to G, then the areas "
               "act in order. Build the railway up the mountain and score as many VP as you can.")
GUIDE = {
    "hire": ("Hire the Pub labourer? Your train lets you pay coal for a third labourer this round.",
             "A third labourer is a third action this round. Coal is scarce: hire when you know what all three "
             "will do."),
    "place": ("Place a labourer: tap a ringed space on an action area (A to G).",
              "Early on, take iron and stone at the Stock Yard (A) and dig rubble with Excavate (B): you need "
              "iron for steel (Works, C), and steel lays track (D) and builds stations (E). A dashed ring "
              "would do nothing now; its label says why."),
    "contract_window": ("A contract window: play a contract marked with this area's letter now, or pass.",
                        "A played contract helps this round; but any contract you hold can also score its bonus "
                        "at the end, so keep the ones whose bonus you can meet."),
    "stock_yard": ("Choose up to three cubes from the Stock Yard.",
                   "Iron becomes steel at the Works (3 iron → 1 steel); stone pays for building sites. Take "
                   "coal only if your train needs it for the Pub."),
    "take_cubes": ("Take the cubes the contract gives you.", "Pick what your next actions need."),
    "works": ("Choose your conversions at the Works.",
              "Steel lays track and builds; stone builds. Convert what your next round needs."),
    "convert": ("Choose the conversion the contract allows.", "Make what your next actions need."),
    "build": ("Build: choose a building site (or a train).",
              "A built site scores its VP at the end and puts your ownership marker on the route."),
    "extra_build": ("An extra Build action: choose a site, or pass.", "More sites, more VP."),
    "site_office": ("Take a contract from the Site Office.",
                    "Choose one whose bonus (rubble and markers) you can meet by the end: it scores VP."),
    "maintenance": ("Maintain your train: pay 1 steel, discard a maintenance contract, or give the train back.",
                    "Without your train you lose its ability and the Pub labourer."),
    "weather_swap": ("Choose the next weather disc.", "Sun speeds up excavating and laying track; fog blocks them."),
    "keep_contract": ("Keep one of the drawn contracts.", "Keep the one whose bonus you can meet."),
    "move_labourer": ("Move one of your placed labourers.", "Put it where it will do the most."),
    "clear_space": ("Clear the next space with rubble?", "You keep the rubble; on a station site, your marker too."),
}
GUIDE_END = ("Your first game is over: the score sheet shows every line. Next, try train No. 2 in the solo "
             "series, or a game against a bot.")


def guide() -> dict[str, Any]:
    """The guided first game: the game to set up, an introduction, per decision kind what to do
    and why, and the closing words (served with *How to play*)."""
    return {"title": "Mount Snowdon", "game": GUIDE_GAME, "intro": GUIDE_INTRO,
            "steps": {k: {"do": do, "why": why} for k, (do, why) in GUIDE.items()}, "end": GUIDE_END}
