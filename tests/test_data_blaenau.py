"""The Blaenau Ffestiniog data file (`scenarios/blaenau_ffestiniog.toml`): the known facts
kept exactly, the structure the rules rely on, every invented value tagged `provisional`
with a reason and listed as unverified, and a corrected number taking effect with no code
change (issue 11, "The data"; docs/rulings.md, section "Blaenau Ffestiniog")."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

import snowdonia
from snowdonia.games.snowdonia import scenarios
from snowdonia.games.snowdonia.data import components, unverified
from snowdonia.games.snowdonia.rules import config

FILE = "blaenau_ffestiniog.toml"


def raw() -> dict[str, Any]:
    return scenarios.raw()[FILE]


def test_known_facts_are_kept() -> None:
    """Seed 000: "Station 4 (Plas Halt)"; spec §10: the eight names in order, Minffordd's
    bottom site "costs 1 stone, scores 7 VP and gives the stone back", and the three giving
    stations."""
    st = raw()["station"]
    assert [s["name"] for s in st] == ["Blaenau Ffestiniog", "Tanygrisiau", "Dduallt", "Tan-y-Bwlch", "Plas Halt",
                                       "Penrhyndeudraeth", "Minffordd", "Porthmadog Harbour"]
    ph = st[4]
    assert ph["number"] == "4" and sum(e["rubble"] for e in ph["excavation_sites"]) > 0
    bottom = st[6]["building_sites"][-1]
    assert (bottom["stone"], bottom["steel"], bottom["vp"], bottom["gives"]) == (1, 0, 7, {"stone": 1})
    assert {s["key"] for s in st if s["gives_free_resources"]} == {"tan_y_bwlch", "penrhyndeudraeth", "minffordd"}


def test_structure() -> None:
    """Numbers 0-7 without gaps; the ends have three surveyor spaces, no excavation sites and
    no surveyor VP; the route starts on the Llanberis space; the track cards dealt add up;
    every card at 1-4 players (R1); a card gives free resources exactly when a site of it
    has `gives`, and only iron, stone or coal."""
    data = raw()
    st = data["station"]
    assert [s["number"] for s in st] == [str(i) for i in range(8)]
    for s in (st[0], st[-1]):
        assert s["end"] and s["surveyor_spaces"] == 3 and s["excavation_sites"] == [] and s["surveyor_vp"] == 0
    assert st[0]["track_before"] == 0
    assert sum(s["track_before"] for s in st) == data["track"]["cards_dealt"] <= len(components().track_rubble)
    for s in st:
        assert s["players"] == [1, 2, 3, 4]
        gives = [b.get("gives", {}) for b in s["building_sites"]]
        assert s["gives_free_resources"] == any(gives)
        assert all(set(g) <= {"iron", "stone", "coal"} for g in gives)
    vp = [s["surveyor_vp"] for s in st]
    assert vp == vp[::-1]  # one printed value, walked from both ends (R21)


def test_rubble_fits_in_the_box() -> None:
    """The route never needs more rubble than the box holds (90), even with the Deluxe 0/6/7
    track cards: the 13 heaviest of the 17 track cards plus every excavation site."""
    comp = components()
    sites = sum(e["rubble"] for s in raw()["station"] for e in s["excavation_sites"])
    cards = sorted(comp.track_rubble + comp.deluxe_track_rubble, reverse=True)[: raw()["track"]["cards_dealt"]]
    assert sum(cards) + sites <= comp.box["rubble"]


def test_every_provisional_value_has_a_reason_and_is_listed_unverified() -> None:
    """Issue 11: "every invented value tagged `provisional` with a reason, listed by
    `snowdonia data --unverified`"."""
    rows = [r for r in unverified() if r.file == f"scenarios/{FILE}"]
    provisional = [r for r in rows if r.tag == "provisional"]
    assert provisional and all(r.reason.strip() for r in rows)
    fields = {(r.where, r.field) for r in provisional}
    for s in raw()["station"]:
        for field, tag in s["confidence"].items():
            if tag == "provisional":
                assert (f"station[{s['key']}]", field) in fields


@pytest.fixture
def corrected(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The data file as if one printed number had been corrected: Minffordd's 1-stone site
    scores 9 VP instead of 7."""
    data = copy.deepcopy(scenarios.raw())
    data[FILE]["station"][6]["building_sites"][-1]["vp"] = 9
    monkeypatch.setattr(scenarios, "raw", lambda: data)
    scenarios.scenario.cache_clear()
    config.config_for.cache_clear()
    yield
    scenarios.scenario.cache_clear()
    config.config_for.cache_clear()


def test_a_corrected_number_needs_no_code_change(corrected: None) -> None:
    g = snowdonia.new_game(1, seed=1, scenario="blaenau_ffestiniog")
    b = g.cfg.station_bsites[g.cfg.station_index["minffordd"]][-1]
    assert g.cfg.bsite_vp[b] == 9
    g.bsite_owner[b] = 0
    g.markers[0] -= 1
    assert g.result()["breakdown"][0]["lines"]["stations"] == 9
