"""Static facts of one game: what the settings and the component data fix at set-up.

A `Config` is built once per game and shared, never copied, by every clone of it; the
mutable position lives in `state.State`. Keeping the two apart is what makes clones cheap.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final

from mypy_extensions import mypyc_attr

from snowdonia.core.errors import SettingsError as SettingsError
from snowdonia.core.errors import refusal
from snowdonia.games.snowdonia.data import Components, Station, components
from snowdonia.games.snowdonia.scenarios import KEYS, Scenario
from snowdonia.games.snowdonia.scenarios import scenario as scenario_data

if TYPE_CHECKING:
    from snowdonia.games.snowdonia.scenarios.hooks import Hooks

SCENARIOS: Final = KEYS
EDITIONS: Final = ("original", "deluxe")
AREAS: Final = "ABCDEFG"
# The round-long contract effects the rules ask for while an action resolves, by code
# (`Config.fx_mask[code]`: the contracts with that effect; rules/contracts.py names the codes).
EFFECTS: Final = (
    "lay_track_bonus", "clear_next_space", "build_iron_for_steel", "stock_yard_bonus", "extra_lay_track",
    "build_stone_discount", "extra_build", "build_rubble_for_stone", "stock_yard_no_coal_limit",
    "excavate_double", "maintenance",
)
# A contract's end-of-game bonus, by kind (`Config.bonus_kind`): markers and rubble placed on
# it (the assignment of scoring.best_assignment), VP per coal, or VP by the surveyor's station.
BONUS_PLACED: Final = 0
BONUS_COAL: Final = 1
BONUS_TIERS: Final = 2




# Not a compiled (native) class: the settings arrive from players and files unchecked, and a
# native class would refuse a wrong type with a bare TypeError before make_settings can say
# what is wrong in words.
@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class Settings:
    edition: str = "original"
    light_fog: bool = False
    contracts_per_window: int = 0  # 0 = unlimited (English rulebook: "one or more")
    solo_train: int = 1
    deluxe_track_cards: bool = False
    round_limit: int = 60  # safety net only: no rule ends a game this way

    def as_dict(self) -> dict[str, Any]:
        return {
            "edition": self.edition,
            "light_fog": self.light_fog,
            "contracts_per_window": self.contracts_per_window,
            "solo_train": self.solo_train,
            "deluxe_track_cards": self.deluxe_track_cards,
            "round_limit": self.round_limit,
        }


def make_settings(players: object, scenario: object, **raw: Any) -> Settings:
    """Validate players, scenario and settings; raise SettingsError with a clear reason."""
    if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 5:
        raise SettingsError(refusal("players must be a whole number from 1 to 5, not %(players)s",
                                    players=repr(players)))
    if not isinstance(scenario, str) or scenario not in SCENARIOS:
        raise SettingsError(refusal("unknown scenario %(scenario)s; choose one of %(scenarios)s",
                                    scenario=repr(scenario), scenarios=", ".join(SCENARIOS)))
    sc = scenario_data(scenario)
    if players not in sc.players:
        raise SettingsError(refusal("%(scenario)s is for %(low)s to %(high)s players, not %(players)s",
                                    scenario=refusal(sc.name), low=sc.players[0], high=sc.players[-1],
                                    players=players))
    known = set(Settings.__dataclass_fields__)
    unknown = set(raw) - known
    if unknown:
        raise SettingsError(f"unknown setting(s) {', '.join(sorted(unknown))}; known: {', '.join(sorted(known))}")
    s = Settings(**raw)
    if s.edition not in EDITIONS:
        raise SettingsError(f"edition must be one of {', '.join(EDITIONS)}, not {s.edition!r}")
    if not isinstance(s.light_fog, bool):
        raise SettingsError("light_fog must be true or false")
    if s.contracts_per_window not in (0, 1):
        raise SettingsError("contracts_per_window must be 0 (unlimited) or 1")
    if not isinstance(s.solo_train, int) or not 1 <= s.solo_train <= 7:
        raise SettingsError("solo_train must be a train number from 1 to 7")
    if s.deluxe_track_cards and s.edition != "deluxe":
        raise SettingsError("deluxe_track_cards needs edition 'deluxe'")
    if not isinstance(s.round_limit, int) or s.round_limit < 5:
        raise SettingsError("round_limit must be a whole number of at least 5")
    return s


@lru_cache(maxsize=256)
def config_for(players: int, scenario: str, settings: Settings) -> Config:
    """The one Config of these settings, built once and shared by every game that uses them
    (building it costs about 7% of a random playout), with its scenario's hooks bound."""
    return Config(players, scenario, settings)


class Config:
    """Everything fixed for one game. Route layout: a list of *slots* in excavation order
    (spec rules §2 B): the track cards before a station, then that station's excavation
    sites left to right, and so on up the mountain."""

    def __init__(self, players: int, scenario: str, settings: Settings) -> None:
        comp = components()
        self.comp: Components = comp
        self.players = players
        self.scenario = scenario
        self.settings = settings
        self.deluxe = settings.edition == "deluxe"
        self.solo = players == 1
        self.contracts_per_window = settings.contracts_per_window
        sc: Scenario = scenario_data(scenario)
        self.scenario_data = sc
        stations: list[Station] = [
            s for s in sc.stations
            if players in s.players and not (self.solo and self.deluxe and s.key == "waterfall")
        ]
        self.stations = stations
        self.n_stations = len(stations)
        self.n_tracks = sum(s.track_before for s in stations)
        # Slots in excavation order.
        self.slot_is_track: list[bool] = []
        self.slot_track: list[int] = []  # track index or -1
        self.slot_station: list[int] = []  # station index or -1 (for excavation sites)
        self.slot_vp: list[int] = []  # excavation-site VP (track VP is per game, see State)
        self.slot_rubble0: list[int] = []  # printed rubble of excavation sites (tracks: set per game)
        self.track_slot: list[int] = []
        self.station_track_before_end: list[int] = []  # tracks before this station (count)
        self.station_slots: list[list[int]] = []
        t = 0
        for si, st in enumerate(stations):
            for _ in range(st.track_before):
                self.track_slot.append(len(self.slot_is_track))
                self.slot_is_track.append(True)
                self.slot_track.append(t)
                self.slot_station.append(-1)
                self.slot_vp.append(0)
                self.slot_rubble0.append(0)
                t += 1
            self.station_track_before_end.append(t)
            slots = []
            for es in st.excavation_sites:
                slots.append(len(self.slot_is_track))
                self.slot_is_track.append(False)
                self.slot_track.append(-1)
                self.slot_station.append(si)
                self.slot_vp.append(es.vp)
                self.slot_rubble0.append(es.rubble)
            self.station_slots.append(slots)
        self.n_slots = len(self.slot_is_track)
        # Building sites, flat.
        self.bsite_station: list[int] = []
        self.bsite_num: list[int] = []
        self.bsite_stone: list[int] = []
        self.bsite_steel: list[int] = []
        self.bsite_vp: list[int] = []
        self.bsite_gives: list[tuple[tuple[str, int], ...]] = []  # Blaenau Ffestiniog's free cubes
        self.station_bsites: list[list[int]] = []
        for si, st in enumerate(stations):
            ids = []
            for k, b in enumerate(st.building_sites, 1):
                ids.append(len(self.bsite_station))
                self.bsite_station.append(si)
                self.bsite_num.append(k)
                self.bsite_stone.append(b.stone)
                self.bsite_steel.append(b.steel)
                self.bsite_vp.append(b.vp)
                self.bsite_gives.append(b.gives)
            self.station_bsites.append(ids)
        self.n_bsites = len(self.bsite_station)
        self.station_index = {s.key: i for i, s in enumerate(stations)}
        # Action spaces A-F (G is unlimited and kept as a list).
        if self.solo and self.deluxe:
            caps = {a: comp.deluxe_solo_spaces[a] for a in AREAS[:-1]}
        else:
            caps = {a: comp.area_spaces[a][players] for a in AREAS[:-1]}
        self.base_caps = [caps[a] for a in AREAS[:-1]]
        self.b_build_caps = comp.b_build_spaces
        self.space_offset: list[int] = []
        off = 0
        for a in range(6):
            self.space_offset.append(off)
            off += max(self.base_caps[a], self.b_build_caps if a == 1 else 0)
        self.n_space_slots = off
        self.restock = comp.restock[players]
        # Contracts in this game.
        self.contract_numbers = [c.number for c in comp.contracts if players >= c.min_players]
        self.contract = comp.contract_by_number
        self.area_mask: dict[str, int] = {}
        self.effect_mask: dict[str, int] = {}
        # A round-long bonus's size, when every card with that effect gives the same (#1/#2
        # "+1"): the count of such cards played times this.
        self.effect_amount: dict[str, int] = {}
        for c in comp.contracts:
            self.area_mask[c.area] = self.area_mask.get(c.area, 0) | (1 << c.number)
            self.effect_mask[c.effect] = self.effect_mask.get(c.effect, 0) | (1 << c.number)
            if "amount" in c.params:
                if self.effect_amount.setdefault(c.effect, c.params["amount"]) != c.params["amount"]:
                    raise ValueError(f"contracts with effect {c.effect} must share one amount")
        self.train = comp.train_by_number
        self.exc_rates = comp.excavation_rates
        self.lay_rates = comp.lay_rates
        self.events = comp.events
        self.event_returns = comp.event_returns
        self.weather_discs = comp.weather_discs
        self.weather_effect = comp.weather_effect
        self.steel_limit = comp.steel_limit
        self.game_markers = comp.box["game_markers"] - 2  # two sit on the work-rate tracks
        self.markers_per_player = comp.box["ownership_markers_per_colour"]
        # Solo and 2 players also end when every ownership marker is placed (seed 004 End of Game).
        self.marker_end = self.markers_per_player * players if players <= 2 else 0
        self.stock_yard_cubes = comp.stock_yard_cubes
        self.stock_yard_coal_limit = comp.stock_yard_coal_limit
        # The scenario's facts (scenarios/*.toml); its hooks are bound by `config_for`.
        self.contract_numbers = [c for c in self.contract_numbers if c not in sc.contracts_removed]
        self.two_ends = sc.two_ends
        self.end_stations = (0, self.n_stations - 1)
        self.surveyor_spaces_per_end = sc.surveyor_spaces_per_end
        self.event_start_space = sc.event_cube_start_space
        self.trains_from_start = sc.trains_from_start
        self.bag_event_cubes = sc.bag_event_cubes
        if sc.game_markers_for_events is not None:
            self.game_markers = sc.game_markers_for_events
        self.maint_station = self.station_index.get(sc.maintenance_station or "", -1)
        self._hot_copies(comp, settings)
        from snowdonia.games.snowdonia.scenarios.hooks import hooks_for  # (they import the rules)

        self.hooks: Hooks = hooks_for(self)

    def _hot_copies(self, comp: Components, settings: Settings) -> None:
        """Facts the hot paths read, as plain ints, floats and lists of this compiled class
        (issue 18): the settings the rules test while a game runs, the contract masks by
        area index and effect code, the trains' abilities and the contracts' bonuses by
        number, the stations' heights. The same values as `settings`, `area_mask`,
        `effect_mask`, `train`, `contract` and `stations`, only quicker to reach."""
        self.light_fog: bool = bool(settings.light_fog)
        self.round_limit: int = settings.round_limit
        self.area_mask_at: list[int] = [self.area_mask.get(a, 0) for a in AREAS]
        self.fx_mask: list[int] = [self.effect_mask.get(e, 0) for e in EFFECTS]
        self.fx_amount: list[int] = [self.effect_amount.get(e, 1) for e in EFFECTS]
        top = max(comp.train_by_number) + 1
        self.train_ability: list[dict[str, int]] = [
            dict(comp.train_by_number[t].ability) if t in comp.train_by_number else {} for t in range(top)]
        self.train_end_vp: list[int] = [a.get("end_vp", 0) for a in self.train_ability]
        self.train_extra_build: list[int] = [a.get("extra_build", 0) for a in self.train_ability]
        self.station_height: list[float] = [s.height for s in self.stations]
        self.station_surveyor_vp: list[int] = [s.surveyor_vp for s in self.stations]
        top = max(comp.contract_by_number) + 1
        self.bonus_kind: list[int] = [BONUS_PLACED] * top
        self.bonus_vp: list[int] = [0] * top  # BONUS_PLACED: its VP; BONUS_COAL: VP per coal
        self.bonus_need: list[tuple[int, int, int]] = [(0, 0, 0)] * top  # rubble, track, station
        self.bonus_surveyor_min: list[float] = [float("-inf")] * top  # surveyor_at_least
        self.bonus_tiers: list[list[tuple[float, int]]] = [[] for _ in range(top)]
        for c, card in comp.contract_by_number.items():
            bonus = card.bonus
            if "coal_vp" in bonus:
                self.bonus_kind[c] = BONUS_COAL
                self.bonus_vp[c] = int(bonus["coal_vp"])
            elif "surveyor_tiers" in bonus:
                self.bonus_kind[c] = BONUS_TIERS
                self.bonus_tiers[c] = [(float(st), int(v)) for st, v in bonus["surveyor_tiers"]]
            else:
                self.bonus_vp[c] = int(bonus["vp"])
                self.bonus_need[c] = (int(bonus.get("rubble", 0)), int(bonus.get("track", 0)),
                                      int(bonus.get("station", 0)))
                if bonus.get("surveyor_at_least") is not None:
                    self.bonus_surveyor_min[c] = float(bonus["surveyor_at_least"])
        self.contract_mask: int = sum(1 << c for c in self.contract_numbers)
