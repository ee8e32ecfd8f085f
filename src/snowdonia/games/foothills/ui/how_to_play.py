"""How to play Foothills, in words, once for both front ends (the web's *How to play* and the
terminal's `rules`): the goal, a turn step by step, each action and part of the table in one
line, the end, scoring and three tips for a first game, citing the rulebook's sections (seed
001, the German rulebook: "Spielablauf", "Die Aktionen", "Streckenarbeiter", "Spielende und
Wertung").

The action lines are the action cards' own texts (`data/action_cards.toml`) and the parts the
board's tooltips (`words.RULES`), so a rule is said once."""

from __future__ import annotations

from typing import Any

from snowdonia.games.foothills.data import components
from snowdonia.games.foothills.ui.words import RULES

SOURCE = "Foothills rulebook (Lookout, 2019; Ben Bateson and Tony Boydell)"


def _section(key: str, heading: str, text: str = "", items: list[str] | None = None,
             ordered: bool = False, cite: str = "") -> dict[str, Any]:
    return {"key": key, "heading": heading, "text": text, "items": list(items or []), "ordered": ordered,
            "cite": cite}


TURN = [
    "Choose one of your five action cards whose visible side you can carry out at least in part "
    "(if none can be used, a navvy is placed instead).",
    "Do its action: the gold side is the main action of its category (A to E), the grey side a side "
    "action. Skip the parts you cannot do.",
    "Flip the card to its other side; some actions also let you flip one other card.",
    "Check the end: if it has been rung in, the game ends once both players have had the same number "
    "of turns.",
]

PARTS_KEYS = [
    ("Railways", "railway"),
    ("Track spaces", "track_space"),
    ("Stations", "station"),
    ("Start stations and tickets", "start_station"),
    ("Surveyor", "surveyor"),
    ("Stockyard", "stockyard"),
    ("Event cubes and navvies", "event_cube"),
    ("Scoring pile", "scoring_pile"),
    ("Buffer stops", "buffer_stop"),
]

SCORING = [
    "VP tokens: everything you earned during the game (clearing cards, tracks, stations, action spaces).",
    "Route bonus tokens: 3 VP to whoever built most stations on the Ffestiniog Railway (I) and on the "
    "Welsh Highland Railway (II); Porthmadog counts for both; a tie: nobody.",
    "The summit token: 2 VP.",
    "Passengers: ½ VP each.",
    "Your scoring pile: each card scores its category — per 2 passengers, per 2 tracks, per station, "
    "per ticket or per card in the pile.",
    "A tie: play again with the colours swapped on the same railways; a second tie is a draw.",
]

TIPS = [
    "Clear rubble (B) where you want to build: a station can be built only once its card holds no rubble, "
    "and every card you clear gives you 1 VP.",
    "Keep iron and stone coming (A) — stations and tracks need them — and swap spare rubble for stone (C).",
    "Use the Pub (E) once you have built stations: a card in your scoring pile scores at the end, and the "
    "replacement card brings a new side action.",
]


def how_to_play(scenario: str = "foothills") -> dict[str, Any]:
    comp = components()
    actions = [f"{m.category} · {m.english}: {m.text}" for m in sorted(comp.mains.values(), key=lambda a: a.category)]
    actions.append("Grey sides: each card's other side is a side action with its own rule — tap the card on the "
                   "board (or `about` it in the terminal) to read it.")
    parts = [f"{name}: {RULES[key].split(': ', 1)[1] if ': ' in RULES[key] else RULES[key]}"
             for name, key in PARTS_KEYS if key in RULES]
    sections = [
        _section("goal", "The goal",
                 "Two players build the railways of North Wales. Score the most victory points (VP): clear "
                 "rubble, lay track and build stations for VP, win the route bonuses, and fill your scoring "
                 "pile with action cards that score at the end."),
        _section("turn", "A turn, step by step", items=TURN, ordered=True, cite="“Spielablauf”"),
        _section("actions", "The five actions (gold sides)", items=actions, cite="“Die Aktionen”"),
        _section("parts", "The table", items=parts, cite="“Spielaufbau”"),
        _section("end", "The end",
                 "The end is rung in when the last buffer stop is placed, or when a navvy must be placed and "
                 "cannot be. If the start player rang it in, the other player has one more turn; otherwise "
                 "the game ends with this turn.", cite="“Spielende und Wertung”"),
        _section("scoring", "Scoring", items=SCORING, cite="“Spielende und Wertung”"),
        _section("tips", "Three tips for your first game", items=TIPS, ordered=True),
    ]
    return {"game": "foothills", "scenario": scenario, "title": "How to play Foothills", "source": SOURCE,
            "sections": sections}


# A guided first game (against the weakest bot, a fixed seed): for each decision the game
# asks, what to do and why; the web points at the choices on the board.
GUIDE_GAME = {"scenario": "foothills", "players": 2, "seed": 20260101, "settings": {"start_player": 0},
              "seats": ["human", "random"]}
GUIDE_INTRO = ("Your first game of Foothills, against the Random bot. On your turn you play one of your five "
               "action cards and flip it. Build stations on the railways, and score the most VP.")
GUIDE = {
    "setup_take": ("Take 2 resources from the stockyard to start.",
                   "Iron lays track; stone and iron build stations. Take one of each if you are unsure."),
    "card": ("Choose one of your action cards on your action bar.",
             "Gold sides are the main actions A to E; grey sides are side actions. Clearing rubble (B) opens "
             "cards for stations; Track and stone (C) lays track for VP; Build (D) scores a station."),
    "take": ("Take resources from the stockyard.", "You need iron and stone for tracks and stations."),
    "rubble": ("Choose the railway to clear rubble from.",
               "Clear where a station is close to being free: each card you clear gives 1 VP."),
    "works": ("Lay a track (2 iron, +1 VP) or swap 2 rubble for 1 stone.", "Tracks score now; stone builds stations."),
    "build": ("Choose the station to build.", "A station scores its VP and its reward; your counter grows."),
    "surveyor": ("Move your surveyor to an action space (or the Pub).",
                 "A space below a built station gives its bonus; the Pub puts a card in your scoring pile."),
    "use_space": ("Use the action space below your new station?", "It is free: take its bonus."),
    "gain": ("Take the resource from the stockyard or the bag.", "Take what your next turn needs."),
    "score": ("Put one of your action cards into your scoring pile.",
              "It scores its category at the end; pick one you need less now."),
    "replace": ("Choose the replacement card from the supply.", "A new side action; read it on the card."),
    "ferry": ("Flip any of your action cards.", "Turn up the sides you want next."),
    "flip": ("Flip another of your action cards?", "Turn up a side you want to use next."),
}
GUIDE_END = ("Your first game is over: the score sheet shows every line. Next, try a game against the Greedy "
             "bot, or a friend.")


def guide() -> dict[str, Any]:
    """The guided first game: the game to set up, an introduction, per decision kind what to do
    and why, and the closing words (served with *How to play*)."""
    return {"title": "Foothills", "game": GUIDE_GAME, "intro": GUIDE_INTRO,
            "steps": {k: {"do": do, "why": why} for k, (do, why) in GUIDE.items()}, "end": GUIDE_END}
