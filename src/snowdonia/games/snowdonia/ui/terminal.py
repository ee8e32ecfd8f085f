"""The board, the log and the score sheet as Rich renderables.

Everything on the board is drawn from `Game.observation(seat)`, never from engine state,
so the terminal shows exactly what that seat may see at the table. `game.cfg` is read only
for printed component texts (contracts, trains, what a station card gives, which Event
Track spaces a scenario uses), which are public.

Each part of the board comes in several layouts, from one line per station down to one
fact per line; `board` keeps the widest layout whose natural width fits the terminal, so
nothing is ever squeezed or cut off (a layout is chosen by measuring, not by a guessed
column count, because the widths depend on the players and the state of the game)."""

from __future__ import annotations

import functools
import io
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from snowdonia.core.i18n import N_, _, colour_name, ngettext, pgettext
from snowdonia.games.snowdonia.game import Game
from snowdonia.games.snowdonia.ui.words import (
    DECISION_NAMES,
    bonus_text,
    contract_text,
    qty,
    train_short,
    weather_name,
)

# The five ownership-marker colours of the box, in seat order.
COLOURS = ("yellow", "blue", "green", "pink", "purple")
STYLES = ('bold yellow', 'bold dodger_blue1', 'bold green3', 'bold hot_pink', 'bold medium_purple1')
WEATHER_STYLE = {"sun": 'bold yellow', "rain": 'bold cyan', "fog": 'bold white', None: "dim"}
EVENT_NAMES = {
    "excavate": N_("excavate"), "trains_available": N_("trains for sale"), "lay_track": N_("lay track"),
    "complete_station": N_("complete station"), "maintenance": N_("maintenance"),
}
PANEL_FRAME = 4  # a Panel's borders and padding take this many columns


def player_label(p: int) -> str:
    return f"P{p + 1} {colour_name(COLOURS[p])}"


def player_text(p: int | str | None, short: bool = False) -> Text:
    """An owner as coloured text: a seat, 'event' (contractors) or nobody."""
    if p is None:
        return Text("-", style="dim")
    if p == "event":
        return Text(_("event"), style="italic magenta")
    seat = int(p)
    return Text(f"P{seat + 1}" if short else player_label(seat), style=STYLES[seat])


def players_text(seats: Sequence[int], short: bool = True, empty: str = "-") -> Text:
    if not seats:
        return Text(empty, style="dim")
    return Text(" ").join(player_text(p, short=short) for p in seats)


def log_text(lines: Sequence[str]) -> Text:
    """Log lines with every 'Player N' in that player's colour."""
    out = Text()
    for line in lines:
        pos = 0
        for m in re.finditer(r"Player (\d)", line):
            out.append(line[pos:m.start()])
            seat = int(m.group(1)) - 1
            out.append(_("Player %(n)s (%(colour)s)", n=seat + 1, colour=colour_name(COLOURS[seat]) if 0 <= seat < 5 else ""), style=STYLES[seat] if 0 <= seat < 5 else "")
            pos = m.end()
        out.append(line[pos:] + "\n")
    out.rstrip()
    return out


# --------------------------------------------------------------------------- fitting


_MEASURE = Console(file=io.StringIO(), width=10_000, color_system=None, force_terminal=False)


def natural_width(renderable: RenderableType) -> int:
    """Columns `renderable` takes when nothing has to wrap."""
    return Measurement.get(_MEASURE, _MEASURE.options, renderable).maximum


def widest_fitting(makers: Sequence[Callable[[], RenderableType]], width: int) -> RenderableType:
    """The first (widest) layout whose natural width fits `width`; else the last, which
    must be one that wraps rather than cuts."""
    for make in makers[:-1]:
        drawn = make()
        if natural_width(drawn) <= width:
            return drawn
    return makers[-1]()


def pack(items: Sequence[Text], width: int, sep: str = "  ", indent: int = 0, start: int = 0) -> Text:
    """Items on as few lines as fit `width`, never breaking inside an item; the first line
    begins at column `start`, the others at `indent`."""
    out = Text()
    col = start
    first = True
    for item in items:
        need = item.cell_len if first else len(sep) + item.cell_len
        if not first and col + need > width:
            out.append("\n" + " " * indent)
            col = indent
            need = item.cell_len
        elif not first:
            out.append(sep)
        out.append_text(item)
        col += need
        first = False
    return out


def _per_line(cells: Sequence[Text], per_line: int, sep: str = ", ") -> Text:
    """`per_line` cells on each line (0: all on one line)."""
    if not cells:
        return Text("")
    if per_line <= 0:
        return Text(sep).join(cells)
    rows = [Text(sep).join(cells[i:i + per_line]) for i in range(0, len(cells), per_line)]
    return Text("\n").join(rows)


# --------------------------------------------------------------------------- the two ends


@dataclass
class Ends:
    """Blaenau Ffestiniog's two ends, read from the observation's `ends` block: the route is
    drawn from the first end (top) to the second (bottom), so the first end's players work
    downwards (↓) and the second's upwards (↑)."""

    keys: list[str]
    names: dict[str, str]
    block: dict[str, Any]
    arrows: dict[str, str]
    lay_next: dict[str, int | None]  # track index each end lays next (None: the lines have met)
    marks: dict[tuple[Any, ...], list[Text]]  # ("track", index) / ("site", station, k) -> marks


def _ends(obs: dict[str, Any]) -> Ends | None:
    block = obs.get("ends")
    if not block:
        return None
    keys = list(block["keys"])
    names = {item["key"]: item["name"] for item in obs["route"] if item["type"] == "station"}
    arrows = {keys[0]: "↓", keys[1]: "↑"}
    total = obs["tracks_total"]
    laid = block["laid"]
    met = laid[keys[0]] + laid[keys[1]] >= total
    lay_next: dict[str, int | None] = {
        keys[0]: None if met else laid[keys[0]],
        keys[1]: None if met else total - 1 - laid[keys[1]],
    }
    marks: dict[tuple[Any, ...], list[Text]] = {}
    for key in keys:
        style = 'bold cyan'
        front = block["frontier"].get(key)
        if front is not None:
            where = ("track", front["track"]) if "track" in front else ("site", front["station"], front["site"])
            marks.setdefault(where, []).append(Text(_('%(x)sdig', x=arrows[key]), style=style))
        t = lay_next[key]
        if t is not None:
            marks.setdefault(("track", t), []).append(Text(_('%(x)slay', x=arrows[key]), style=style))
    return Ends(keys, names, block, arrows, lay_next, marks)


def _with_marks(cell: Text, marks: list[Text] | None) -> Text:
    """A route cell with what an end's players excavate (dig) or lay next, e.g. '[2r 2VP]↓dig'."""
    if not marks:
        return cell
    out = cell.copy()
    for m in marks:
        out.append_text(m)
    return out


def _track_place(obs: dict[str, Any], index: int) -> str:
    """'between Tanygrisiau and Dduallt': where track card `index` lies."""
    before = None
    for item in obs["route"]:
        if item["type"] == "station":
            before = item["name"]
        elif item["index"] == index:
            after = next((s["name"] for s in obs["route"][obs["route"].index(item):] if s["type"] == "station"), None)
            return _('between %(before)s and %(after)s', before=before, after=after)
    return ""


def _and(parts: Sequence[Text]) -> Text:
    if len(parts) <= 1:
        return parts[0] if parts else Text("")
    return Text(", ").join(parts[:-1]) + Text(" and ") + parts[-1]


def ends_panel(obs: dict[str, Any], ends: Ends, spaces: int = 3) -> Panel:
    """Each end in words: who starts there (and the surveyor spaces left while the players
    choose), who has left it (start markers), its line of track and what its players lay
    and excavate next, the game's Surveyor, and train maintenance at Plas Halt."""
    b = ends.block
    n = obs["players_count"]
    tracks = {item["index"]: item for item in obs["route"] if item["type"] == "track"}
    stations = {item["key"]: item for item in obs["route"] if item["type"] == "station"}
    choosing = None in b["players"]

    def track_words(t: int) -> Text:
        out = Text(_('track card %(x)s (%(x2)s) ', x=t + 1, x2=_track_place(obs, t)))
        out.append_text(_track_cell(tracks[t]))
        return out

    grid = Table.grid()
    grid.add_column(no_wrap=True)
    grid.add_column()
    for i, key in enumerate(ends.keys):
        text = Text()
        there = [p for p in range(n) if b["players"][p] == key]
        text.append(_('%(x)s end (%(x2)s): ', x=ends.names[key], x2=_("top") if i == 0 else _("bottom")), style="bold")
        if there:
            text.append_text(_and([player_text(p) for p in there]))
            text.append(_(' start here') if len(there) > 1 else _(' starts here'))
        else:
            text.append(_('nobody starts here') + (" yet" if choosing else ""), style="dim")
        if choosing:
            text.append(_(' (%(x)s of %(spaces)s surveyor spaces free)', x=max(0, spaces - len(there)), spaces=spaces))
        markers = [p for p in there if b["start_markers"][p]]
        if markers:
            text.append("; ")
            text.append_text(_and([player_text(p) for p in markers]))
            text.append(_(' left it (start marker placed)') if len(markers) == 1 else _(' left it (start markers placed)'))
        if b["game_surveyor"] == key:
            text.append(_("; the game's Surveyor stands here") + ("" if obs["over"] else
                                                               _(': the next event resolves from this end')),
                        style="bold magenta")
        grid.add_row(Text(f"{ends.arrows[key]} ", style="bold cyan"), text)
        laid = b["laid"][key]
        text = Text()
        text.append(_('its line: %(laid)s track card%(x)s laid; lays next: ', laid=laid, x='' if laid == 1 else 's'))
        t = ends.lay_next[key]
        if t is None:
            text.append(_('nothing (the two lines have met)'))
        else:
            text.append_text(track_words(t))
            if tracks[t]["rubble"]:
                text.append(_(' once excavated'), style="dim")
        text.append(_('; excavates next: '))
        front = b["frontier"].get(key)
        if front is None:
            text.append(_('nothing (no rubble left on this side)'), style="dim")
        elif front.get("track") == t:
            text.append(_('the same card'))
        elif "track" in front:
            text.append_text(track_words(front["track"]))
        else:
            st = stations[front["station"]]
            site = st["excavation_sites"][front["site"] - 1]
            side = {1: "left ", 2: "right "}.get(front["site"], f"no. {front['site']} ")
            if len(st["excavation_sites"]) == 1:
                side = ""
            text.append(_("%(number)s %(name)s's %(side)sexcavation site (%(rubble)sr %(vp)sVP)", number=st['number'], name=st['name'], side=side, rubble=site['rubble'], vp=site['vp']))
        grid.add_row(Text("  "), text)
    maint = b.get("maintenance_station")
    text = Text()
    if b["game_surveyor"] is None:
        text.append(_("The game's Surveyor: not placed yet"), style="bold magenta")
        text.append(_(' (the last player to choose an end puts it on either end; events resolve from its end, then it changes ends)\n'))
    if maint:
        st = stations[maint]
        left = sum(s["rubble"] for s in st["excavation_sites"])
        text.append(_('Train maintenance: '), style="bold")
        if b["maintenance_done"]:
            text.append(_('done (all rubble was removed from %(number)s %(name)s)', number=st['number'], name=st['name']))
        else:
            text.append(_('happens as soon as all rubble is gone from %(number)s %(name)s (%(left)s rubble left)', number=st['number'], name=st['name'], left=left))
    text.append(("\n" if maint else "") + _('Each player excavates and lays track away from their own end, and builds only on stations from their end up to their surveyor (the route\'s "builders").'), style="dim")
    return Panel(Group(grid, text), title=_("The two ends"), title_align="left")


# --------------------------------------------------------------------------- route


def _track_cell(t: dict[str, Any]) -> Text:
    """[3r 3VP] rubble still on it, [0r 3VP] excavated and ready to lay, [P1 3VP] laid by
    that player, [ev 3VP] laid by contractors (an event)."""
    if t["laid"]:
        if t["owner"] == "event":
            return Text(_('[ev %(vp)sVP]', vp=t['vp']), style="magenta")
        cell = Text("[")
        cell.append_text(player_text(t["owner"], short=True))
        cell.append(_(' %(vp)sVP]', vp=t['vp']))
        return cell
    if t["rubble"]:
        return Text(_('[%(rubble)sr %(vp)sVP]', rubble=t['rubble'], vp=t['vp']), style="grey70")
    return Text(_('[0r %(vp)sVP]', vp=t['vp']), style="bold white")


def _excavation_cell(site: dict[str, Any]) -> Text:
    if site["owner"] is not None:
        cell = Text(_('%(vp)sVP ', vp=site['vp']))
        cell.append_text(player_text(site["owner"], short=True))
        return cell
    if site["rubble"]:
        return Text(_('%(rubble)sr %(vp)sVP', rubble=site['rubble'], vp=site['vp']), style="grey70")
    return Text(_("clear %(vp)sVP", vp=site["vp"]), style="white")


def _gift(gives: Sequence[tuple[str, int]]) -> str:
    return " + ".join(f"{n} {kind}" for kind, n in gives)


def _building_cell(site: dict[str, Any], gives: Sequence[tuple[str, int]] = ()) -> Text:
    cost = []
    if site["stone"]:
        cost.append(_('%(stone)sst', stone=site['stone']))
    if site["steel"]:
        cost.append(_('%(steel)ssl', steel=site['steel']))
    cell = Text(_('%(site)s:%(x)s %(vp)sVP', site=site['site'], x='+'.join(cost) or 'free', vp=site['vp']))
    if gives:
        cell.append(f" +{_gift(gives)}", style="cyan")
    if site["owner"] is not None:
        cell.append(" ")
        cell.append_text(player_text(site["owner"], short=True))
    return cell


@dataclass
class _Stop:
    """One station of the route and the track cards before it, as cells."""

    tracks: list[Text]
    name: Text
    notes: list[Text]
    excavation: list[Text]
    building: list[Text]
    surveyors: list[int]


def _stops(obs: dict[str, Any], game: Game, ends: Ends | None) -> list[_Stop]:
    cfg = game.cfg
    gives_of = getattr(cfg, "bsite_gives", None)
    stops: list[_Stop] = []
    tracks: list[Text] = []
    si = -1
    for item in obs["route"]:
        if item["type"] == "track":
            marks = ends.marks.get(("track", item["index"])) if ends else None
            tracks.append(_with_marks(_track_cell(item), marks))
            continue
        si += 1
        name = Text(f"{item['number']} {item['name']}", style="bold")
        name.append(_(' %(surveyor_vp)sVP', surveyor_vp=item['surveyor_vp']), style="dim")
        gives = [tuple(gives_of[b]) for b in cfg.station_bsites[si]] if gives_of and si < len(cfg.station_bsites) \
            else [() for _ in item["building_sites"]]
        same_gift = bool(gives) and all(g == gives[0] for g in gives) and bool(gives[0])
        excavation = [
            _with_marks(_excavation_cell(s), ends.marks.get(("site", item["key"], k)) if ends else None)
            for k, s in enumerate(item["excavation_sites"], 1)
        ]
        building = [_building_cell(s, () if same_gift else g) for s, g in zip(item["building_sites"], gives, strict=True)]
        notes = _station_notes(obs, item, ends)
        if same_gift:
            notes.append(Text(_('gift: %(x)s per site', x=_gift(gives[0])), style="cyan"))
        placed = [p for p in item["surveyors"] if p not in _unplaced(obs)]
        stops.append(_Stop(tracks, name, notes, excavation, building, placed))
        tracks = []
    return stops


def _unplaced(obs: dict[str, Any]) -> set[int]:
    """Seats whose surveyor is not on the route yet (Blaenau Ffestiniog, before they choose
    their end)."""
    ends = obs.get("ends")
    if not ends:
        return set()
    return {p for p, e in enumerate(ends["players"]) if e is None}


def _surveyor_at(obs: dict[str, Any], pl: dict[str, Any], stations: dict[str, str], short: bool = False) -> str:
    if pl["seat"] in _unplaced(obs):
        return "-" if short else _("not placed yet")
    return str(stations.get(pl["surveyor"], pl["surveyor"]))


def _station_notes(obs: dict[str, Any], item: dict[str, Any], ends: Ends | None) -> list[Text]:
    notes: list[Text] = []
    if ends is None:
        if item["completed"]:
            notes.append(Text(_("completed by event"), style="magenta"))
        elif item["building_sites"] and item["buildable"]:
            notes.append(Text(_("open to build"), style="green"))
        elif item["building_sites"]:
            notes.append(Text(_("track not clear yet"), style="dim"))
        return notes
    b = ends.block
    key = item["key"]
    if key in ends.keys:
        there = [p for p, e in enumerate(b["players"]) if e == key]
        end = Text(_('%(x)s end %(x2)s', x=ends.arrows[key], x2='of' if there else 'of nobody yet'), style="bold")
        if there:
            end.append(" ")
            end.append_text(players_text(there))
        notes.append(end)
        markers = [p for p in there if b["start_markers"][p]]
        if markers:
            mark = Text(_('start markers: ') if len(markers) > 1 else _('start marker: '))
            mark.append_text(players_text(markers))
            notes.append(mark)
        if b["game_surveyor"] == key:
            notes.append(Text(_("game's Surveyor here"), style="bold magenta"))
    if item["completed"]:
        notes.append(Text(_("completed by event"), style="magenta"))
    elif item["building_sites"] and b["buildable_by"].get(key):
        may = Text(_("builders:") + " ", style="green")
        may.append_text(players_text(b["buildable_by"][key]))
        notes.append(may)
    if key == b.get("maintenance_station"):
        notes.append(Text(_('maintenance done') if b["maintenance_done"] else _('maintenance when clear'),
                          style="yellow"))
    return notes


@dataclass(frozen=True)
class RouteLayout:
    """How the route table lays out its cells (see `ROUTE_LAYOUTS`)."""

    tracks_stacked: bool  # one track card per line
    excavation_per_line: int  # 0: all on one line
    building_per_line: int
    status_column: bool  # the notes in their own column (else under the station's name)
    notes_per_line: bool  # each note on its own line (else joined with "; ")
    surveyors_per_line: int
    short_heads: bool
    wraps: bool = False  # the last resort: columns may wrap (never cut)


ROUTE_LAYOUTS = (
    RouteLayout(False, 0, 0, True, False, 0, False),  # one line per station
    RouteLayout(False, 0, 0, True, True, 0, False),
    RouteLayout(False, 0, 2, True, True, 0, False),
    RouteLayout(True, 2, 2, False, True, 0, False),  # taller
    RouteLayout(True, 1, 1, False, True, 3, True),  # narrow
    RouteLayout(True, 1, 1, False, True, 2, True, wraps=True),
)


def route_title(obs: dict[str, Any], ends: Ends | None) -> str:
    if ends is None:
        return _("The route, from %(a)s up to %(b)s", a="Llanberis", b="Yr Wyddfa")
    a, b = ends.keys
    end_a = f"{ends.names[a]} ({ends.arrows[a]})"
    end_b = f"{ends.names[b]} ({ends.arrows[b]})"
    return _("The route, from %(a)s to %(b)s", a=end_a, b=end_b)


def route_table(obs: dict[str, Any], game: Game, layout: RouteLayout = ROUTE_LAYOUTS[0]) -> Table:
    """One row per station, from the route's start (Llanberis, or Blaenau Ffestiniog's first
    end), with the track cards that lead to it."""
    ends = _ends(obs)
    stops = _stops(obs, game, ends)
    lo = layout
    table = Table(title=route_title(obs, ends), title_justify="left", box=box.SIMPLE_HEAD, show_edge=False,
                  padding=(0, 1), pad_edge=False)
    nowrap = not lo.wraps
    if lo.short_heads:
        heads = [_("track"), _("station, surveyor VP"), _("excav."), _("building sites"), _("surv.")]
    elif lo.tracks_stacked:
        heads = [_("track"), _("station (surveyor VP)"), _("excavation"), _("building sites"), _("surveyors")]
    else:
        heads = [_("track cards before it"), _("station (surveyor VP)"), _("excavation sites"),
                 _("building sites: cost VP owner"), _("status"), _("surveyors")]
    for i, head in enumerate(heads):
        table.add_column(head, no_wrap=nowrap or i == 0, overflow="fold")
    # Rows of several lines are set apart by a blank line, unless only the status column
    # runs on (each row still starts with its station's name).
    multi = lo.tracks_stacked or lo.building_per_line
    marked = any(c.plain.endswith(("dig", "lay")) for stop in stops for c in stop.tracks)
    for k, stop in enumerate(stops):
        track = (Text("\n") if lo.tracks_stacked else Text("  " if marked else " ")).join(stop.tracks)
        exc = _per_line(stop.excavation, lo.excavation_per_line)
        bld = _per_line(stop.building, lo.building_per_line)
        notes = (Text("\n") if lo.notes_per_line else Text("; ")).join(stop.notes)
        surveyors = _per_line([player_text(p, short=True) for p in stop.surveyors], lo.surveyors_per_line, " ")
        last = k == len(stops) - 1
        if lo.status_column:
            table.add_row(track, stop.name, exc, bld, notes, surveyors, end_section=bool(multi) and not last)
        else:
            station = stop.name + (Text("\n") + notes if stop.notes else Text(""))
            table.add_row(track, station, exc, bld, surveyors, end_section=not last)
    return table


# --------------------------------------------------------------------------- areas


def areas_table(obs: dict[str, Any]) -> Table:
    table = Table(title=_("Action areas"), title_justify="left", box=box.SIMPLE_HEAD, show_edge=False,
                  padding=(0, 1), pad_edge=False)
    table.add_column("", no_wrap=True)
    table.add_column(_("area"), no_wrap=True)
    table.add_column(_("spaces (labourers)"))
    for area in obs["areas"]:
        cells = Text()
        if area["area"] == "G":
            cells.append(_("unlimited:") + " ")
            if not area["spaces"]:
                cells.append(_("nobody"), style="dim")
        for sp in area["spaces"]:
            if area["area"] == "G":
                cells.append_text(player_text(sp["labourer"], short=True))
                cells.append(" ")
                continue
            cells.append(f"{sp['space']}:")
            if sp["blocked"]:
                cells.append(pgettext("weather", "fog"), style="bold white on grey37")
            elif sp["labourer"] is None:
                cells.append(_("empty"), style="dim")
            else:
                cells.append_text(player_text(sp["labourer"], short=True))
            cells.append("  ")
        table.add_row(Text(area["area"], style="bold"), _(area["name"]), cells)
    return table


# --------------------------------------------------------------------------- supplies


def _weather_word(w: str | None) -> Text:
    return Text(weather_name(w) if w else "-", style=WEATHER_STYLE.get(w, ""))


def tables_panel(obs: dict[str, Any], game: Game, width: int = 160, fill: bool = True) -> Panel:
    """Weather Track, work rates, Event Track, Stock Yard, bag and supplies, for a panel at
    most `width` columns wide (`fill`: exactly that wide, else as wide as its lines)."""
    inner = max(20, width - PANEL_FRAME)
    w = obs["weather"]
    text = Text(_("Weather now:") + " ")
    text.append_text(_weather_word(w["current"]))
    text.append("   " + _("coming:") + " ")
    text.append_text(_weather_word(w["forecast"][0]))
    text.append(", " + _("then") + " ")
    text.append_text(_weather_word(w["forecast"][1]))
    sup = w["supply"]
    discs = "(" + _("Discs left: %(sun)s sun, %(rain)s rain, %(fog)s fog", sun=sup["sun"], rain=sup["rain"], fog=sup["fog"]) + ")"
    text.append(("   " if text.cell_len + 3 + len(discs) <= inner else "\n") + discs)
    r = obs["work_rates"]
    text.append("\n" + _("Work rates: excavate %(exc)s, lay track %(lay)s", exc=r["excavate"], lay=r["lay_track"]))
    if obs["fog"]:
        text.append("   " + (_("FOG: B and D blocked") if not obs["settings"]["light_fog"]
                             else _("LIGHT FOG: last space of B and D blocked")), style="bold")
    first_used = int(getattr(game.cfg, "event_start_space", 0) or 0) + 1
    head = _("Event track:")
    if first_used > 1:
        head = _("Event track (only %(first)s-10 are used; the cube on %(start)s marks the start):", first=first_used,
                 start=first_used - 1)
    text.append("\n" + head)
    entries = []
    for e in obs["event_track"]:
        if e["space"] < first_used - 1:
            continue
        word = _(EVENT_NAMES.get(e["event"], e["event"])) if e["space"] >= first_used else _("start")
        entries.append(Text(f"{e['space']}[{'X' if e['occupied'] else ' '}]{word}",
                            style='bold magenta' if e["occupied"] else ""))
    indent = 13
    def row_len(row: Sequence[Text]) -> int:
        return sum(x.cell_len + 1 for x in row)

    if len(entries) == 10 and len(head) + max(row_len(entries[:5]), row_len(entries[5:])) <= inner:
        # The track's two rows, as on the board: 1-5 and 6-10.
        text.append(" ")
        text.append_text(pack(entries[:5], inner, sep=" ", indent=indent, start=indent))
        text.append("\n" + " " * indent)
        text.append_text(pack(entries[5:], inner, sep=" ", indent=indent, start=indent))
    elif len(head) + row_len(entries) <= inner:
        text.append(" ")
        text.append_text(pack(entries, inner, sep=" "))
    else:
        text.append("\n  ")
        text.append_text(pack(entries, inner, sep=" ", indent=2, start=2))
    ends = obs.get("ends")
    if ends and ends["game_surveyor"] and not obs["over"]:
        name = next(i["name"] for i in obs["route"] if i["type"] == "station" and i["key"] == ends["game_surveyor"])
        text.append("\n" + _("Next event resolves from %(name)s (the game's Surveyor), which then changes ends", name=name),
                    style="magenta")
    y, b = obs["stock_yard"], obs["bag"]
    text.append("\n" + _("Stock Yard") + ": " + ", ".join(qty(y[k], k) for k in ("iron", "stone", "coal")))
    text.append("\n" + _("Bag") + ": " + ", ".join([*(qty(b[k], k) for k in ("iron", "stone", "coal")), qty(b["event"], "event cube")]))
    text.append("\n")
    text.append_text(pack([Text(_("Steel supply: %(n)s bars", n=obs["steel_supply"])),
                           Text(_("rubble supply: %(n)s", n=obs["rubble_supply"])),
                           Text(_("game markers left %(n)s", n=obs["game_markers_left"]))], inner, sep="   "))
    text.append("\n" + _("Track laid: %(n)s of %(total)s", n=obs["tracks_laid"], total=obs["tracks_total"]))
    if ends:
        text.append(" (" + ", ".join(_("%(n)s from %(end)s", n=n, end=_station_name(obs, k)) for k, n in ends["laid"].items()) + ")")
    return Panel(text, title=_("Weather, work rates, events, supplies"), title_align="left",
                 width=width if fill else None, expand=fill)


def _station_name(obs: dict[str, Any], key: str) -> str:
    return next((i["name"] for i in obs["route"] if i["type"] == "station" and i["key"] == key), key)


def office_panel(obs: dict[str, Any], game: Game, width: int = 160) -> Panel:
    inner = max(20, width - PANEL_FRAME)
    text = Text()
    for pos, c in enumerate(obs["site_office"], 1):
        text.append(f"{pos}. ")
        text.append(contract_text(game, c) if c else "(" + _("empty") + ")")
        text.append("\n")
    back = ", " + _("top card's back: %(back)s", back=weather_name(obs["deck_top_back"])) if obs["deck_top_back"] else ""
    text.append(_("Deck: %(n)s cards%(back)s; discards: %(discards)s", n=obs["deck_count"], back=back,
                  discards=obs["discard_count"]) + "\n")
    trains = [Text(f"{train_short(game, e['train'])} {qty(e['coal'], 'coal')}") for e in obs["engine_shed"]]
    sale = Text(" [" + (_("for sale") if obs["trains_available"] else _("not for sale until event 2")) + "]",
                style="green" if obs["trains_available"] else "dim")
    shed = _("Engine Shed") + ": "
    text.append(shed)
    if trains:
        text.append_text(pack([t + Text(",") for t in trains[:-1]] + [trains[-1], sale], inner, sep=" ",
                              indent=2, start=len(shed)))
    else:
        text.append(_("empty") + " ")
        text.append_text(sale)
    if obs["set_aside_train"] and not obs["b_is_build"]:
        text.append("\n" + _("Set aside (becomes area B's Build side when all rubble is gone):") + " "
                    + train_short(game, obs["set_aside_train"]))
    return Panel(text, title=_("Site Office and Engine Shed"), title_align="left")


# --------------------------------------------------------------------------- players


def _who(obs: dict[str, Any], p: int, seat_kinds: Sequence[str], short: bool = False) -> Text:
    who = player_text(p)
    kind = seat_kinds[p] if p < len(seat_kinds) else ""
    if short:
        who.append("*" if obs["start_player"] == p else "", style="bold")
    else:
        you = _("you")
        who.append(f" ({you if obs['seat'] == p else _kind(kind)})" if kind else "", style="dim")
        if obs["start_player"] == p:
            who.append(" *" + _("start"), style="bold")
    return who


N_("Human")  # a seat played by a person, as _kind says it


def _kind(kind: str) -> str:
    """A seat's kind in words: 'human', or a bot level ('greedy', 'expert'); a budget spec as it is."""
    return _(kind.capitalize()) if kind.isalpha() else kind


def _played(pl: dict[str, Any]) -> str:
    return " ".join(f"#{c}" + ("*" if c in pl["played_this_round"] else "") for c in pl["played"]) or "-"


def players_table(obs: dict[str, Any], game: Game, seat_kinds: Sequence[str], narrow: bool = False) -> Table:
    """Every player's supply, markers, surveyor, train and contracts. `narrow`: station
    numbers, train numbers and 'to place/all' labourers, to fit 100 columns."""
    title = _("Players") + ("  " + _("(* start player; mark. markers left; surv. surveyor's station; "
                                     "lab. labourers to place/all)") if narrow else "")
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, show_edge=False, padding=(0, 1),
                  pad_edge=False)
    if narrow:
        heads = (_("player"), pgettext("cube", "iron"), pgettext("cube", "stone"), pgettext("cube", "coal"),
                 _("rub."), pgettext("cube", "steel"), _("mark."), _("surv."), _("train"), _("lab."), _("held"),
                 _("played"))
    else:
        heads = (_("player"), pgettext("cube", "iron"), pgettext("cube", "stone"), pgettext("cube", "coal"),
                 pgettext("cube", "rubble"), pgettext("cube", "steel"), _("markers"), _("surveyor at"), _("train"),
                 _("labourers"), _("contracts"), _("played"))
    for i, col in enumerate(heads):
        table.add_column(col, justify="right" if 1 <= i <= 6 or i == 9 else "left", no_wrap=True)
    stations = {item["key"]: (item["number"] if narrow else item["name"])
                for item in obs["route"] if item["type"] == "station"}
    for pl in obs["players"]:
        p = pl["seat"]
        if not pl["train"]:
            train = Text("-", style="dim")
        else:
            train = Text(_("No. %(n)s", n=pl["train"]) if narrow else train_short(game, pl["train"]))
        labour = str(pl["labourers"])
        if pl["labourers_to_place"]:
            labour = (f"{pl['labourers_to_place']}/{labour}" if narrow
                      else f"{labour} " + _("(%(n)s to place)", n=pl["labourers_to_place"]))
        table.add_row(_who(obs, p, seat_kinds, short=narrow), str(pl["iron"]), str(pl["stone"]), str(pl["coal"]),
                      str(pl["rubble"]), str(pl["steel"]), str(pl["markers_left"]),
                      _surveyor_at(obs, pl, stations, short=narrow), train, labour,
                      " ".join(f"#{c}" for c in pl["contracts"]) or "-", _played(pl))
    return table


def players_list(obs: dict[str, Any], game: Game, seat_kinds: Sequence[str]) -> RenderableType:
    """The players for a narrow terminal: one block of words per player, wrapping between
    facts (never inside a name)."""
    stations = {item["key"]: f"{item['number']} {item['name']}"
                for item in obs["route"] if item["type"] == "station"}
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column()
    for pl in obs["players"]:
        p = pl["seat"]
        train = train_short(game, pl["train"]) if pl["train"] else _("none")
        labour = f"{pl['labourers']}" + (" " + _("(%(n)s to place)", n=pl["labourers_to_place"]) if pl["labourers_to_place"] else "")
        held = " ".join(f"#{c}" for c in pl["contracts"]) or "-"
        facts = Text(", ".join(qty(pl[k], k) for k in ("iron", "stone", "coal", "rubble", "steel")) + "; "
                     + _("markers left %(n)s", n=pl["markers_left"]) + "\n"
                     + _("surveyor: %(at)s; labourers %(labour)s; train: %(train)s", at=_surveyor_at(obs, pl, stations),
                         labour=labour, train=train) + "\n"
                     + _("contracts held: %(held)s; played: %(played)s", held=held, played=_played(pl)))
        who = player_text(p)
        if obs["start_player"] == p:
            who.append(" *", style="bold")
        kind = seat_kinds[p] if p < len(seat_kinds) else ""
        if kind:
            you = _("you")
            who.append(f"\n({you if obs['seat'] == p else _kind(kind)})", style="dim")
        grid.add_row(who, facts)
    return Group(Text(_("Players") + "  " + _("(* start player; played this round: #N*)"), style="italic"), grid)


def contracts_panel(obs: dict[str, Any], game: Game, seats: Sequence[int]) -> Panel:
    """The texts of the contracts in front of the given seats (they lie face up)."""
    text = Text()
    for p in seats:
        pl = obs["players"][p]
        cards = [(c, _("held")) for c in pl["contracts"]] + [(c, _("played")) for c in pl["played"]]
        text.append_text(player_text(p))
        text.append(":" if cards else ": " + _("no contracts") + "\n")
        for c, how in cards:
            text.append(f"\n  {how:6} {contract_text(game, c)}")
        if cards:
            text.append("\n")
    text.rstrip()
    return Panel(text, title=_("Contracts"), title_align="left")


# --------------------------------------------------------------------------- whole board


def header(obs: dict[str, Any], seat_kinds: Sequence[str], game: Game | None = None) -> Text:
    text = Text(_("Round %(n)s", n=obs["round"]), style="bold")
    text.append("   " + _("Start Player") + ": ")
    text.append_text(player_text(obs["start_player"]))
    text.append("   " + _("decisions so far: %(n)s", n=obs["moves"]) + "   ")
    dec = obs["decision"]
    if obs["over"]:
        text.append(_("GAME OVER (%(why)s)", why=_(obs["end_reason"])), style="bold red")
    elif dec:
        text.append(_("Now:") + " ")
        text.append_text(player_text(dec["player"]))
        kind = seat_kinds[dec["player"]] if dec["player"] < len(seat_kinds) else ""
        if kind:
            text.append(f" ({_kind(kind)})", style="dim")
        text.append(f" - {_(DECISION_NAMES.get(dec['kind'], dec['kind']))}")
        if dec.get("area"):
            text.append(" " + _("for area %(area)s", area=dec["area"]))
    s = obs["settings"]
    scenario = ""
    if obs.get("ends") is not None and game is not None:
        scenario = _("Scenario %(name)s", name=_(game.cfg.scenario_data.name)) + ", "
    text.append("\n" + scenario + _("Edition %(edition)s", edition=_(s["edition"]))
                + (", " + _("light fog") if s["light_fog"] else "")
                + (", " + _("one contract per window") if s["contracts_per_window"] == 1 else "")
                + (", " + _("solo train No. %(n)s", n=s["solo_train"]) if obs["players_count"] == 1 else "")
                + ".  " + _("Legend: r rubble, st stone, sl steel bar, VP victory points, P1.. owners")
                + (", " + _("↓/↑ what each end's players excavate (dig) and lay next") if obs.get("ends") else "")
                + ".",
                style="dim")
    return text


SIDE_BY_SIDE = 96  # the supplies stand beside the action areas when they keep this many columns


def _middle(obs: dict[str, Any], game: Game, width: int) -> RenderableType:
    """The action areas and the supplies: side by side when the supplies keep room for the
    Event Track's two rows, else one under the other."""
    areas = areas_table(obs)
    rest = width - natural_width(areas) - 2
    if rest >= SIDE_BY_SIDE:
        grid = Table.grid(padding=(0, 2))
        grid.add_column(no_wrap=True)
        grid.add_column()
        grid.add_row(areas, tables_panel(obs, game, min(rest, 100), fill=False))
        return grid
    return Group(areas, tables_panel(obs, game, width))


def board(
    game: Game, seat: int | None, seat_kinds: Sequence[str], contract_seats: Sequence[int] | None = None,
    width: int = 160,
) -> RenderableType:
    """The whole table as the given seat sees it (None = the public view). The texts of the
    contracts in front of `contract_seats` (default: every seat) are written out; the others
    show as numbers in the players table, to keep the board on one screen."""
    obs = game.observation(seat)
    wanted = range(obs["players_count"]) if contract_seats is None else contract_seats
    show_contracts = [p for p in wanted if obs["players"][p]["contracts"] or obs["players"][p]["played"]]
    route = widest_fitting([functools.partial(route_table, obs, game, lo) for lo in ROUTE_LAYOUTS], width)
    players = widest_fitting([
        lambda: players_table(obs, game, seat_kinds),
        lambda: players_table(obs, game, seat_kinds, narrow=True),
        lambda: players_list(obs, game, seat_kinds),
    ], width)
    parts: list[RenderableType] = [header(obs, seat_kinds, game), route]
    ends = _ends(obs)
    if ends is not None:
        parts.append(ends_panel(obs, ends, int(getattr(game.cfg, "surveyor_spaces_per_end", 3))))
    parts += [_middle(obs, game, width), office_panel(obs, game, width), players]
    if show_contracts:
        parts.append(contracts_panel(obs, game, show_contracts))
    return Group(*parts)


# --------------------------------------------------------------------------- score sheet


def score_sheet(game: Game, seat_kinds: Sequence[str]) -> RenderableType:
    """Every line of `Game.result()`'s breakdown, which contracts scored, and the winners."""
    res = game.result()
    sheets = res["breakdown"]
    title = _("Final score sheet") if res["final"] else _("Score so far (the game is not over)")
    table = Table(title=title, title_justify="left")
    table.add_column(_("line"), no_wrap=True)
    for sheet in sheets:
        p = sheet["seat"]
        head = player_text(p)
        if p < len(seat_kinds):
            head.append(f" ({_kind(seat_kinds[p])})", style="dim")
        table.add_column(head, justify="right")
    line_names = {"stations": N_("station sites"), "track": N_("track cards"), "surveyor": N_("surveyor"),
                  "train": N_("train No. 4"), "contracts": N_("contract bonuses")}
    for key in sheets[0]["lines"]:
        table.add_row(_(line_names.get(key, key)), *(str(s["lines"][key]) for s in sheets))
    table.add_row(Text(_("total"), style="bold"), *(Text(str(s["total"]), style="bold") for s in sheets),
                  end_section=True)
    contracts = Text()
    for sheet in sheets:
        contracts.append_text(player_text(sheet["seat"]))
        if not sheet["contracts"]:
            contracts.append(": " + _("no contracts") + "\n")
            continue
        contracts.append(":\n")
        for c in sheet["contracts"]:
            mark = _("scored") if c["met"] and c["vp"] else _("not met")
            contracts.append(_('  #%(contract)s: %(vp)s VP (%(mark)s) - %(x)s\n', contract=c['contract'], vp=c['vp'], mark=mark, x=bonus_text(game.cfg.contract[c['contract']].bonus)),
                             style="green" if c["met"] and c["vp"] else "dim")
    contracts.rstrip()
    winners = Text(ngettext("Winner:", "Winners:", len(res["winners"])) + " ", style="bold")
    winners.append_text(Text(", ").join(player_text(p) for p in res["winners"]))
    winners.append("  " + ngettext("after %(n)s round", "after %(n)s rounds", res["rounds"])
                   + (f"; {_(res['end_reason'])}" if res["end_reason"] else ""))
    return Group(table, Panel(contracts, title=_("Contracts"), title_align="left"), winners)
