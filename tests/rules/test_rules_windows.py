"""Contract windows before each action area (seed 004 "Contract Cards"; German seeds 000/002
"genau eine" -> setting contracts_per_window; spec rules §1.3)."""

from __future__ import annotations

from rulekit import give_contract, legal, new, place, quiet_bag, resolve

from snowdonia.games.snowdonia.game import Game

ALL_G = {0: ["place G"] * 2, 1: ["place G"] * 2, 2: ["place G"] * 2}


def windows_seen(g: Game, play: dict[tuple[str, int], list[str]] | None = None) -> list[tuple[str, int]]:
    """Resolve the round, recording (area, seat) of every window decision; answer from `play`
    (keyed by (area, seat)) or pass."""
    seen: list[tuple[str, int]] = []
    queue = {k: list(v) for k, v in (play or {}).items()}

    def choose(game: Game) -> str | None:
        if game.decision == "contract_window":
            key = ("ABCDEFG"[game.res_area], game.decider)
            seen.append(key)
            q = queue.get(key)
            return q.pop(0) if q else "pass"
        return None

    resolve(g, choose)
    return seen


def test_window_of_every_area_opens_even_with_no_labourer_there() -> None:
    """Seed 004 Contract Cards: "Before the first action is resolved for an Action Area,
    players may play Contract cards" - spec rules §1.3: every area, every round, whether or
    not anyone placed a labourer there."""
    g = new(3)
    quiet_bag(g)
    for p, c in ((0, 7), (1, 26), (2, 11), (0, 1), (1, 10), (2, 5), (0, 18)):
        give_contract(g, p, c)
    place(g, ALL_G)
    assert windows_seen(g) == [("A", 0), ("B", 1), ("C", 2), ("D", 0), ("E", 1), ("F", 2), ("G", 0)]


def test_window_order_is_clockwise_from_the_start_player() -> None:
    """Seed 004 Contract Cards: "In clockwise order beginning with the Start Player"."""
    g = new(3, start=1)
    quiet_bag(g)
    for p, c in ((0, 7), (1, 22), (2, 23)):
        give_contract(g, p, c)
    place(g, ALL_G)
    assert windows_seen(g) == [("A", 1), ("A", 2), ("A", 0)]


def test_only_cards_of_the_current_area_can_be_played() -> None:
    """Seed 004 Contract Cards: cards "that have the current Action Area shown at the bottom
    left of the card"."""
    g = new(3)
    quiet_bag(g)
    give_contract(g, 0, 7)  # A
    give_contract(g, 0, 26)  # B
    place(g, ALL_G)
    assert g.decision == "contract_window" and g.res_area == 0
    assert legal(g) == ["play 7", "pass"]


def test_unlimited_window_lets_a_player_play_several_cards() -> None:
    """Seed 004 Contract Cards: "each player may play one or more Contract cards"."""
    g = new(3)
    quiet_bag(g)
    give_contract(g, 0, 7)
    give_contract(g, 0, 29)
    place(g, ALL_G)
    g.apply("play 7")
    assert g.decision == "contract_window" and g.decider == 0
    assert legal(g) == ["play 29", "pass"]
    g.apply("play 29")
    assert g.played[0] == (1 << 7) | (1 << 29) and g.hand[0] == 0


def test_contracts_per_window_1_moves_on_after_one_card() -> None:
    """Seed 000 (German rulebook) / seed 002: exactly one card per window - setting
    contracts_per_window=1 (spec rules §1.3)."""
    g = new(3, contracts_per_window=1)
    quiet_bag(g)
    give_contract(g, 0, 7)
    give_contract(g, 0, 29)
    give_contract(g, 1, 22)
    place(g, ALL_G)
    g.apply("play 7")
    assert g.decision == "contract_window" and g.decider == 1
    g.apply("pass")
    assert g.hand[0] == 1 << 29  # #29 stays in hand for a later round


def test_played_card_turns_sideways_and_stays_for_scoring() -> None:
    """Seed 004 Contract Cards: "turn it sideways ... leave the card in the player's area";
    effects persist until the end of the current round."""
    g = new(3)
    quiet_bag(g)
    give_contract(g, 2, 7)
    place(g, ALL_G)
    windows_seen(g, {("A", 2): ["play 7"]})
    assert g.played[2] == 1 << 7 and g.hand[2] == 0
    assert g.round == 2 and g.round_played == [0, 0, 0]


def test_contract_13_blocks_every_other_contract_this_round_only() -> None:
    """Data §9 #13: "no other contract may be played for the rest of the round"."""
    g = new(3)
    quiet_bag(g)
    give_contract(g, 0, 13)
    give_contract(g, 1, 7)
    give_contract(g, 2, 26)
    place(g, ALL_G)
    assert windows_seen(g, {("A", 0): ["play 13"]}) == [("A", 0)]
    assert g.hand[1] == 1 << 7 and g.hand[2] == 1 << 26
    place(g, ALL_G)
    assert windows_seen(g) == [("A", 1), ("B", 2)]


def test_window_every_round() -> None:
    """Spec rules §1.3: the window of every area opens every round."""
    g = new(3)
    quiet_bag(g)
    give_contract(g, 1, 26)
    for _ in range(3):
        place(g, ALL_G)
        assert windows_seen(g) == [("B", 1)]
