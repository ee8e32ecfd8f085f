"""Bad input never corrupts a game (spec/product.md "Standards for what users meet"): every
refused action raises a clear error saying why, and leaves the game exactly as it was."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import snowdonia
from snowdonia.games.snowdonia.game import Game
from snowdonia.games.snowdonia.rules.actions import Action


def mid_game(players: int = 3, seed: int = 5, steps: int = 25) -> Game:
    g = snowdonia.new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        g.apply(rng.choice(g.legal_actions()))
    return g


def finished(players: int = 3, seed: int = 6) -> Game:
    g = snowdonia.new_game(players, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    return g


def state_of(g: Game) -> tuple[Any, ...]:
    return (
        [g.observation(s) for s in [None, *range(g.cfg.players)]],
        list(g.history),
        g.moves,
        g.rng,
        list(g.deck),
        [str(a) for a in g.legal_actions()],
        len(g.log_lines),
    )


def refused(g: Game, action: object, error: type[Exception], *words: str) -> str:
    before = state_of(g)
    with pytest.raises(error) as info:
        g.apply(action)  # type: ignore[arg-type]
    msg = str(info.value)
    for w in words:
        assert w in msg, f"{w!r} not in {msg!r}"
    assert state_of(g) == before, "a refused action changed the game"
    return msg


def test_illegal_action_says_why_lists_the_legal_ones_and_changes_nothing() -> None:
    g = mid_game()
    legal = [str(a) for a in g.legal_actions()]
    wrong = next(a for a in snowdonia.games.snowdonia.rules.actions.catalogue().actions if a not in g.legal_actions())
    msg = refused(g, wrong, snowdonia.IllegalAction, "not legal now", "Legal:")
    assert all(a in msg for a in legal)


def test_taken_space_is_refused() -> None:
    g = snowdonia.new_game(3, seed=1)
    g.apply("place F1")
    refused(g, "place F1", snowdonia.IllegalAction, "place F1", "taken")


def test_wrong_kind_of_action_names_the_pending_decision() -> None:
    g = snowdonia.new_game(3, seed=1)
    refused(g, "pick 5", snowdonia.IllegalAction, "does not answer a place decision")


@pytest.mark.parametrize("text", ["", "   ", "fly to the moon", "place Z9", "place A", "take iron=9",
                                  "build nowhere.1 iron=0 rubble=0", "play", "play 31", "place A1 extra"])
def test_malformed_action_string_raises_action_parse_error(text: str) -> None:
    g = snowdonia.new_game(3, seed=1)
    msg = refused(g, text, snowdonia.ActionParseError)
    assert "action" in msg and repr(text) in msg


def test_parse_error_is_also_an_illegal_action() -> None:
    """One except clause (IllegalAction) catches every refused input."""
    assert issubclass(snowdonia.ActionParseError, snowdonia.IllegalAction)


@pytest.mark.parametrize("value", [None, 3, 2.5, ["place", "G"], {"kind": "place"}, b"place G",
                                   ("place", ("G", 0))])
def test_wrong_type_is_refused(value: object) -> None:
    g = snowdonia.new_game(3, seed=1)
    refused(g, value, snowdonia.IllegalAction)


def test_action_with_made_up_args_is_refused() -> None:
    g = snowdonia.new_game(3, seed=1)
    refused(g, Action("place", ("Q", 7)), snowdonia.IllegalAction, "not legal now")


def test_action_id_out_of_range() -> None:
    with pytest.raises(snowdonia.ActionParseError, match="outside"):
        Action.from_id(10_000)
    with pytest.raises(snowdonia.ActionParseError, match="outside"):
        Action.from_id(-1)


def test_action_when_the_game_is_over() -> None:
    g = finished()
    assert g.is_over
    refused(g, "place G", snowdonia.IllegalAction, "game is over")
    refused(g, "pass", snowdonia.IllegalAction, "game is over")


def test_every_string_form_parses_back_to_its_action() -> None:
    for a in snowdonia.games.snowdonia.rules.actions.catalogue().actions:
        assert Action.parse(str(a)) == a
        assert Action.from_id(a.id) == a
        assert Action.parse("  " + str(a).replace(" ", "   ") + " ") == a


# ----------------------------------------------------------------------------- records


def good_record() -> dict[str, Any]:
    return finished(players=2, seed=8).record()


def test_good_record_replays() -> None:
    rec = good_record()
    g = snowdonia.replay(rec)
    assert g.is_over and g.result()["scores"] == rec["result"]["scores"]


def test_tampered_action_names_the_decision_that_fails() -> None:
    rec = good_record()
    bad = copy.deepcopy(rec)
    bad["actions"][3] = "place G" if bad["actions"][3] != "place G" else "pick 1"
    # Some tampering still replays (a different but legal move): then the scores must catch it.
    try:
        g = snowdonia.replay(bad)
    except snowdonia.RecordError as exc:
        assert "decision" in str(exc) and "does not replay" in str(exc)
    else:
        raise AssertionError(f"tampered record replayed to {g.result()['scores']}")


def test_tampered_action_that_is_not_legal() -> None:
    rec = good_record()
    bad = copy.deepcopy(rec)
    bad["actions"][0] = "pick 1"
    with pytest.raises(snowdonia.RecordError, match=r"decision 1 \('pick 1'\) does not replay"):
        snowdonia.replay(bad)


def test_malformed_action_in_a_record() -> None:
    bad = copy.deepcopy(good_record())
    bad["actions"][2] = "place nowhere"
    with pytest.raises(snowdonia.RecordError, match="decision 3"):
        snowdonia.replay(bad)


def test_wrong_scores_are_detected() -> None:
    bad = copy.deepcopy(good_record())
    bad["result"]["scores"] = [s + 1 for s in bad["result"]["scores"]]
    with pytest.raises(snowdonia.RecordError, match="scores"):
        snowdonia.replay(bad)


@pytest.mark.parametrize("key", ["players", "seed", "actions"])
def test_missing_keys_are_named(key: str) -> None:
    bad = copy.deepcopy(good_record())
    del bad[key]
    with pytest.raises(snowdonia.RecordError, match=key):
        snowdonia.replay(bad)


@pytest.mark.parametrize(("change", "word"), [
    ({"format": "chess-pgn"}, "format"),
    ({"actions": "place G"}, "actions"),
    ({"players": 9}, "players"),
    ({"settings": {"edition": "gold"}}, "edition"),
    ({"settings": {"bogus": 1}}, "bogus"),
])
def test_broken_record_fields(change: dict[str, Any], word: str) -> None:
    bad = copy.deepcopy(good_record())
    bad.update(change)
    with pytest.raises(snowdonia.RecordError, match=word):
        snowdonia.replay(bad)


def test_record_that_is_not_an_object() -> None:
    with pytest.raises(snowdonia.RecordError, match="JSON object"):
        snowdonia.replay(["place G"])  # type: ignore[arg-type]


def test_truncated_record_replays_to_an_unfinished_game() -> None:
    """A record cut short is a valid prefix: it replays to the game at that point."""
    rec = good_record()
    g = snowdonia.replay(rec, upto=10)
    assert not g.is_over and len(g.history) == 10


def test_bad_seat_for_observation() -> None:
    g = snowdonia.new_game(3, seed=1)
    with pytest.raises(ValueError, match="seat"):
        g.observation(3)


def test_bad_seed_type() -> None:
    with pytest.raises(ValueError, match="seed"):
        snowdonia.new_game(3, seed="abc")  # type: ignore[arg-type]


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(text=st.one_of(
    st.text(max_size=30),
    st.sampled_from([str(a) for a in snowdonia.games.snowdonia.rules.actions.catalogue().actions]).map(
        lambda s: s.replace("=", "=-").replace("1", "11")),
))
def test_any_text_is_either_applied_or_refused_cleanly(text: str) -> None:
    """Fuzz: whatever string arrives (as from a web request), the engine applies it if it is
    a legal move and otherwise raises IllegalAction / ActionParseError, changing nothing."""
    g = snowdonia.new_game(3, seed=2)
    legal = {str(a) for a in g.legal_actions()}
    norm = " ".join(text.split())
    if norm in legal:
        g.apply(text)
        assert g.history == [norm]
        return
    before = state_of(g)
    with pytest.raises(snowdonia.IllegalAction):
        g.apply(text)
    assert state_of(g) == before
