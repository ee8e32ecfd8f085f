"""Settings and the static facts of one layout (seed 001 set-up steps 1-9).

`Config` holds everything fixed once the six railways are laid out: the grid, the track
spaces and stations in the order the rules walk them, the navvies' search order, which
cards are adjacent, the action cards and their actions. It is built once per layout and
colour assignment (`config()` is cached) and shared, never copied, by every clone; the
mutable position lives in `state.State`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations
from typing import Any, Final

from mypy_extensions import mypyc_attr

from snowdonia.core.errors import SettingsError, refusal
from snowdonia.games.foothills.data import (
    CATEGORIES,
    NUMERALS,
    ActionDef,
    Components,
    Cost,
    Params,
    RouteCard,
    SpaceData,
    components,
)

COLOURS: Final = ("blue", "green")
COLOUR_ORDERS: Final = ("blue-green", "green-blue")
# The 28 choices of six railways (seed set-up 1: each of 28 route cards shows one pair of
# railways left out).
RAILWAY_CHOICES: Final = tuple(",".join(n for n in NUMERALS if n not in pair) for pair in combinations(NUMERALS, 2))


# Not a compiled (native) class: a snapshot pickles the settings, and unpickling sets the
# fields of a frozen dataclass one by one, which only the interpreted class allows.
@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class Settings:
    railways: tuple[str, ...] | None = None  # the six in play; None: two removed at random
    start_player: int | None = None  # None: chosen at random (seed set-up 10)
    colours: str = "blue-green"  # seat 0's colour first
    rematch: bool = False  # this game replays a tie: its own tie is a draw
    turn_limit: int = 0  # 0: the data's safety limit

    def as_dict(self) -> dict[str, Any]:
        return {
            "railways": "random" if self.railways is None else ",".join(self.railways),
            "start_player": "random" if self.start_player is None else self.start_player,
            "colours": self.colours,
            "rematch": self.rematch,
            "turn_limit": self.turn_limit,
        }


def make_settings(players: object, **raw: Any) -> Settings:
    """Validate the players and settings; SettingsError says what is wrong."""
    if players != 2 or isinstance(players, bool):
        raise SettingsError(refusal("Foothills is a game for exactly 2 players, not %(players)s",
                                    players=repr(players)))
    known = {"railways", "start_player", "colours", "rematch", "turn_limit"}
    unknown = set(raw) - known
    if unknown:
        raise SettingsError(f"unknown setting(s) {', '.join(sorted(unknown))}; known: {', '.join(sorted(known))}")
    rails = raw.get("railways", "random")
    railways: tuple[str, ...] | None
    if rails is None or rails == "random":
        railways = None
    else:
        items = rails.replace(" ", ",").split(",") if isinstance(rails, str) else rails
        if not isinstance(items, list | tuple):
            raise SettingsError("railways must be 'random' or six railway numerals such as 'I,II,III,IV,V,VI'")
        names = [str(x).strip().upper() for x in items if str(x).strip()]
        if len(names) != 6 or len(set(names)) != 6 or not set(names) <= set(NUMERALS):
            raise SettingsError(f"railways must be six different numerals of {', '.join(NUMERALS)} "
                                f"(or 'random'), not {rails!r}")
        railways = tuple(n for n in NUMERALS if n in names)
    sp = raw.get("start_player", "random")
    start: int | None
    if sp is None or sp == "random":
        start = None
    elif sp in (0, 1, "0", "1") and not isinstance(sp, bool):
        start = int(sp)
    else:
        raise SettingsError(f"start_player must be 'random', 0 or 1, not {sp!r}")
    colours = raw.get("colours", "blue-green")
    if colours not in COLOUR_ORDERS:
        raise SettingsError(f"colours must be one of {', '.join(COLOUR_ORDERS)}, not {colours!r}")
    rematch = raw.get("rematch", False)
    if not isinstance(rematch, bool):
        raise SettingsError("rematch must be true or false")
    limit = raw.get("turn_limit", 0)
    if not isinstance(limit, int) or isinstance(limit, bool) or not (limit == 0 or limit >= 10):
        raise SettingsError("turn_limit must be 0 (the default safety net) or a whole number of at least 10")
    return Settings(railways, start, colours, rematch, limit)


class Config:
    """Everything fixed for one layout. Cards, track spaces and stations are numbered over
    the whole box (all 34 cards), so arrays and action ids never depend on the layout;
    `in_play` says which are on the table."""

    def __init__(self, railways: tuple[str, ...], colours: str, turn_limit: int) -> None:
        comp: Components = components()
        self.comp = comp
        self.rules = comp.rules
        self.box = comp.box
        self.railways = railways  # numerals in play, in numeral order = row order
        self.colours = tuple(colours.split("-"))  # seat -> colour
        self.turn_limit = turn_limit or comp.turn_limit
        self.rail_index = {r.numeral: i for i, r in enumerate(comp.railways)}
        self.rail_numeral = tuple(r.numeral for r in comp.railways)
        self.n_rails = len(comp.railways)
        self.rail_in_play = [r.numeral in railways for r in comp.railways]
        self.rows_in_play = [self.rail_index[n] for n in railways]  # rail index per row
        row_of = {self.rail_index[n]: k for k, n in enumerate(railways)}
        cards: tuple[RouteCard, ...] = comp.cards
        self.cards = cards
        self.n_cards = len(cards)
        self.card_index = {c.id: i for i, c in enumerate(cards)}
        # Cards in play and their place in the grid (a shared card sits at half height).
        self.in_play = [any(n in railways for n in c.railways) for c in cards]
        self.card_rails = [[self.rail_index[n] for n in c.railways if n in railways] for c in cards]
        self.card_rows = [[row_of[r] for r in rails] for rails in self.card_rails]
        self.card_vpos = [sum(rows) / len(rows) if rows else -1.0 for rows in self.card_rows]
        self.card_cols = [list(c.columns) for c in cards]
        self.columns = max((max(c.columns) for i, c in enumerate(cards) if self.in_play[i]), default=0)
        # Railways: the start card and the other cards left to right.
        self.rail_start = [-1] * self.n_rails
        self.rail_cards: list[list[int]] = [[] for _ in range(self.n_rails)]
        for i, c in enumerate(cards):
            for n in c.railways:
                r = self.rail_index[n]
                if c.start:
                    self.rail_start[r] = i
                else:
                    self.rail_cards[r].append(i)
        for lst in self.rail_cards:
            lst.sort(key=lambda i: cards[i].columns[0])
        # Track spaces, numbered over the box; a railway's in order (seed C: "next free from
        # the left"; Porthmadog's two spaces left to right).
        self.track_card: list[int] = []
        self.card_tracks: list[list[int]] = []
        for i, c in enumerate(cards):
            self.card_tracks.append(list(range(len(self.track_card), len(self.track_card) + c.tracks)))
            self.track_card.extend([i] * c.tracks)
        self.n_tracks = len(self.track_card)
        self.rail_tracks = [[t for i in self.rail_cards[r] for t in self.card_tracks[i]] for r in range(self.n_rails)]
        # Stations, numbered over the box.
        self.st_card: list[int] = []
        self.st_ord: list[int] = []
        self.st_cost: list[Cost] = []
        self.st_vp: list[int] = []
        self.st_passengers: list[int] = []
        self.st_name: list[str] = []
        self.st_key: list[str] = []
        self.card_stations: list[list[int]] = []
        for i, c in enumerate(cards):
            ids = []
            for k, s in enumerate(c.stations):
                ids.append(len(self.st_card))
                self.st_card.append(i)
                self.st_ord.append(k)
                self.st_cost.append(s.cost)
                self.st_vp.append(s.reward.vp)
                self.st_passengers.append(s.reward.passengers)
                self.st_name.append(s.name)
                self.st_key.append(station_key(c, k))
            self.card_stations.append(ids)
        self.n_stations = len(self.st_card)
        self.station_index = {k: i for i, k in enumerate(self.st_key)}
        self.stations_in_play = [s for s in range(self.n_stations) if self.in_play[self.st_card[s]]]
        self.rail_stations = [[s for i in self.rail_cards[r] for s in self.card_stations[i]]
                              for r in range(self.n_rails)]
        self.space: list[SpaceData | None] = [c.space for c in cards]
        self.space_cards = [i for i, c in enumerate(cards) if c.space is not None and self.in_play[i]]
        self.effect = [c.effect for c in cards]
        self.ordered = [c.ordered for c in cards]
        self.is_start = [c.start for c in cards]
        # Navvies (seed "Einen Streckenarbeiter platzieren"): column by column from column
        # 2, each column top to bottom; a double card is met in its first column.
        self.navvy_order = sorted(
            (i for i, c in enumerate(cards) if self.in_play[i] and not c.start),
            key=lambda i: (cards[i].columns[0], self.card_vpos[i]))
        # Adjacent cards (Feldarbeiter): sharing an edge in the grid. A card covers the
        # cells (row, column) of its rows and columns; a double card has up to 6 neighbours.
        cells: dict[tuple[int, int], int] = {}
        for i in range(self.n_cards):
            if self.in_play[i]:
                for row in self.card_rows[i]:
                    for col in self.card_cols[i]:
                        cells[(row, col)] = i
        self.adjacent: list[list[int]] = []
        for i in range(self.n_cards):
            near: set[int] = set()
            if self.in_play[i]:
                for row in self.card_rows[i]:
                    for col in self.card_cols[i]:
                        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
                            j = cells.get((row + dr, col + dc))
                            if j is not None and j != i:
                                near.add(j)
            self.adjacent.append(sorted(near))
        self.start_cards = [i for i, c in enumerate(cards) if c.start and self.in_play[i]]
        # Tickets: one kind per start card; a Llanberis ticket covers III and IV.
        self.ticket_colours = comp.ticket_colours
        self.ticket_kind = [comp.ticket_colours.index(c.ticket) if c.ticket else -1 for c in cards]
        self.ticket_rails: list[list[int]] = [[] for _ in comp.ticket_colours]
        for i in self.start_cards:
            self.ticket_rails[self.ticket_kind[i]] = list(self.card_rails[i])
        self.bonus_rails = [r for r in range(self.n_rails) if self.rail_in_play[r] and comp.railways[r].bonus_token]
        # Set-up 6: the route bonus tokens lie on the card the bonus railways share (Porthmadog).
        bonus_names = {r.numeral for r in comp.railways if r.bonus_token}
        shared = [i for i, c in enumerate(cards) if bonus_names <= set(c.railways) and self.in_play[i]]
        self.bonus_card = shared[0] if shared and self.bonus_rails else -1
        summit = [i for i, c in enumerate(cards) if c.space is not None and c.space.summit and self.in_play[i]]
        self.summit_card = summit[0] if summit else -1
        # Action cards: index = category * 5 + number - 1.
        acs = comp.action_cards
        self.ac_id = [a.id for a in acs]
        self.ac_index = {a.id: i for i, a in enumerate(acs)}
        self.n_ac = len(acs)
        self.ac_cat = [CATEGORIES.index(a.category) for a in acs]
        self.ac_colour = [a.colour for a in acs]
        self.ac_scoring = [a.scoring for a in acs]
        self.ac_gold: list[ActionDef] = [comp.mains[a.category] for a in acs]
        self.ac_grey: list[ActionDef] = [comp.sides[a.side] for a in acs]
        self.actions: dict[str, ActionDef] = {m.key: m for m in comp.mains.values()}
        self.actions.update(comp.sides)
        works = comp.mains["C"].params
        self.params: dict[str, Params] = {k: a.params for k, a in self.actions.items()}
        # Track and swaps granted by a surveyor action space follow the usual rules (seed E:
        # "Dürft ihr Gleise bauen, geschieht dies nach den üblichen Regeln"), at the price the
        # space prints if it prints one (the seed's Bala Lake card: "Baue bis zu 2 Gleise für
        # je 1 Eisen.").
        self.params["space_track"] = replace(works, swap=False, flip=False)
        self.params["space_swap"] = replace(works, track=False, flip=False)
        self.space_track_key: list[str] = []
        for c in cards:
            sd = c.space
            key = "space_track"
            if sd is not None and sd.track and sd.track_iron and sd.track_iron != works.track_iron:
                key = f"space_track@{c.id}"
                self.params[key] = replace(works, swap=False, flip=False, track_iron=sd.track_iron)
            self.space_track_key.append(key)
        self.neutral = [[i for i in range(self.n_ac) if self.ac_cat[i] == k and acs[i].colour == "neutral"]
                        for k in range(len(CATEGORIES))]
        self.own_cards = [[i for i in range(self.n_ac) if acs[i].colour == col] for col in self.colours]


def station_key(card: RouteCard, k: int) -> str:
    """A station's name in action strings: the card id, plus a letter on a double card."""
    return card.id if len(card.stations) == 1 else f"{card.id}{'abc'[k]}"


@lru_cache(maxsize=64)
def config(railways: tuple[str, ...], colours: str, turn_limit: int) -> Config:
    return Config(railways, colours, turn_limit)
