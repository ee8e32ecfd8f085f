"""Play one game between bots and flatten it to rows; the unit of work that the local
pool and Ray both run, so the same (seed, bots, settings) always gives the same rows."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from snowdonia.bots import make_bot
from snowdonia.games.snowdonia.game import new_game

_EVENT = re.compile(r"^Event (\d+):")


@dataclass(frozen=True)
class GameSpec:
    """One game to play: bots in seat order, the game's seed, and its settings."""

    bots: tuple[str, ...]
    seed: int
    settings: dict[str, Any] = field(default_factory=dict)
    index: int = 0  # position in the batch, kept so results can be put back in order


def bot_seed(game_seed: int, seat: int) -> int:
    """Each bot's private stream: fixed by the game seed and seat, independent of the run."""
    return (game_seed * 1_000_003 + seat * 7_919 + 17) & ((1 << 63) - 1)


def play(spec: GameSpec) -> dict[str, Any]:
    """Play the game to the end and return its outcome as plain data (picklable, JSON-safe)."""
    n = len(spec.bots)
    g = new_game(n, seed=spec.seed, **spec.settings)
    bots = [make_bot(b, bot_seed(spec.seed, s)) for s, b in enumerate(spec.bots)]
    trains_seen = [0] * n
    while not g.is_over:
        p = g.decider
        g.apply(bots[p].choose(g))
        for s in range(n):
            if g.train[s]:
                trains_seen[s] = g.train[s]
    res = g.result()
    events: dict[str, int] = {}
    for line in g.log_lines:
        m = _EVENT.match(line)
        if m:
            events[m.group(1)] = events.get(m.group(1), 0) + 1
    return {
        "index": spec.index,
        "seed": spec.seed,
        "bots": list(spec.bots),
        "settings": g.cfg.settings.as_dict(),
        "scores": res["scores"],
        "winners": res["winners"],
        "rounds": res["rounds"],
        "end_reason": res.get("end_reason"),
        "trains": [int(g.train[s]) or trains_seen[s] for s in range(n)],
        "breakdown": [_lines(sheet) for sheet in res["breakdown"]],
        "events": events,
        "decisions": len(g.history),
    }


def _lines(sheet: dict[str, Any]) -> dict[str, int]:
    """The score sheet's per-line VP (stations, track, surveyor, train, contracts)."""
    return {k: int(v) for k, v in sheet["lines"].items()}
