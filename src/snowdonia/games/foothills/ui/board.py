"""The whole Foothills table as a Rich renderable, for the terminal: the railway grid (rubble,
track and station markers, navvies, surveyors, buffer stops, tokens), the stockyard and bag,
the supply, and each player's action bar (both sides of every card), scoring pile and
supply. Drawn from `observation()` only, so it shows exactly what a seat may see."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

COLOUR_STYLE = {"blue": "bold blue", "green": "bold green"}


def _who(obs: dict[str, Any], o: Any) -> Text:
    if o is None:
        return Text("·", style="dim")
    if o == "navvy":
        return Text("N", style="yellow")
    colour = obs["colours"][o]
    return Text(colour[0].upper(), style=COLOUR_STYLE[colour])


def _cell(obs: dict[str, Any], card: dict[str, Any]) -> Text:
    t = Text()
    t.append(card["id"], style="bold")
    t.append(f" {card['name']}\n", style="dim")
    if card["start"]:
        t.append(f"start · {card.get('ticket')} ×{card.get('tickets_left', 0)}", style="magenta")
    else:
        if card["navvy"]:
            t.append("NAVVY ", style="yellow")
        if card["rubble"]:
            t.append(f"rubble {card['rubble']} ", style="red")
        t.append("track ")
        for tr in card["tracks"]:
            t.append_text(_who(obs, tr["owner"]))
        t.append(" st ")
        for s in card["stations"]:
            t.append_text(_who(obs, s["owner"]))
            if s["available"]:
                t.append("*", style="cyan")
    if card.get("effect"):
        t.append(" ferry" if card["effect"] == "barmouth_ferry" else " bridge", style="cyan")
    if card.get("summit_token"):
        t.append(" ▲summit", style="bold white")
    if card.get("route_bonus_tokens"):
        t.append(" bonus " + "/".join(card["route_bonus_tokens"]), style="bold white")
    for p in card["surveyors"]:
        colour = obs["colours"][p]
        t.append(f" ⌖{colour[0].upper()}", style=COLOUR_STYLE[colour])
    return t


def grid(obs: dict[str, Any]) -> Table:
    table = Table(title="Railways", show_lines=True, expand=False)
    table.add_column("railway", no_wrap=True)
    for col in range(1, obs["columns"] + 1):
        table.add_column(str(col), overflow="fold")
    table.add_column("end", no_wrap=True)
    by_row: dict[int, dict[int, dict[str, Any]]] = {}
    for card in obs["cards"]:
        for row in card["rows"]:
            for k, col in enumerate(card["columns"]):
                by_row.setdefault(row, {})[col] = card if k == 0 else {"cont": card["id"]}
    for rail in obs["railways"]:
        cells: list[RenderableType] = [Text(f"{rail['numeral']} {rail['name']}", style="bold")]
        row = by_row.get(rail["row"], {})
        for col in range(1, obs["columns"] + 1):
            card = row.get(col)
            if card is None:
                cells.append(Text(""))
            elif "cont" in card:
                cells.append(Text(f"◂ {card['cont']}", style="dim"))
            else:
                cells.append(_cell(obs, card))
        cells.append(Text("▐ buffer" if rail["buffer_stop"] else "", style="bold"))
        table.add_row(*cells)
    return table


def _card_line(card: dict[str, Any] | None, side: str | None) -> Text:
    if card is None:
        return Text("(empty)", style="dim")
    t = Text()
    t.append(card["id"] + " ", style="bold")
    gold, grey = card["gold"], card["grey"]
    up, down = (gold, grey) if side == "gold" else (grey, gold)
    t.append(f"{up['english'] if side == 'gold' else up['german']}", style="yellow" if side == "gold" else "white")
    t.append(f"  (other side: {down['german'] if side == 'gold' else down['english']})", style="dim")
    return t


def player_panel(obs: dict[str, Any], p: int) -> Panel:
    pl = obs["players"][p]
    lines = Table.grid(padding=(0, 1))
    lines.add_row(Text(f"iron {pl['iron']}  stone {pl['stone']}  rubble {pl['rubble']}  "
                       f"passengers {pl['passengers']}  VP tokens {pl['vp']}"))
    lines.add_row(Text(f"markers left {pl['markers_left']}  stations {pl['stations_built']}  "
                       f"tracks {pl['tracks_built']}  tickets {', '.join(pl['tickets']) or '—'}  "
                       f"surveyor {pl['surveyor']}" + ("  summit ▲" if pl["summit"] else "")))
    for slot in pl["bar"]:
        lines.add_row(Text(f"{slot['slot']}: ").append_text(_card_line(slot["card"], slot.get("side"))))
    lines.add_row(Text(f"scoring pile ({len(pl['scoring_pile'])}/{pl['pile_limit']}): "
                       f"{', '.join(pl['scoring_pile']) or '—'}   score so far {pl['score_so_far']:g}"))
    colour = pl["colour"]
    title = f"seat {p} · {colour}" + (" · start player" if pl["start_player"] else "")
    border = "blue" if colour == "blue" else "green"
    if obs["current_player"] == p:
        title += " · to move"
    return Panel(lines, title=title, border_style=border)


def table_view(obs: dict[str, Any]) -> RenderableType:
    head = Text()
    head.append(f"Foothills · turn {obs['turn']}", style="bold")
    if obs["over"]:
        head.append(f" · game over ({obs['end_reason']})", style="bold red")
    elif obs["decision"]:
        d = obs["decision"]
        head.append(f" · seat {d['player']} ({obs['colours'][d['player']]}): {d['prompt']}")
    if obs["end_triggered"] and not obs["over"]:
        head.append(f" · end rung in: {obs['end_reason']}", style="red")
    yard, bagc, sup = obs["stockyard"], obs["bag"], obs["supply"]
    info = Text(
        f"Stockyard: {yard['iron']} iron, {yard['stone']} stone, {yard['event']} event   "
        f"Bag: {bagc['iron']} iron, {bagc['stone']} stone, {bagc['event']} event   "
        f"Navvies {sup['navvies']}  Buffer stops {sup['buffer_stops']}  Passengers {sup['passengers']}  "
        f"Rubble {sup['rubble']}   Pub: {', '.join(obs['colours'][p] for p in obs['pub']['surveyors']) or '—'}")
    supply = Text("Supply cards: " + (", ".join(
        f"{c['id']} ({c['gold']['english']} / {c['grey']['german']})" for c in obs["supply_cards"]) or "—"))
    return Group(head, grid(obs), info, supply, player_panel(obs, 0), player_panel(obs, 1))
