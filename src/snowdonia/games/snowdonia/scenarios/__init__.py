"""Scenarios as data: which station cards, which contracts, how the Event Track and the
trains start, and - only where a rule differs - the hooks bound once at set-up
(`scenarios/hooks.py`). Mount Snowdon is the base game (the yellow side of the station
cards, `data/stations.toml`); Blaenau Ffestiniog uses the blue side, printed in its own file.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from snowdonia.core.data import load_toml
from snowdonia.games.snowdonia.data import BuildingSite, ExcavationSite, Station, components

FILES = {"mount_snowdon": "mount_snowdon.toml", "blaenau_ffestiniog": "blaenau_ffestiniog.toml"}
KEYS = tuple(FILES)


@dataclass(frozen=True)
class Scenario:
    key: str
    name: str
    players: tuple[int, ...]
    stations: tuple[Station, ...]
    contracts_removed: frozenset[int]
    event_cube_start_space: int  # 0: none
    trains_from_start: bool
    two_ends: bool  # Blaenau Ffestiniog: players choose an end and work away from it
    ends: tuple[str, ...]
    surveyor_spaces_per_end: int
    bag_event_cubes: int | None  # None: the Supply Table's number
    game_markers_for_events: int | None  # None: the box's game markers minus the two rates
    maintenance_station: str | None  # maintenance when this station's rubble is gone
    description: str
    provisional: bool


def _station(s: dict[str, Any]) -> Station:
    return Station(
        key=s["key"], number=s["number"], name=s["name"], players=tuple(s["players"]),
        track_before=s["track_before"], surveyor_vp=s["surveyor_vp"],
        excavation_sites=tuple(ExcavationSite(e["rubble"], e["vp"]) for e in s["excavation_sites"]),
        building_sites=tuple(BuildingSite(b["stone"], b["steel"], b["vp"], tuple(sorted(b.get("gives", {}).items())))
                             for b in s["building_sites"]),
        end=bool(s.get("end", False)),
    )


def raw() -> dict[str, dict[str, Any]]:
    return load_toml("snowdonia.games.snowdonia.scenarios", FILES.values())


@cache
def scenario(key: str) -> Scenario:
    data = raw()[FILES[key]]
    sc = data["scenario"]
    if sc.get("station_side", "yellow") == "yellow":
        stations = components().stations
    else:
        stations = tuple(_station(s) for s in data["station"])
    provisional = any(_has_tag(s, "provisional") for s in data.get("station", []))
    return Scenario(
        key=sc["key"], name=sc["name"], players=tuple(sc["players"]), stations=stations,
        contracts_removed=frozenset(sc.get("contracts_removed", ())),
        event_cube_start_space=int(sc.get("event_cube_start_space", 0)),
        trains_from_start=bool(sc.get("trains_available_from_start", False)),
        two_ends=bool(sc.get("two_ends", "ends" in sc)),
        ends=tuple(sc.get("ends", ())),
        surveyor_spaces_per_end=int(sc.get("surveyor_spaces_per_end", 0)),
        bag_event_cubes=sc.get("bag_event_cubes"),
        game_markers_for_events=sc.get("game_markers_for_events"),
        maintenance_station=sc.get("maintenance_trigger_station"),
        description=sc.get("description", ""),
        provisional=provisional,
    )


def _has_tag(node: dict[str, Any], tag: str) -> bool:
    conf = node.get("confidence")
    if isinstance(conf, str):
        return conf == tag
    if isinstance(conf, dict):
        return tag in conf.values()
    return False
