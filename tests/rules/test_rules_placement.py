"""Assign Labourers: hiring with coal, turn order, space limits, fog (seed 004 "Assign
Labourers", "Check the Weather"; seed 003 Light Fog; data §3; spec rules §1.1-1.2)."""

from __future__ import annotations

import pytest
from rulekit import give, give_train, legal, new, place, restart_round

CAPS = {  # data §3: A B C D E F per player count
    1: (2, 2, 1, 1, 2, 1), 2: (2, 2, 1, 1, 2, 1), 3: (3, 2, 1, 2, 2, 2),
    4: (4, 3, 2, 3, 2, 2), 5: (4, 3, 3, 3, 3, 2),
}


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_action_space_counts_per_player_count(players: int) -> None:
    """Seed 004 step 9 (alternative action space cards) with data §3's numbers; G is open."""
    g = new(players)
    restart_round(g)
    if g.decision == "hire":
        g.apply("pass")
    opts = legal(g)
    for a, cap in zip("ABCDEF", CAPS[players], strict=True):
        assert [o for o in opts if o.startswith(f"place {a}")] == [f"place {a}{i}" for i in range(1, cap + 1)]
    assert "place G" in opts


def test_placement_alternates_one_labourer_at_a_time_from_the_start_player() -> None:
    """Seed 004 Assign Labourers: "In clockwise order beginning with the Start Player, each
    player places one of their Labourers ... one piece per player at a time"."""
    g = new(3, start=1)
    order = []
    while g.decision == "place" and g.round == 1:
        order.append(g.decider)
        g.apply("place G")
    assert order == [1, 2, 0, 1, 2, 0]


def test_taken_space_is_no_longer_legal_and_g_is_unlimited() -> None:
    """Seed 004 Assign Labourers: "into any empty action space"; G has no space limit."""
    g = new(3)
    g.apply("place F1")
    assert "place F1" not in legal(g)
    for _ in range(5):
        assert "place G" in legal(g)
        g.apply("place G")
    assert len(g.g_list) == 5


def test_hire_costs_one_coal_to_the_bag_and_gives_a_third_labourer() -> None:
    """Seed 004 Assign Labourers: "each player with a Train may return one Coal ... to the
    Supply Bag to take the temporary Labourer"."""
    g = new(3)
    give_train(g, 0, next(t for t in g.shed if t != 6))
    g.coal[0] = 1
    restart_round(g)
    assert g.decision == "hire" and g.decider == 0
    bag_c = g.bag_c
    g.apply("hire")
    assert g.coal[0] == 0 and g.bag_c == bag_c + 1
    placed = []
    while g.decision == "place" and g.round == 1:
        placed.append(g.decider)
        g.apply("place G")
    assert placed.count(0) == 3 and placed.count(1) == 2


def test_padarn_hire_costs_two_coal() -> None:
    """Seed 004 Trains, No. 6 Padarn: "The owner may pay two Coal at the start of a round to
    gain a temporary Labourer"; with one coal the question is not even asked."""
    g = new(3)
    give_train(g, 0, 6)
    g.coal[0] = 1
    restart_round(g)
    assert g.decision == "place"  # not offered: cannot pay 2
    g.coal[0] = 2
    restart_round(g)
    assert g.decision == "hire"
    g.apply("hire")
    assert g.coal[0] == 0 and g.to_place[0] == 3


def test_no_train_no_hire_and_pass_keeps_coal() -> None:
    """Seed 004 Assign Labourers: only "each player with a Train" may hire."""
    g = new(3)
    give(g, 1, coal=2)
    restart_round(g)
    assert g.decision == "place"
    give_train(g, 1, g.shed[0])
    restart_round(g)
    if g.decider != 1:
        g.apply("place G")
    assert g.decision == "hire" and g.decider == 1
    coal = g.coal[1]
    g.apply("pass")
    assert g.coal[1] == coal and g.to_place[1] == 2


def test_hired_labourer_goes_back_to_the_pub_after_the_round() -> None:
    """Seed 004 Resolve Actions: "temporary Labourers ... are returned to the Pub when used"."""
    g = new(3)
    give_train(g, 0, 5)
    restart_round(g)
    g.bag_e = 0
    place(g, {0: ["place G"] * 3, 1: ["place G"] * 2, 2: ["place G"] * 2}, hire=[0])
    assert g.round == 2
    assert g.labourers == [2, 2, 2]
    assert g.to_place[0] == 2


def test_fog_blocks_every_space_of_b_and_d() -> None:
    """Seed 004 Check the Weather: "Fog = No Excavation [B] or Lay Track [D] actions can be
    performed this round ... Labourers cannot be placed there"."""
    g = new(4)
    g.weather_current = "fog"
    restart_round(g)
    opts = legal(g)
    assert not [o for o in opts if o.startswith(("place B", "place D"))]
    assert "place A1" in opts and "place C1" in opts


def test_light_fog_blocks_only_the_last_space_of_b_and_d() -> None:
    """Seed 003 (Deluxe), Light Fog variant: fog blocks only the last space of B and D."""
    g = new(4, light_fog=True)
    g.weather_current = "fog"
    restart_round(g)
    opts = legal(g)
    assert [o for o in opts if o.startswith("place B")] == ["place B1", "place B2"]
    assert [o for o in opts if o.startswith("place D")] == ["place D1", "place D2"]


def test_sun_and_rain_block_nothing() -> None:
    """Seed 004 Check the Weather: only fog stops placements."""
    for w in ("sun", "rain"):
        g = new(3)
        g.weather_current = w
        restart_round(g)
        assert "place B1" in legal(g) and "place D2" in legal(g)


def test_placing_on_an_action_that_will_do_nothing_is_allowed() -> None:
    """Spec rules §1.2: placement is free; Lay Track with no steel is still a legal space."""
    g = new(3)
    assert g.steel[0] == 0
    assert "place D1" in legal(g)
