"""A Snowdonia game whose randomness arrives from outside, one chance outcome at a time.

The engine asks `State.chance` (rules/bag.py `ChanceHook`) for every random pick when that
slot is set. `Table` installs a hook that answers from a list of outcomes chosen so far and,
when the list runs out, raises `NeedChance` carrying the true distribution of the next pick.
A decision (or the set-up) is therefore applied to a copy of the position, replayed from
its start each time one more outcome is known; the partial copy is thrown away until the
step completes. Replaying keeps the engine free of any resumable-randomness machinery.

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

from functools import lru_cache
from typing import Any, NamedTuple

from snowdonia.core.rng import below, seed_state, shuffle
from snowdonia.games.snowdonia.data import components
from snowdonia.games.snowdonia.game import Game
from snowdonia.games.snowdonia.rules import flow
from snowdonia.games.snowdonia.rules.actions import Action, IllegalAction
from snowdonia.games.snowdonia.rules.config import Config, make_settings
from snowdonia.games.snowdonia.rules.setup import set_up
from snowdonia.games.snowdonia.rules.state import PH_RESOLVE, SLOTS, State

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


class NeedChance(Exception):
    """The next random pick: outcome ids with their probabilities (sorted by id). `private`
    is the one seat that sees the outcome, or -1 when everyone does."""

    def __init__(self, what: str, outcomes: tuple[tuple[int, float], ...], private: int) -> None:
        super().__init__(what)
        self.what = what
        self.outcomes = outcomes
        self.private = private


class _Replay:
    """The chance hook: outcomes already chosen are replayed in order; past them, ask."""

    __slots__ = ("queue", "pos")

    def __init__(self, queue: list[int]) -> None:
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
        raise NeedChance(what, tuple((o, w / total) for o, w in sorted(options)), private)

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


@lru_cache(maxsize=32)
def _config(players: int, settings: tuple[tuple[str, Any], ...]) -> Config:
    return Config(players, "mount_snowdon", make_settings(players, "mount_snowdon", **dict(settings)))


def _fresh(players: int, settings: tuple[tuple[str, Any], ...], hook: _Replay) -> Game:
    """`snowdonia.new_game`, with the chance hook in place before the set-up runs."""
    g = Game.__new__(Game)
    for slot in SLOTS:
        setattr(g, slot, None)
    g.chance = hook
    set_up(g, _config(players, settings), 0)
    g.seed = 0
    g.history = []
    flow.advance(g)
    return g


class Token(NamedTuple):
    """One step of the game as players saw it: its text and who saw it (-1 = everyone,
    -2 = nobody any more, after a resample for another seat)."""

    seen_by: int
    text: str


class Table:
    """The chance-driven game. `need` is set while a step waits for a chance outcome; the
    position `game` is then the one before the step (None before the set-up is complete)."""

    __slots__ = ("players", "settings", "game", "base", "step", "pending", "need", "trace", "tokens",
                 "resamples")

    players: int
    settings: tuple[tuple[str, Any], ...]
    game: Game | None
    base: Game | None
    step: int | None  # action id being applied; None = the set-up
    pending: list[int]
    need: NeedChance | None
    trace: list[int]  # every decision and chance outcome so far (what a replay needs)
    tokens: list[Token]
    resamples: list[tuple[int, int, int]]  # (trace length, seat, seed): replayable resamples

    @classmethod
    def new(cls, players: int, **settings: Any) -> Table:
        t = cls()
        t.players = players
        make_settings(players, "mount_snowdon", **settings)  # validate early, clear message
        t.settings = tuple(sorted(settings.items()))
        t.game = t.base = t.need = None
        t.step = None
        t.pending = []
        t.trace = []
        t.tokens = []
        t.resamples = []
        t._run()
        return t

    def copy(self) -> Table:
        t = Table.__new__(Table)
        t.players = self.players
        t.settings = self.settings
        t.game = self.game.clone() if self.game is not None else None
        t.base = self.base  # never mutated: every replay clones it
        t.step = self.step
        t.pending = self.pending[:]
        t.need = self.need
        t.trace = self.trace[:]
        t.tokens = self.tokens[:]
        t.resamples = self.resamples[:]
        return t

    # ------------------------------------------------------------------ turn structure
    @property
    def is_chance(self) -> bool:
        return self.need is not None

    @property
    def is_over(self) -> bool:
        return self.need is None and self.game is not None and self.game.over

    def legal_ids(self) -> list[int]:
        if self.need is not None or self.game is None or self.game.over:
            return []
        return sorted(a.id for a in self.game.legal_actions())

    def apply_decision(self, action_id: int) -> None:
        g = self.game
        if self.need is not None or g is None or g.over:
            raise IllegalAction("no player decision is pending")
        act = Action.from_id(action_id)
        if act not in g.legal_actions():
            raise IllegalAction(f"{act} is not legal now")
        self.tokens.append(Token(-1, f"p{g.decider}:{act}"))
        self.trace.append(action_id)
        self.base = g
        self.step = action_id
        self.pending = []
        self._run()

    def apply_chance(self, outcome: int) -> None:
        need = self.need
        if need is None:
            raise IllegalAction("no chance event is pending")
        if not any(outcome == o for o, _ in need.outcomes):
            raise IllegalAction(f"chance outcome {outcome} is not possible now")
        self.tokens.append(Token(need.private, outcome_name(outcome)))
        self.trace.append(outcome)
        self.pending.append(outcome)
        self._run()

    def _run(self) -> None:
        hook = _Replay(self.pending)
        try:
            if self.step is None:
                g = _fresh(self.players, self.settings, hook)
            else:
                assert self.base is not None
                g = self.base.clone()
                g.chance = hook
                g.apply(Action.from_id(self.step))
        except NeedChance as need:
            # Drop the traceback: it would keep the abandoned partial position alive.
            self.need = need.with_traceback(None)
            return
        self.game = g
        self.base = None
        self.need = None
        self.pending = []

    # ------------------------------------------------------------------ results
    def returns(self, mode: str) -> list[float]:
        if not self.is_over:
            return [0.0] * self.players
        assert self.game is not None
        res = self.game.result()
        if mode == "win_loss":
            return [1.0 if p in res["winners"] else -1.0 for p in range(self.players)]
        return [float(s) for s in res["scores"]]

    @staticmethod
    def replay(
        players: int, settings: dict[str, Any], trace: list[int],
        resamples: list[tuple[int, int, int]] | None = None,
    ) -> Table:
        """The table reached by applying `trace` (decisions and chance outcomes) in order,
        with the resamples made along the way (`resample`) redone at the same points."""
        t = Table.new(players, **settings)
        todo = list(resamples or [])
        for i, a in enumerate([*trace, None]):
            while todo and todo[0][0] == i:
                _, seat, seed = todo.pop(0)
                t.resample(seat, seed)
            if a is None:
                break
            if t.is_chance:
                t.apply_chance(a)
            else:
                t.apply_decision(a)
        return t

    def resample(self, seat: int, seed: int) -> None:
        """Replace the hidden part of the position by another one consistent with what
        `seat` knows (`Game.resample`: unseen contracts redistributed, the deck's public top
        back kept). Outcomes hidden from `seat` no longer describe this world, so they are
        hidden from everyone. Only at a decision: a step in progress has no resample."""
        g = self.game
        if self.need is not None or g is None or g.over:
            return
        self.game = g.resample(seat, seed)
        self.tokens = [tk if tk.seen_by in (-1, seat) else Token(-2, "?") for tk in self.tokens]
        self.resamples.append((len(self.trace), seat, seed))


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


def seeded_trace(players: int, seed: int, decisions: list[str], **settings: Any) -> tuple[list[int], Game]:
    """The explicit-chance trace (decision ids and chance outcome ids, interleaved as an
    OpenSpiel history) of the engine game `new_game(players, seed, **settings)` played with
    `decisions`, and that game replayed through the chance hook. Used to check that the
    adapters and the engine agree move for move."""
    hook = _Follow(seed)
    g = _fresh(players, tuple(sorted(settings.items())), hook)
    trace = hook.record[:]
    for text in decisions:
        act = Action.parse(text)
        done = len(hook.record)
        g.apply(act)
        trace += [act.id, *hook.record[done:]]
    return trace, g
