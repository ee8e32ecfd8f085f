"""The compact terminal board (issue 21): the route, the action areas and your own supplies in
about ten lines, so the board and the prompt share a 80x24 or 100x40 terminal; `board` shows
the whole table. Built from the observation only."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from snowdonia.core.i18n import N_, _
from snowdonia.games.snowdonia.ui.terminal import player_label
from snowdonia.games.snowdonia.ui.words import weather_name

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


# i18n: the compact board's area names (80 columns): one short word each
AREA_SHORT = {"A": N_("Yard"), "B": N_("Dig"), "C": N_("Works"), "D": N_("Lay"), "E": N_("Build"), "F": N_("Office"),
              "G": N_("Surveyor")}


def areas_line(obs: dict[str, Any]) -> Text:
    """Each area's spaces: its labourers by player number, - free, # blocked by fog."""
    out = Text()
    for a in obs["areas"]:
        cells = "".join("#" if s["blocked"] else _who(s["labourer"]) if s["labourer"] is not None else "-"
                        for s in a["spaces"])
        name = _("Build") if a["area"] == "B" and obs.get("b_is_build") else _(AREA_SHORT.get(a["area"], a["name"]))
        out.append(f"{a['area']}", style="bold")
        out.append(f" {name} {cells or '-'}  ")
    return out


def supplies(pl: dict[str, Any], stations: dict[str, str]) -> str:
    cubes = " ".join(f"{pl[k]}{s}" for k, s in SHORT)
    train = _("train %(n)s", n=pl["train"]) if pl["train"] else _("no train")
    return (f"{cubes} · " + _("%(n)s markers", n=pl["markers_left"]) + " · "
            + _("at %(station)s", station=stations.get(pl["surveyor"], pl["surveyor"])) + f" · {train}"
            + (f" · #{', #'.join(map(str, pl['contracts']))}" if pl["contracts"] else ""))


def compact_board(obs: dict[str, Any], names: list[str], seat: int | None) -> Text:
    w = obs["weather"]
    rates = obs["work_rates"]
    head = Text(_("Round %(n)s · weather %(now)s (next %(next)s) · rates: excavate %(exc)s, lay %(lay)s · "
                  "track %(laid)s/%(total)s laid", n=obs["round"],
                  now=weather_name(w["current"]) if w["current"] else _("none"),
                  next=weather_name(w["forecast"][0]) if w["forecast"][0] else "-", exc=rates["excavate"],
                  lay=rates["lay_track"], laid=obs["tracks_laid"], total=obs["tracks_total"]), style="bold")
    yard = obs["stock_yard"]
    office = " ".join(f"#{c}" for c in obs["site_office"] if c) or _("empty")
    events = sum(1 for e in obs["event_track"] if e["occupied"])
    lines = [head, Text(_("Route") + " ", style="bold").append_text(route_line(obs)), areas_line(obs),
             Text(_("Stock Yard") + f" {yard['iron']}i {yard['stone']}s {yard['coal']}c · " + _("Site Office")
                  + f" {office} · " + _("events %(n)s/10 · steel left %(steel)s", n=events, steel=obs["steel_supply"]))]
    stations = {r["key"]: r["name"] for r in obs["route"] if r["type"] == "station"}
    for pl in obs["players"]:
        p = pl["seat"]
        me = p == seat
        you = _("You")
        line = Text(f"{you if me else names[p]}{' (' + player_label(p) + ')' if me else ''}: ",
                    style="bold" if me else "")
        line.append(supplies(pl, stations))
        lines.append(line)
    lines.append(Text(_("Key: n rubble, =N laid by N, [n*] open station, [n:..] sites, ^N surveyors"), style="dim"))
    return Text("\n").join(lines)
