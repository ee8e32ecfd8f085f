"""Editions, variants and settings (spec rules §5; seed 003 Deluxe, Light Fog, solo training;
seed 004 Solitaire, Blaenau Ffestiniog)."""

from __future__ import annotations

import pytest
from rulekit import legal, new, place, quiet_bag, resolve

import snowdonia


def place_counts(g: snowdonia.Game) -> dict[str, int]:
    opts = legal(g)
    return {a: len([o for o in opts if o.startswith(f"place {a}")]) for a in "ABCDEF"}


def test_deluxe_solo_uses_the_three_player_spaces_with_a_reduced_to_two() -> None:
    """Data §3 / seed 003: the Deluxe solo set-up takes the 3-player row with A = 2."""
    g = new(1, edition="deluxe")
    g.apply("pass")  # hire question
    assert place_counts(g) == {"A": 2, "B": 2, "C": 1, "D": 2, "E": 2, "F": 2}


def test_original_solo_uses_the_solo_action_cards() -> None:
    """Seed 004 step 9 with data §3's solo row."""
    g = new(1)
    g.apply("pass")
    assert place_counts(g) == {"A": 2, "B": 2, "C": 1, "D": 1, "E": 2, "F": 1}


def test_solo_restock_is_six_cubes() -> None:
    """Data §2 (inferred): restock 6 cubes with 1 player."""
    g = new(1)
    quiet_bag(g)
    yard = g.yard_i + g.yard_s + g.yard_c
    place(g, {0: ["place G", "place G"]})
    resolve(g)
    assert g.yard_i + g.yard_s + g.yard_c == yard + 6


@pytest.mark.parametrize(("players", "restock"), [(2, 6), (3, 9), (4, 12), (5, 12)])
def test_stock_yard_restock_counts(players: int, restock: int) -> None:
    """Seed 004 Restock the Stock Yard: "The number of cubes required for restocking varies
    according to the number of players" (data §2: 6/6/9/12/12)."""
    g = new(players)
    quiet_bag(g)
    yard = g.yard_i + g.yard_s + g.yard_c
    place(g, {p: ["place G", "place G"] for p in range(players)})
    resolve(g)
    assert g.yard_i + g.yard_s + g.yard_c == yard + restock


def test_deluxe_track_cards_need_the_deluxe_edition() -> None:
    """Spec rules §5: deluxe_track_cards is a Deluxe option."""
    with pytest.raises(snowdonia.SettingsError, match="deluxe"):
        snowdonia.new_game(3, seed=1, deluxe_track_cards=True)


@pytest.mark.parametrize(("kwargs", "word"), [
    ({"edition": "gold"}, "edition"),
    ({"light_fog": "yes"}, "light_fog"),
    ({"contracts_per_window": 2}, "contracts_per_window"),
    ({"solo_train": 8}, "solo_train"),
    ({"colour": "red"}, "unknown setting"),
])
def test_bad_settings_are_refused_with_the_reason(kwargs: dict[str, object], word: str) -> None:
    """Spec rules §5: every setting has a fixed set of values."""
    with pytest.raises(snowdonia.SettingsError, match=word):
        snowdonia.new_game(3, seed=1, **kwargs)


@pytest.mark.parametrize("players", [0, 6, "3", True])
def test_player_count_must_be_1_to_5(players: object) -> None:
    """Seed 004 About the game: 1 to 5 players."""
    with pytest.raises(snowdonia.SettingsError, match="players"):
        snowdonia.new_game(players, seed=1)  # type: ignore[arg-type]


def test_blaenau_ffestiniog_is_for_one_to_four_players() -> None:
    """Seed 004 BLAENAU FFESTINIOG: "The Blaenau Ffestiniog game is for 1 to 4 players only";
    seed 000: "Diese Variante kann mit 1-4 Spielern gespielt werden"."""
    with pytest.raises(snowdonia.SettingsError, match="Blaenau Ffestiniog is for 1 to 4 players"):
        snowdonia.new_game(5, seed=1, scenario="blaenau_ffestiniog")
    for n in (1, 2, 3, 4):
        assert snowdonia.new_game(n, seed=1, scenario="blaenau_ffestiniog").players == n


def test_deluxe_bag_counts_are_public() -> None:
    """Spec rules §2 C: in the Deluxe edition the bag may be inspected; the observation shows
    the bag's counts in every edition (everything outside the bag is counted on the table)."""
    for ed in ("original", "deluxe"):
        obs = new(3, edition=ed).observation(1)
        assert set(obs["bag"]) == {"iron", "stone", "coal", "event"}
