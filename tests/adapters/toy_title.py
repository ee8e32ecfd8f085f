"""Pebbles: a tiny title used only by the adapter tests, to drive the generic chance model
end to end (a title with no chance model of its own, every random pick public).

Set-up: a random start player; a row of four cards (values 1, 2, 3, 3) shuffled face up;
a bag of 6 red and 4 blue pebbles. A turn: `draw` a pebble blind from the bag (red 1 point,
blue 2) or `take` the first card of the row (its value). The game ends when the bag and the
row are empty or someone reaches the target. Every random pick goes through
`core.rng.weighted` / `core.rng.shuffle`, or the position's chance hook when set.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Hashable
from typing import Any

from snowdonia.core.actions import Action, Catalogue
from snowdonia.core.chance import ChanceHook
from snowdonia.core.errors import IllegalAction, SettingsError
from snowdonia.core.protocol import (
    Decision,
    DecisionKind,
    LogEvent,
    Outcome,
    Position,
    ScenarioInfo,
    SettingSpec,
    Title,
)
from snowdonia.core.records import make_record
from snowdonia.core.rng import seed_state, shuffle, weighted

ROW = (1, 2, 3, 3)
CATALOGUE: Catalogue[Action] = Catalogue.build([Action("draw"), Action("take")])


class Pebbles(Position):
    __slots__ = ("n", "target", "rng", "chance", "turn", "scores", "bag", "row", "over", "n_moves",
                 "journal", "seed", "history")

    n: int
    target: int
    rng: int
    turn: int
    scores: list[int]
    bag: list[int]
    row: list[int]
    over: bool
    n_moves: int
    journal: list[LogEvent]

    @property
    def title(self) -> Title:
        return TITLE

    @property
    def players(self) -> int:
        return self.n

    @property
    def scenario(self) -> str:
        return "pebbles"

    @property
    def settings(self) -> dict[str, Any]:
        return {"target": self.target}

    @property
    def current_player(self) -> int | None:
        return None if self.over else self.turn

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def moves(self) -> int:
        return self.n_moves

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        return [a for a, ok in ((Action("draw"), sum(self.bag) > 0), (Action("take"), bool(self.row))) if ok]

    def _pick(self, what: str, weights: tuple[int, ...]) -> int:
        if self.chance is not None:
            return self.chance.pick(self, what, weights)
        self.rng, i = weighted(self.rng, weights)
        return i

    def apply(self, action: Any) -> None:
        if isinstance(action, str):
            action = CATALOGUE.parse(action)
        if action not in self.legal_actions():
            raise IllegalAction(f"{action} is not legal now; legal: {', '.join(map(str, self.legal_actions()))}")
        self.step(action)
        self.history.append(str(action))

    def step(self, action: Any) -> None:
        p = self.turn
        if action.kind == "draw":
            colour = self._pick("bag", tuple(self.bag))
            self.bag[colour] -= 1
            self.scores[p] += colour + 1
            self.journal.append({"type": "draw", "seat": p, "colour": colour, "move": self.n_moves})
        else:
            card = self.row.pop(0)
            self.scores[p] += card
            self.journal.append({"type": "take", "seat": p, "card": card, "move": self.n_moves})
        self.n_moves += 1
        if max(self.scores) >= self.target or (not self.row and not sum(self.bag)):
            self.over = True
        else:
            self.turn = (p + 1) % self.n

    def pending(self, seat: int | None = None) -> Decision | None:
        if self.over:
            return None
        return Decision("turn", self.turn, "Draw a pebble or take a card")

    def clone(self) -> Pebbles:
        other = Pebbles.__new__(Pebbles)
        for s in Pebbles.__slots__:
            v = getattr(self, s)
            setattr(other, s, v[:] if isinstance(v, list) else v)
        return other

    def resample(self, seat: int, rng: random.Random | int) -> Pebbles:
        other = self.clone()  # nothing is hidden: only the future draws change
        other.rng = seed_state(rng if isinstance(rng, int) else rng.getrandbits(63))
        return other

    def chance_state(self) -> Hashable:
        return (self.rng, tuple(self.bag))

    def observation(self, seat: int | None = None) -> dict[str, Any]:
        return {"seat": seat, "turn": self.turn, "scores": list(self.scores), "bag": list(self.bag),
                "row": list(self.row), "over": self.over}

    def log(self) -> list[LogEvent]:
        return [dict(e) for e in self.journal]

    def result(self) -> dict[str, Any]:
        out = self.outcome()
        return {"scores": out.scores, "winners": out.winners, "final": self.over,
                "breakdown": [{"lines": {"points": s}} for s in self.scores]}

    def outcome(self) -> Outcome:
        best = max(self.scores)
        return Outcome([float(s) for s in self.scores], [p for p, s in enumerate(self.scores) if s == best])

    def stats(self) -> dict[str, Any]:
        return {"rounds": self.n_moves, "per_seat": {}, "counts": {}}

    def record(self) -> dict[str, Any]:
        return make_record("pebbles", self.n, "pebbles", self.seed, self.settings, self.history, None)

    def snapshot(self) -> bytes:
        return pickle.dumps({s: getattr(self, s) for s in Pebbles.__slots__ if s != "chance"})


class PebblesEncoder:
    low, high = 0.0, 50.0

    def __init__(self, n: int, target: int) -> None:
        self.n = n
        self.views = [("seat", (n,)), ("turn", (n,)), ("scores", (n,)), ("bag", (2,)), ("row", (len(ROW),))]
        self.score_bounds = (0.0, float(target + 3))
        self.max_decisions = len(ROW) + 10

    def encode(self, position: Position, seat: int, views: dict[str, Any]) -> None:
        assert isinstance(position, Pebbles)
        views["seat"][seat] = 1
        if not position.over:
            views["turn"][position.turn] = 1
        views["scores"][:] = position.scores
        views["bag"][:] = position.bag
        views["row"][: len(position.row)] = position.row


class PebblesTitle(Title):
    name = "pebbles"
    display_name = "Pebbles"
    scenarios = (ScenarioInfo("pebbles", "Pebbles", (2, 3)),)
    settings = (SettingSpec("target", "Target", 12, "int", (), "points that end the game"),)
    score_lines = ("points",)
    decisions = {"turn": DecisionKind("turn", "Draw a pebble or take a card", ("draw", "take"))}
    words: Any = None

    def _start(self, players: int, seed: int, scenario: str | None, hook: ChanceHook | None,
               **settings: Any) -> Pebbles:
        if scenario not in (None, "pebbles"):
            raise SettingsError(f"unknown scenario {scenario!r} of pebbles; choose pebbles")
        if players not in (2, 3):
            raise SettingsError(f"players must be 2 or 3, not {players!r}")
        unknown = set(settings) - {"target"}
        if unknown:
            raise SettingsError(f"unknown setting {', '.join(sorted(unknown))}")
        g = Pebbles.__new__(Pebbles)
        g.n, g.target, g.chance = players, int(settings.get("target", 12)), hook
        g.rng = seed_state(seed)
        g.turn = g._pick("start", (1,) * players)
        g.row = list(ROW)
        if hook is not None:
            hook.arrange(g, "row", g.row)
        else:
            g.rng = shuffle(g.rng, g.row)
        g.bag, g.scores, g.over, g.n_moves, g.journal = [6, 4], [0] * players, False, 0, []
        g.seed, g.history = seed, []
        return g

    def new_game(self, players: int, seed: int | None = None, scenario: str | None = None,
                 **settings: Any) -> Position:
        return self._start(players, random.getrandbits(63) if seed is None else seed, scenario, None, **settings)

    def new_chance_game(self, players: int, chance: ChanceHook, scenario: str | None = None,
                        **settings: Any) -> Position:
        return self._start(players, 0, scenario, chance, **settings)

    def replay(self, record: dict[str, Any], upto: int | None = None) -> Position:
        g = self.new_game(record["players"], record["seed"], record.get("scenario"), **record.get("settings", {}))
        for text in record["actions"][:upto]:
            g.apply(text)
        return g

    def restore(self, blob: bytes) -> Position:
        g = Pebbles.__new__(Pebbles)
        for k, v in pickle.loads(blob).items():  # noqa: S301 - test data we wrote
            setattr(g, k, v)
        g.chance = None
        return g

    def catalogue(self) -> Catalogue[Any]:
        return CATALOGUE

    def evaluate(self, position: Position, seat: int) -> float:
        return float(position.outcome().scores[seat])

    def encoder(self, players: int, scenario: str | None = None, **settings: Any) -> PebblesEncoder:
        return PebblesEncoder(players, int(settings.get("target", 12)))


TITLE = PebblesTitle()
