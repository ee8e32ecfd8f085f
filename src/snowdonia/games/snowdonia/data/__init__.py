"""Component data: the printed numbers of Snowdonia, read from the TOML files beside this
module. Every table keeps a `confidence` tag (spec/snowdonia-data.md); the engine reads
numbers only through `components()`, so correcting a value needs no code change."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from snowdonia.core.data import TAGS as TAGS
from snowdonia.core.data import UNVERIFIED, Provenance, load_toml, provenance_of

FILES = (
    "supply.toml",
    "action_spaces.toml",
    "work_rates.toml",
    "events.toml",
    "stations.toml",
    "track.toml",
    "trains.toml",
    "contracts.toml",
)


@dataclass(frozen=True)
class BuildingSite:
    stone: int
    steel: int
    vp: int
    # Blaenau Ffestiniog: cubes the builder takes from the bag, e.g. (("coal", 1),)
    gives: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class ExcavationSite:
    rubble: int
    vp: int


@dataclass(frozen=True)
class Station:
    key: str
    number: str
    name: str
    players: tuple[int, ...]
    track_before: int
    surveyor_vp: int
    excavation_sites: tuple[ExcavationSite, ...]
    building_sites: tuple[BuildingSite, ...]
    end: bool = False  # Blaenau Ffestiniog: a starting end of the line

    @property
    def height(self) -> float:
        """Position up the mountain (4.5 for the Passing Loop), for surveyor bonuses."""
        return float(self.number)


@dataclass(frozen=True)
class Train:
    number: int
    name: str
    cost: int
    coal: int
    hire_coal: int
    ability: dict[str, int]


@dataclass(frozen=True)
class Contract:
    number: int
    area: str
    effect: str
    params: dict[str, int]
    text: str
    bonus: dict[str, Any]
    back: str
    min_players: int = 1


@dataclass(frozen=True)
class Components:
    raw: dict[str, dict[str, Any]]
    stations: tuple[Station, ...]
    trains: tuple[Train, ...]
    contracts: tuple[Contract, ...]
    track_rubble: tuple[int, ...]
    deluxe_track_rubble: tuple[int, ...]
    events: dict[int, str]
    event_returns: dict[int, tuple[int, ...]]
    event_loop_after: int
    excavation_rates: tuple[int, ...]
    excavation_start: int
    lay_rates: tuple[int, ...]
    lay_start: int
    weather_effect: dict[str, dict[str, Any]]
    area_spaces: dict[str, dict[int, int]]
    deluxe_solo_spaces: dict[str, int]
    b_build_spaces: int
    restock: dict[int, int]
    bag: dict[int, dict[str, Any]]
    stock_yard_setup: dict[str, int]
    solo_stock_yard_draw: int
    stock_yard_cubes: int
    stock_yard_coal_limit: int
    box: dict[str, Any]
    steel_limit: int
    weather_discs: dict[str, int]
    contract_by_number: dict[int, Contract] = field(default_factory=dict)
    train_by_number: dict[int, Train] = field(default_factory=dict)


def load_raw() -> dict[str, dict[str, Any]]:
    """Every data file, parsed, keyed by file name."""
    return load_toml("snowdonia.games.snowdonia.data", FILES)


@lru_cache(maxsize=1)
def components() -> Components:
    raw = load_raw()
    sup, spaces, rates, ev = (
        raw["supply.toml"],
        raw["action_spaces.toml"],
        raw["work_rates.toml"],
        raw["events.toml"],
    )
    stations = tuple(
        Station(
            key=s["key"],
            number=s["number"],
            name=s["name"],
            players=tuple(s["players"]),
            track_before=s["track_before"],
            surveyor_vp=s["surveyor_vp"],
            excavation_sites=tuple(ExcavationSite(e["rubble"], e["vp"]) for e in s["excavation_sites"]),
            building_sites=tuple(BuildingSite(b["stone"], b["steel"], b["vp"]) for b in s["building_sites"]),
        )
        for s in raw["stations.toml"]["station"]
    )
    trains = tuple(
        Train(t["number"], t["name"], t["cost"], t["coal"], t["hire_coal"], dict(t["ability"]))
        for t in raw["trains.toml"]["train"]
    )
    contracts = tuple(
        Contract(
            number=c["number"],
            area=c["area"],
            effect=c["effect"],
            params=dict(c["params"]),
            text=c["text"],
            bonus=dict(c["bonus"]),
            back=c["back"],
            min_players=c.get("min_players", 1),
        )
        for c in raw["contracts.toml"]["contract"]
    )
    comp = Components(
        raw=raw,
        stations=stations,
        trains=trains,
        contracts=contracts,
        track_rubble=tuple(raw["track.toml"]["cards"]["rubble"]),
        deluxe_track_rubble=tuple(raw["track.toml"]["deluxe_optional_cards"]["rubble"]),
        events={e["space"]: e["event"] for e in ev["space"]},
        event_returns={e["space"]: tuple(e["returns"]) for e in ev["space"] if "returns" in e},
        event_loop_after=ev["loop_after"],
        excavation_rates=tuple(rates["excavation"]["values"]),
        excavation_start=rates["excavation"]["start_index"],
        lay_rates=tuple(rates["lay_track"]["values"]),
        lay_start=rates["lay_track"]["start_index"],
        weather_effect={k: rates["weather_effect"][k] for k in ("sun", "rain", "fog")},
        area_spaces={a["area"]: {int(k): v for k, v in a["spaces"].items()} for a in spaces["areas"]},
        deluxe_solo_spaces={
            a["area"]: spaces["deluxe_solo"]["overrides"].get(
                a["area"], a["spaces"][str(spaces["deluxe_solo"]["base_players"])]
            )
            for a in spaces["areas"]
        },
        b_build_spaces=spaces["b_build_side"]["spaces"],
        restock={int(k): v for k, v in sup["restock"]["by_players"].items()},
        bag={b["players"]: b for b in sup["bag"]},
        stock_yard_setup={k: sup["stock_yard_setup"][k] for k in ("iron", "stone", "coal")},
        solo_stock_yard_draw=sup["stock_yard_setup_solo"]["draw"],
        stock_yard_cubes=sup["stock_yard_action"]["cubes"],
        stock_yard_coal_limit=sup["stock_yard_action"]["coal_limit"],
        box=sup["box"],
        steel_limit=sup["steel_supply"]["limit"],
        weather_discs={k: sup["weather_discs"][k] for k in ("sun", "rain", "fog")},
    )
    comp.contract_by_number.update({c.number: c for c in contracts})
    comp.train_by_number.update({t.number: t for t in trains})
    return comp


def provenance() -> list[Provenance]:
    """Every tagged value in the data files and the scenario files, with its confidence and
    reason."""
    from snowdonia.games.snowdonia import scenarios

    files = dict(load_raw())
    files.update({f"scenarios/{k}": v for k, v in scenarios.raw().items()})
    return provenance_of("snowdonia", files)


def unverified() -> list[Provenance]:
    """The values not yet checked against printed components (core.data.UNVERIFIED)."""
    return [p for p in provenance() if p.tag in UNVERIFIED]
