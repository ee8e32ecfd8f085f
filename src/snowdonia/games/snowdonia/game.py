"""The public engine API (spec/product.md "Required public surface")."""

from __future__ import annotations

import random
from typing import Any

from snowdonia.core.rng import seed_state, shuffle
from snowdonia.games.snowdonia.rules import flow, observe, scoring
from snowdonia.games.snowdonia.rules.actions import Action, ActionParseError, IllegalAction
from snowdonia.games.snowdonia.rules.config import Config, make_settings
from snowdonia.games.snowdonia.rules.setup import set_up
from snowdonia.games.snowdonia.rules.state import SLOTS, State

RECORD_FORMAT = "snowdonia-record"
RECORD_VERSION = 1


class RecordError(ValueError):
    """A record that cannot be read or does not replay; the message says where and why."""


class Game(State):
    """One game of Snowdonia. Mutable: `apply` changes it in place; `clone` is cheap."""

    __slots__ = ("seed", "history")
    seed: int
    history: list[str]

    # ------------------------------------------------------------------ turn structure
    @property
    def current_player(self) -> int | None:
        """The seat that must decide now, or None when the game is over."""
        return None if self.over else self.decider

    @property
    def is_over(self) -> bool:
        return self.over

    def legal_actions(self) -> list[Action]:
        """The options of the pending decision, in a fixed order."""
        return flow.legal_actions(self)

    def apply(self, action: Action | str) -> None:
        """Apply the current player's decision. Raises IllegalAction (with the reason and the
        legal options) and leaves the game unchanged if the action is not legal now."""
        if isinstance(action, str):
            action = Action.parse(action)
        elif not isinstance(action, Action):
            raise IllegalAction(f"expected an Action or its string form, got {type(action).__name__}")
        flow.apply(self, action)
        self.history.append(str(action))

    def apply_many(self, actions: list[str]) -> None:
        for a in actions:
            self.apply(a)

    # ------------------------------------------------------------------ results and views
    def result(self) -> dict[str, Any]:
        """Scores, per-line breakdown and winners. Before the end: the score so far."""
        res = scoring.result(self)
        res["final"] = self.over
        return res

    def observation(self, seat: int | None = None) -> dict[str, Any]:
        """A JSON-safe view of what `seat` may see (None = the public view)."""
        if seat is not None and not 0 <= seat < self.cfg.players:
            raise ValueError(f"seat must be 0..{self.cfg.players - 1} or None, not {seat}")
        return observe.observation(self, seat)

    def describe_decision(self) -> str:
        if self.over:
            return "game over"
        return f"Player {self.decider + 1}: {self.decision}"

    @property
    def players(self) -> int:
        return self.cfg.players

    @property
    def log_lines(self) -> list[str]:
        return self.log if self.log is not None else []

    # ------------------------------------------------------------------ copies
    def clone(self, keep_log: bool = False) -> Game:
        """An independent copy. The log is dropped unless asked for: search does not need it."""
        other = Game.__new__(Game)
        self.copy_into(other)
        other.seed = self.seed
        other.history = self.history[:]
        if keep_log and self.log is not None:
            other.log = self.log[:]
        return other

    def resample(self, seat: int, rng: random.Random | int) -> Game:
        """A full game consistent with what `seat` knows: the unseen contracts (deck, and
        discards that seat did not see) are reshuffled, keeping the deck's visible top back,
        and the random generator is replaced, so bag draws differ too."""
        r = rng if isinstance(rng, int) else rng.getrandbits(63)
        g = self.clone()
        state = seed_state(r)
        cfg = g.cfg
        known = g.kdisc[seat]
        hidden_discard = [c for c in g.discard if not known >> c & 1]
        pending: list[int] = []
        if g.pending_cards and seat != g.decider:
            pending = list(g.pending_cards[1:])
        pool = g.deck + hidden_discard + pending
        state = shuffle(state, pool)
        deck: list[int] = []
        if g.deck:
            back = cfg.contract[g.deck[-1]].back
            top = next(i for i, c in enumerate(pool) if cfg.contract[c].back == back)
            top_card = pool.pop(top)
            deck = pool[: len(g.deck) - 1] + [top_card]
            pool = pool[len(g.deck) - 1:]
        g.deck = deck
        g.discard = [c for c in g.discard if known >> c & 1] + pool[: len(hidden_discard)]
        pool = pool[len(hidden_discard):]
        if pending:
            g.pending_cards = (g.pending_cards[0], *pool)
            g._legal = None
        g.rng = state
        return g

    # ------------------------------------------------------------------ records
    def record(self) -> dict[str, Any]:
        """Settings, seed and every decision: enough to rebuild the game exactly."""
        rec: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "players": self.cfg.players,
            "scenario": self.cfg.scenario,
            "seed": self.seed,
            "settings": self.cfg.settings.as_dict(),
            "actions": list(self.history),
        }
        if self.over:
            res = self.result()
            rec["result"] = {"scores": res["scores"], "winners": res["winners"], "rounds": res["rounds"]}
        return rec


def new_game(
    players: int, seed: int | None = None, scenario: str = "mount_snowdon", **settings: Any
) -> Game:
    """Set up a game. With no seed one is drawn from the operating system and kept in the
    record, so the game can still be replayed."""
    s = make_settings(players, scenario, **settings)
    if seed is None:
        seed = random.SystemRandom().getrandbits(63)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed must be an integer, not {seed!r}")
    g = Game.__new__(Game)
    for slot in SLOTS:
        setattr(g, slot, None)
    set_up(g, Config(players, scenario, s), seed)
    g.seed = seed
    g.history = []
    g.log = [f"Round 1 begins; Player {g.start + 1} is Start Player"]
    flow.advance(g)
    return g


def replay(record: dict[str, Any], upto: int | None = None) -> Game:
    """Rebuild a game from its record (optionally only the first `upto` decisions).
    Raises RecordError naming the first decision that does not replay."""
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object")
    if record.get("format", RECORD_FORMAT) != RECORD_FORMAT:
        raise RecordError(f"not a Snowdonia record (format {record.get('format')!r})")
    for key in ("players", "seed", "actions"):
        if key not in record:
            raise RecordError(f"the record has no {key!r}")
    if not isinstance(record["actions"], list):
        raise RecordError("'actions' must be a list of action strings")
    try:
        g = new_game(
            record["players"], seed=record["seed"], scenario=record.get("scenario", "mount_snowdon"),
            **record.get("settings", {}),
        )
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
