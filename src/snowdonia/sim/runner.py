"""Play one game between bots and flatten it to plain data; the unit of work that the local
pool and Ray both run, so the same (title, scenario, seed, bots, settings) always gives the
same result. It speaks only the protocol: any registered title can be simulated."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from snowdonia.bots import make_bot
from snowdonia.registry import title


@dataclass(frozen=True)
class GameSpec:
    """One game to play: bots in seat order, the game's seed, title, scenario and settings."""

    bots: tuple[str, ...]
    seed: int
    settings: dict[str, Any] = field(default_factory=dict)
    index: int = 0  # position in the batch, kept so results can be put back in order
    game: str = "snowdonia"
    scenario: str | None = None


def bot_seed(game_seed: int, seat: int) -> int:
    """Each bot's private stream: fixed by the game seed and seat, independent of the run."""
    return (game_seed * 1_000_003 + seat * 7_919 + 17) & ((1 << 63) - 1)


def play(spec: GameSpec) -> dict[str, Any]:
    """Play the game to the end and return its outcome as plain data (picklable, JSON-safe)."""
    n = len(spec.bots)
    t = title(spec.game)
    g = t.new_game(n, seed=spec.seed, scenario=spec.scenario, **spec.settings)
    bots = [make_bot(b, bot_seed(spec.seed, s), game=spec.game, scenario=g.scenario) for s, b in enumerate(spec.bots)]
    while not g.is_over:
        p = g.current_player
        assert p is not None
        g.apply(bots[p].choose(g))
    res = g.result()
    stats = g.stats()
    return {
        "index": spec.index,
        "seed": spec.seed,
        "game": spec.game,
        "scenario": g.scenario,
        "bots": list(spec.bots),
        "settings": g.settings,
        "scores": res["scores"],
        "winners": res["winners"],
        "rounds": stats.get("rounds", res.get("rounds")),
        "end_reason": stats.get("end_reason") or res.get("end_reason"),
        "per_seat": stats.get("per_seat", {}),
        "counts": stats.get("counts", {}),
        "breakdown": [_lines(sheet) for sheet in res["breakdown"]],
        "decisions": len(g.history),
    }


def _lines(sheet: dict[str, Any]) -> dict[str, float | int]:
    """The score sheet's per-line VP (the title's score lines; Foothills has half points)."""
    return {k: int(v) if float(v).is_integer() else float(v) for k, v in sheet["lines"].items()}
