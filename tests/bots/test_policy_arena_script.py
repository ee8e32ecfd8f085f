"""scripts/policy_arena.py (issue 19, stop 36): whole games between versions of the playout
policy, one version a seat, seats rotated; the summary it returns is the games replayed."""

from __future__ import annotations

import random

import pytest
from tests.script_loader import load_script

import snowdonia


def test_the_arena_counts_seats_wins_and_vp_of_the_games_it_plays(capsys: pytest.CaptureFixture[str]) -> None:
    out = load_script("policy_arena").main(["4,3,3", "--games", "9", "--seed", "40"])
    # replay the same nine games
    seats = {3: 0, 4: 0}
    wins = {3: 0.0, 4: 0.0}
    vp = {3: 0, 4: 0}
    for i in range(9):
        g = snowdonia.new_game(3, seed=40 + i)
        rng = random.Random(40 * 7919 + i)
        who = [(4, 3, 3)[(s + i) % 3] for s in range(3)]
        while not g.is_over:
            p = g.current_player
            assert p is not None
            g.policy_playout(rng, 1, who[p])
        o = g.outcome()
        for p in range(3):
            seats[who[p]] += 1
            vp[who[p]] += int(o.scores[p])
            if p in o.winners:
                wins[who[p]] += 1 / len(o.winners)
    assert {v: out[v]["seats"] for v in out} == seats == {3: 18, 4: 9}
    assert sum(out[v]["wins"] for v in out) == pytest.approx(9)
    for v in (3, 4):
        assert out[v]["wins"] == pytest.approx(wins[v])
        assert out[v]["vp"] == pytest.approx(vp[v] / seats[v])
    assert "version 4: 9 seats" in capsys.readouterr().out


@pytest.mark.parametrize("versions", ["6,3,3", "3,7,3", "0,3,3", "a,3"])
def test_the_arena_refuses_versions_it_cannot_play_in_words(versions: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Version 6 (stop 39) keeps a plan for a whole playout; the arena's one-decision calls
    would redraw it every decision, so it is refused rather than silently played otherwise."""
    with pytest.raises(SystemExit):
        load_script("policy_arena").main([versions, "--games", "1"])
    err = capsys.readouterr().err
    assert "versions 1 to 5" in err or "whole numbers" in err
