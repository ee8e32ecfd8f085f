"""The whole Foothills table as Rich renderables, for the terminal: the railway grid (rubble,
track and station markers, navvies, surveyors, buffer stops, tokens), each railway's state,
the stockyard, bag and supply, the Pub, the supply cards, and each player's action bar (both
sides of every card), scoring pile, tickets, passengers and VP; and the score sheet.

Drawn from `observation()` only, so it shows exactly what a seat may see. Seats are named
as everywhere on the platform ("Player 1"), with their colour beside. A terminal wide
enough gets the railways as a grid, one column per card column (navvies come column by
column); a narrower one gets one line of words per card, which wraps between facts and
never cuts a name."""

from __future__ import annotations

import io
import shlex
from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from snowdonia.core.i18n import N_, _, lang, pgettext

COLOUR_STYLE = {"blue": 'bold dodger_blue1', "green": 'bold green3'}
BORDER_STYLE = {"blue": "dodger_blue1", "green": "green3"}
RESOURCE_SHORT = (("iron", "i"), ("stone", "s"), ("rubble", "r"), ("passengers", "p"))
SCORING_WORDS = {
    "passengers": N_('1 VP per 2 passengers'),
    "tracks": N_('1 VP per 2 tracks built'),
    "stations": N_('1 VP per station built'),
    "tickets": N_('1 VP per ticket'),
    "cards": N_('1 VP per card in the pile'),
}
LINE_NAMES = {
    "vp_tokens": N_('VP tokens'),
    "route_bonus": N_('route bonus tokens (3 VP each)'),
    "summit": N_('summit token'),
    "passengers": N_('passengers (½ VP each)'),
    "pile_passengers": N_('scoring pile: passengers'),
    "pile_tracks": N_('scoring pile: tracks'),
    "pile_stations": N_('scoring pile: stations'),
    "pile_tickets": N_('scoring pile: tickets'),
    "pile_cards": N_('scoring pile: cards'),
}
GRID_CELL = 14  # the narrowest card column of the grid layout
PANEL_FRAME = 4

_MEASURE = Console(file=io.StringIO(), width=10_000, color_system=None, force_terminal=False)


def natural_width(renderable: RenderableType) -> int:
    return Measurement.get(_MEASURE, _MEASURE.options, renderable).maximum


# --------------------------------------------------------------------------- words


def seat_label(obs: dict[str, Any], p: int, kinds: Sequence[str] = (), long: bool = True) -> Text:
    """'Player 1 (blue)' in the seat's colour, or 'P1' when short."""
    colour = obs["colours"][p]
    style = COLOUR_STYLE.get(colour, "bold")
    if not long:
        return Text(f"P{p + 1}", style=style)
    out = Text(_('Player %(x)s (%(colour)s', x=p + 1, colour=colour), style=style)
    kind = kinds[p] if p < len(kinds) else ""
    if kind:
        you = _("you")
        out.append(f", {you if obs.get('seat') == p else (_(kind.capitalize()) if kind.isalpha() else kind)}", style=style)
    out.append(")", style=style)
    return out


def owner_text(obs: dict[str, Any], owner: Any) -> Text:
    if owner is None:
        return Text("·", style="dim")
    if owner == "navvy":
        return Text(_("nv"), style="yellow")
    return seat_label(obs, int(owner), long=False)


def short_cost(cost: dict[str, int]) -> str:
    """'2i1s' = 2 iron and 1 stone (r rubble, p passenger)."""
    return "".join(f"{cost.get(k, 0)}{s}" for k, s in RESOURCE_SHORT if cost.get(k, 0)) or _("free")


def short_reward(reward: dict[str, int]) -> str:
    parts = []
    if reward.get("vp"):
        parts.append(_('%(vp)sVP', vp=reward['vp']))
    if reward.get("passengers"):
        parts.append(f"{reward['passengers']}p")
    return "+".join(parts) or _("nothing")


def space_words(space: dict[str, Any], short: bool = False) -> str:
    """A surveyor action space: '+2 stone', 'ticket, +1 iron', 'pay 2r: +2 VP', ..."""
    parts = []
    if space.get("ticket"):
        parts.append(_("ticket"))
    if space.get("summit"):
        parts.append(_('summit token'))
    names = {"iron": pgettext("cube", "iron"), "stone": pgettext("cube", "stone"), "resource": _("any"),
             "rubble": pgettext("cube", "rubble"), "passengers": _("pass."), "vp": _("VP")} if short else {
        "iron": pgettext("cube", "iron"), "stone": pgettext("cube", "stone"), "resource": _("resource(s) of your choice"),
        "rubble": pgettext("cube", "rubble"), "passengers": _("passenger(s)"), "vp": _("VP")}
    for key, n in space.get("gain", {}).items():
        parts.append(f"+{n} {names.get(key, key)}")
    if space.get("track"):
        parts.append(_('lay %(track)s track', track=space['track']))
    if space.get("swap"):
        parts.append(_('swap x%(swap)s', swap=space['swap']) if short else _('swap 2 rubble for 1 stone up to %(swap)sx', swap=space['swap']))
    if space.get("flip"):
        parts.append(_("flip") if short else _('flip a card'))
    text = ", ".join(parts) or _("nothing")
    cost = {k: v for k, v in space.get("cost", {}).items() if v}
    if cost:
        text = _('pay %(x)s: %(text)s', x=short_cost(cost), text=text)
    return text


def side_words(card: dict[str, Any], side: str) -> tuple[str, str]:
    """(name, rule text) of one side of an action card: gold sides by their English name,
    grey sides by the German one with the English beside."""
    a = card[side]
    text = _(a["text"])
    if lang() == "de":
        return a["german"], text  # the printed German name (seed 001)
    said = pgettext("foothills", a["english"])
    if side == "gold" or a["german"] == a["english"]:
        return said, text
    return f"{said} ({a['german']})", text


# --------------------------------------------------------------------------- the railways


def _name_parts(card: dict[str, Any]) -> list[str]:
    """A double card's name in its two halves (one per column), else the whole name."""
    if card["double"] and "/" in card["name"] and not card["ordered"]:
        return [str(x) for x in card["name"].split("/", 1)]
    return [card["name"]]


def _station_text(obs: dict[str, Any], st: dict[str, Any], k: int, ordered: bool, named: bool) -> Text:
    t = Text()
    if ordered:
        t.append(f"{k + 1}.")
    if named:
        t.append(f"{st['name']} ")
    t.append(f"{short_cost(st['cost'])}→{short_reward(st['reward'])} ")
    if st["owner"] is not None:
        t.append_text(owner_text(obs, st["owner"]))
    elif st["available"]:
        t.append(_("open"), style="bold cyan")
    else:
        t.append("·", style="dim")
    return t


def _track_text(obs: dict[str, Any], card: dict[str, Any]) -> Text:
    t = Text(_("track "))
    for i, tr in enumerate(card["tracks"]):
        if i:
            t.append(" ")
        if tr["owner"] is None and tr["free"]:
            t.append(_("next"), style="bold cyan")
        else:
            t.append_text(owner_text(obs, tr["owner"]))
    return t


def _ground_text(card: dict[str, Any], short: bool = False) -> Text:
    if card["navvy"]:
        return Text(_("NAVVY"), style="bold yellow")
    if card["rubble"]:
        return Text(f"{card['rubble']}r" if short else _('rubble %(rubble)s', rubble=card['rubble']), style="red")
    return Text(_("clear"), style="dim")


def _tickets(card: dict[str, Any]) -> str:
    n = card.get("tickets_left", 0)
    return _('%(x)s %(ticket)s ticket%(x2)s', x=n or 'no', ticket=card.get('ticket'), x2='' if n == 1 else 's')


def _space_text(obs: dict[str, Any], card: dict[str, Any], short: bool) -> Text:
    space = card.get("space")
    t = Text()
    if space is None:
        return t
    t.append("⌖ ", style="bold" if card["space_open"] else "dim")
    t.append(space_words(space, short=short), style="" if card["space_open"] else "dim")
    if not card["space_open"]:
        t.append(_(" (closed)") if not short else "", style="dim")
    return t


def _extras(obs: dict[str, Any], card: dict[str, Any]) -> list[Text]:
    out = []
    if card.get("effect"):
        out.append(Text(_('Barmouth Ferry') if card["effect"] == "barmouth_ferry" else _('built in order'),
                        style="cyan"))
    if card.get("summit_token"):
        out.append(Text(_('▲ summit token'), style="bold"))
    if card.get("route_bonus_tokens"):
        out.append(Text(_('bonus tokens ') + ", ".join(card["route_bonus_tokens"]), style="bold"))
    if card["surveyors"]:
        here = Text(_("surveyor "), style="bold")
        here.append_text(Text(" ").join(seat_label(obs, p, long=False) for p in card["surveyors"]))
        out.append(here)
    return out


def _grid_cells(obs: dict[str, Any], card: dict[str, Any]) -> list[Text]:
    """The card as one cell per column it spans (a double card: its second half in the
    second column)."""
    names = _name_parts(card)
    first = Text(card["id"], style="bold")
    first.append(f" {names[0]}" + ("/" if len(names) > 1 else ""))
    lines = [first]
    if card["start"]:
        lines.append(Text(_tickets(card), style="magenta"))
        if card.get("space"):
            lines.append(_space_text(obs, card, short=True))
        lines += _extras(obs, card)
        return [Text("\n").join(lines)]
    ground = _ground_text(card, short=True)
    ground.append(" ")
    ground.append_text(_track_text(obs, card))
    lines.append(ground)
    stations = card["stations"]
    spans = len(card["columns"])
    split = (len(stations) + 1) // 2 if spans > 1 else len(stations)
    lines += [_station_text(obs, st, k, card["ordered"], False) for k, st in enumerate(stations[:split])]
    if spans == 1:
        if card.get("space"):
            lines.append(_space_text(obs, card, short=True))
        lines += _extras(obs, card)
        return [Text("\n").join(lines)]
    second = [Text(f"◂ {names[1]}" if len(names) > 1 else f"◂ {card['id']}", style="dim" if len(names) == 1 else "")]
    second += [_station_text(obs, st, k + split, card["ordered"], False) for k, st in enumerate(stations[split:])]
    if card.get("space"):
        second.append(_space_text(obs, card, short=True))
    second += _extras(obs, card)
    return [Text("\n").join(lines), Text("\n").join(second)]


def _rows(obs: dict[str, Any]) -> dict[int, dict[int, dict[str, Any]]]:
    by_row: dict[int, dict[int, dict[str, Any]]] = {}
    for card in obs["cards"]:
        for row in card["rows"]:
            by_row.setdefault(row, {})[card["columns"][0]] = card
    return by_row


def grid(obs: dict[str, Any]) -> Table:
    """The railways as the table lays them out: a row per railway, a column per card column
    (narrow columns wrap their cards' words, never cutting one)."""
    table = Table(title=_("Railways (a row each; navvies go column by column from 2, top to bottom)"),
                  title_justify="left", box=box.SQUARE, show_lines=True, show_edge=False, padding=(0, 1),
                  pad_edge=False)
    table.add_column("", no_wrap=True)
    for col in range(1, obs["columns"] + 1):
        table.add_column(str(col), min_width=GRID_CELL - 4, overflow="fold")
    by_row = _rows(obs)
    for rail in obs["railways"]:
        label = Text(rail["numeral"], style="bold")
        if rail["buffer_stop"]:
            label.append(_("\n▐buf"), style="bold")
        cells: list[RenderableType] = [label]
        row = by_row.get(rail["row"], {})
        col = 1
        while col <= obs["columns"]:
            card = row.get(col)
            if card is None:
                cells.append(Text(""))
                col += 1
                continue
            parts = _grid_cells(obs, card)
            cells += parts
            col += len(parts)
        table.add_row(*cells[: obs["columns"] + 1])
    return table


def _card_line(obs: dict[str, Any], card: dict[str, Any], rail: str) -> Text:
    """A card in words, for the narrow layout."""
    t = Text(card["id"], style="bold")
    t.append(f" {card['name']}: ")
    facts: list[Text] = []
    others = [r for r in card["railways"] if r != rail]
    if others:
        facts.append(Text(_('also on %(x)s', x=', '.join(others)), style="dim"))
    if card["start"]:
        facts.append(Text(_('start station, %(x)s left', x=_tickets(card)), style="magenta"))
    else:
        facts.append(_ground_text(card))
        facts.append(_track_text(obs, card))
        named = len(card["stations"]) > 1
        for k, st in enumerate(card["stations"]):
            s = Text(_("station "))
            s.append_text(_station_text(obs, st, k, card["ordered"], named))
            facts.append(s)
    if card.get("space"):
        facts.append(_space_text(obs, card, short=False))
    facts += _extras(obs, card)
    t.append_text(Text("; ").join(facts))
    return t


def railway_list(obs: dict[str, Any]) -> RenderableType:
    """The railways for a narrow terminal: each card on its own line, in column order."""
    by_id = {c["id"]: c for c in obs["cards"]}
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True, justify="right")
    table.add_column()
    for rail in obs["railways"]:
        table.add_row(Text(rail["numeral"], style="bold"), _railway_words(obs, rail))
        for cid in [rail["start"], *rail["cards"]]:
            card = by_id[cid]
            table.add_row(Text(f"{card['columns'][0]}", style="dim"), _card_line(obs, card, rail["numeral"]))
    return Group(Text(_('Railways (column: card; navvies go column by column from 2, top to bottom)'),
                      style="italic"), table)


def _railway_words(obs: dict[str, Any], rail: dict[str, Any]) -> Text:
    t = Text(rail["name"], style="bold")
    t.append(_(': %(rubble)s rubble left', rubble=rail['rubble']))
    if rail["buffer_stop"]:
        t.append(_('; complete, buffer stop placed'), style="bold")
    elif rail["complete"]:
        t.append(_('; every track space covered'))
    else:
        t.append(_('; next track space: %(x)s', x=rail['next_track'] or 'none free yet'))
    counts = rail["stations_by_seat"]
    t.append(_('; stations '))
    t.append_text(Text(", ").join(seat_label(obs, p, long=False) + Text(f" {counts[p]}") for p in (0, 1)))
    if rail["route_bonus"]:
        t.append(_('; route bonus token (3 VP to most stations)'), style="cyan")
    return t


def railways_table(obs: dict[str, Any]) -> Table:
    """One line per railway: its name, rubble, next track space, stations per player."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, padding=(0, 1), pad_edge=False)
    for head in ("", _("railway"), pgettext("cube", "rubble"), _('next track'), _("stations"), _('buffer stop'), _('route bonus')):
        table.add_column(head, no_wrap=True)
    holders = {b["railway"]: b["holder"] for b in obs.get("route_bonus", [])}
    for rail in obs["railways"]:
        counts = rail["stations_by_seat"]
        stations = Text(", ").join(seat_label(obs, p, long=False) + Text(f" {counts[p]}") for p in (0, 1))
        bonus = Text("")
        if rail["route_bonus"]:
            holder = holders.get(rail["numeral"])
            bonus = Text(_('3 VP: '))
            bonus.append_text(seat_label(obs, holder, long=False) if holder is not None
                              else Text(_('tied, nobody'), style="dim"))
        table.add_row(Text(rail["numeral"], style="bold"), rail["name"], str(rail["rubble"]),
                      rail["next_track"] or "-", stations,
                      Text(_("placed"), style="bold") if rail["buffer_stop"] else Text("-", style="dim"), bonus)
    return table


# --------------------------------------------------------------------------- the table


def supply_panel(obs: dict[str, Any], width: int) -> Panel:
    """Stockyard, bag, supply, Pub, tokens and the supply cards (both sides)."""
    yard, bag, sup = obs["stockyard"], obs["bag"], obs["supply"]
    text = Text()
    text.append(_("Stockyard: "), style="bold")
    text.append(_('%(iron)s iron, %(stone)s stone, %(event)s event cube(s)', iron=yard['iron'], stone=yard['stone'], event=yard['event']))
    text.append(_("   Bag: "), style="bold")
    text.append(_('%(iron)s iron, %(stone)s stone, %(event)s event cube(s)', iron=bag['iron'], stone=bag['stone'], event=bag['event']))
    if obs.get("events_aside"):
        text.append(_('   event cubes set aside: %(events_aside)s', events_aside=obs['events_aside']))
    text.append(_("\nSupply: "), style="bold")
    subs = {k: v for k, v in sup.get("substitutes", {}).items() if v}
    text.append(_('%(rubble)s rubble, %(passengers)s passengers, %(vp)s VP in tokens, %(navvies)s navvies, %(buffer_stops)s buffer stops', rubble=sup['rubble'], passengers=sup['passengers'], vp=sup['vp'], navvies=sup['navvies'], buffer_stops=sup['buffer_stops'])
                + (_(' (substitutes in use: ') + ", ".join(f"{v} {k}" for k, v in subs.items()) + ")" if subs else ""))
    text.append(_("\nPub: "), style="bold")
    pub = obs["pub"]["surveyors"]
    if pub:
        text.append_text(Text(", ").join(seat_label(obs, p) for p in pub))
        text.append(_("'s surveyor") if len(pub) == 1 else _("' surveyors"))
    else:
        text.append(_("empty"), style="dim")
    summit = obs.get("summit", {})
    if summit.get("in_play"):
        text.append(_('   Summit token (2 VP): '), style="bold")
        holder = summit.get("owner")
        text.append_text(seat_label(obs, holder) if holder is not None else Text(_('on Yr Wyddfa'), style="dim"))
    for b in obs.get("route_bonus", []):
        text.append(_('   Route bonus %(railway)s: ', railway=b['railway']), style="bold")
        text.append_text(seat_label(obs, b["holder"]) if b["holder"] is not None else Text(_('nobody ahead'), style="dim"))
    if obs.get("removed_railways"):
        text.append(_('\nRailways left out: %(x)s', x=', '.join(obs['removed_railways'])), style="dim")
    cards = Table(box=box.SIMPLE_HEAD, show_edge=False, padding=(0, 1), pad_edge=False)
    cards.add_column(_("card"), no_wrap=True)
    cards.add_column(_('gold side'))
    cards.add_column(_('grey side'))
    cards.add_column(_('in the scoring pile'))
    for c in obs["supply_cards"]:
        gold, _gold_key = side_words(c, "gold")
        grey, _grey_key = side_words(c, "grey")
        cards.add_row(Text(c["id"], style="bold"), Text(gold, style="yellow"), grey,
                      _(SCORING_WORDS.get(c["scoring"], c["scoring"])))
    parts: list[RenderableType] = [text, Text(_("Supply cards (`about action_cards A3` for a card's rules):"),
                                              style="bold"), cards]
    if obs.get("box_cards"):
        parts.append(Text(_('In the box: %(x)s', x=', '.join(obs['box_cards'])), style="dim"))
    return Panel(Group(*parts), title=_("Stockyard, bag, supply, Pub"), title_align="left", width=width)


def player_panel(obs: dict[str, Any], p: int, kinds: Sequence[str], width: int, texts: bool = True) -> Panel:
    """A player's supply, markers, tickets, surveyor, action bar (the side up with its rule,
    the other side beside it) and scoring pile."""
    pl = obs["players"][p]
    colour = pl["colour"]
    facts = Text()
    facts.append(_('iron %(iron)s, stone %(stone)s, rubble %(rubble)s, passengers %(passengers)s, VP tokens %(vp)s', iron=pl['iron'], stone=pl['stone'], rubble=pl['rubble'], passengers=pl['passengers'], vp=pl['vp']))
    facts.append(_('\nmarkers left %(markers_left)s, stations %(stations_built)s, tracks %(tracks_built)s; tickets: %(x)s; surveyor: %(x2)s', markers_left=pl['markers_left'], stations_built=pl['stations_built'], tracks_built=pl['tracks_built'], x=', '.join(pl['tickets']) or 'none', x2=_where(obs, pl['surveyor']))
                 + (_('; summit token') if pl["summit"] else ""))
    bar = Table.grid(padding=(0, 1))
    bar.add_column(no_wrap=True)
    bar.add_column()
    for slot in pl["bar"]:
        card = slot["card"]
        if card is None:
            bar.add_row(Text(slot["slot"], style="bold"), Text(_("(empty)"), style="dim"))
            continue
        side = slot.get("side") or "gold"
        other = "grey" if side == "gold" else "gold"
        up, up_text = side_words(card, side)
        down, down_text = side_words(card, other)
        line = Text(f"{card['id']} ", style="bold")
        line.append(f"{_(side)}: ", style="yellow" if side == "gold" else "white")
        line.append(up, style='bold yellow' if side == "gold" else "bold")
        if card[side].get("ticket") and not texts:
            line.append(_(' (needs a ticket)'), style="dim")
        if texts:
            line.append(f" — {up_text}")
        line.append(_('\n  other side (%(other)s): %(down)s', other=other, down=down) if texts else _('  (other side, %(other)s: %(down)s)', other=other, down=down), style="dim")
        if texts:
            line.append(f" — {down_text}", style="dim")
        bar.add_row(Text(slot["slot"], style="bold"), line)
    pile = Text(_('scoring pile (%(x)s of at most %(pile_limit)s): ', x=len(pl['scoring_pile']), pile_limit=pl['pile_limit']))
    pile.append(", ".join(pl["scoring_pile"]) or _("empty"))
    pile.append(_('\nscore so far: %(score_so_far)s', score_so_far=format(pl["score_so_far"], "g")), style="bold")
    title = seat_label(obs, p, kinds)
    if pl["start_player"]:
        title.append(_(' · start player'))
    if obs["current_player"] == p:
        title.append(_(' · to move'), style="bold")
    return Panel(Group(facts, Text(_('Action bar:'), style="bold"), bar, pile), title=title, title_align="left",
                 border_style=BORDER_STYLE.get(colour, ""), width=width)


def bar_table(obs: dict[str, Any], p: int, kinds: Sequence[str]) -> Table:
    """A player's action bar with the rules of both sides of every card, for a wide terminal."""
    pl = obs["players"][p]
    if obs.get("seat") == p:
        title = Text(_('Your action bar (Player %(x)s, %(x2)s)', x=p + 1, x2=obs['colours'][p]))
    else:
        title = seat_label(obs, p)
        title.append(_("'s action bar"))
    title.append(_(': the face-up side is the action the card gives'))
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, show_edge=False, padding=(0, 1),
                  pad_edge=False, expand=True)
    table.add_column("", no_wrap=True)
    table.add_column(_('face up'), ratio=1)
    table.add_column(_('other side'), ratio=1)
    for slot in pl["bar"]:
        card = slot["card"]
        if card is None:
            table.add_row(Text(slot["slot"], style="bold"), Text(_("(empty)"), style="dim"), Text(""))
            continue
        side = slot.get("side") or "gold"
        cells = []
        for k, sd in enumerate((side, "grey" if side == "gold" else "gold")):
            name, rule = side_words(card, sd)
            cell = Text(f"{card['id']} {_(sd)}: " if k == 0 else f"{_(sd)}: ", style="yellow" if sd == "gold" else "")
            cell.append(name, style="bold")
            cell.append(f" — {rule}", style="" if k == 0 else "dim")
            cells.append(cell)
        table.add_row(Text(slot["slot"], style="bold"), *cells)
    return table


def _where(obs: dict[str, Any], where: str) -> str:
    if where == "bar":
        return 'on the action bar'
    if where == "pub":
        return _('in the Pub')
    card = next((c for c in obs["cards"] if c["id"] == where), None)
    return f"{where} {card['name']}" if card else where


def header(obs: dict[str, Any], kinds: Sequence[str]) -> Text:
    head = Text(_('Foothills · turn %(turn)s (round %(round)s)', turn=obs['turn'], round=obs['round']), style="bold")
    head.append(_('   start player: '))
    head.append_text(seat_label(obs, obs["start_player"]))
    if obs["over"]:
        head.append(_('   GAME OVER (%(end_reason)s)', end_reason=obs['end_reason']), style="bold red")
    elif obs["decision"]:
        d = obs["decision"]
        head.append(_("   Now: "))
        head.append_text(seat_label(obs, d["player"], kinds))
        head.append(" - " + _(d["prompt"]))
        if d.get("card"):
            head.append(_(' (card %(card)s)', card=d['card']))
    if obs["end_triggered"] and not obs["over"]:
        head.append(_('\nThe end is rung in: %(end_reason)s', end_reason=obs['end_reason'])
                    + (_('; this is the last turn') if obs.get("final_turn") else ""), style="bold red")
    head.append(_('\nLegend: i iron, s stone, r rubble, p passenger; cost→reward; P1/P2 owners, nv built by a navvy, · free or not built, open = may be built now, next = the next track space; ⌖ surveyor action space (dim: closed).'), style="dim")
    return head


def table_view(obs: dict[str, Any], kinds: Sequence[str] = (), width: int = 160) -> RenderableType:
    """The whole table for a terminal `width` columns wide."""
    cols = obs["columns"]
    railways: RenderableType
    # The grid when each card column keeps GRID_CELL columns (besides the label column, a
    # separator and padding per column); else the cards in words.
    if 4 + cols * (GRID_CELL + 3) <= width and natural_width(railways_table(obs)) <= width:
        railways = Group(grid(obs), railways_table(obs))
    else:
        railways = railway_list(obs)
    supply = supply_panel(obs, width)
    # The rules of the action cards are written out for the seat whose view this is (in
    # the public view: the player to move); the other bar shows both sides' names.
    reader = obs.get("seat")
    if reader is None:
        reader = obs["current_player"]
    if width >= 150:
        half = (width - 1) // 2
        players: RenderableType = Table.grid(padding=(0, 1))
        assert isinstance(players, Table)
        players.add_column()
        players.add_column()
        players.add_row(player_panel(obs, 0, kinds, half, texts=False),
                        player_panel(obs, 1, kinds, width - 1 - half, texts=False))
        if reader is not None:
            players = Group(players, bar_table(obs, reader, kinds))
    else:
        players = Group(*(player_panel(obs, p, kinds, width, texts=reader == p) for p in (0, 1)))
    return Group(header(obs, kinds), railways, supply, players)


# --------------------------------------------------------------------------- score sheet


def _score(v: float) -> str:
    return f"{v:g}"


def rematch_command(rematch: dict[str, Any]) -> str:
    """The command that plays the tie's rematch with the same seats' settings."""
    parts = ["snowdonia", "play", "--game", "foothills"]
    for key in ("railways", "colours", "start_player"):
        if key in rematch:
            parts += ["--set", f"{key}={rematch[key]}"]
    parts += ["--set", "rematch=true"]
    return " ".join(shlex.quote(p) for p in parts)


def score_sheet(result: dict[str, Any], obs: dict[str, Any], kinds: Sequence[str]) -> RenderableType:
    """Every line of the breakdown per player, the scoring pile card by card, the route
    bonuses, and the outcome: a winner, a tie (replayed with colours swapped on the same
    railways) or a draw (a tie in that rematch)."""
    sheets = result["breakdown"]
    final = result.get("final", obs["over"])
    table = Table(title=_('Final score sheet') if final else _('Score so far (the game is not over)'), title_justify="left")
    table.add_column(_("line"), no_wrap=True)
    for sheet in sheets:
        table.add_column(seat_label(obs, sheet["seat"], kinds), justify="right")
    keys = list(sheets[0]["lines"])
    for key in keys:
        table.add_row(_(LINE_NAMES.get(key, key.replace("_", " "))), *(_score(s["lines"][key]) for s in sheets))
    table.add_row(Text(_("total"), style="bold"), *(Text(_score(s["total"]), style="bold") for s in sheets),
                  end_section=True)
    details = Text()
    for sheet in sheets:
        if details:
            details.append("\n")
        details.append_text(seat_label(obs, sheet["seat"]))
        bonus = sheet["route_bonus"]
        details.append(_(': route bonus tokens ') + (", ".join(bonus) if bonus else _("none")))
        details.append(_('; scoring pile: ') + (_("empty") if not sheet["pile"] else ""))
        for c in sheet["pile"]:
            details.append(_('\n  %(card)s: %(vp)s VP (%(x)s)', card=c['card'], vp=c['vp'], x=_(SCORING_WORDS.get(c['field'], c['field']))))
    outcome = Text()
    scores = result["scores"]
    if not final:
        outcome.append(_('The game goes on.'), style="dim")
    elif result.get("draw"):
        outcome.append(_('A draw: the rematch ended in a tie too (%(x)s each).', x=_score(scores[0])), style="bold")
    elif result.get("tie"):
        outcome.append(_('A tie at %(x)s: ', x=_score(scores[0])), style="bold")
        outcome.append(_('the rules replay the same railways with the colours swapped; a tie in that rematch is a draw.'))
        if result.get("tie_rematch"):
            outcome.append(_('\nPlay the rematch (the same seats, colours swapped):\n'))
            outcome.append(rematch_command(result["tie_rematch"]), style="bold")
    else:
        w = result["winners"][0]
        outcome.append(_("Winner: "), style="bold")
        outcome.append_text(seat_label(obs, w, kinds))
        outcome.append(_(', %(x)s to %(x2)s', x=_score(scores[w]), x2=_score(scores[1 - w])))
    if final and result.get("end_reason"):
        outcome.append(_('\nThe game ended: %(end_reason)s; turns played: ', end_reason=result['end_reason'])
                       + ", ".join(str(t) for t in result.get("turns", [])))
    return Group(table, Panel(details, title=_("Route bonuses and scoring piles"), title_align="left"), outcome)
