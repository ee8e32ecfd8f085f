"""The compact terminal board (issue 21): each railway on one line, the stockyard, your own
supplies and action bar, the opponent's supplies, so the board and the prompt share a 80x24
or 100x40 terminal; `board` shows the whole table. Built from the observation only."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from snowdonia.core.i18n import _, colour_name, lang, pgettext


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
    out.append(_("  done") if rw["complete"] else f"  r{rw['rubble']}", style="dim")
    return out


def supplies(pl: dict[str, Any]) -> str:
    where = {"bar": _("bar"), "pub": _("Pub")}.get(pl["surveyor"], pl["surveyor"])
    return (_('%(iron)si %(stone)ss %(rubble)sr %(passengers)sp · %(vp)s VP · stations %(stations_built)s · tracks %(tracks_built)s · surveyor %(where)s', iron=pl['iron'], stone=pl['stone'], rubble=pl['rubble'], passengers=pl['passengers'], vp=pl['vp'], stations_built=pl['stations_built'], tracks_built=pl['tracks_built'], where=where))


def bar_line(pl: dict[str, Any]) -> str:
    out = []
    for s in pl["bar"]:
        c = s.get("card")
        if not c:
            out.append(f"{s['slot']}: -")
            continue
        side = c[s["side"]] if s.get("side") in ("gold", "grey") else c["gold"]
        said = side["german"] if lang() == "de" else pgettext("foothills", side["english"])
        out.append(f"{c['id']} {said}" + ("" if s.get("side") != "grey" else "*"))
    return " | ".join(out)


def compact_board(obs: dict[str, Any], names: list[str], seat: int | None) -> Text:
    cards = {c["id"]: c for c in obs["cards"]} if isinstance(obs["cards"], list) else dict(obs["cards"])
    yard, bag = obs["stockyard"], obs["bag"]
    lines = [Text(_('Turn %(turn)s · stockyard %(iron)si %(stone)ss%(x)s · bag %(iron2)si %(stone2)ss %(event)se', turn=obs['turn'], iron=yard['iron'], stone=yard['stone'], x=' ' + str(yard['event']) + 'e' if yard.get('event') else '', iron2=bag['iron'], stone2=bag['stone'], event=bag['event']) + (_(' · the end is rung in') if obs.get("end_triggered") else ""),
                  style="bold")]
    lines += [railway_line(obs, rw, cards) for rw in obs["railways"]]
    for pl in obs["players"]:
        p = pl["seat"]
        me = p == seat
        you = _("You")
        line = Text(f"{you if me else names[p]} ({colour_name(pl['colour'])}): ", style="bold" if me else "")
        line.append(supplies(pl))
        lines.append(line)
        if me:
            lines.append(Text(_("  bar: ") + bar_line(pl)))
    lines.append(Text(_('Key: r rubble, S station to build (s: not yet), 1/2/n built by, N navvy'), style="dim"))
    return Text("\n").join(lines)
