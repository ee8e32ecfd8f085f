"""The compact terminal board (issue 21): the route, the action areas and your own supplies in
about ten lines, so the board and the prompt share a 80x24 or 100x40 terminal; `board` shows
the whole table. Built from the observation only."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from snowdonia.games.snowdonia.ui.terminal import player_label

SHORT = (("iron", "i"), ("stone", "s"), ("coal", "c"), ("rubble", "r"), ("steel", "st"))


def _who(o: Any) -> str:
    if o is None:
        return "·"
    if o == "event":
        return "E"
    return str(int(o) + 1)


def route_line(obs: dict[str, Any]) -> Text:
    """Llanberis → Yr Wyddfa: a track card as its rubble (= laid, its owner's number), a
    station as [number] (* open to build, x completed), its excavation sites' rubble."""
    out = Text()
    for item in obs["route"]:
        if item["type"] == "track":
            if item["laid"]:
                out.append("=" + _who(item["owner"]), style="green")
            else:
                out.append(str(item["rubble"]), style="bold" if item["rubble"] else "dim")
        else:
            mark = "x" if item["completed"] else "*" if item["buildable"] and item["building_sites"] else ""
            sites = "".join(str(s["rubble"]) if s["rubble"] else _who(s["owner"]) for s in item["excavation_sites"])
            surveyors = "".join(str(p + 1) for p in item["surveyors"])
            out.append(f"[{item['number']}{mark}{(':' + sites) if sites else ''}{('^' + surveyors) if surveyors else ''}]",
                       style="bold cyan")
        out.append(" ")
    return out


AREA_SHORT = {"A": "Yard", "B": "Dig", "C": "Works", "D": "Lay", "E": "Build", "F": "Office", "G": "Surveyor"}


def areas_line(obs: dict[str, Any]) -> Text:
    """Each area's spaces: its labourers by player number, - free, # blocked by fog."""
    out = Text()
    for a in obs["areas"]:
        cells = "".join("#" if s["blocked"] else _who(s["labourer"]) if s["labourer"] is not None else "-"
                        for s in a["spaces"])
        name = "Build" if a["area"] == "B" and obs.get("b_is_build") else AREA_SHORT.get(a["area"], a["name"])
        out.append(f"{a['area']}", style="bold")
        out.append(f" {name} {cells or '-'}  ")
    return out


def supplies(pl: dict[str, Any], stations: dict[str, str]) -> str:
    cubes = " ".join(f"{pl[k]}{s}" for k, s in SHORT)
    train = f"train {pl['train']}" if pl["train"] else "no train"
    return (f"{cubes} · {pl['markers_left']} markers · at {stations.get(pl['surveyor'], pl['surveyor'])} · {train}"
            + (f" · #{', #'.join(map(str, pl['contracts']))}" if pl["contracts"] else ""))


def compact_board(obs: dict[str, Any], names: list[str], seat: int | None) -> Text:
    w = obs["weather"]
    rates = obs["work_rates"]
    head = Text(f"Round {obs['round']} · weather {w['current'] or 'none'} (next {w['forecast'][0] or '-'}) · "
                f"rates: excavate {rates['excavate']}, lay {rates['lay_track']} · "
                f"track {obs['tracks_laid']}/{obs['tracks_total']} laid", style="bold")
    yard = obs["stock_yard"]
    office = " ".join(f"#{c}" for c in obs["site_office"] if c) or "empty"
    events = sum(1 for e in obs["event_track"] if e["occupied"])
    lines = [head, Text("Route ", style="bold").append_text(route_line(obs)), areas_line(obs),
             Text(f"Stock Yard {yard['iron']}i {yard['stone']}s {yard['coal']}c · Site Office {office} · "
                  f"events {events}/10 · steel left {obs['steel_supply']}")]
    stations = {r["key"]: r["name"] for r in obs["route"] if r["type"] == "station"}
    for pl in obs["players"]:
        p = pl["seat"]
        me = p == seat
        line = Text(f"{'You' if me else names[p]}{' (' + player_label(p) + ')' if me else ''}: ",
                    style="bold" if me else "")
        line.append(supplies(pl, stations))
        lines.append(line)
    lines.append(Text("Key: n rubble, =N laid by N, [n*] open station, [n:..] sites, ^N surveyors", style="dim"))
    return Text("\n").join(lines)
