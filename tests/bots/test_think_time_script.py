"""scripts/think_time.py (issue 19, stop 34: "no level takes more than 2 s a move on average"):
one whole game, a time for each of the level's own decisions with a choice, and a summary line
that agrees with them."""

from __future__ import annotations

import re

import pytest
from tests.script_loader import load_script

import snowdonia
from snowdonia.bots import make_bot


def test_one_time_per_own_decision_and_a_true_summary(capsys: pytest.CaptureFixture[str]) -> None:
    times = load_script("think_time").main(["search:30", "--game", "foothills", "--players", "2", "--seed", "3"])
    # replay the same game: the level's decisions with more than one option in seat 0
    g = snowdonia.new_game(2, seed=3, game="foothills")
    bot, greedy = make_bot("search:30", 22, game="foothills"), make_bot("greedy", 23, game="foothills")
    own = 0
    while not g.is_over:
        legal = g.legal_actions()
        if len(legal) > 1 and g.current_player == 0:
            own += 1
            g.apply(bot.choose(g))
        else:
            g.apply(legal[0] if len(legal) == 1 else greedy.choose(g))
    assert len(times) == own > 10 and all(t >= 0 for t in times)
    line = capsys.readouterr().out.strip().splitlines()[-1]
    found = re.search(r"(\d+) decisions, mean ([0-9.]+) CPU-s, longest ([0-9.]+)", line)
    assert found is not None and int(found.group(1)) == own
    assert float(found.group(3)) == pytest.approx(max(times), abs=0.006)
    assert float(found.group(2)) == pytest.approx(sum(times) / len(times), abs=0.006)
