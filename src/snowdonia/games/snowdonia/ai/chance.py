"""Snowdonia's explicit chance model (`MODEL`, a `core.chance.ChanceModel`).

The engine asks `State.chance` (core/chance.py `ChanceHook`) for every random pick when that
slot is set. The research adapters' explicit-chance driver (snowdonia/adapters/explicit.py)
installs `MODEL.replay(chosen)`, a hook that answers from the outcomes chosen so far and,
when they run out, raises `NeedChance` carrying the true distribution of the next pick. A
decision (or the set-up, `new_chance_game`) is therefore applied to a copy of the position,
replayed from its start each time one more outcome is known. Snowdonia needs its own model
(not the generic one) because part of its randomness is hidden: the deck's order stays
secret, and a card drawn for #5 is seen by its player only.

What is a chance event here (with its probability):
- set-up: the start player (uniform); each track card dealt (by the counts of the track
  values left); the three Site Office cards (uniform over the unseen contracts); the back of
  the deck's top card (by the counts of backs); the set-aside train (uniform); solo Stock
  Yard cubes (bag counts, event cubes excluded).
- a cube from the Supply Bag: iron / stone / coal / event by the bag's counts.
- a contract drawn from the deck: the deck is unordered except for its top card's back,
  which is always public, so a draw is uniform among the unseen deck cards with that back,
  followed by the back of the new top card (by the counts of backs left).
- the discard pile shuffled into a new deck: the back of the new top card.
A pick with a single possible outcome is resolved without a chance node.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from snowdonia.core.chance import ChanceHook, NeedChance
from snowdonia.core.rng import below, seed_state, shuffle
from snowdonia.games.snowdonia.data import components
from snowdonia.games.snowdonia.game import Game
from snowdonia.games.snowdonia.rules import flow
from snowdonia.games.snowdonia.rules.actions import IllegalAction
from snowdonia.games.snowdonia.rules.board import emit
from snowdonia.games.snowdonia.rules.config import config_for, make_settings
from snowdonia.games.snowdonia.rules.setup import set_up
from snowdonia.games.snowdonia.rules.state import PH_RESOLVE, State

BACKS = ("sun", "rain", "fog")
CUBES = ("iron", "stone", "coal", "event")


def _ranges() -> dict[str, int]:
    comp = components()
    max_card = max(c.number for c in comp.contracts)
    max_track = max([*comp.track_rubble, *comp.deluxe_track_rubble])
    max_train = max(t.number for t in comp.trains)
    sizes = {"start": 5, "bag": len(CUBES), "card": max_card + 1, "back": len(BACKS),
             "track": max_track + 1, "train": max_train + 1}
    base: dict[str, int] = {}
    off = 0
    for k, n in sizes.items():
        base[k] = off
        off += n
    base["_end"] = off
    return base


BASE = _ranges()
NUM_OUTCOMES = BASE["_end"]  # chance outcome ids are 0 .. NUM_OUTCOMES - 1


def outcome_name(o: int) -> str:
    """The text of a chance outcome id, e.g. "bag:coal", "card:17", "back:fog"."""
    kinds = sorted(((v, k) for k, v in BASE.items() if k != "_end"), reverse=True)
    for base, kind in kinds:
        if o >= base:
            v = o - base
            if kind == "bag":
                return f"bag:{CUBES[v]}"
            if kind == "back":
                return f"back:{BACKS[v]}"
            if kind == "start":
                return f"start:player{v}"
            return f"{kind}:{v}"
    raise ValueError(f"not a chance outcome id: {o}")


class _Replay:
    """The chance hook: outcomes already chosen are replayed in order; past them, ask."""

    __slots__ = ("queue", "pos")

    def __init__(self, queue: Sequence[int]) -> None:
        self.queue = queue
        self.pos = 0

    def _choose(self, g: State, what: str, options: list[tuple[int, int]], private: int = -1) -> int:
        if len(options) == 1:
            return options[0][0]
        if self.pos < len(self.queue):
            o = self.queue[self.pos]
            if not any(o == x for x, _ in options):
                raise IllegalAction(f"chance outcome {outcome_name(o)} is impossible here")
            self.pos += 1
            return o
        total = sum(w for _, w in options)
        ordered = sorted(options)
        raise NeedChance(what, tuple((o, w / total) for o, w in ordered),
                         tuple(outcome_name(o) for o, _ in ordered), private)

    # -- ChanceHook
    def pick(self, g: State, what: str, weights: tuple[int, ...]) -> int:
        kind = "start" if what == "start" else "bag"
        base = BASE[kind]
        o = self._choose(g, kind, [(base + i, w) for i, w in enumerate(weights) if w > 0])
        return o - base

    def arrange(self, g: State, what: str, items: list[int]) -> None:
        cfg = g.cfg
        if what == "track":
            base = BASE["track"]
            for t in range(cfg.n_tracks):
                counts: dict[int, int] = {}
                for v in items[t:]:
                    counts[v] = counts.get(v, 0) + 1
                v = self._choose(g, "track", [(base + v, k) for v, k in counts.items()]) - base
                j = items.index(v, t)
                items[t], items[j] = items[j], items[t]
        elif what == "trains":
            base = BASE["train"]
            t = self._choose(g, "train", [(base + x, 1) for x in items]) - base
            j = items.index(t)
            items[6], items[j] = items[j], items[6]
        elif what == "deck":
            # Three cards go face up to the Site Office (popped from the end), then the back
            # of the card left on top is public.
            m = len(items)
            for k in range(1, 4):
                self._draw_into(g, items, m - k + 1, None, -1)
            self._reveal(g, items, m - 3)
        elif what == "reshuffle":
            self._reveal(g, items, len(items))
        elif what == "draw":
            back = cfg.contract[items[-1]].back
            # A card drawn while resolving an action is #5's draw: only its player sees it.
            private = g.decider if g.phase == PH_RESOLVE else -1
            self._draw_into(g, items, len(items), back, private)
            self._reveal(g, items, len(items) - 1)
        else:
            raise AssertionError(what)

    def _draw_into(self, g: State, items: list[int], m: int, back: str | None, private: int) -> None:
        """Choose the card at position m - 1 among items[:m] (those with `back`, if given)."""
        base = BASE["card"]
        contract = g.cfg.contract
        opts = [(base + c, 1) for c in items[:m] if back is None or contract[c].back == back]
        c = self._choose(g, "card", opts, private) - base
        j = items.index(c)
        items[m - 1], items[j] = items[j], items[m - 1]

    def _reveal(self, g: State, items: list[int], m: int) -> None:
        """Choose the back of the card at position m - 1 (the top of items[:m])."""
        if m <= 0:
            return
        contract = g.cfg.contract
        counts = [0, 0, 0]
        for c in items[:m]:
            counts[BACKS.index(contract[c].back)] += 1
        base = BASE["back"]
        b = BACKS[self._choose(g, "back", [(base + i, k) for i, k in enumerate(counts) if k]) - base]
        j = max(i for i in range(m) if contract[items[i]].back == b)
        items[m - 1], items[j] = items[j], items[m - 1]


class _Follow(_Replay):
    """A hook that makes exactly the picks the engine's own generator makes for `seed`
    (same stream, same order: set-up, then play) and notes them as chance outcome ids.
    It lets a seeded engine game be re-expressed as an explicit-chance trace."""

    __slots__ = ("rng", "forced", "record", "deck")

    def __init__(self, seed: int) -> None:
        super().__init__([])
        self.rng = seed_state(seed)
        self.forced: list[int] = []
        self.record: list[int] = []
        self.deck: list[int] = []  # the deck in the engine's true order

    def _choose(self, g: State, what: str, options: list[tuple[int, int]], private: int = -1) -> int:
        o = self.forced.pop(0)
        if not any(o == x for x, _ in options):
            raise AssertionError(f"{outcome_name(o)} is not among the {what} outcomes")
        if len(options) > 1:  # single-outcome picks are not chance nodes (see _Replay)
            self.record.append(o)
        return o

    def pick(self, g: State, what: str, weights: tuple[int, ...]) -> int:
        self.rng, r = below(self.rng, sum(weights))
        i = 0
        while r >= weights[i]:  # the engine's mapping of r to a kind (rules/bag.py draw)
            r -= weights[i]
            i += 1
        self.forced.append(BASE["start" if what == "start" else "bag"] + i)
        return super().pick(g, what, weights)

    def arrange(self, g: State, what: str, items: list[int]) -> None:
        contract = g.cfg.contract

        def back(c: int) -> int:
            return BASE["back"] + BACKS.index(contract[c].back)

        if what == "draw":
            self.forced += [BASE["card"] + self.deck.pop()]
            if self.deck:
                self.forced.append(back(self.deck[-1]))
        else:
            order = items[:]
            self.rng = shuffle(self.rng, order)
            if what == "track":
                self.forced += [BASE["track"] + v for v in order[: g.cfg.n_tracks]]
            elif what == "trains":
                self.forced.append(BASE["train"] + order[6])
            elif what == "deck":
                self.forced += [BASE["card"] + c for c in order[-1:-4:-1]]
                self.deck = order[:-3]
                if self.deck:
                    self.forced.append(back(self.deck[-1]))
            else:  # reshuffle
                self.deck = order
                self.forced.append(back(order[-1]))
        super().arrange(g, what, items)


def new_chance_game(players: int, hook: ChanceHook, scenario: str | None = None, **settings: Any) -> Game:
    """`snowdonia.new_game` with the chance hook in place before the set-up runs: every
    random pick of the set-up and of the play is asked of `hook` (the generator, seeded 0,
    is never used)."""
    sc = scenario or "mount_snowdon"
    cfg = config_for(players, sc, make_settings(players, sc, **settings))
    g = Game.__new__(Game)
    g.chance = hook  # set_up sets every other slot
    set_up(g, cfg, 0)
    g.seed = 0
    g.history = []
    emit(g, "round", round=1, start=g.start)
    flow.advance(g)
    return g


class SnowdoniaChance:
    """Snowdonia's explicit chance model (`core.chance.ChanceModel`): the outcome ids of
    `BASE` at every configuration, the deck modelled as unordered but for its public top
    back, #5's draws private to their player."""

    def max_outcomes(self, players: int, scenario: str, settings: dict[str, Any]) -> int:
        return NUM_OUTCOMES

    def replay(self, chosen: Sequence[int]) -> ChanceHook:
        return _Replay(chosen)

    def follow(self, seed: int) -> _Follow:
        return _Follow(seed)

    def outcome_name(self, outcome: int) -> str:
        return outcome_name(outcome)


MODEL = SnowdoniaChance()
