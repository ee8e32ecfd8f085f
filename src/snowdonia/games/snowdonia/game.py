"""A game of Snowdonia as a platform `Position` (spec/product.md "Required public surface").

The position is the flat `State` (plain ints and lists) plus the seed and the decisions so
far. Everything a rule changes lives in the state; everything fixed at set-up lives in the
shared `Config`, so a clone is a few slice copies.
"""

from __future__ import annotations

import pickle
import random
import zlib
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from snowdonia.core.errors import IllegalAction
from snowdonia.core.errors import RecordError as RecordError
from snowdonia.core.protocol import Decision, LogEvent, Outcome, Position
from snowdonia.core.records import check_record, make_record
from snowdonia.core.rng import seed_state
from snowdonia.games.snowdonia.bots.playout import policy_choices, policy_playout
from snowdonia.games.snowdonia.rules import flow, observe, scoring
from snowdonia.games.snowdonia.rules.actions import Action, ActionParseError
from snowdonia.games.snowdonia.rules.bag import redeal
from snowdonia.games.snowdonia.rules.board import emit
from snowdonia.games.snowdonia.rules.config import config_for, make_settings
from snowdonia.games.snowdonia.rules.decisions import DECISIONS
from snowdonia.games.snowdonia.rules.setup import set_up
from snowdonia.games.snowdonia.rules.state import SLOTS

if TYPE_CHECKING:
    from snowdonia.core.protocol import Title

SNAPSHOT_FORMAT = 2
# Slots added after snapshots were first written, with the value an older game had.
_ADDED: dict[str, Any] = {
    "win_first": lambda g: g.start,  # the open window began with the Start Player
    # Blaenau Ffestiniog's slots (a Mount Snowdon game has one end, set up long ago)
    "exc_ptr_p": lambda g: max((i for i, r in enumerate(g.slot_rubble) if r), default=-1),
    "laid_p": lambda g: 0,
    "gs_end": lambda g: 0,
    "maint_done": lambda g: False,
    "setup_pos": lambda g: g.cfg.players + 1,
    "end_of": lambda g: (0,) * g.cfg.players,
    "start_marker": lambda g: (0,) * g.cfg.players,
}
_NOT_STORED = frozenset({"cfg", "_legal", "chance"})
_STORED = tuple(s for s in SLOTS if s not in _NOT_STORED)


class Game(flow.Engine, Position):
    """One game of Snowdonia. Mutable: `apply` changes it in place; `clone` is cheap."""

    __slots__ = ("seed", "history")
    seed: int
    history: list[str]

    # ------------------------------------------------------------------ identity
    @property
    def title(self) -> Title:
        from snowdonia.games.snowdonia.title import TITLE

        return TITLE

    @property
    def players(self) -> int:
        return self.cfg.players

    @property
    def scenario(self) -> str:
        return self.cfg.scenario

    @property
    def settings(self) -> dict[str, Any]:
        return self.cfg.settings.as_dict()

    # ------------------------------------------------------------------ turn structure
    # is_over, current_player, legal_actions and step: flow.Engine (compiled with the rules)

    def policy_playout(self, rng: random.Random, depth: int | None = None, version: int = 1) -> int:
        """Mount Snowdon's playout policy (bots/playout.py): no labourer on an area its seat
        cannot use, the fullest Stock Yard takes, the most steel at the Works."""
        return policy_playout(self, rng, -1 if depth is None else depth, version)

    def policy_choices(self, rng: random.Random, count: int, version: int = 1) -> list[Action]:
        """The distinct options of `count` draws by the playout policy (bots/playout.py);
        uniform draws for version 0, as the search's playouts without a policy are."""
        if version == 0:
            return super().policy_choices(rng, count, version)
        return policy_choices(self, rng, count, version)

    def apply(self, action: Action | str) -> None:
        """Apply the current player's decision. Raises IllegalAction (with the reason and the
        legal options) and leaves the game unchanged if the action is not legal now."""
        if isinstance(action, str):
            action = Action.parse(action)
        elif not isinstance(action, tuple) or not hasattr(action, "kind"):
            raise IllegalAction(f"expected an Action or its string form, got {type(action).__name__}")
        flow.apply(self, action)
        self.history.append(str(action))

    def apply_many(self, actions: list[str]) -> None:
        for a in actions:
            self.apply(a)

    def pending(self, seat: int | None = None) -> Decision | None:
        """The pending decision as data; `decision` (a slot) is its key in the registry."""
        if self.over or self.decision is None:
            return None
        kind = DECISIONS[self.decision]
        return Decision(kind.key, self.decider, kind.prompt, observe.decision_context(self, seat))

    def describe_decision(self) -> str:
        if self.over:
            return "game over"
        return f"Player {self.decider + 1}: {self.decision}"

    # ------------------------------------------------------------------ results and views
    def result(self) -> dict[str, Any]:
        """Scores, per-line breakdown and winners. Before the end: the score so far."""
        res = scoring.result(self)
        res["final"] = self.over
        return res

    def outcome(self) -> Outcome:
        scores, winners = scoring.outcome(self)
        return Outcome([float(s) for s in scores], winners)

    def observation(self, seat: int | None = None) -> dict[str, Any]:
        """A JSON-safe view of what `seat` may see (None = the public view)."""
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 0 <= seat < self.cfg.players):
            raise ValueError(f"seat must be 0..{self.cfg.players - 1} or None, not {seat!r}")
        return observe.observation(self, seat)

    def log(self) -> list[LogEvent]:
        return list(self.journal) if self.journal is not None else []

    @property
    def log_lines(self) -> list[str]:
        """The log in words, seats named "Player 1", "Player 2", ..."""
        from snowdonia.games.snowdonia.ui.words import event_text

        names = [f"Player {p + 1}" for p in range(self.cfg.players)]
        return [event_text(self.cfg, e, names) for e in self.journal or ()]

    def stats(self) -> dict[str, Any]:
        """Rounds, the train each seat ended with (or last held), how often each event space
        fired: what the simulator tabulates and plots."""
        n = self.cfg.players
        last_train = [self.train[p] for p in range(n)]
        counts: dict[str, int] = {}
        for e in self.log():
            if e["type"] == "buy":
                last_train[e["seat"]] = e["train"]
            elif e["type"] == "event":
                key = f"event {e['space']}"
                counts[key] = counts.get(key, 0) + 1
        trains = [self.train[p] or last_train[p] or None for p in range(n)]
        return {"rounds": self.round, "end_reason": self.end_reason or None,
                "per_seat": {"train": trains}, "counts": counts}

    # ------------------------------------------------------------------ copies
    def clone(self, keep_log: bool = False) -> Game:
        """An independent copy. The log is dropped unless asked for: search does not need it."""
        other = Game.__new__(Game)
        self.copy_into(other)
        other.seed = self.seed
        other.history = self.history[:]
        if keep_log and self.journal is not None:
            other.journal = self.journal[:]
        return other

    def resample(self, seat: int, rng: random.Random | int) -> Game:
        """A full game consistent with what `seat` knows: the unseen contracts (deck, and
        discards that seat did not see) are reshuffled, keeping the deck's visible top back,
        and the random generator is replaced, so bag draws differ too."""
        r = rng if isinstance(rng, int) else rng.getrandbits(63)
        g = self.clone()
        redeal(g, seat, seed_state(r))
        return g

    def chance_state(self) -> Hashable:
        """The generator, the deck and the bag: if none moved, nothing random was revealed."""
        return (self.rng, tuple(self.deck), self.bag_i, self.bag_s, self.bag_c, self.bag_e)

    # ------------------------------------------------------------------ records
    def record(self) -> dict[str, Any]:
        """Settings, seed and every decision: enough to rebuild the game exactly."""
        result = None
        if self.over:
            res = self.result()
            result = {"scores": res["scores"], "winners": res["winners"], "rounds": res["rounds"]}
        return make_record("snowdonia", self.cfg.players, self.cfg.scenario, self.seed,
                           self.cfg.settings.as_dict(), self.history, result)

    def snapshot(self) -> bytes:
        """Everything needed to continue this game exactly, including its log and history. The
        shared Config is rebuilt from the settings instead of being stored."""
        data = {
            "format": SNAPSHOT_FORMAT,
            "game": "snowdonia",
            "players": self.cfg.players,
            "scenario": self.cfg.scenario,
            "settings": self.cfg.settings.as_dict(),
            "seed": self.seed,
            "history": list(self.history),
            "state": {s: getattr(self, s) for s in _STORED},
        }
        return zlib.compress(pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL), 6)


def new_game(players: int, seed: int | None = None, scenario: str | None = None, **settings: Any) -> Game:
    """Set up a game. With no seed one is drawn from the operating system and kept in the
    record, so the game can still be replayed."""
    scenario = scenario or "mount_snowdon"
    s = make_settings(players, scenario, **settings)
    if seed is None:
        seed = random.SystemRandom().getrandbits(63)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, not {seed!r}")
    if not -(2**63) <= seed < 2**64:
        raise ValueError(f"seed must fit in 64 bits, not {seed}")
    g = Game.__new__(Game)
    g.chance = None  # set_up sets every other slot
    set_up(g, config_for(players, scenario, s), seed)
    g.seed = seed
    g.history = []
    emit(g, "round", round=1, start=g.start)
    flow.advance(g)
    return g


def replay(record: dict[str, Any], upto: int | None = None) -> Game:
    """Rebuild a game from its record (optionally only the first `upto` decisions).
    Raises RecordError naming the first decision that does not replay."""
    check_record(record)
    if record.get("game", "snowdonia") != "snowdonia":
        raise RecordError(f"a {record.get('game')!r} record is not a Snowdonia game")
    try:
        g = new_game(record["players"], seed=record["seed"], scenario=record.get("scenario") or "mount_snowdon",
                     **record.get("settings", {}))
    except (ValueError, TypeError) as exc:
        raise RecordError(f"cannot set up the recorded game: {exc}") from exc
    actions = record["actions"] if upto is None else record["actions"][:upto]
    for i, text in enumerate(actions):
        try:
            g.apply(text)
        except (IllegalAction, ActionParseError) as exc:
            raise RecordError(f"decision {i + 1} ({text!r}) does not replay: {exc}") from exc
    if upto is None and "result" in record and g.over:
        if record["result"].get("scores") != g.result()["scores"]:
            raise RecordError(
                f"the record's final scores {record['result'].get('scores')} differ from the "
                f"replayed scores {g.result()['scores']}"
            )
    return g


def restore(blob: bytes) -> Game:
    """The game a snapshot was taken of; an independent object each call. Reads snapshots
    written before titles existed (format 1: no `game`, the log as lines of text)."""
    data = pickle.loads(zlib.decompress(blob))  # noqa: S301 - bytes we wrote ourselves
    fmt = data.get("format")
    if fmt not in (1, SNAPSHOT_FORMAT):
        raise ValueError(f"unknown snapshot format {fmt!r}")
    g = Game.__new__(Game)
    settings = make_settings(data["players"], data["scenario"], **data["settings"])
    g.cfg = config_for(data["players"], data["scenario"], settings)
    state = dict(data["state"])
    if fmt == 1:
        lines = state.pop("log", None)
        state["journal"] = None if lines is None else [{"type": "text", "text": t} for t in lines]
    for slot, value in state.items():
        setattr(g, slot, value)
    for slot, default in _ADDED.items():
        if slot not in state:
            setattr(g, slot, default(g))
    g._legal = None
    g.chance = None
    g.seed = data["seed"]
    g.history = data["history"]
    return g
