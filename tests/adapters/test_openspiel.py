"""OpenSpiel's own checks on every registered title (`python_<game>`), as its Python games
test themselves (open_spiel/python/games/*_test.py), plus the adapter's promises."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from adapter_kit import configurations, ids, play_partway, play_random, scenarios, two_or_more  # noqa: E402

import snowdonia.adapters.openspiel as sos  # noqa: E402 - registers every title
from snowdonia.adapters.common import resolve  # noqa: E402
from snowdonia.adapters.explicit import seeded_trace  # noqa: E402
from snowdonia.registry import names, title  # noqa: E402


def _load(game: str, **params: Any) -> Any:
    return pyspiel.load_game(sos.short_name(game), params)


def test_every_title_is_registered() -> None:
    registered = set(pyspiel.registered_names())
    assert {f"python_{n}" for n in names()} <= registered
    assert sos.SHORT_NAMES == [f"python_{n}" for n in names()]


@pytest.mark.parametrize("config", configurations(), ids=ids)
def test_openspiel_random_sim_with_serialization(config: tuple[str, str, int]) -> None:
    """OpenSpiel's generic conformance test: random games through the C++ API, checking
    clone, history, sorted legal actions, legal-action masks, chance outcome sums, returns
    within the utility range, game length within the bound, and serialise/deserialise."""
    game, scenario, players = config
    pyspiel.random_sim_test(_load(game, players=players, scenario=scenario), num_sims=2, serialize=True,
                            verbose=False)


@pytest.mark.parametrize("game", names())
def test_parameters_are_the_title_settings(game: str) -> None:
    t = title(game)
    spec = _load(game).get_type().parameter_specification
    assert set(spec) == {"players", "scenario", "returns", *(s.key for s in t.settings)}
    assert spec["scenario"] == t.scenarios[0].key
    g = _load(game)
    assert g.num_distinct_actions() == t.action_count(t.scenarios[0].key)
    assert g.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert g.get_type().min_num_players == min(t.player_counts)
    assert g.get_type().max_num_players == max(t.player_counts)
    with pytest.raises(ValueError, match="returns"):
        sos.GAMES[game]({"returns": "elo"})
    with pytest.raises(Exception, match="scenario"):
        _load(game, scenario="atlantis")
    with pytest.raises(Exception, match="players"):
        _load(game, players=max(t.player_counts) + 1)


@pytest.mark.parametrize("config", scenarios(), ids=ids)
def test_python_ismcts_bot_completes_a_game(config: tuple[str, str]) -> None:
    """OpenSpiel's ISMCTS bot (open_spiel.python.algorithms.ismcts) plays every seat of a
    full game, sampling worlds with resample_from_infostate; it checks each sampled world
    has the root's information state."""
    from open_spiel.python.algorithms import ismcts, mcts

    game_name, scenario = config
    game = _load(game_name, players=two_or_more(*config), scenario=scenario, returns="win_loss")
    rs = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(4))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4, random_state=rs)
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
    assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())


@pytest.mark.parametrize("config", scenarios(), ids=ids)
def test_resample_keeps_the_information_state(config: tuple[str, str]) -> None:
    game_name, scenario = config
    players = two_or_more(*config)
    game = _load(game_name, players=players, scenario=scenario)
    rng = random.Random(1)
    state = game.new_initial_state()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    checked = 0
    while not state.is_terminal() and checked < 40:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        p = state.current_player()
        other = state.resample_from_infostate(p, sampler)
        assert other.information_state_string(p) == state.information_state_string(p)
        assert other.legal_actions() == state.legal_actions()
        assert other.current_player() == p
        assert other.observation_tensor(p) == state.observation_tensor(p)
        if checked % 20 == 0:  # a resampled world serialises as itself, not the original
            _, back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, other))
            assert str(back) == str(other)
            q = (p + 1) % players
            assert back.information_state_string(q) == other.information_state_string(q)
        checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked == 40


@pytest.mark.parametrize("config", scenarios(), ids=ids)
def test_openspiel_rl_environment_episode(config: tuple[str, str]) -> None:
    """OpenSpiel's RL loop (rl_environment.Environment) runs the game, sampling chance."""
    from open_spiel.python import rl_environment

    game_name, scenario = config
    players = two_or_more(*config)
    env = rl_environment.Environment(sos.short_name(game_name), chance_event_sampler=rl_environment.ChanceEventSampler(seed=3),
                                     players=players, scenario=scenario, returns="win_loss")
    rng = random.Random(3)
    step = env.reset()
    while not step.last():
        legal = step.observations["legal_actions"][step.observations["current_player"]]
        step = env.step([rng.choice(legal)])
    assert set(step.rewards) <= {-1.0, 1.0} and 1.0 in step.rewards


@pytest.mark.parametrize("config", scenarios(), ids=ids)
def test_observer_has_the_encoder_views(config: tuple[str, str]) -> None:
    from open_spiel.python.observation import make_observation

    game_name, scenario = config
    players = two_or_more(*config)
    game = _load(game_name, players=players, scenario=scenario)
    state = play_partway(game.new_initial_state(), random.Random(2), 30)
    obs = make_observation(game)
    obs.set_from(state, 0)
    enc = resolve(game_name, players, scenario).encoder()
    assert list(obs.dict) == [name for name, _ in enc.views]
    assert all(obs.dict[name].shape == shape for name, shape in enc.views)
    assert obs.tensor.shape == (game.observation_tensor_size(),)
    assert np.array_equal(np.asarray(state.observation_tensor(0), np.float32), obs.tensor)
    assert obs.tensor.any()
    info = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    assert info.string_from(state, 0) == state.information_state_string(0)
    if players > 1:
        assert state.information_state_string(0) != state.information_state_string(1)


@pytest.mark.parametrize("config", scenarios(), ids=ids)
def test_serialize_round_trip_mid_game(config: tuple[str, str]) -> None:
    game_name, scenario = config
    game = _load(game_name, players=two_or_more(*config), scenario=scenario, returns="win_loss")
    state = play_partway(game.new_initial_state(), random.Random(5), 50)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert str(state2) == str(state)
    assert state2.history() == state.history()
    assert state2.information_state_string(0) == state.information_state_string(0)
    a = play_random(state, random.Random(9))
    b = play_random(state2, random.Random(9))
    assert a.returns() == b.returns()


@pytest.mark.parametrize("config", scenarios(), ids=ids)
def test_returns_match_the_engine_outcome(config: tuple[str, str]) -> None:
    game_name, scenario = config
    players = two_or_more(*config)
    for mode in ("win_loss", "scores"):
        state = play_random(_load(game_name, players=players, scenario=scenario, returns=mode).new_initial_state(),
                            random.Random(4))
        out = state.position().outcome()
        expected = ([1.0 if p in out.winners else -1.0 for p in range(players)] if mode == "win_loss"
                    else [float(s) for s in out.scores])
        assert state.returns() == expected


@pytest.mark.parametrize("config", configurations(), ids=ids)
def test_cross_check_engine_openspiel_pettingzoo(config: tuple[str, str, int]) -> None:
    """The same seed and the same decisions give the same final scores through the engine,
    the OpenSpiel game (the seed's draws re-expressed as chance outcomes by the title's
    chance model) and the PettingZoo environment."""
    from snowdonia.adapters.pettingzoo import raw_env

    game_name, scenario, players = config
    setup = resolve(game_name, players, scenario)
    seed = 1000 + players
    g = setup.new_game(seed)
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    scores = [float(s) for s in g.outcome().scores]

    trace, followed = seeded_trace(setup, seed, g.history)
    assert followed.observation(None) == g.observation(None)
    state = _load(game_name, players=players, scenario=scenario).new_initial_state()
    for a in trace:
        assert a in state.legal_actions()
        state.apply_action(a)
    assert state.is_terminal()
    assert state.returns() == scores
    assert state.position().observation(None) == g.observation(None)
    assert [state.action_to_string(h.player, h.action) for h in state.full_history() if h.player >= 0] == g.history

    env = raw_env(game=game_name, scenario=scenario, players=players)
    env.reset(seed=seed)
    cat = title(game_name).catalogue()
    for text in g.history:
        a = cat.id(cat.parse(text))
        assert env.observe(env.agent_selection)["action_mask"][a] == 1
        env.step(a)
    assert all(env.terminations.values())
    assert [env.rewards[a] for a in env.possible_agents] == scores


# sha256 of Mount Snowdon's catalogue, one action text a line in id order: the OpenSpiel,
# PettingZoo and Gymnasium action ids. It must never change (issue 9, "What must not change").
SNOWDONIA_CATALOGUE_SHA256 = "d5a3db42faf3ee1c68b7afc713fbb08a900d35404d86844a04be91a109135de5"


def test_mount_snowdon_action_ids_never_move() -> None:
    import hashlib

    from snowdonia.adapters.pettingzoo import raw_env

    t = title("snowdonia")
    texts = [str(a) for a in t.catalogue().actions[:665]]
    assert t.action_count("mount_snowdon") == 665  # Mount Snowdon's action space is unchanged
    assert t.action_count("blaenau_ffestiniog") == len(t.catalogue()) > 665  # appended after it
    assert hashlib.sha256("\n".join(texts).encode()).hexdigest() == SNOWDONIA_CATALOGUE_SHA256
    state = play_partway(_load("snowdonia", players=3).new_initial_state(), random.Random(0), 1)
    assert [state.action_to_string(0, i) for i in range(665)] == texts
    assert raw_env(players=3).action_space("player_0").n == 665
