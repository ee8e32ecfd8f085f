"""The board, the log and the score sheet as Rich renderables.

Everything on the board is drawn from `Game.observation(seat)`, never from engine state,
so the terminal shows exactly what that seat may see at the table. `game.cfg` is read only
for printed component texts (contracts, trains), which are public."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from snowdonia.games.snowdonia.game import Game
from snowdonia.games.snowdonia.ui.words import DECISION_NAMES, bonus_text, contract_text, train_short

# The five ownership-marker colours of the box, in seat order.
COLOURS = ("yellow", "blue", "green", "pink", "purple")
STYLES = ("bold yellow", "bold dodger_blue1", "bold green3", "bold hot_pink", "bold medium_purple1")
WEATHER_STYLE = {"sun": "bold yellow", "rain": "bold cyan", "fog": "bold white", None: "dim"}
EVENT_NAMES = {
    "excavate": "excavate", "trains_available": "trains for sale", "lay_track": "lay track",
    "complete_station": "complete station", "maintenance": "maintenance",
}


def player_label(p: int) -> str:
    return f"P{p + 1} {COLOURS[p]}"


def player_text(p: int | str | None, short: bool = False) -> Text:
    """An owner as coloured text: a seat, 'event' (contractors) or nobody."""
    if p is None:
        return Text("-", style="dim")
    if p == "event":
        return Text("event", style="italic magenta")
    seat = int(p)
    return Text(f"P{seat + 1}" if short else player_label(seat), style=STYLES[seat])


def log_text(lines: Sequence[str]) -> Text:
    """Log lines with every 'Player N' in that player's colour."""
    out = Text()
    for line in lines:
        pos = 0
        for m in re.finditer(r"Player (\d)", line):
            out.append(line[pos:m.start()])
            seat = int(m.group(1)) - 1
            out.append(f"Player {seat + 1} ({COLOURS[seat]})", style=STYLES[seat] if 0 <= seat < 5 else "")
            pos = m.end()
        out.append(line[pos:] + "\n")
    out.rstrip()
    return out


# --------------------------------------------------------------------------- route


def _track_cell(t: dict[str, Any]) -> Text:
    """[3r 3VP] rubble still on it, [0r 3VP] excavated and ready to lay, [P1 3VP] laid by
    that player, [ev 3VP] laid by contractors (an event)."""
    if t["laid"]:
        if t["owner"] == "event":
            return Text(f"[ev {t['vp']}VP]", style="magenta")
        cell = Text("[")
        cell.append_text(player_text(t["owner"], short=True))
        cell.append(f" {t['vp']}VP]")
        return cell
    if t["rubble"]:
        return Text(f"[{t['rubble']}r {t['vp']}VP]", style="grey70")
    return Text(f"[0r {t['vp']}VP]", style="bold white")


def _excavation_cell(site: dict[str, Any]) -> Text:
    if site["owner"] is not None:
        cell = Text(f"{site['vp']}VP ")
        cell.append_text(player_text(site["owner"], short=True))
        return cell
    if site["rubble"]:
        return Text(f"{site['rubble']}r {site['vp']}VP", style="grey70")
    return Text(f"clear {site['vp']}VP", style="white")


def _building_cell(site: dict[str, Any]) -> Text:
    cost = []
    if site["stone"]:
        cost.append(f"{site['stone']}st")
    if site["steel"]:
        cost.append(f"{site['steel']}sl")
    cell = Text(f"{site['site']}:{'+'.join(cost) or 'free'} {site['vp']}VP")
    if site["owner"] is not None:
        cell.append(" ")
        cell.append_text(player_text(site["owner"], short=True))
    return cell


def route_table(obs: dict[str, Any], narrow: bool = False) -> Table:
    """One row per station, from Llanberis up, with the track cards that lead to it. In a
    narrow terminal each card and site gets its own line instead of being cut off."""
    table = Table(title="The route, from Llanberis up to Yr Wyddfa", title_justify="left",
                  box=box.SIMPLE_HEAD, show_edge=False, padding=(0, 1), pad_edge=False)
    table.add_column("track before it" if narrow else "track cards before it", no_wrap=True)
    table.add_column("station (surveyor VP)", no_wrap=not narrow, min_width=22 if narrow else None)
    table.add_column("excavation" if narrow else "excavation sites", no_wrap=not narrow)
    table.add_column("building sites: cost VP owner", no_wrap=not narrow)
    if not narrow:
        table.add_column("status", no_wrap=True)
    table.add_column("surv." if narrow else "surveyors", min_width=5)
    def lines(cells: list[Text], per_line: int) -> Text:
        # Narrow: a few cells per line, never a cut-off cell.
        if not narrow:
            return Text(", ").join(cells)
        rows = [Text(", ").join(cells[i:i + per_line]) for i in range(0, len(cells), per_line)]
        return Text("\n").join(rows)

    tracks: list[dict[str, Any]] = []
    for item in obs["route"]:
        if item["type"] == "track":
            tracks.append(item)
            continue
        track_cells = (Text("\n") if narrow else Text(" ")).join(_track_cell(t) for t in tracks)
        tracks = []
        name = Text(f"{item['number']} {item['name']}", style="bold")
        name.append(f" {item['surveyor_vp']}VP", style="dim")
        exc = lines([_excavation_cell(s) for s in item["excavation_sites"]], 2)
        bld = lines([_building_cell(s) for s in item["building_sites"]], 2)
        if item["completed"]:
            status = Text("completed by event", style="magenta")
        elif item["building_sites"] and item["buildable"]:
            status = Text("open to build", style="green")
        elif item["building_sites"]:
            status = Text("track not clear yet", style="dim")
        else:
            status = Text("")
        surveyors = Text(" ").join(player_text(p, short=True) for p in item["surveyors"])
        if narrow:
            table.add_row(track_cells, name + Text("\n") + status if status else name, exc, bld, surveyors,
                          end_section=True)
        else:
            table.add_row(track_cells, name, exc, bld, status, surveyors)
    return table


# --------------------------------------------------------------------------- areas


def areas_table(obs: dict[str, Any]) -> Table:
    table = Table(title="Action areas", title_justify="left", box=box.SIMPLE_HEAD, show_edge=False,
                  padding=(0, 1), pad_edge=False)
    table.add_column("")
    table.add_column("area")
    table.add_column("spaces (labourers)")
    for area in obs["areas"]:
        cells = Text()
        if area["area"] == "G":
            cells.append("unlimited: ")
            if not area["spaces"]:
                cells.append("nobody", style="dim")
        for sp in area["spaces"]:
            if area["area"] == "G":
                cells.append_text(player_text(sp["labourer"], short=True))
                cells.append(" ")
                continue
            cells.append(f"{sp['space']}:")
            if sp["blocked"]:
                cells.append("fog", style="bold white on grey37")
            elif sp["labourer"] is None:
                cells.append("empty", style="dim")
            else:
                cells.append_text(player_text(sp["labourer"], short=True))
            cells.append("  ")
        table.add_row(Text(area["area"], style="bold"), area["name"], cells)
    return table


# --------------------------------------------------------------------------- supplies


def _weather_word(w: str | None) -> Text:
    return Text(w or "-", style=WEATHER_STYLE.get(w, ""))


def tables_panel(obs: dict[str, Any]) -> Panel:
    """Weather Track, work rates, Event Track, Stock Yard, bag and supplies."""
    w = obs["weather"]
    text = Text("Weather now: ")
    text.append_text(_weather_word(w["current"]))
    text.append("   coming: ")
    text.append_text(_weather_word(w["forecast"][0]))
    text.append(", then ")
    text.append_text(_weather_word(w["forecast"][1]))
    sup = w["supply"]
    text.append(f"   (discs left: sun {sup['sun']}, rain {sup['rain']}, fog {sup['fog']})")
    r = obs["work_rates"]
    text.append(f"\nWork rates: excavate {r['excavate']}, lay track {r['lay_track']}")
    if obs["fog"]:
        text.append("   FOG: B and D blocked" if not obs["settings"]["light_fog"]
                    else "   LIGHT FOG: last space of B and D blocked", style="bold")
    text.append("\nEvent track:")
    for e in obs["event_track"]:
        if e["space"] == 6:
            text.append("\n            ")
        text.append(f" {e['space']}[{'X' if e['occupied'] else ' '}]{EVENT_NAMES.get(e['event'], e['event'])}",
                    style="bold magenta" if e["occupied"] else "")
    y, b = obs["stock_yard"], obs["bag"]
    text.append(f"\nStock Yard: {y['iron']} iron, {y['stone']} stone, {y['coal']} coal")
    text.append(f"\nBag: {b['iron']} iron, {b['stone']} stone, {b['coal']} coal, {b['event']} event")
    text.append(f"\nSteel supply: {obs['steel_supply']} bars   rubble supply: {obs['rubble_supply']}"
                f"   game markers left: {obs['game_markers_left']}")
    text.append(f"\nTrack laid: {obs['tracks_laid']} of {obs['tracks_total']}")
    return Panel(text, title="Weather, work rates, events, supplies", title_align="left")


def office_panel(obs: dict[str, Any], game: Game) -> Panel:
    text = Text()
    for pos, c in enumerate(obs["site_office"], 1):
        text.append(f"{pos}. ")
        text.append(contract_text(game, c) if c else "(empty)")
        text.append("\n")
    back = f", top card's back: {obs['deck_top_back']}" if obs["deck_top_back"] else ""
    text.append(f"Deck: {obs['deck_count']} cards{back}; discards: {obs['discard_count']}\n")
    shed = ", ".join(f"{train_short(game, e['train'])} {e['coal']} coal" for e in obs["engine_shed"]) or "empty"
    text.append(f"Engine Shed: {shed}")
    text.append("  [for sale]" if obs["trains_available"] else "  [not for sale until event 2]",
                style="green" if obs["trains_available"] else "dim")
    if obs["set_aside_train"] and not obs["b_is_build"]:
        text.append(f"\nSet aside (becomes area B's Build side when all rubble is gone): "
                    f"{train_short(game, obs['set_aside_train'])}")
    return Panel(text, title="Site Office and Engine Shed", title_align="left")


# --------------------------------------------------------------------------- players


def players_table(obs: dict[str, Any], game: Game, seat_kinds: Sequence[str], narrow: bool = False) -> Table:
    """Every player's supply, markers, surveyor, train and contracts. Narrow terminals get
    station numbers, train numbers and 'to place/all' labourers to fit."""
    title = "Players" + ("  (* start player; mark. markers left; surv. surveyor's station; "
                         "lab. labourers to place/all)" if narrow else "")
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, show_edge=False, padding=(0, 1),
                  pad_edge=False)
    if narrow:
        heads = ("player", "iron", "stone", "coal", "rub.", "steel", "mark.", "surv.", "train", "lab.",
                 "held", "played")
    else:
        heads = ("player", "iron", "stone", "coal", "rubble", "steel", "markers", "surveyor at", "train",
                 "labourers", "contracts", "played")
    for i, col in enumerate(heads):
        table.add_column(col, justify="right" if 1 <= i <= 6 or i == 9 else "left")
    stations = {item["key"]: (item["number"] if narrow else item["name"])
                for item in obs["route"] if item["type"] == "station"}
    for pl in obs["players"]:
        p = pl["seat"]
        who = player_text(p)
        kind = seat_kinds[p] if p < len(seat_kinds) else ""
        if narrow:
            who.append("*" if obs["start_player"] == p else "", style="bold")
        else:
            who.append(f" ({'you' if obs['seat'] == p else kind})" if kind else "", style="dim")
            if obs["start_player"] == p:
                who.append(" *start", style="bold")
        who.no_wrap = not narrow
        if not pl["train"]:
            train = Text("-", style="dim")
        else:
            train = Text(f"No. {pl['train']}" if narrow else train_short(game, pl["train"]), no_wrap=True)
        labour = str(pl["labourers"])
        if pl["labourers_to_place"]:
            labour = (f"{pl['labourers_to_place']}/{labour}" if narrow
                      else f"{labour} ({pl['labourers_to_place']} to place)")
        played = [f"#{c}" + ("*" if c in pl["played_this_round"] else "") for c in pl["played"]]
        table.add_row(who, str(pl["iron"]), str(pl["stone"]), str(pl["coal"]), str(pl["rubble"]),
                      str(pl["steel"]), str(pl["markers_left"]), stations.get(pl["surveyor"], pl["surveyor"]),
                      train, labour, " ".join(f"#{c}" for c in pl["contracts"]) or "-",
                      " ".join(played) or "-")
    return table


def contracts_panel(obs: dict[str, Any], game: Game, seats: Sequence[int]) -> Panel:
    """The texts of the contracts in front of the given seats (they lie face up)."""
    text = Text()
    for p in seats:
        pl = obs["players"][p]
        cards = [(c, "held") for c in pl["contracts"]] + [(c, "played") for c in pl["played"]]
        text.append_text(player_text(p))
        text.append(":" if cards else ": no contracts\n")
        for c, how in cards:
            text.append(f"\n  {how:6} {contract_text(game, c)}")
        if cards:
            text.append("\n")
    text.rstrip()
    return Panel(text, title="Contracts", title_align="left")


# --------------------------------------------------------------------------- whole board


def header(obs: dict[str, Any], seat_kinds: Sequence[str]) -> Text:
    text = Text(f"Round {obs['round']}", style="bold")
    text.append("   Start Player: ")
    text.append_text(player_text(obs["start_player"]))
    text.append(f"   decisions so far: {obs['moves']}   ")
    dec = obs["decision"]
    if obs["over"]:
        text.append(f"GAME OVER ({obs['end_reason']})", style="bold red")
    elif dec:
        text.append("Now: ")
        text.append_text(player_text(dec["player"]))
        kind = seat_kinds[dec["player"]] if dec["player"] < len(seat_kinds) else ""
        if kind:
            text.append(f" ({kind})", style="dim")
        text.append(f" - {DECISION_NAMES.get(dec['kind'], dec['kind'])}")
        if dec.get("area"):
            text.append(f" for area {dec['area']}")
    s = obs["settings"]
    text.append(f"\nEdition {s['edition']}"
                + (", light fog" if s["light_fog"] else "")
                + (", one contract per window" if s["contracts_per_window"] == 1 else "")
                + (f", solo train No. {s['solo_train']}" if obs["players_count"] == 1 else "")
                + ".  Legend: r rubble, st stone, sl steel bar, VP victory points, P1.. owners.",
                style="dim")
    return text


NARROW = 150  # below this many columns the board switches to its narrow layout


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
    narrow = width < NARROW
    middle: RenderableType
    if narrow:
        middle = Group(areas_table(obs), tables_panel(obs))
    else:
        grid = Table.grid(padding=(0, 2))
        grid.add_column()
        grid.add_column()
        grid.add_row(areas_table(obs), tables_panel(obs))
        middle = grid
    parts: list[RenderableType] = [
        header(obs, seat_kinds),
        route_table(obs, narrow),
        middle,
        office_panel(obs, game),
        players_table(obs, game, seat_kinds, narrow),
    ]
    if show_contracts:
        parts.append(contracts_panel(obs, game, show_contracts))
    return Group(*parts)


# --------------------------------------------------------------------------- score sheet


def score_sheet(game: Game, seat_kinds: Sequence[str]) -> RenderableType:
    """Every line of `Game.result()`'s breakdown, which contracts scored, and the winners."""
    res = game.result()
    sheets = res["breakdown"]
    title = "Final score sheet" if res["final"] else "Score so far (the game is not over)"
    table = Table(title=title, title_justify="left")
    table.add_column("line")
    for sheet in sheets:
        p = sheet["seat"]
        head = player_text(p)
        if p < len(seat_kinds):
            head.append(f" ({seat_kinds[p]})", style="dim")
        table.add_column(head, justify="right")
    line_names = {"stations": "station sites", "track": "track cards", "surveyor": "surveyor",
                  "train": "train No. 4", "contracts": "contract bonuses"}
    for key in sheets[0]["lines"]:
        table.add_row(line_names.get(key, key), *(str(s["lines"][key]) for s in sheets))
    table.add_row(Text("total", style="bold"), *(Text(str(s["total"]), style="bold") for s in sheets),
                  end_section=True)
    contracts = Text()
    for sheet in sheets:
        contracts.append_text(player_text(sheet["seat"]))
        if not sheet["contracts"]:
            contracts.append(": no contracts\n")
            continue
        contracts.append(":\n")
        for c in sheet["contracts"]:
            mark = "scored" if c["met"] and c["vp"] else "not met"
            contracts.append(f"  #{c['contract']}: {c['vp']} VP ({mark}) - "
                             f"{bonus_text(game.cfg.contract[c['contract']].bonus)}\n",
                             style="green" if c["met"] and c["vp"] else "dim")
    contracts.rstrip()
    winners = Text("Winner" + ("s: " if len(res["winners"]) > 1 else ": "), style="bold")
    winners.append_text(Text(", ").join(player_text(p) for p in res["winners"]))
    winners.append(f"  after {res['rounds']} rounds" + (f"; {res['end_reason']}" if res["end_reason"] else ""))
    return Group(table, Panel(contracts, title="Contracts", title_align="left"), winners)
