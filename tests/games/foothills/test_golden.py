"""Golden records: three fixed-seed Foothills games whose records are committed in
tests/games/foothills/golden/ (same settings + seed + decisions -> the identical game, across
versions).

Each file holds the record, the final scores and winners, and a SHA-256 digest of the final
observations (public and both seats) and of the log. The test replays the stored decisions;
bots are never re-run here, so retuning a bot cannot break it; only a change to the rules
engine or the component data can. When such a change is meant, regenerate and review:

    PYTHONPATH=src python -m tests.games.foothills.test_golden --regenerate
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from snowdonia.games.foothills.game import FoothillsGame
from snowdonia.games.foothills.rules.actions import FAction
from snowdonia.games.foothills.title import TITLE

from . import invariants

GOLDEN_DIR = Path(__file__).parent / "golden"

# name -> (seed, settings, bot per seat)
GAMES: dict[str, tuple[int, dict[str, Any], list[str]]] = {
    "random_vs_random": (2019, {}, ["random", "random"]),
    "greedy_vs_random_chosen_railways": (
        7, {"railways": "I,II,IV,V,VII,VIII", "start_player": 1}, ["greedy", "random"]),
    "greedy_vs_greedy_green_first": (1894, {"colours": "green-blue"}, ["greedy", "greedy"]),
}


class RandomBot:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, g: FoothillsGame) -> FAction:
        return self.rng.choice(g.legal_actions())


def digest(g: FoothillsGame) -> str:
    text = json.dumps([g.observation(s) for s in (None, 0, 1)], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def log_digest(g: FoothillsGame) -> str:
    return hashlib.sha256(json.dumps(g.log(), sort_keys=True).encode()).hexdigest()


def play(name: str) -> FoothillsGame:
    seed, settings, bots = GAMES[name]
    g = TITLE.new_game(2, seed=seed, **settings)
    seats = [TITLE.bots()["greedy"]("", seed * 10 + i) if b == "greedy" else RandomBot(seed * 10 + i)
             for i, b in enumerate(bots)]
    while not g.is_over:
        p = g.current_player
        assert p is not None
        g.apply(seats[p].choose(g))
    return g


def regenerate() -> None:
    GOLDEN_DIR.mkdir(exist_ok=True)
    for name in GAMES:
        g = play(name)
        res = g.result()
        data = {"name": name, "bots": GAMES[name][2], "record": g.record(), "scores": res["scores"],
                "winners": res["winners"], "end_reason": res["end_reason"], "turns": res["turns"],
                "observation_sha256": digest(g), "log_sha256": log_digest(g)}
        (GOLDEN_DIR / f"{name}.json").write_text(json.dumps(data, indent=1) + "\n")
        print(name, res["scores"], res["end_reason"], len(g.history), "decisions")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_record_replays_identically(name: str) -> None:
    data = json.loads((GOLDEN_DIR / f"{name}.json").read_text())
    g = TITLE.replay(data["record"])
    assert g.is_over
    res = g.result()
    assert res["scores"] == data["scores"] and res["winners"] == data["winners"]
    assert res["end_reason"] == data["end_reason"] and res["turns"] == data["turns"]
    assert digest(g) == data["observation_sha256"]
    assert log_digest(g) == data["log_sha256"]
    invariants.check(g)


def test_golden_games_are_different_kinds() -> None:
    kinds = {tuple(json.loads((GOLDEN_DIR / f"{n}.json").read_text())["bots"]) for n in GAMES}
    assert len(kinds) == 3


if __name__ == "__main__":
    if "--regenerate" in sys.argv:
        regenerate()
    else:
        print(__doc__)
