"""The compact terminal board (issue 21): each railway on one line, the stockyard, your own
supplies and action bar, the opponent's supplies, so the board and the prompt share a 80x24
or 100x40 terminal; `board` shows the whole table. Built from the observation only."""

from __future__ import annotations

from typing import Any

from rich.text import Text


def _card_cell(card: dict[str, Any]) -> str:
    """A route card: its number, then r<rubble>, N (navvy), a station S (free to build) or
    its builder's number, tracks as t<laid>/<spaces>."""
    num = card["id"].split("-")[-1]
    if card["navvy"]:
        return f"{num}:N"
    parts = []
    if card["rubble"]:
        parts.append(f"r{card['rubble']}")
    for st in card["stations"]:
        owner = st["owner"]
        parts.append("S" if st["available"] else "s" if owner is None else
                     str(owner + 1) if isinstance(owner, int) else "n")
    return f"{num}:{''.join(parts) or '-'}"


def railway_line(obs: dict[str, Any], rw: dict[str, Any], cards: dict[str, dict[str, Any]]) -> Text:
    name = rw["name"].removesuffix(" Railway")
    out = Text(f"{rw['numeral']:>4} {name[:14]:<14} ", style="bold")
    cells = [_card_cell(cards[c]) for c in rw["cards"] if c in cards]
    out.append(" ".join(cells))
    out.append("  done" if rw["complete"] else f"  r{rw['rubble']}", style="dim")
    return out


def supplies(pl: dict[str, Any]) -> str:
    where = {"bar": "bar", "pub": "Pub"}.get(pl["surveyor"], pl["surveyor"])
    return (f"{pl['iron']}i {pl['stone']}s {pl['rubble']}r {pl['passengers']}p · {pl['vp']} VP · "
            f"stations {pl['stations_built']} · tracks {pl['tracks_built']} · surveyor {where}")


def bar_line(pl: dict[str, Any]) -> str:
    out = []
    for s in pl["bar"]:
        c = s.get("card")
        if not c:
            out.append(f"{s['slot']}: -")
            continue
        side = c[s["side"]] if s.get("side") in ("gold", "grey") else c["gold"]
        out.append(f"{c['id']} {side['english']}" + ("" if s.get("side") != "grey" else "*"))
    return " | ".join(out)


def compact_board(obs: dict[str, Any], names: list[str], seat: int | None) -> Text:
    cards = {c["id"]: c for c in obs["cards"]} if isinstance(obs["cards"], list) else dict(obs["cards"])
    yard, bag = obs["stockyard"], obs["bag"]
    lines = [Text(f"Turn {obs['turn']} · stockyard {yard['iron']}i {yard['stone']}s"
                  f"{' ' + str(yard['event']) + 'e' if yard.get('event') else ''} · bag {bag['iron']}i "
                  f"{bag['stone']}s {bag['event']}e" + (" · the end is rung in" if obs.get("end_triggered") else ""),
                  style="bold")]
    lines += [railway_line(obs, rw, cards) for rw in obs["railways"]]
    for pl in obs["players"]:
        p = pl["seat"]
        me = p == seat
        line = Text(f"{'You' if me else names[p]} ({pl['colour']}): ", style="bold" if me else "")
        line.append(supplies(pl))
        lines.append(line)
        if me:
            lines.append(Text("  bar: " + bar_line(pl)))
    lines.append(Text("Key: r rubble, S station to build (s: not yet), 1/2/n built by, N navvy", style="dim"))
    return Text("\n").join(lines)
