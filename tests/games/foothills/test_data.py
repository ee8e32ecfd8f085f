"""The component data keeps every structural fact of seed 001_c8b34512af30f80d.txt and the
spec, tags every value, and is read by the engine alone (a corrected number needs no code
change)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from snowdonia.core.data import TAGS, DataError
from snowdonia.games.foothills import data
from snowdonia.games.foothills.data import components
from snowdonia.games.foothills.rules import config as config_module
from snowdonia.games.foothills.title import TITLE

from .kit import clear, empty_hands, give, legal, new, play, restart_turn


def test_railways_and_route_cards() -> None:
    """Seed 001 "Spielmaterial": "60 Spielkarten: 34 Streckenkarten"; set-up 1: "Es gibt
    insgesamt 8 Strecken. Jede Strecke setzt sich aus 2 bis 7 Karten zusammen."; "Porthmadog
    (I/II-5) und Llanberis (III/IV-1) gehören zu zwei Strecken"."""
    c = components()
    assert [r.numeral for r in c.railways] == ["I", "II", "III", "IV", "V", "VI", "VII", "VIII"]
    assert len(c.cards) == 34
    for r in c.railways:
        assert 2 <= sum(1 for x in c.cards if r.numeral in x.railways) <= 7
    shared = {x.id: x.railways for x in c.cards if len(x.railways) == 2}
    assert shared == {"I/II-5": ("I", "II"), "III/IV-1": ("III", "IV")}
    route_i = [x.name for x in sorted((x for x in c.cards if "I" in x.railways), key=lambda x: x.columns[0])]
    assert route_i[1:] == ["Tan-y-Bwlch", "Penrhyn", "Minffordd", "Porthmadog"]
    byid = {x.id: x for x in c.cards}
    assert byid["VII-2"].name == "Barmouth Ferry" and byid["VII-2"].effect == "barmouth_ferry"
    assert byid["VIII-4"].name == "Devil's Bridge" and byid["VIII-4"].effect == "devils_bridge"
    assert len(byid["VIII-4"].stations) == 3 and byid["VIII-4"].ordered
    assert byid["IV-5"].name == "Yr Wyddfa" and byid["IV-5"].space is not None and byid["IV-5"].space.summit
    assert byid["IV-2/3"].double and byid["I/II-5"].tracks == 2
    assert [r.numeral for r in c.railways if r.bonus_token] == ["I", "II"]


def test_start_stations_tickets_and_bonuses() -> None:
    """Seed 001 "Tickets": the ticket of the railway's colour "sowie einen Bonus in Form von 1
    Eisen, 1 Stein, 1 Ressource eurer Wahl, 2 Geröll oder 1 Passagier"; "14 Tickets (je 2 von
    7 Arten)"."""
    c = components()
    starts = [x for x in c.cards if x.start]
    assert len(starts) == 7 and len({x.ticket for x in starts}) == 7 == c.box["ticket_kinds"]
    assert c.box["tickets_per_kind"] * c.box["ticket_kinds"] == 14
    allowed = [{"iron": 1}, {"stone": 1}, {"resource": 1}, {"rubble": 2}, {"passengers": 1}]
    for x in starts:
        sd = x.space
        assert sd is not None and sd.ticket
        gains = {k: v for k, v in (("iron", sd.iron), ("stone", sd.stone), ("resource", sd.resource),
                                   ("rubble", sd.rubble), ("passengers", sd.passengers)) if v}
        assert gains in allowed and sd.vp == 0 and not sd.track


def test_box_counts() -> None:
    """Seed 001 "Spielmaterial": 10 Streckenarbeitermarken, 16 Passagiermarken, 32
    Siegpunktmarken (2x½, 8x1, 12x3, 10x10), 32 Gleis-/Stationsmarken (16 blaue und 16
    grüne), 5 Prellböcke; 20 iron, 16 stone, 4 event cubes (spec)."""
    box = components().box
    assert (box["navvies"], box["passengers"], box["buffer_stops"], box["markers_per_player"]) == (10, 16, 5, 16)
    assert box["vp_tokens"] == {"half": 2, "one": 8, "three": 12, "ten": 10}
    assert (box["iron"], box["stone"], box["event_cubes"]) == (20, 16, 4)


def test_action_cards_colours_categories_and_a3() -> None:
    """Seed 001: "Alle Hauptaktionen sind identisch; die entsprechenden Nebenaktionen hingegen
    sind alle unterschiedlich." Each grey-side category has 1 blue, 1 green, 3 neutral cards;
    C side actions are on the back of A cards, D on B, E on C; card A3 is Stockyard / Tea
    Break."""
    c = components()
    assert len(c.action_cards) == 25 and len({a.side for a in c.action_cards}) == 25
    for cat in "ABCDE":
        assert Counter(a.colour for a in c.action_cards if a.category == cat) == {"neutral": 3, "blue": 1, "green": 1}
    shift = {"A": "C", "B": "D", "C": "E"}
    for a in c.action_cards:
        if a.category in shift:
            assert c.sides[a.side].category == shift[a.category]
    a3 = next(a for a in c.action_cards if a.id == "A3")
    assert a3.side == "teepause" and c.sides["teepause"].english == "Tea Break"
    tickets = {k for k, s in c.sides.items() if s.ticket}
    assert tickets == {"schubkarre", "schwerarbeiter", "schmied", "architekt", "maurer", "stahlarbeiter", "aufseher"}
    colours = {k: s.colour for k, s in c.sides.items() if s.colour != "neutral"}
    assert colours == {"altmaterial": "blue", "hafenmarkt": "green", "aushilfe": "green", "stift": "blue",
                       "kraftpaket": "green", "materialfriedhof": "blue", "landschaftsplaner": "blue",
                       "maurer": "green", "aufseher": "blue", "tourist": "green"}


def test_every_value_is_tagged_and_the_unsure_ones_say_why() -> None:
    prov = TITLE.provenance()
    assert prov and all(p.tag in TAGS and p.game == "foothills" for p in prov)
    tags = Counter(p.tag for p in prov)
    assert tags["seed"] > 50 and tags["provisional"] > 50
    for p in prov:
        if p.tag in ("provisional", "inferred"):
            assert p.reason, f"{p.file} {p.where} {p.field} is {p.tag} without a reason"
    cards = {p.where for p in prov if p.file == "railways.toml"}
    assert len([w for w in cards if w.startswith("card[")]) == 34


@pytest.fixture
def patched(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Component data with Tan-y-Bwlch's station changed, as a corrected file would be."""
    raw = data.load_raw()

    def edit(r: dict[str, Any]) -> dict[str, Any]:
        for card in r["railways.toml"]["card"]:
            if card["id"] == "I-2":
                card["stations"][0]["cost"] = {"stone": 3}
                card["stations"][0]["reward"] = {"vp": 7}
        return r

    monkeypatch.setattr(data, "load_raw", lambda: edit(raw))
    data.components.cache_clear()
    config_module.config.cache_clear()
    yield
    data.components.cache_clear()
    config_module.config.cache_clear()


def test_a_corrected_number_needs_no_code_change(patched: Any) -> None:
    g = new()
    clear(g, "I-2")
    empty_hands(g, 0)
    give(g, 0, stone=3)
    restart_turn(g, 0)
    assert "card D1" in legal(g)
    play(g, "card D1")
    assert g.vp[0] == 7 and g.stone[0] == 0
    assert "3 stone → 7 VP" in TITLE.words.components(g)["route_cards"]["I-2"]["text"]


def test_the_loader_rejects_data_that_breaks_the_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    raw = data.load_raw()
    raw["railways.toml"]["card"] = raw["railways.toml"]["card"][:-1]
    monkeypatch.setattr(data, "load_raw", lambda: raw)
    data.components.cache_clear()
    try:
        with pytest.raises(DataError):
            data.components()
    finally:
        monkeypatch.undo()
        data.components.cache_clear()


def test_the_loader_rejects_a_box_with_too_little_rubble(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed 001 set-up 5: "Legt die übrig gebliebenen Geröllklötzchen in den allgemeinen
    Vorrat": a corrected rubble count must exceed what six railways put on their track spaces."""
    raw = data.load_raw()
    raw["components.toml"]["box"] = dict(raw["components.toml"]["box"], rubble=45)
    monkeypatch.setattr(data, "load_raw", lambda: raw)
    data.components.cache_clear()
    try:
        with pytest.raises(DataError, match="rubble"):
            data.components()
    finally:
        monkeypatch.undo()
        data.components.cache_clear()
