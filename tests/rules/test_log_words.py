"""The log and the choices say what changed and where (issue 21 "Log and choices").

Sources: seed 004 (`/work/shared/seeds/004_95e8e2973612b1c6.txt`) "B EXCAVATION" (rubble is
taken in route order), "D LAY TRACK" ("for each one, turn over the fully-excavated Track card
closest up the mountain"); spec/snowdonia-rules.md §1.2: "Placement is free: a player may
place where the action will do nothing ... the action then does as much as it can, possibly
nothing" - so the choice says so before it is picked."""

from __future__ import annotations

from rulekit import give, new, place, quiet_bag

from snowdonia.games.snowdonia.ui.words import NOTHING_NOW, describe

G2 = ["place G", "place G"]


def _texts(g, kind: str) -> list[str]:  # type: ignore[no-untyped-def]
    names = [f"Player {i + 1}" for i in range(g.cfg.players)]
    return [g.title.words.event(e, names, g) for e in g.log() if e["type"] == kind]


def test_excavate_names_the_spaces_the_rubble_came_from() -> None:
    """Seed 004 B EXCAVATION: the rubble comes off the route in order from Llanberis; the log
    line names each space and how much came from it."""
    g = new(2)
    quiet_bag(g)
    first = g.slot_rubble[g.cfg.track_slot[0]]
    place(g, {0: ["place B1", "place G"], 1: G2})
    line = _texts(g, "excavate")[0]
    event = next(e for e in g.log() if e["type"] == "excavate")
    assert event["taken"][0] == {"track": 0, "rubble": min(first, event["rubble"])}
    assert f"from track card 1 ({min(first, event['rubble'])})" in line, line
    assert sum(s["rubble"] for s in event["taken"]) == event["rubble"]


def test_laying_no_track_says_which_reason() -> None:
    """Seed 004 D LAY TRACK: steel for each card, and only fully excavated cards: the log says
    which of the two stopped the player."""
    g = new(2)
    quiet_bag(g)
    place(g, {0: ["place D1", "place G"], 1: G2})
    assert "Player 1 lays no track (no steel)" in _texts(g, "lay")
    h = new(2)
    quiet_bag(h)
    give(h, 0, steel=2)
    place(h, {0: ["place D1", "place G"], 1: G2})
    assert "Player 1 lays no track (no excavated track card to lay)" in _texts(h, "lay")


def test_a_placement_that_would_do_nothing_is_marked_before_it_is_picked() -> None:
    """Spec §1.2: placing where nothing happens is allowed; the choice says why it would do
    nothing now, and a useful one is not marked."""
    g = new(2)
    quiet_bag(g)
    labels = {str(a): describe(g, a) for a in g.legal_actions()}
    d1 = labels["place D1"]
    assert NOTHING_NOW + "you have no steel" in d1, d1
    assert NOTHING_NOW not in labels["place B1"] and NOTHING_NOW not in labels["place A1"]
    give(g, 0, steel=2)
    assert NOTHING_NOW + "no track card is excavated yet" in describe(g, next(
        a for a in g.legal_actions() if str(a) == "place D1"))
    give(g, 0, iron=3)
    assert NOTHING_NOW not in describe(g, next(a for a in g.legal_actions() if str(a) == "place C1"))


def test_building_nothing_says_why() -> None:
    """Seed 004 E BUILD: a site is built on a station whose track before it is excavated, for
    its full cost: with nothing open and affordable the log says so."""
    g = new(2)
    quiet_bag(g)
    place(g, {0: ["place E1", "place G"], 1: G2})
    assert ("Player 1 cannot build anything (no open building site they can pay for, and no train to buy)"
            in _texts(g, "cannot_build"))
