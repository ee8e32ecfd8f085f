"""Property tests for Blaenau Ffestiniog: random games at 1-4 players and every setting, with
the invariants of `tests/invariants.py` (components, board, secrecy, and the two-end checks
of `check_two_ends`) at every decision, and `TwoEndsWatcher` between decisions:

- each frontier only moves away from its end, no slot's rubble grows;
- each line of track grows only from its end, without gaps (players and events alike);
- surveyors move one station at a time away from their own end; nobody builds beyond their
  surveyor or on a completed station;
- the game's Surveyor changes ends after every event from the track (8-10 only), and only then;
- every cube, steel bar, marker (start markers included), event cube (the one on space 7
  included) and rubble is accounted for;
- the game ends only when the two lines meet (or at the solo / 2-player marker end).

Sources: seed 004 "BLAENAU FFESTINIOG", seed 000 "VARIANTE: BLAENAU FFESTINIOG"; rulings in
docs/rulings.md, section "Blaenau Ffestiniog". Budget: well under a minute on one core
(`python3 -m pytest tests/test_properties_blaenau.py -q`); derandomized, so the same games
run every time.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import snowdonia
from invariants import TwoEndsWatcher, all_views, check_invariants, check_log_secrecy, snapshot
from snowdonia.games.snowdonia.game import Game

BF = "blaenau_ffestiniog"
MAX_STEPS = 3000
GAMES = 160


@dataclass(frozen=True)
class Setup:
    players: int
    seed: int
    edition: str
    light_fog: bool
    contracts_per_window: int
    solo_train: int
    deluxe_track_cards: bool

    def new_game(self) -> Game:
        return snowdonia.new_game(
            self.players, seed=self.seed, scenario=BF, edition=self.edition, light_fog=self.light_fog,
            contracts_per_window=self.contracts_per_window, solo_train=self.solo_train,
            deluxe_track_cards=self.deluxe_track_cards,
        )


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    edition = draw(st.sampled_from(["original", "deluxe"]))
    return Setup(
        players=draw(st.integers(1, 4)),
        seed=draw(st.integers(0, 2**63 - 1)),
        edition=edition,
        light_fog=draw(st.booleans()),
        contracts_per_window=draw(st.sampled_from([0, 1])),
        solo_train=draw(st.integers(1, 7)),
        deluxe_track_cards=edition == "deluxe" and draw(st.booleans()),
    )


def play_and_check(setup: Setup, choose: Any, rng: random.Random) -> Game:
    """Play one game with `choose(game) -> action`, checking everything at every decision;
    then the replay, and clone isolation at one random point."""
    g = setup.new_game()
    watch = TwoEndsWatcher(g)
    check_invariants(g)
    watch.check(g)
    log_seen = check_log_secrecy(g)
    clone_at = rng.randrange(0, 80)
    steps = 0
    while not g.is_over:
        if steps == clone_at:
            before = snapshot(g)
            c = g.clone()
            for _ in range(30):
                if c.is_over:
                    break
                c.apply(rng.choice(c.legal_actions()))
            assert snapshot(g) == before, "playing on a clone changed the original"
        legal = g.legal_actions()
        assert legal and g.current_player == g.decider
        route_before = g.route_rubble
        markers_before = g.markers[:]
        g.apply(choose(g))
        steps += 1
        assert steps < MAX_STEPS, "the game did not end"
        check_invariants(g)
        watch.check(g)
        log_seen = check_log_secrecy(g, log_seen)
        assert g.route_rubble <= route_before
        assert all(a <= b for a, b in zip(g.markers, markers_before, strict=True))
    res = g.result()
    assert res["final"] and res["winners"] and len(res["scores"]) == setup.players
    assert g.laid + g.laid_p == g.cfg.n_tracks or g.end_reason == "last ownership marker placed"
    again = snowdonia.replay(g.record())
    assert all_views(again) == all_views(g)
    return g


@settings(max_examples=GAMES, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), policy_seed=st.integers(0, 2**32 - 1))
def test_random_blaenau_games_keep_every_invariant(setup: Setup, policy_seed: int) -> None:
    """Any player count 1-4, any setting, any legal play (the start choices and the game's
    Surveyor included): every invariant holds at every decision."""
    rng = random.Random(policy_seed)
    play_and_check(setup, lambda g: rng.choice(g.legal_actions()), rng)


ALL_SETTINGS = [
    Setup(players=n, seed=3000 + i, edition=ed, light_fog=lf, contracts_per_window=cpw,
          solo_train=1 + i % 7, deluxe_track_cards=dtc)
    for i, (n, ed, lf, cpw, dtc) in enumerate(
        (n, ed, lf, cpw, dtc)
        for n, ed, lf, cpw, dtc in itertools.product(
            range(1, 5), ["original", "deluxe"], [False, True], [0, 1], [False, True])
        if ed == "deluxe" or not dtc
    )
]


@pytest.mark.parametrize("setup", ALL_SETTINGS, ids=lambda s: (
    f"{s.players}p-{s.edition}-fog{int(s.light_fog)}-cpw{s.contracts_per_window}-dtc{int(s.deluxe_track_cards)}"))
def test_every_blaenau_settings_combination_plays_cleanly(setup: Setup) -> None:
    """Every player count and setting is covered at least once, whatever Hypothesis draws."""
    rng = random.Random(setup.seed)
    play_and_check(setup, lambda g: rng.choice(g.legal_actions()), rng)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_greedy_blaenau_games_keep_every_invariant(players: int) -> None:
    """Greedy play builds, buys trains and runs out of markers far more than random play: the
    same invariants hold. The bot only chooses; nothing here depends on its tuning."""
    from snowdonia.bots import make_bot

    for k in range(3):
        setup = Setup(players, 700 + 10 * players + k, ["original", "deluxe", "deluxe"][k], k == 1, k % 2,
                      1 + k, k == 2)
        bots = [make_bot("greedy" if (k + i) % 3 else "random", seed=k * 5 + i) for i in range(players)]
        rng = random.Random(k)
        play_and_check(setup, lambda g, bots=bots: bots[g.decider].choose(g), rng)


CATALOGUE = snowdonia.games.snowdonia.rules.actions.catalogue().actions


@settings(max_examples=40, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), policy_seed=st.integers(0, 2**32 - 1))
def test_blaenau_legal_actions_are_exactly_the_applicable_ones(setup: Setup, policy_seed: int) -> None:
    """At random positions: every listed action applies (on a clone), unlisted ones are
    refused and change nothing, and `resample(seat)` keeps that seat's view."""
    g = setup.new_game()
    rng = random.Random(policy_seed)
    while not g.is_over:
        if rng.random() < 0.1:
            legal = g.legal_actions()
            for a in legal:
                c = g.clone()
                c.apply(a)
            before = snapshot(g)
            for a in rng.sample(CATALOGUE, 15):
                if a in legal:
                    continue
                with pytest.raises(snowdonia.IllegalAction):
                    g.apply(a)
            assert snapshot(g) == before
            for seat in range(setup.players):
                r = g.resample(seat, rng)
                assert r.observation(seat) == g.observation(seat)
        g.apply(rng.choice(g.legal_actions()))
