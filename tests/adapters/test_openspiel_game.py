"""OpenSpiel's own checks on `python_snowdonia`, as its Python games test themselves
(open_spiel/python/games/*_test.py), plus the adapter's promises."""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import snowdonia  # noqa: E402
import snowdonia.adapters.openspiel as sos  # noqa: E402 - registers python_snowdonia
from snowdonia.games.snowdonia.ai.chance import seeded_trace  # noqa: E402


def _load(**params: Any) -> Any:
    return pyspiel.load_game(sos.SHORT_NAME, params)


def _play_random(state: Any, rng: random.Random) -> Any:
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(
    "params",
    [
        {"players": 1},
        {"players": 1, "edition": "deluxe", "solo_train": 4},
        {"players": 2, "returns": "win_loss"},
        {"players": 3},
        {"players": 4, "edition": "deluxe", "deluxe_track_cards": True, "light_fog": True},
        {"players": 5, "contracts_per_window": 1},
    ],
)
def test_openspiel_random_sim_with_serialization(params: dict[str, Any]) -> None:
    """OpenSpiel's generic conformance test: random games through the C++ API, checking
    clone, history, sorted legal actions, legal-action masks, chance outcome sums, returns
    within the utility range, and serialise/deserialise round trips."""
    game = _load(**params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_game_description() -> None:
    game = _load(players=3)
    assert game.num_players() == 3
    assert game.num_distinct_actions() == len(snowdonia.games.snowdonia.rules.actions.catalogue().actions)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.max_chance_outcomes() > 0
    state = game.new_initial_state()
    assert state.is_chance_node()  # set-up: the start player
    assert state.chance_outcomes() == [(p, pytest.approx(1 / 3)) for p in range(3)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 1) == "start:player1"
    with pytest.raises(ValueError):
        sos.SnowdoniaGame({"players": 3, "returns": "elo"})


def test_python_ismcts_bot_completes_games() -> None:
    """OpenSpiel's ISMCTS bot (open_spiel.python.algorithms.ismcts) plays every seat of a
    full game, sampling worlds with resample_from_infostate; it checks each sampled world
    has the root's information state."""
    from open_spiel.python.algorithms import ismcts, mcts

    for params in ({"players": 2, "returns": "win_loss"}, {"players": 1}):
        game = _load(**params)
        rs = np.random.RandomState(3)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(4))
        bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=6, random_state=rs)
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rs.choice(outcomes, p=probs)))
            else:
                action = int(bot.step(state))
                assert action in state.legal_actions()
                state.apply_action(action)
                decisions += 1
        assert decisions > 10
        returns = state.returns()
        assert len(returns) == game.num_players()
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)


def test_resample_keeps_the_information_state() -> None:
    game = _load(players=3)
    rng = random.Random(1)
    state = game.new_initial_state()
    checked = 0
    changed = 0
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    while not state.is_terminal() and checked < 60:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        p = state.current_player()
        other = state.resample_from_infostate(p, sampler)
        assert other.information_state_string(p) == state.information_state_string(p)
        assert other.legal_actions() == state.legal_actions()
        # What p sees cannot depend on the hidden order: same observation tensor.
        assert other.observation_tensor(p) == state.observation_tensor(p)
        changed += other.engine_game().deck != state.engine_game().deck
        if checked % 20 == 0:  # a resampled world serialises as itself, not the original
            _, back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, other))
            assert str(back) == str(other)
            assert back.information_state_string((p + 1) % 3) == other.information_state_string((p + 1) % 3)
        checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked == 60
    assert changed > 0  # hidden order really is resampled


def test_secret_draws_stay_out_of_other_seats_views() -> None:
    """#5's drawn cards: in the drawer's information state and tensor only."""
    from open_spiel.python.observation import make_observation

    game = _load(players=3)
    observer = make_observation(game)
    state = _state_at_keep(game)
    g = state.engine_game()
    drawer = g.decider
    drawn = g.pending_cards[1:]
    observer.set_from(state, drawer)
    assert all(observer.dict["drawn_cards"][c] == 1 for c in drawn)
    for seat in range(3):
        info = state.information_state_string(seat)
        cards = [w for w in info.split(" | ")[1].split() if w == "?" or w.startswith("card:")]
        tail = cards[-len(drawn):]
        if seat == drawer:
            assert tail == [f"card:{c}" for c in drawn]
        else:
            assert tail == ["?"] * len(drawn)
            observer.set_from(state, seat)
            assert not observer.dict["drawn_cards"].any()
            seen = json.loads(state.observation_string(seat))["decision"]["cards"]
            assert seen == len(g.pending_cards)  # a count, not the cards


def _state_at_keep(game: Any) -> Any:
    """A random game stopped at a #5 keep decision (the first seed that has one)."""
    for seed in range(100):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            elif state.engine_game().decision == "keep_contract":
                return state
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("no #5 draw in 100 random games")


def test_openspiel_rl_environment_episode() -> None:
    """OpenSpiel's RL loop (rl_environment.Environment) runs the game, sampling chance."""
    from open_spiel.python import rl_environment

    sampler = rl_environment.ChanceEventSampler(seed=3)
    env = rl_environment.Environment(sos.SHORT_NAME, chance_event_sampler=sampler, players=2, returns="win_loss")
    rng = random.Random(3)
    step = env.reset()
    while not step.last():
        legal = step.observations["legal_actions"][step.observations["current_player"]]
        step = env.step([rng.choice(legal)])
    assert sorted(step.rewards) == [-1.0, 1.0]


def test_observer_has_named_views() -> None:
    from open_spiel.python.observation import make_observation

    game = _load(players=2)
    state = _play_partway(game, 40)
    obs = make_observation(game)
    obs.set_from(state, 0)
    assert obs.tensor.shape == (game.observation_tensor_size(),)
    assert {"decision", "hand", "supply", "spaces", "event_track"} <= set(obs.dict)
    assert np.array_equal(np.asarray(state.observation_tensor(0), np.float32), obs.tensor)
    g = state.engine_game()
    assert obs.dict["supply"][0] == g.bag_i
    info = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    assert info.string_from(state, 0) == state.information_state_string(0)
    assert state.observation_string(0) != state.observation_string(1)


def _play_partway(game: Any, decisions: int) -> Any:
    rng = random.Random(2)
    state = game.new_initial_state()
    while decisions:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions -= 1
    return state


def test_serialize_round_trip_mid_game() -> None:
    game = _load(players=4, returns="win_loss")
    state = _play_partway(game, 70)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert str(state2) == str(state)
    assert state2.history() == state.history()
    assert state2.information_state_string(1) == state.information_state_string(1)
    # Both continue identically.
    a = _play_random(state, random.Random(9))
    b = _play_random(state2, random.Random(9))
    assert a.returns() == b.returns()


def test_win_loss_returns_match_the_winners() -> None:
    game = _load(players=3, returns="win_loss")
    state = _play_random(game.new_initial_state(), random.Random(4))
    winners = state.engine_game().result()["winners"]
    assert state.returns() == [1.0 if p in winners else -1.0 for p in range(3)]


@pytest.mark.parametrize("players", [1, 3, 5])
def test_cross_check_engine_openspiel_pettingzoo(players: int) -> None:
    """The same seed and the same decisions give the same final scores through the engine,
    the OpenSpiel game and the PettingZoo environment."""
    from snowdonia.adapters.pettingzoo import raw_env

    seed = 1000 + players
    g = snowdonia.new_game(players, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    scores = [float(s) for s in g.result()["scores"]]

    trace, _ = seeded_trace(players, seed, g.history)
    state = _load(players=players).new_initial_state()
    for a in trace:
        assert a in state.legal_actions()
        state.apply_action(a)
    assert state.is_terminal()
    assert state.returns() == scores
    assert [state.action_to_string(h.player, h.action) for h in state.full_history() if h.player >= 0] == g.history

    env = raw_env(players=players)
    env.reset(seed=seed)
    for text in g.history:
        agent = env.agent_selection
        assert env.observe(agent)["action_mask"][snowdonia.Action.parse(text).id] == 1
        env.step(snowdonia.Action.parse(text).id)
    assert all(env.terminations.values())
    assert [env.rewards[a] for a in env.possible_agents] == scores
