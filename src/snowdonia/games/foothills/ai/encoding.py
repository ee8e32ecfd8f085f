"""A fixed-size numeric view of a Foothills position for one seat (numpy, float32): what
the OpenSpiel observer, the PettingZoo observation and the Gymnasium observation carry.

Only what `FoothillsGame.observation(seat)` shows goes in (in Foothills that is the whole
table: the only secret is the order of the cubes in the bag, which no view holds). Every
view is laid out over the whole box - all eight railways, all 34 route cards, their track
spaces and stations, all 25 action cards - with flags for what is in play, so the sizes
never depend on the railways chosen at set-up. Values are raw counts and 0/1 flags.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from snowdonia.core.protocol import Position
from snowdonia.games.foothills.data import CATEGORIES, NUMERALS, ActionDef
from snowdonia.games.foothills.rules import stations, surveyor, track
from snowdonia.games.foothills.rules.config import Config, Settings, config
from snowdonia.games.foothills.rules.decisions import DECISIONS as REGISTRY
from snowdonia.games.foothills.rules.scoring import route_bonus_holder
from snowdonia.games.foothills.rules.state import BAR, NAVVY, NONE, PUB, State
from snowdonia.games.foothills.rules.stations import DEVILS_BRIDGE, FERRY_EFFECT

DECISIONS = tuple(REGISTRY)  # the registry's order is the one-hot layout
_DECISION_INDEX = {d: i for i, d in enumerate(DECISIONS)}
PLAYER_FIELDS = ("iron", "stone", "rubble", "passengers", "vp", "markers", "stations_built", "tracks_built",
                 "turns_taken")
SUPPLY_FIELDS = ("events_aside", "rubble", "passengers", "vp", "navvies", "buffer_stops", "rubble_substitutes",
                 "passenger_substitutes", "vp_substitutes")


def _space_decisions(cfg: Config, c: int) -> tuple[int, bool]:
    """The decisions a surveyor action space asks (one per resource gained - yard or bag -,
    one per track or swap it grants) and whether it lets the player flip another card."""
    sd = cfg.space[c]
    assert sd is not None
    return sd.iron + sd.stone + sd.resource + sd.track + sd.swap, sd.flip


def _action_decisions(cfg: Config, a: ActionDef) -> int:
    """The most decisions carrying out action `a` can ask, the flip of another card (step
    3, asked once at most) included. A resource take asks at most once per resource it
    takes (every answer takes at least one, or stops); a rubble action once per pick; track
    works once per time; a station one choice, then its card's effect (Barmouth Ferry: a
    flip per card in the bar, one per category, and the stop; Devil's Bridge: the card put
    aside and its replacement) or the offer of the surveyor action space below it and that
    space's own decisions; a surveyor move one choice, then the space's decisions or the
    Pub's (the card put aside and its replacement)."""
    prm = a.params
    flip = prm.flip
    if a.family == "take":
        return prm.take + flip
    if a.family == "rubble":
        return prm.picks + flip
    if a.family == "works":
        return prm.times + flip
    # Every card in the box counts, whatever the railways in play.
    after = [0]
    if a.family == "station":
        for c in range(cfg.n_cards):
            if not cfg.card_stations[c]:
                continue
            if cfg.effect[c] == FERRY_EFFECT:
                after.append(len(CATEGORIES) + 1 + flip)
            elif cfg.effect[c] == DEVILS_BRIDGE:
                after.append(2 + flip)
            elif cfg.space[c] is not None:
                n, space_flip = _space_decisions(cfg, c)
                after.append(1 + n + (flip or space_flip))
        return 1 + max(after)
    # the surveyor (family "surveyor"): to a space, to the Pub, or back to the action bar (0)
    for c in range(cfg.n_cards):
        if cfg.space[c] is not None:
            n, space_flip = _space_decisions(cfg, c)
            after.append(n + (flip or space_flip))
    if prm.pub:
        after.append(2 + flip)
    return 1 + max(after)


def max_decisions_per_turn(cfg: Config) -> int:
    """A turn: the choice of an action card, then the most any side of any card in the box
    can ask (a turn with no usable card asks nothing: a navvy is placed)."""
    return 1 + max(_action_decisions(cfg, a) for ac in range(cfg.n_ac) for a in (cfg.ac_gold[ac], cfg.ac_grey[ac]))


def max_turns(cfg: Config) -> int:
    """No rule ends Foothills by turns: the engine's safety net `turn_limit` (both seats'
    turns) ends it. The start player plays the odd turns; if the start player rings in the
    end on the limit's turn (an odd limit), the other seat still has a last turn."""
    return cfg.turn_limit + cfg.turn_limit % 2


def _max_decisions(cfg: Config) -> int:
    """Set-up: one choice of resources per player; then the turns."""
    return 2 + max_turns(cfg) * max_decisions_per_turn(cfg)


def _score_bound(cfg: Config) -> float:
    """An upper bound on one player's final score (seed 001 "Spielende und Wertung"), over
    every card in the box. VP and passengers have substitutes when the box runs out, and a
    surveyor action space can be used again and again, so the score grows with the turns:

    - markers (components.toml, 16 a player) bound the tracks and stations a player lays,
      each worth at most the best track VP or the best station VP plus the best station
      bonus, and at most the best station's passengers;
    - each route card is cleared once (`clear_vp`);
    - each of the player's turns gains at most the best action space's VP and passengers
      plus the best action's own (a surveyor's bonus, a rubble action's passengers);
    - the route bonuses of the railways that have one, the summit;
    - passengers at their value; the scoring pile holds at most one card per station built
      (so per marker) and per action card, the cards with the passengers field at most
      every passenger halved, the others at most the largest other field (tracks halved,
      stations, tickets, cards in the pile)."""
    rules = cfg.rules
    markers = cfg.box["markers_per_player"]
    turns = (max_turns(cfg) + 1) // 2  # the start player plays the odd turns
    params = list(cfg.params.values())
    spaces = [sd for sd in cfg.space if sd is not None]
    st_bonus = max(prm.bonus_vp for prm in params)
    per_marker_vp = max(max(prm.track_vp for prm in params if prm.track), max(cfg.st_vp) + st_bonus)
    vp = (markers * per_marker_vp + rules["clear_vp"] * cfg.n_cards
          + turns * (max(sd.vp for sd in spaces) + max(prm.vp for prm in params)))
    passengers = (markers * max(cfg.st_passengers)
                  + turns * (max(sd.passengers for sd in spaces) + max(prm.passengers for prm in params)))
    rails_with_bonus = sum(1 for r in cfg.comp.railways if r.bonus_token)
    pile = min(markers, cfg.n_ac)
    by_passengers = min(pile, sum(1 for f in cfg.ac_scoring if f == "passengers"))
    other = max(markers // 2, markers, len(cfg.ticket_colours), pile)
    return float(vp + rules["route_bonus_vp"] * rails_with_bonus + rules["summit_vp"]
                 + passengers * rules["passenger_value"]
                 + by_passengers * (passengers // 2) + (pile - by_passengers) * other)


class Encoder:
    """The layout of a Foothills configuration (`core.protocol.Encoder`)."""

    low = 0.0
    private_views = ("observer",)  # Foothills hides nothing but the bag's order (in no view)
    clip_normalised = True  # some counts have no printed bound (see view_high)

    def __init__(self, cfg: Config) -> None:
        # No printed bound: rubble, passengers and VP "should be there in sufficient numbers"
        # (substitutes when they run out), so what a player holds and the substitutes grow
        # with the game (a random game reaching the turn limit holds hundreds of rubble).
        self.high = float("inf")
        n_ac, n_cards = cfg.n_ac, cfg.n_cards
        self.views: list[tuple[str, tuple[int, ...]]] = [
            ("observer", (2,)),
            ("decider", (2,)),
            ("turn_player", (2,)),
            ("start_player", (2,)),
            ("decision", (len(DECISIONS),)),
            ("chosen_card", (n_ac,)),
            ("flags", (4,)),  # end triggered, final turn, over, summit in play
            ("turn", (1,)),
            ("railway_in_play", (cfg.n_rails,)),
            ("railway_complete", (cfg.n_rails,)),
            ("buffer_stop", (cfg.n_rails,)),
            ("route_bonus", (cfg.n_rails, 3)),  # holder: seat 0, seat 1, nobody (a tie)
            ("card_in_play", (n_cards,)),
            ("card_rubble", (n_cards,)),
            ("navvy", (n_cards,)),
            ("space_open", (n_cards,)),
            ("tickets_left", (n_cards,)),
            ("track_owner", (cfg.n_tracks, 3)),  # seat 0, seat 1, a navvy
            ("station_owner", (cfg.n_stations, 3)),
            ("station_available", (cfg.n_stations,)),
            ("surveyor", (2, n_cards + 2)),  # a route card, the action bar, the Pub
            ("stockyard", (3,)),  # iron, stone, event cubes
            ("bag", (3,)),
            ("supply", (len(SUPPLY_FIELDS),)),
            ("players", (2, len(PLAYER_FIELDS))),
            ("tickets", (2, len(cfg.ticket_colours))),
            ("summit", (2,)),
            ("bar", (2, n_ac)),
            ("grey_side_up", (2, n_ac)),
            ("scoring_pile", (2, n_ac)),
            ("supply_cards", (n_ac,)),
            ("box_cards", (n_ac,)),
        ]
        self.score_bounds = (0.0, _score_bound(cfg))
        self.seat_axes = {name: 0 for name in ("observer", "decider", "turn_player", "start_player", "surveyor",
                                               "players", "tickets", "summit", "bar", "grey_side_up",
                                               "scoring_pile")}
        self.seat_axes |= {"route_bonus": 1, "track_owner": 1, "station_owner": 1}
        box = cfg.box
        # What the normalised learning layout divides by: the box's counts and the turn limit.
        # Rubble, passengers and VP "should be there in sufficient numbers" (substitutes when
        # they run out), so those counts have no printed bound: they are divided by the box's
        # count and the learning layout clips them at 1.
        self.view_high: dict[str, Any] = {name: 1.0 for name, _ in self.views}
        self.view_high |= {
            "turn": float(cfg.turn_limit),
            "card_rubble": float(box["rubble"]),
            "tickets_left": float(box["tickets_per_kind"] * box["ticket_kinds"]),
            "stockyard": [box["iron"], box["stone"], box["event_cubes"]],
            "bag": [box["iron"], box["stone"], box["event_cubes"]],
            "supply": [box["event_cubes"], box["rubble"], box["passengers"], 1 + sum(box["vp_tokens"].values()),
                       box["navvies"], box["buffer_stops"], box["rubble"], box["passengers"],
                       1 + sum(box["vp_tokens"].values())],
            "players": [box["iron"], box["stone"], box["rubble"], box["passengers"], _score_bound(cfg),
                        box["markers_per_player"], cfg.n_stations, cfg.n_tracks, cfg.turn_limit],
        }
        self.meanings = {
            "observer": "the seat this vector is for", "decider": "the seat that must decide now",
            "players": "per seat: " + ", ".join(PLAYER_FIELDS), "supply": ", ".join(SUPPLY_FIELDS),
        }
        self.max_decisions = _max_decisions(cfg)

    def encode(self, position: Position, seat: int, v: dict[str, np.ndarray]) -> None:
        """Fill the zeroed views `v` with what `seat` sees of `position`."""
        assert isinstance(position, State)
        g = position
        cfg = g.cfg
        v["observer"][seat] = 1
        if not g.over:
            v["decider"][g.decider] = 1
            if g.decision is not None:
                v["decision"][_DECISION_INDEX[g.decision]] = 1
        v["turn_player"][g.player] = 1
        v["start_player"][g.start] = 1
        if g.card != NONE:
            v["chosen_card"][g.card] = 1
        v["flags"][:] = (g.end_trigger != NONE, g.final_turn, g.over, cfg.summit_card != NONE)
        v["turn"][0] = g.turn
        for r in range(cfg.n_rails):
            if cfg.rail_in_play[r]:
                v["railway_in_play"][r] = 1
                v["railway_complete"][r] = track.complete(g, r)
                v["buffer_stop"][r] = g.buffer[r]
        for r in cfg.bonus_rails:
            holder = route_bonus_holder(g, r)
            v["route_bonus"][r, 2 if holder is None else holder] = 1
        for c in range(cfg.n_cards):
            if not cfg.in_play[c]:
                continue
            v["card_in_play"][c] = 1
            v["card_rubble"][c] = g.card_rubble[c]
            v["navvy"][c] = g.navvy[c]
            if cfg.space[c] is not None:
                v["space_open"][c] = surveyor.space_open(g, c)
            v["tickets_left"][c] = g.tickets_left[c]
        _owners(v["track_owner"], g.track_owner)
        _owners(v["station_owner"], g.station_owner)
        for s in cfg.stations_in_play:
            v["station_available"][s] = stations.available(g, s)
        for p in (0, 1):
            where = g.surveyor[p]
            v["surveyor"][p, cfg.n_cards if where == BAR else cfg.n_cards + 1 if where == PUB else where] = 1
        v["stockyard"][:] = (g.yard_i, g.yard_s, g.yard_e)
        v["bag"][:] = (g.bag_i, g.bag_s, g.bag_e)
        v["supply"][:] = (g.events_aside, g.rubble_supply, g.pass_supply, g.vp_supply, g.navvies_left,
                          g.buffers_left, g.rubble_extra, g.pass_extra, g.vp_extra)
        for p in (0, 1):
            v["players"][p] = (g.iron[p], g.stone[p], g.rubble[p], g.passengers[p], g.vp[p], g.markers[p],
                               g.stations_built[p], g.tracks_built[p], g.turns_taken[p])
            _bits(v["tickets"][p], g.tickets[p])
            _bits(v["scoring_pile"][p], g.pile[p])
            for k in range(5):
                ac = g.bar[p * 5 + k]
                if ac != NONE:
                    v["bar"][p, ac] = 1
                    v["grey_side_up"][p, ac] = g.grey[p * 5 + k]
        if g.summit_owner != NONE:
            v["summit"][g.summit_owner] = 1
        _bits(v["supply_cards"], g.supply_cards)
        _bits(v["box_cards"], g.box_cards)


def _owners(out: np.ndarray, owners: list[int]) -> None:
    for i, o in enumerate(owners):
        if o == NAVVY:
            out[i, 2] = 1
        elif o >= 0:
            out[i, o] = 1


def _bits(out: np.ndarray, mask: int) -> None:
    c = 0
    while mask:
        if mask & 1:
            out[c] = 1
        mask >>= 1
        c += 1


_ENCODERS: dict[tuple[Any, ...], Encoder] = {}


def encoder(settings: Settings) -> Encoder:
    """One shared layout per turn limit (the only setting the sizes or bounds depend on:
    the layout covers the whole box whichever railways are in play)."""
    key = (settings.turn_limit,)
    enc = _ENCODERS.get(key)
    if enc is None:
        railways = settings.railways or NUMERALS[:6]
        enc = _ENCODERS[key] = Encoder(config(tuple(railways), settings.colours, settings.turn_limit))
    return enc
