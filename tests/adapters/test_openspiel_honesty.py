"""The OpenSpiel game type says exactly what is provided, and the observer honours the
`IIGObservationType` asked for (issue 22, item 2)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from adapter_kit import play_partway, scenarios, two_or_more  # noqa: E402
from open_spiel.python.observation import INFO_STATE_OBS_TYPE, make_observation  # noqa: E402

import snowdonia.adapters.openspiel as sos  # noqa: E402 - registers every title
from snowdonia.adapters.common import resolve  # noqa: E402
from snowdonia.bots import make_bot  # noqa: E402

PUBLIC = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                    private_info=pyspiel.PrivateInfoType.NONE)
PUBLIC_RECALL = pyspiel.IIGObservationType(perfect_recall=True, public_info=True,
                                           private_info=pyspiel.PrivateInfoType.NONE)


def _load(game: str, scenario: str, players: int) -> Any:
    return pyspiel.load_game(sos.short_name(game), {"players": players, "scenario": scenario})


def _state_at_keep(game: Any) -> Any:
    """A state where a seat has drawn cards for #5 (a private fact) and must keep one."""
    for seed in range(200):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            elif state.position().decision == "keep_contract":
                return state
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("no #5 draw in 200 random games")


def _twin_with_other_private_facts(state: Any, drawer: int) -> Any:
    """A world the other seats cannot tell apart from `state`, in which the drawer holds
    other #5 cards (the unseen contracts re-dealt for a seat that is not the drawer)."""
    other = (drawer + 1) % state.get_game().num_players()
    mine = sorted(state.position().pending_cards)
    for k in range(400):
        twin = state.resample_from_infostate(other, lambda k=k: (k * 0.618034) % 1.0)
        if sorted(twin.position().pending_cards) != mine:
            return twin
    raise AssertionError("no resample changed the drawer's cards")


def test_public_only_observer_hides_every_private_fact() -> None:
    """Two states differing only in private facts (the #5 draw, the deck): a public-only
    observer gives every seat the same tensor and string in both; the drawer's own
    observer tells them apart."""
    game = pyspiel.load_game("python_snowdonia", {"players": 3})
    state = _state_at_keep(game)
    drawer = state.position().decider
    twin = _twin_with_other_private_facts(state, drawer)
    public, public_recall, own = make_observation(game, PUBLIC), make_observation(game, PUBLIC_RECALL), \
        make_observation(game)
    for seat in range(3):
        public.set_from(state, seat)
        first = public.tensor.copy()
        public.set_from(twin, seat)
        assert np.array_equal(first, public.tensor)
        assert public.string_from(state, seat) == public.string_from(twin, seat)
        assert public_recall.string_from(state, seat) == public_recall.string_from(twin, seat)
    # ...and the states really differ in what the drawer sees.
    own.set_from(state, drawer)
    first = own.tensor.copy()
    own.set_from(twin, drawer)
    assert not np.array_equal(first, own.tensor)
    assert own.string_from(state, drawer) != own.string_from(twin, drawer)
    assert state.information_state_string(drawer) != twin.information_state_string(drawer)
    # The public views are the same for every seat: nothing says who is looking.
    public.set_from(state, 0)
    seat0 = public.tensor.copy()
    public.set_from(state, 1)
    assert np.array_equal(seat0, public.tensor)


def test_public_recall_string_hides_the_draws_even_from_the_drawer() -> None:
    game = pyspiel.load_game("python_snowdonia", {"players": 3})
    state = _state_at_keep(game)
    drawer = state.position().decider
    recall = make_observation(game, PUBLIC_RECALL)
    public = recall.string_from(state, drawer).split(" | ")[1].split()
    own = state.information_state_string(drawer).split(" | ")[1].split()
    assert len(public) == len(own)
    drawn = [f"card:{c}" for c in state.position().pending_cards[1:]]  # the cards #5 drew
    hidden = [i for i, (a, b) in enumerate(zip(own, public, strict=True)) if a != b]
    assert [own[i] for i in hidden][-len(drawn):] == drawn
    assert all(public[i] == "?" for i in hidden)


@pytest.mark.parametrize("config", scenarios(), ids=lambda c: "-".join(c))
def test_information_state_tensor_exists_exactly_when_the_game_type_says_so(config: tuple[str, str]) -> None:
    game_name, scenario = config
    game = _load(game_name, scenario, two_or_more(game_name, scenario))
    gt = game.get_type()
    state = play_partway(game.new_initial_state(), random.Random(1), 5)
    assert gt.provides_observation_tensor and len(state.observation_tensor(0)) == game.observation_tensor_size()
    assert gt.provides_observation_string and state.observation_string(0)
    assert gt.provides_information_state_string and state.information_state_string(0)
    assert gt.provides_information_state_tensor is False
    with pytest.raises(Exception, match="no information-state tensor is provided"):
        state.information_state_tensor(0)
    with pytest.raises(Exception, match="no information-state tensor"):
        game.information_state_tensor_size()
    assert make_observation(game, INFO_STATE_OBS_TYPE).tensor is None
    assert gt.provides_factored_observation_string is False


@pytest.mark.parametrize("config", scenarios(), ids=lambda c: "-".join(c))
def test_observation_types_that_are_not_provided_are_refused_in_words(config: tuple[str, str]) -> None:
    game_name, scenario = config
    game = _load(game_name, scenario, two_or_more(game_name, scenario))
    with pytest.raises(ValueError, match="ALL_PLAYERS"):
        make_observation(game, pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))
    with pytest.raises(ValueError, match="public_info=False"):
        make_observation(game, pyspiel.IIGObservationType(
            perfect_recall=True, public_info=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER))


def test_private_only_observer_holds_the_draw_and_nothing_public() -> None:
    game = pyspiel.load_game("python_snowdonia", {"players": 3})
    state = _state_at_keep(game)
    drawer = state.position().decider
    private = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, public_info=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER))
    assert set(private.dict) == {"observer", "drawn_cards"}
    private.set_from(state, drawer)
    drawn = sorted(state.position().pending_cards)
    assert np.flatnonzero(private.dict["drawn_cards"]).tolist() == drawn
    assert private.string_from(state, drawer) == f"seat {drawer} private: drawn_cards={drawn}"
    other = (drawer + 1) % 3
    private.set_from(state, other)
    assert not private.dict["drawn_cards"].any() and private.dict["observer"][other] == 1


@pytest.mark.parametrize("config", scenarios(), ids=lambda c: "-".join(c))
def test_no_random_or_bot_game_exceeds_the_declared_bounds(config: tuple[str, str]) -> None:
    """max_game_length bounds the decisions, [min_utility, max_utility] the returns, in
    random OpenSpiel games and in engine games of the greedy bot at every player count."""
    game_name, scenario = config
    counts = resolve(game_name, None, scenario).title.scenario(scenario).players
    for players in counts:
        for mode in ("scores", "win_loss", "margin"):
            game = pyspiel.load_game(sos.short_name(game_name),
                                     {"players": players, "scenario": scenario, "returns": mode})
            state = game.new_initial_state()
            rng = random.Random(players)
            decisions = 0
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(outcomes, probs)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    decisions += 1
            assert decisions <= game.max_game_length()
            assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())
        setup = resolve(game_name, players, scenario)
        game = pyspiel.load_game(sos.short_name(game_name), {"players": players, "scenario": scenario})
        for seed in range(2):
            g = setup.new_game(seed)
            bots = [make_bot("greedy", seed + p, game=game_name) for p in range(players)]
            while not g.is_over:
                seat = g.current_player
                assert seat is not None
                g.apply(bots[seat].choose(g))
            assert g.moves <= game.max_game_length()
            assert all(game.min_utility() <= s <= game.max_utility() for s in g.outcome().scores)


@pytest.mark.parametrize("config", scenarios(), ids=lambda c: "-".join(c))
def test_information_state_is_perfect_recall(config: tuple[str, str]) -> None:
    """Along a game, each seat's information state keeps everything it held before (its
    history only grows) and changes at every step, so no two positions of one game share an
    information state; two games that part at a decision never share one again."""
    game_name, scenario = config
    game = _load(game_name, scenario, two_or_more(game_name, scenario))
    players = game.num_players()
    rng = random.Random(7)
    state = game.new_initial_state()
    seen: list[set[str]] = [set() for _ in range(players)]
    before = [state.information_state_string(p).split(" | ")[1] for p in range(players)]
    fork = None
    steps = 0
    while not state.is_terminal() and steps < 300:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            legal = state.legal_actions()
            if fork is None and len(legal) > 1 and steps > 20:
                fork = (state.clone(), legal[1] if legal[0] != legal[1] else legal[0])
                state.apply_action(legal[0])
            else:
                state.apply_action(rng.choice(legal))
        steps += 1
        for p in range(players):
            info = state.information_state_string(p)
            history = info.split(" | ")[1]
            assert history.startswith(before[p]) and len(history) > len(before[p])
            assert info not in seen[p]
            seen[p].add(info)
            before[p] = history
    assert fork is not None
    other, action = fork
    other.apply_action(action)
    for _ in range(30):
        if other.is_terminal():
            break
        if other.is_chance_node():
            outcomes, probs = zip(*other.chance_outcomes(), strict=True)
            other.apply_action(rng.choices(outcomes, probs)[0])
        else:
            other.apply_action(rng.choice(other.legal_actions()))
        for p in range(players):
            assert other.information_state_string(p) not in seen[p]


def test_information_state_tells_apart_histories_the_observation_does_not() -> None:
    """Two placement orders that leave the same board: every seat's observation is the
    same, its information state is not (it remembers who placed where, and when)."""
    game = pyspiel.load_game("python_snowdonia", {"players": 2})
    rng = random.Random(3)
    for _ in range(50):
        state = game.new_initial_state()
        while state.is_chance_node() or (not state.is_terminal() and state.position().decision != "place"):
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        first = state.current_player()
        mine = [a for a in state.legal_actions() if "G" not in state.action_to_string(first, a)]
        if len(mine) < 2:
            continue
        a, c = mine[0], mine[-1]
        one, two = state.clone(), state.clone()
        for s, (x, z) in ((one, (a, c)), (two, (c, a))):
            s.apply_action(x)
            if s.current_player() == first:
                break
            others = [b for b in s.legal_actions() if b not in (a, c)]
            s.apply_action(others[0])
            if s.current_player() != first or z not in s.legal_actions():
                break
            s.apply_action(z)
        else:
            if one.position().decision != two.position().decision:
                continue
            for p in range(2):
                assert one.observation_string(p) == two.observation_string(p)
                assert np.array_equal(one.observation_tensor(p), two.observation_tensor(p))
                assert one.information_state_string(p) != two.information_state_string(p)
            return
    raise AssertionError("no two placement orders reached the same board in 50 games")
