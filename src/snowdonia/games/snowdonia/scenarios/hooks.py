"""Where a scenario's rules differ from Mount Snowdon's, as functions bound once per Config
(`config_for`), so the rules call `g.cfg.hooks.<rule>` and never compare scenario names.

Mount Snowdon binds the base rules of `rules/route.py` and friends; Blaenau Ffestiniog binds
its two-ended versions (`scenarios/blaenau_ffestiniog.py`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from snowdonia.core.errors import refusal
from snowdonia.games.snowdonia.rules import route
from snowdonia.games.snowdonia.rules.board import emit
from snowdonia.games.snowdonia.rules.state import State

if TYPE_CHECKING:
    from snowdonia.games.snowdonia.rules.config import Config

Slots = list[dict[str, object]]


@dataclass(frozen=True)
class Hooks:
    # B: a player's Excavate, and #3's clearing: (rubble taken, spaces emptied / cleared)
    excavate: Callable[[State, int, int], tuple[int, Slots]]
    clear_next_space: Callable[[State, int], tuple[int, dict[str, object] | None]]
    # D: a player's Lay Track: the track cards laid, in order
    lay_track: Callable[[State, int, int], list[int]]
    # Events: from the start of the route (Mount Snowdon) or from the game's Surveyor's end
    event_excavate: Callable[[State, int], Slots]
    event_lay_track: Callable[[State, int], list[int]]
    complete_station: Callable[[State], int]
    after_event: Callable[[State], None]
    # after anything removed rubble (Blaenau Ffestiniog: maintenance when Plas Halt is clear)
    after_rubble: Callable[[State], None]
    # E: may p build on station si; what a built site gives
    buildable: Callable[[State, int, int], bool]
    # E: why p may not build on station si (asked only when `buildable` says no and no event
    # completed it): the refusal reason, from the same rule as `buildable`
    build_refusal: Callable[[State, int, int], str]
    after_build: Callable[[State, int, int], None]
    # G and #27: move p's surveyor; True if it moved
    move_surveyor: Callable[[State, int], bool]


def _nothing(g: State, *args: Any) -> None:
    return None


def _lay_track(g: State, p: int, amount: int) -> list[int]:
    first = g.laid
    n = route.lay_track(g, p, amount)
    return list(range(first, first + n))


def _buildable(g: State, p: int, si: int) -> bool:
    return route.station_buildable(g, si)


def _build_refusal(g: State, p: int, si: int) -> str:
    name = g.cfg.stations[si].name
    if si == 0:
        return refusal("%(station)s has no building sites", station=name)
    return refusal("every track card before %(station)s must be excavated first", station=name)


def move_surveyor_up(g: State, p: int) -> bool:
    """"Move the player's Surveyor on to the next Station card numerically along the route";
    at Yr Wyddfa it stays (seed 004 G)."""
    before = g.surveyor[p]
    g.surveyor[p] = min(before + 1, g.cfg.n_stations - 1)
    if g.surveyor[p] == before:
        return False
    if g.journal is not None:
        emit(g, "surveyor", seat=p, station=g.cfg.stations[g.surveyor[p]].key)
    return True


MOUNT_SNOWDON = Hooks(
    excavate=route.excavate,
    clear_next_space=route.clear_next_space,
    lay_track=_lay_track,
    event_excavate=route.event_excavate,
    event_lay_track=route.event_lay_track,
    complete_station=route.complete_station,
    after_event=_nothing,
    after_rubble=_nothing,
    buildable=_buildable,
    build_refusal=_build_refusal,
    after_build=_nothing,
    move_surveyor=move_surveyor_up,
)


def hooks_for(cfg: Config) -> Hooks:
    if cfg.two_ends:
        from snowdonia.games.snowdonia.scenarios import blaenau_ffestiniog

        return blaenau_ffestiniog.HOOKS
    return MOUNT_SNOWDON
