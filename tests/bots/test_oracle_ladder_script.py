"""scripts/oracle_ladder.py (issue 19, stop 38): the oracle searches that bound what the search
could gain from the hidden facts (the contract deck, seed 004 "F SITE OFFICE") and from the
luck of the bag's draws (seed 004 "Restock the Stock Yard"), laddered like any level."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from tests.script_loader import load_script

from snowdonia.bots import _GENERIC, make_bot
from snowdonia.games.snowdonia.game import Game
from snowdonia.registry import title


@pytest.fixture
def oracle() -> Iterator[ModuleType]:
    module = load_script("oracle_ladder")
    yield module
    for kind in ("oracle-deck", "oracle-all"):  # the oracles never stay in the bots' registry
        _GENERIC.pop(kind, None)


def _midgame(seed: int = 5, moves: int = 12) -> Game:
    g: Game = title("snowdonia").new_game(3, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    return g


def test_the_oracles_search_the_real_deck_and_the_all_seeing_one_the_real_draws(oracle: ModuleType) -> None:
    g = _midgame()
    fair = g.resample(0, random.Random(1))
    assert sorted(fair.deck) == sorted(g.deck)
    assert fair.deck != g.deck  # a fair determinization re-deals what seat 0 has not seen
    deck_only = oracle.oracle_view(g, False).resample(0, random.Random(1))
    assert deck_only.deck == g.deck and deck_only.discard == g.discard
    assert deck_only.rng != g.rng  # ... but its bag draws are not the real game's
    sees_all = oracle.oracle_view(g, True).resample(0, random.Random(1))
    assert sees_all.chance_state() == g.chance_state()
    assert type(sees_all).__name__ == "Game"  # what the search steps is an ordinary game


def test_an_oracle_plays_a_legal_option_and_never_changes_the_real_game(oracle: ModuleType) -> None:
    oracle._register()
    g = _midgame(seed=8, moves=6)
    before = (g.chance_state(), list(g.history), g.observation())
    bot = make_bot("oracle-all:60:f1:h2", 3)
    assert bot.name == "oracle-all:60:f1:h2"
    action = bot.choose(g)
    assert action in g.legal_actions()
    assert bot.last_iterations == 60
    assert (g.chance_state(), list(g.history), g.observation()) == before


def test_the_oracles_refuse_foothills_in_words(oracle: ModuleType) -> None:
    oracle._register()
    with pytest.raises(ValueError, match="Snowdonia only"):
        make_bot("oracle-deck:100", 0, game="foothills")


def test_the_oracle_ladder_writes_the_ladders_rows_and_resumes(oracle: ModuleType, tmp_path: Path) -> None:
    out = tmp_path / "oracle.jsonl"
    args = ["--focus", "oracle-deck:20:h2", "--opponent", "random", "--games", "1", "--seed", "4", str(out)]
    oracle.main(args)
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(rows) == 1
    assert rows[0]["focus"] == "oracle-deck:20:h2" and rows[0]["opponent"] == "random"
    assert rows[0]["focus_its"] == 20.0 and len(rows[0]["scores"]) == 3
    oracle.main(args)  # resumed: the game is in the file, nothing is replayed
    assert len(out.read_text().splitlines()) == 1
