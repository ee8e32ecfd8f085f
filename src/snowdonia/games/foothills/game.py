"""One game of Foothills behind the platform protocol (`snowdonia.core.protocol.Position`).

The position is the flat `State` itself (no wrapper): `clone` is one generated slot copy, and
search may call `step` with actions taken from `legal_actions` on the fast path.
"""

from __future__ import annotations

import pickle
import random
import zlib
from typing import TYPE_CHECKING, Any

from snowdonia.core.errors import ActionParseError, IllegalAction
from snowdonia.core.protocol import Decision, LogEvent, Outcome, Position
from snowdonia.core.records import make_record
from snowdonia.core.rng import seed_state
from snowdonia.games.foothills.rules import flow, observe, scoring
from snowdonia.games.foothills.rules.actions import FAction, catalogue
from snowdonia.games.foothills.rules.config import Settings, config
from snowdonia.games.foothills.rules.decisions import DECISIONS
from snowdonia.games.foothills.rules.setup import set_up
from snowdonia.games.foothills.rules.state import NONE, SLOTS

if TYPE_CHECKING:
    from snowdonia.core.protocol import Title

SCENARIO = "foothills"
SNAPSHOT_VERSION = 1
_SKIP = ("cfg", "_legal", "chance")


class FoothillsGame(flow.Engine, Position):
    """One game of Foothills. Mutable: `apply` changes it in place; `clone` is cheap."""

    __slots__ = ("seed", "history")
    seed: int
    history: list[str]

    # ------------------------------------------------------------------ identity
    @property
    def title(self) -> Title:
        from snowdonia.games.foothills.title import TITLE
        return TITLE

    @property
    def players(self) -> int:
        return 2

    @property
    def scenario(self) -> str:
        return SCENARIO

    @property
    def settings(self) -> dict[str, Any]:
        return self.settings_.as_dict()

    # ------------------------------------------------------------------ turn structure
    # is_over, current_player, legal_actions and step: flow.Engine (compiled with the rules)

    @property
    def moves(self) -> int:
        return self.n_moves

    def apply(self, action: Any) -> None:
        """Apply the current player's decision (an action or its string form). Raises
        IllegalAction, saying why and listing what is legal, with the game unchanged."""
        if isinstance(action, str):
            try:
                action = catalogue().parse(action)
            except ActionParseError as exc:
                legal = ", ".join(str(a) for a in self.legal_actions()) or "none (the game is over)"
                raise ActionParseError(f"{exc}. Legal now: {legal}") from exc
        elif isinstance(action, tuple) and not isinstance(action, FAction) and len(action) == 2:
            action = FAction(*action)
        if not isinstance(action, FAction):
            raise IllegalAction(f"expected an action or its string form, got {type(action).__name__}")
        flow.apply(self, action)
        self.history.append(str(action))

    def pending(self, seat: int | None = None) -> Decision | None:
        """The pending decision as data (Foothills hides nothing a decision shows)."""
        kind = self.decision
        if self.over or kind is None:
            return None
        return Decision(kind, self.decider, DECISIONS[kind].prompt, observe.decision_context(self))

    # ------------------------------------------------------------------ copies
    def clone(self) -> FoothillsGame:
        other = FoothillsGame.__new__(FoothillsGame)
        self.copy_into(other)
        other.seed = self.seed
        other.history = self.history[:]
        return other

    def resample(self, seat: int, rng: random.Random | int) -> FoothillsGame:
        """The only thing a seat cannot see is the order of the cubes in the bag (its counts
        are public): a fresh generator state re-deals every future draw."""
        r = rng if isinstance(rng, int) else rng.getrandbits(63)
        other = self.clone()
        other.rng = seed_state(r)
        return other

    def chance_state(self) -> int:
        return self.draws

    # ------------------------------------------------------------------ views
    def observation(self, seat: int | None = None) -> dict[str, Any]:
        if seat is not None and seat not in (0, 1):
            raise ValueError(f"seat must be 0, 1 or None, not {seat!r}")
        return observe.observation(self, seat)

    def log(self) -> list[LogEvent]:
        return [dict(e) for e in self.journal] if self.journal is not None else []

    def result(self) -> dict[str, Any]:
        res = scoring.result(self)
        res["final"] = self.over
        return res

    def outcome(self) -> Outcome:
        scores, winners = scoring.outcome(self)
        return Outcome(scores, winners)

    def stats(self) -> dict[str, Any]:
        cfg = self.cfg
        return {
            "rounds": (self.turn + 1) // 2,
            "per_seat": {
                "colour": list(cfg.colours),
                "start_player": [p == self.start for p in (0, 1)],
                "stations": list(self.stations_built),
                "tracks": list(self.tracks_built),
                "tickets": [t.bit_count() for t in self.tickets],
                "scoring_pile": [m.bit_count() for m in self.pile],
                "summit": [self.summit_owner == p for p in (0, 1)],
            },
            "counts": {
                "turns": self.turn,
                "decisions": self.n_moves,
                "navvies": cfg.box["navvies"] - self.navvies_left,
                "buffer_stops": cfg.box["buffer_stops"] - self.buffers_left,
                "draws": self.draws,
            },
            "railways": list(cfg.railways),
            "end_reason": self.end_reason,
        }

    # ------------------------------------------------------------------ persistence
    def record(self) -> dict[str, Any]:
        result = None
        if self.over:
            res = self.result()
            result = {"scores": res["scores"], "winners": res["winners"], "tie_rematch": res["tie_rematch"]}
        return make_record("foothills", 2, SCENARIO, self.seed, self.settings, self.history, result)

    def snapshot(self) -> bytes:
        data = {s: getattr(self, s) for s in SLOTS if s not in _SKIP and s != "settings_"}
        data["journal"] = self.journal
        blob = {"version": SNAPSHOT_VERSION, "game": "foothills", "settings": self.settings_, "railways": self.cfg.railways,
                "seed": self.seed, "history": self.history, "slots": data}
        return zlib.compress(pickle.dumps(blob, protocol=pickle.HIGHEST_PROTOCOL))


def blank() -> FoothillsGame:
    """A game without a position yet: set_up (or a snapshot) sets every other slot."""
    g = FoothillsGame.__new__(FoothillsGame)
    g.chance = None
    return g


def start(settings: Settings, seed: int) -> FoothillsGame:
    g = blank()
    set_up(g, settings, seed)
    g.seed = seed
    g.history = []
    flow.advance(g)
    return g


def restore(blob: bytes) -> FoothillsGame:
    try:
        data = pickle.loads(zlib.decompress(blob))  # noqa: S301 - only ever our own snapshots
    except (zlib.error, pickle.UnpicklingError, EOFError, TypeError) as exc:
        raise ValueError(f"not a Foothills snapshot: {exc}") from exc
    if not isinstance(data, dict) or data.get("version") != SNAPSHOT_VERSION:
        raise ValueError("not a Foothills snapshot of this version")
    s: Settings = data["settings"]
    g = blank()
    g.settings_ = s
    g.cfg = config(tuple(data["railways"]), s.colours, s.turn_limit)
    for k, v in data["slots"].items():
        if k == "decider" and v is None:
            v = NONE  # a finished game's snapshot (the compiled State holds ints only)
        setattr(g, k, v)
    g._legal = None
    g.seed = data["seed"]
    g.history = list(data["history"])
    return g
