"""Foothills in words: every action with what it costs and gives, every log event, and the
rule text of every component (for tooltips). One source for the terminal, the web and the
log; every number comes from the component data, so a corrected TOML value shows up here
without touching this module."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from snowdonia.core.actions import Action
from snowdonia.core.i18n import N_, _, lang, ngettext, pgettext
from snowdonia.core.protocol import LogEvent, Position
from snowdonia.games.foothills.data import ActionDef, Cost, SpaceData, components
from snowdonia.games.foothills.rules import pub, scoring, stations, surveyor, track
from snowdonia.games.foothills.rules.config import Config
from snowdonia.games.foothills.rules.decisions import DECISIONS
from snowdonia.games.foothills.rules.state import NONE, State

EFFECTS = {
    "barmouth_ferry": (N_("Barmouth Ferry: when you build its station, flip any number of your action cards at once (this card's action included); once in the game, not a surveyor action space.")),
    "devils_bridge": (N_("Devil's Bridge: its three stations are built in order; after building each you may put one of your action cards into your scoring pile as if in the Pub (and take its replacement); not a surveyor action space.")),
}
SCORING_TEXT = {
    "passengers": N_('1 VP per 2 passengers in your supply'),
    "tracks": N_('1 VP per 2 tracks you built'),
    "stations": N_('1 VP per station you built'),
    "tickets": N_('1 VP per ticket you hold'),
    "cards": N_('1 VP per card in your scoring pile (this one included)'),
}


def plural(n: int, word: str) -> str:
    """'3 iron', '1 passenger': a count of a component by the language's plural rule."""
    forms = {
        "iron": lambda: ngettext("%(n)s iron", "%(n)s iron", n),
        "stone": lambda: ngettext("%(n)s stone", "%(n)s stone", n),
        "rubble": lambda: ngettext("%(n)s rubble", "%(n)s rubble", n),
        "passenger": lambda: ngettext("%(n)s passenger", "%(n)s passengers", n),
        "passengers": lambda: ngettext("%(n)s passenger", "%(n)s passengers", n),
        "vp": lambda: _("%(vp)s VP", vp=n),
        "track": lambda: ngettext("%(n)s track", "%(n)s tracks", n),
        "card": lambda: ngettext("%(n)s card", "%(n)s cards", n),
        "event cube": lambda: ngettext("%(n)s event cube", "%(n)s event cubes", n),
    }
    f = forms.get(word)
    return f() if f else f"{n} {word}"


def cost_text(c: Cost) -> str:
    parts = [plural(n, w) for n, w in ((c.iron, "iron"), (c.stone, "stone"), (c.rubble, "rubble"),
                                        (c.passengers, "passenger")) if n]
    return " + ".join(parts) or _("nothing")


def reward_text(vp: int, passengers: int) -> str:
    parts = []
    if vp:
        parts.append(_('%(vp)s VP', vp=vp))
    if passengers:
        parts.append(plural(passengers, "passenger"))
    return " + ".join(parts) or _('no reward')


def space_text(sd: SpaceData) -> str:
    """A surveyor action space's action in words."""
    parts = []
    if sd.ticket:
        parts.append(_("take this railway's ticket (one of each colour per player)"))
    if sd.summit:
        parts.append(_('take the summit token (2 VP at the end, until the other player takes it)'))
    for n, w in ((sd.iron, "iron"), (sd.stone, "stone")):
        if n:
            parts.append(_('take %(n)s %(w)s (from the stockyard or the bag)', n=n, w=w))
    if sd.resource:
        parts.append(ngettext("take %(n)s resource of your choice (from the stockyard or the bag)",
                              "take %(n)s resources of your choice (from the stockyard or the bag)", sd.resource))
    if sd.rubble:
        parts.append(_('take %(rubble)s rubble', rubble=sd.rubble))
    if sd.passengers:
        parts.append(_('take %(x)s', x=plural(sd.passengers, 'passenger')))
    if sd.vp:
        parts.append(_('take %(vp)s VP', vp=sd.vp))
    if sd.track:
        works = components().mains["C"].params
        iron = sd.track_iron or works.track_iron
        parts.append(ngettext("lay up to %(n)s track (%(iron)s iron each, +%(track_vp)s VP)",
                              "lay up to %(n)s tracks (%(iron)s iron each, +%(track_vp)s VP)", sd.track, iron=iron,
                              track_vp=works.track_vp))
    if sd.swap:
        rate = components().mains["C"].params.swap_rubble
        parts.append(_('swap %(rate)s rubble for 1 stone up to %(swap)s times', rate=rate, swap=sd.swap))
    if sd.flip:
        parts.append(_('you may flip another action card'))
    text = ", ".join(parts)
    if sd.cost != Cost():
        text = _('pay %(x)s: %(text)s', x=cost_text(sd.cost), text=text)
    return text[:1].upper() + text[1:]


def space_short(sd: SpaceData) -> str:
    """A surveyor action space as printed on the card's face, in a few words ("ticket + 1 iron",
    "2 rubble → 2 VP"): the board's label; `space_text` says it in full."""
    parts = []
    if sd.ticket:
        parts.append(_("ticket"))
    if sd.summit:
        parts.append(_("summit"))
    for n, w in ((sd.iron, "iron"), (sd.stone, "stone")):
        if n:
            parts.append(plural(n, w))
    if sd.resource:
        parts.append(_('%(resource)s iron/stone', resource=sd.resource))
    if sd.rubble:
        parts.append(_('%(rubble)s rubble', rubble=sd.rubble))
    if sd.passengers:
        parts.append(plural(sd.passengers, "passenger"))
    if sd.vp:
        parts.append(_('%(vp)s VP', vp=sd.vp))
    if sd.track:
        parts.append(plural(sd.track, "track"))
    if sd.swap:
        parts.append(_('%(swap)s× swap', swap=sd.swap))
    if sd.flip:
        parts.append(_("flip"))
    text = " + ".join(parts) or _("nothing")
    if sd.cost != Cost():
        text = f"{cost_text(sd.cost)} → {text}"
    return text


def action_name(a: ActionDef) -> str:
    """An action's name: in German the name printed on the card (seed 001); otherwise the
    translated name with the printed German one after it, so it can be found on the card."""
    if lang() == "de":
        return a.german
    said = pgettext("foothills", a.english)
    return said if a.main or a.german == a.english else f"{said} ({a.german})"


def card_name(cfg: Config, ac: int) -> str:
    gold, grey = cfg.ac_gold[ac], cfg.ac_grey[ac]
    if lang() == "de":
        return f"{cfg.ac_id[ac]} ({gold.german} / {grey.german})"
    return f"{cfg.ac_id[ac]} ({pgettext('foothills', gold.english)} / {pgettext('foothills', grey.english)})"


def route_card_name(cfg: Config, c: int) -> str:
    return f"{cfg.cards[c].name} ({cfg.cards[c].id})"


class FoothillsWords:
    """Implements `snowdonia.core.protocol.Words` for Foothills."""

    def proper_names(self) -> list[str]:
        """Names printed on the components, never translated: railways, route cards, stations
        (and the parts of a station's name its card shows alone), the actions' German names."""
        comp = components()
        out = {r.name for r in comp.railways} | {a.german for a in (*comp.mains.values(), *comp.sides.values())}
        for card in comp.cards:
            out.add(card.name)
            for s in card.stations:
                out.add(s.name)
                base = card.name.split("/")[0]
                if s.name.startswith(base + " "):
                    out.add(s.name[len(base) + 1:].strip("()"))
        return sorted(out)

    def data_messages(self) -> list[tuple[str, str] | tuple[str, str, str]]:
        """The printed words of Foothills' data for the catalogue: each action's English name
        (context "foothills"; German: the printed name, seed 001) and its text."""
        comp = components()
        out: list[tuple[str, str] | tuple[str, str, str]] = []
        from snowdonia.games.foothills.rules import end

        for why in (end.ALL_BUFFER_STOPS, end.NO_NAVVY_LEFT, end.NO_CARD_FOR_NAVVY, end.TURN_LIMIT):
            out.append((why, "why the game ends (rules/end.py)"))
        for a in (*comp.mains.values(), *comp.sides.values()):
            out.append((a.english, f"Foothills action {a.key}; printed German name: {a.german}", "foothills"))
            out.append((a.text, f"Foothills action {a.key} ({a.german}): what it does"))
        return out

    def action(self, position: Position, action: Action) -> str:
        g = position
        assert isinstance(g, State)
        return describe(g, action)

    def event(self, event: LogEvent, names: Sequence[str], position: Position | None = None) -> str:
        return event_text(event, names)

    def components(self, position: Position) -> dict[str, Any]:
        g = position
        assert isinstance(g, State)
        return component_texts(g.cfg)


def describe(g: State, action: Action) -> str:
    """One menu line for `action` in the pending decision."""
    cfg = g.cfg
    kind, args = action.kind, action.args
    p = g.decider if g.decider != NONE else g.player
    pending = g.decision or ""
    ctx = g.ctx
    if kind == "pass":
        text = _(DECISIONS[pending].pass_text) if pending in DECISIONS else _("pass")
        return text[:1].upper() + text[1:]
    if kind == "card":
        ac = cfg.ac_index[str(args[0])]
        grey = g.grey[p * 5 + cfg.ac_cat[ac]]
        act = cfg.ac_grey[ac] if grey else cfg.ac_gold[ac]
        side = _('grey side') if grey else _('gold side')
        return _('Play %(x)s, %(side)s: %(x2)s — %(text)s', x=cfg.ac_id[ac], side=side, x2=action_name(act), text=_(act.text))
    if kind == "flip":
        ac = cfg.ac_index[str(args[0])]
        grey = g.grey[p * 5 + cfg.ac_cat[ac]]
        to = cfg.ac_gold[ac] if grey else cfg.ac_grey[ac]
        why = _(' (Barmouth Ferry)') if pending == "ferry" else ""
        return _('Flip %(x)s to its %(x2)s side: %(x3)s%(why)s', x=cfg.ac_id[ac], x2=_('gold') if grey else _('grey'), x3=action_name(to), why=why)
    if kind == "take":
        i, s = int(args[0]), int(args[1])
        got = " and ".join(plural(n, w) for n, w in ((i, "iron"), (s, "stone")) if n)
        return _('Take %(got)s from the stockyard', got=got)
    if kind == "rubble":
        return _rubble_text(g, p, str(args[0]), ctx)
    if kind == "track":
        r = cfg.rail_index[str(args[0])]
        t = track.free_track(g, r)
        prm = cfg.params[ctx[2]] if pending == "works" and ctx else cfg.params["works"]
        cost = Cost(iron=int(args[1]), stone=int(args[2])) if len(args) == 3 else Cost(iron=prm.track_iron)
        where = route_card_name(cfg, cfg.track_card[t]) if t != NONE else "?"
        return (_('Lay a track on the %(x)s (%(x2)s) at %(where)s: %(x3)s → %(track_vp)s VP', x=cfg.comp.railways[r].name, x2=args[0], where=where, x3=cost_text(cost), track_vp=prm.track_vp))
    if kind in ("iron", "stone"):
        src = _('the stockyard') if args[0] == "yard" else _('the bag (picked out)')
        if pending == "works" and ctx:
            prm = cfg.params[ctx[2]]
            return _('Swap %(swap_rubble)s rubble for 1 stone from %(src)s', swap_rubble=prm.swap_rubble, src=src)
        return _('Take 1 %(kind)s from %(src)s', kind=kind, src=src)
    if kind == "build":
        s = cfg.station_index[str(args[0])]
        mod = str(args[1]) if len(args) > 1 else ""
        prm = cfg.params[ctx[0]] if pending == "build" and ctx else cfg.params["station"]
        cost = stations.cost_of(g, s, prm, mod)
        vp = (0 if prm.no_reward else cfg.st_vp[s]) + prm.bonus_vp
        pas = 0 if prm.no_reward else cfg.st_passengers[s]
        c = cfg.st_card[s]
        text = _('Build %(x)s (%(x2)s): %(x3)s → %(x4)s', x=cfg.st_name[s], x2=cfg.st_key[s], x3=cost_text(cost), x4=reward_text(vp, pas))
        if mod:
            n = prm.discount if mod[0] == "-" else prm.extra_resource
            text += " (" + (_("paying %(what)s less", what=plural(n, mod[1:])) if mod[0] == "-"
                            else _("paying %(what)s extra", what=plural(n, mod[1:]))) + ")"
        eff = cfg.effect[c]
        if eff:
            text += "; " + (_('then flip any of your cards') if eff == "barmouth_ferry"
                            else _('then you may put a card in your scoring pile'))
        elif cfg.space[c] is not None:
            sd = cfg.space[c]
            assert sd is not None
            text += _('; its action space: %(x)s', x=space_text(sd)[:1].lower() + space_text(sd)[1:])
        return text
    if kind == "surveyor":
        if args[0] == "bar":
            return _('Bring your surveyor back to your action bar (no action)')
        c = cfg.card_index[str(args[0])]
        sd = cfg.space[c]
        assert sd is not None
        verb = _('Use the action space of') if pending == "surveyor" and ctx and cfg.params[ctx[0]].stay \
            else _('Move your surveyor to')
        text = f"{verb} {route_card_name(cfg, c)}: {space_text(sd)}"
        if not surveyor.space_usable(g, p, c):
            text += _(' (you cannot carry it out now: the surveyor only moves there)')
        return text
    if kind == "pub":
        if not pub.can_score(g, p):
            return (_('Move your surveyor to the Pub (your scoring pile is full: %(x)s cards for %(x2)s stations, so no card goes in)', x=g.pile[p].bit_count(), x2=g.stations_built[p]))
        return (_('Move your surveyor to the Pub: put an action card into your scoring pile (%(x)s of at most %(x2)s)', x=g.pile[p].bit_count(), x2=g.stations_built[p]))
    if kind == "score":
        ac = cfg.ac_index[str(args[0])]
        f = cfg.ac_scoring[ac]
        value = scoring.pile_field_value(g, p, f) + (1 if f == "cards" else 0)
        return (_('Put %(x)s into your scoring pile: %(x2)s (now %(value)s VP)', x=card_name(cfg, ac), x2=_(SCORING_TEXT[f]), value=value))
    if kind == "replace":
        ac = cfg.ac_index[str(args[0])]
        return _('Take %(x)s from the supply, gold side up', x=card_name(cfg, ac))
    return str(action)


def _rubble_text(g: State, p: int, name: str, ctx: tuple[Any, ...]) -> str:
    cfg = g.cfg
    amount = int(ctx[0]) if ctx else 4
    opp = int(ctx[1]) if len(ctx) > 1 else 0
    keep = amount - opp
    share = _(' (%(keep)s to you, %(opp)s to your opponent)', keep=keep, opp=opp) if opp else ""
    if name == "supply":
        return _('Take %(amount)s rubble from the supply (no rubble left where you may dig)%(share)s', amount=amount, share=share)
    r = cfg.rail_index[name]
    left = amount
    cleared = []
    for c in cfg.rail_cards[r]:
        have = g.card_rubble[c]
        if not have or not left:
            continue
        k = min(have, left)
        left -= k
        if k == have:
            cleared.append(cfg.cards[c].name)
    took = amount - left
    text = _('Remove %(took)s rubble from the %(x)s (%(name)s)', took=took, x=cfg.comp.railways[r].name, name=name)
    if left:
        text += _(' and %(left)s from the supply', left=left)
    text += share
    if cleared:
        text += _(', clearing %(x)s → %(x2)s VP', x=', '.join(cleared), x2=len(cleared) * cfg.rules['clear_vp'])
    return text


def _who(event: LogEvent, names: Sequence[str]) -> str:
    seat = event.get("seat")
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else _('The game')


def _res(d: dict[str, int]) -> str:
    parts = [plural(v, k[:-1] if k == "passengers" and v == 1 else k) for k, v in d.items() if v]
    return " + ".join(parts) or _("nothing")


def event_text(e: LogEvent, names: Sequence[str]) -> str:
    """A log event in words."""
    who = _who(e, names)
    t = e.get("type")
    if t == "setup":
        return (_('Railways %(x)s are laid out (%(x2)s stay in the box); %(x3)s is start player; the stockyard holds %(x4)s iron and %(x5)s stone; the supply shows %(x6)s', x=', '.join(e['railways']), x2=' and '.join(e['removed']), x3=names[e['start_player']], x4=e['stockyard']['iron'], x5=e['stockyard']['stone'], x6=', '.join(e['supply'])))
    if t == "setup_take":
        return _('%(who)s takes %(x)s to start', who=who, x=_res({'iron': e['iron'], 'stone': e['stone']}))
    if t == "turn":
        return _("%(who)s's turn %(turn)s", who=who, turn=e['turn']) + (_(' (the last turn)') if e.get("final") else "")
    if t == "card":
        return _('%(who)s plays %(card)s (%(side)s side: %(x)s)', who=who, card=e['card'], side=e['side'], x=_action_label(str(e['action'])))
    if t == "no_usable_card":
        return _('%(who)s cannot use any action card and must place a navvy instead', who=who)
    if t == "take":
        return _('%(who)s takes %(x)s from the stockyard', who=who, x=_res({'iron': e['iron'], 'stone': e['stone']}))
    if t == "pass":
        kind = DECISIONS.get(str(e.get("decision")))
        no_choice = _("no choice made")
        return _("%(who)s passes: %(what)s", who=who, what=_(kind.pass_text) if kind else no_choice)
    if t == "refill":
        what = _('refills the stockyard') if e.get("why") == "refill" else _('draws cubes onto the stockyard')
        text = f"{who} {what}: {_res({'iron': e['iron'], 'stone': e['stone']})}"
        if e.get("events"):
            text += ", " + plural(int(e["events"]), "event cube")
        if e.get("set_aside"):
            text += " (" + _("%(cubes)s set aside and replaced", cubes=plural(int(e["set_aside"]), "event cube")) + ")"
        if e.get("short"):
            text += _(' (the bag ran %(short)s short)', short=e['short'])
        return text
    if t == "draw":
        text = _('%(who)s draws %(x)s blind from the bag', who=who, x=_res({'iron': e['iron'], 'stone': e['stone']}))
        if e.get("set_aside"):
            text += " (" + _("%(cubes)s set aside and replaced", cubes=plural(int(e["set_aside"]), "event cube")) + ")"
        return text
    if t == "yard_returned":
        return _("%(who)s puts the stockyard's %(x)s back into the bag", who=who, x=_res({'iron': e['iron'], 'stone': e['stone']}))
    if t == "no_refill":
        return _('The stockyard holds %(cubes)s cubes: no refill', cubes=e['cubes'])
    if t == "events_back":
        return _('%(events)s event cube%(x)s back into the bag', events=e['events'], x='s go' if e['events'] > 1 else ' goes')
    if t == "navvy":
        text = _('A navvy covers %(card)s', card=e['card'])
        if e.get("rubble"):
            text += _(' (%(rubble)s rubble back to the supply)', rubble=e['rubble'])
        return text + _('; %(left)s navvies left', left=e['left'])
    if t == "navvy_failed":
        return _('A navvy cannot be placed (') + (_('none is left') if e.get("reason") == "none left"
                                               else _('no route card can take one')) + ")"
    if t == "buffer_stop":
        return _('The %(x)s (%(railway)s) is complete: a buffer stop (%(left)s left)', x=_rail_name(str(e['railway'])), railway=e['railway'], left=e['left'])
    if t == "end_triggered":
        return _("The end is rung in: %(reason)s", reason=_(str(e["reason"]))) + (
            _('; the other player has one more turn') if e.get("start_player") else _('; the game ends after this turn'))
    if t == "last_turn":
        return _('%(who)s takes the last turn', who=who)
    if t == "rubble":
        where = _('the %(x)s (%(railway)s)', x=_rail_name(str(e['railway'])), railway=e['railway']) if e.get("railway") else "nowhere"
        text = _('%(who)s removes %(from_railway)s rubble from %(where)s', who=who, from_railway=e['from_railway'], where=where)
        if e.get("from_supply"):
            text += _(' and takes %(from_supply)s from the supply', from_supply=e['from_supply'])
        if e.get("to_opponent"):
            text += _('; %(to_opponent)s go to the opponent', to_opponent=e['to_opponent'])
        if e.get("cleared"):
            text += _(', clearing %(x)s (+%(vp)s VP)', x=', '.join(e['cleared']), vp=e['vp'])
        return text
    if t == "passengers":
        return _('%(who)s takes %(x)s', who=who, x=plural(e['n'], 'passenger'))
    if t == "track":
        return _('%(who)s lays a track on %(railway)s at %(card)s for %(x)s (+%(vp)s VP)', who=who, railway=e['railway'], card=e['card'], x=_res(e['cost']), vp=e['vp'])
    if t == "swap":
        return _('%(who)s swaps %(rubble)s rubble for 1 stone from the %(x)s', who=who, rubble=e['rubble'], x='stockyard' if e['source'] == 'yard' else 'bag')
    if t == "build":
        text = _('%(who)s builds %(name)s (%(station)s) for %(x)s', who=who, name=e['name'], station=e['station'], x=_res(e['cost']))
        gains = reward_text(int(e.get("vp", 0)), int(e.get("passengers", 0)))
        return text + _(': %(gains)s; station counter %(counter)s', gains=gains, counter=e['counter'])
    if t == "ferry":
        return _('%(who)s takes the Barmouth Ferry: any cards may be flipped', who=who)
    if t == "surveyor":
        to = e["to"]
        place = _('the Pub') if to == "pub" else _('the action bar') if to == "bar" else to
        return _('%(who)s moves the surveyor to %(place)s', who=who, place=place)
    if t == "space_from_afar":
        return _("%(who)s's Tour Guide uses the action space of %(card)s (the surveyor stays at %(surveyor)s)", who=who, card=e['card'], surveyor=e['surveyor'])
    if t == "surveyor_bonus":
        return _('%(who)s also takes ', who=who) + reward_text(int(e["vp"]), int(e["passengers"]))
    if t == "space_unused":
        why = _('cannot pay its cost') if e.get("why") == "cannot pay" else _('has nothing to gain there')
        return _("%(who)s's surveyor stands on %(card)s without its action (%(who)s %(why)s)", who=who, card=e['card'], why=why)
    if t == "pub_full":
        return (_("%(who)s's surveyor is in the Pub, but the scoring pile is full (%(pile)s cards for %(stations)s stations): no card goes in", who=who, pile=e['pile'], stations=e['stations']))
    if t == "space":
        cost = e.get("cost") or {}
        return _('%(who)s uses the action space of %(card)s', who=who, card=e['card']) + (_(', paying %(x)s', x=_res(cost)) if cost else "")
    if t == "ticket":
        return _('%(who)s takes a %(colour)s ticket (%(left)s left on %(card)s)', who=who, colour=e['colour'], left=e['left'], card=e['card'])
    if t == "no_ticket":
        return _('%(who)s gets no %(colour)s ticket (%(why)s)', who=who, colour=e['colour'], why=e['why'])
    if t == "summit":
        return _('%(who)s takes the summit token', who=who)
    if t == "gain":
        got = [plural(int(e[k]), k) for k in ("rubble", "passengers", "vp") if e.get(k)]
        return _("%(who)s takes %(what)s", who=who, what=", ".join(got))
    if t == "resource":
        return _('%(who)s takes 1 %(resource)s from the %(x)s', who=who, resource=e['resource'], x='stockyard' if e['source'] == 'yard' else 'bag')
    if t == "score":
        place = _("sets aside (Devil's Bridge)") if e.get("devils_bridge") else "puts"
        return _('%(who)s %(place)s %(card)s into the scoring pile (%(pile)s cards)', who=who, place=place, card=e['card'], pile=e['pile'])
    if t == "replace":
        return _('%(who)s takes %(card)s from the supply', who=who, card=e['card'])
    if t == "no_replacement":
        return _('No replacement of category %(category)s is left: %(who)s plays on with fewer cards', category=e['category'], who=who)
    if t == "flip":
        why = {"played": "", "other": _(' (another card)'), "ferry": _(' (Barmouth Ferry)')}.get(str(e.get("why")), "")
        return _('%(who)s flips %(card)s to its %(side)s side%(why)s', who=who, card=e['card'], side=e['side'], why=why)
    if t == "game_over":
        scores = e.get("scores", [])
        text = _("Game over (%(reason)s)", reason=_(str(e.get("reason")))) + ": " + ", ".join(
            f"{names[i]} {s:g}" for i, s in enumerate(scores) if i < len(names))
        if len(e.get("winners", [])) > 1:
            text += _('; a draw') if e.get("draw") else _('; a tie: rematch with colours swapped')
        return text
    return f"{who}: {t}"


def _rail_name(numeral: str) -> str:
    for r in components().railways:
        if r.numeral == numeral:
            return r.name
    return numeral


def _action_label(key: str) -> str:
    comp = components()
    for m in comp.mains.values():
        if m.key == key:
            return action_name(m)
    side = comp.sides.get(key)
    return action_name(side) if side else key


RULES = {
    "railway": (N_('A railway: its route cards lie in a row, by their numbers. Remove rubble (B) takes it from the cards left to right; track (C) goes on the next free track space from the left; when every track space holds a track or a navvy the railway gets a buffer stop.')),
    "track_space": (N_('Track space: its rubble must be removed first; then Track and stone (C) lays a track marker here, on the next free space from the left, for 2 iron (+1 VP at once). A navvy covers it too.')),
    "station": (N_('Station: available once its card holds no rubble and nobody (nor a navvy) built it. Build (D) pays its cost (iron and stone to the bag, rubble and passengers to the supply), puts your station marker on it, moves your station counter one on and gives its reward; then you may move your surveyor to the action space below it and use it.')),
    "start_station": (N_("Start station: the left card of a railway, counted as built from the start, so its surveyor action space is open at once. It holds the railway's 2 tickets: the first visit of each player takes one (one ticket of each colour per player), every visit takes the bonus.")),
    "ticket": (N_("Ticket: taken at a start station's action space, at most one of each colour. Some grey side actions need a ticket; a card scoring tickets gives 1 VP for each.")),
    "surveyor": (N_('Surveyor: starts on your action bar. Move the surveyor (E) sends it to a free surveyor action space on a card with a built station, or to the Pub, or back to the bar; after building a station it may go to the space below it.')),
    "stockyard": (N_('Stockyard: the resources A takes from (iron orange, stone grey). Whenever its last resource is taken it is refilled with exactly 6 cubes from the bag; each event cube drawn places a navvy. Three or more event cubes on it at the end of a turn go back into the bag.')),
    "bag": (N_('The cloth bag: iron, stone and the 4 event cubes, drawn blind to refill the stockyard. Iron and stone paid for tracks and stations go back into it; some actions pick a cube out of it.')),
    "event_cube": (N_('Event cube (white): when one is drawn onto the stockyard, a navvy is placed on the first card, column by column from column 2, top to bottom, with no track, station or navvy.')),
    "supply": (N_('General supply: rubble, passengers, VP tokens, navvies and buffer stops. Rubble, passengers and VP should not run out (substitutes are counted if they do); iron, stone and markers are limited.')),
    "buffer_stop": (N_('Buffer stop: placed at the end of a railway once every track space on it holds a track or a navvy. When the last of the 5 is placed, the end is rung in.')),
    "route_bonus": (N_("Route bonus token (3 VP): at the end, whoever built most stations on the Ffestiniog Railway (I) — or on the Welsh Highland Railway (II) — takes that railway's token; Porthmadog counts for both; a tie: nobody.")),
    "action_bar": (N_('Action bar: your five action cards, one of each category A–E. A turn plays one card whose visible side can at least partly be carried out, then flips it; some actions let you flip one other card too. A gold side is a main action, a grey side a side action.')),
    "scoring_pile": (N_("Scoring pile: action cards put aside in the Pub (or at Devil's Bridge), never more than the stations you built. At the end each scores its category: passengers, tracks, stations, tickets or cards in the pile.")),
    "station_counter": N_('Station counter: how many stations you built; it caps your scoring pile.'),
    "supply_cards": (N_("Spare cards: two action cards of each category lie in the supply, gold side up and fanned so that their grey side shows (their gold side is the category's main action). The Pub (and Devil's Bridge) replaces a card put aside with one of the same category from here.")),
    "start_player": (N_('Start player: moves first for the whole game. If the start player rings in the end, the other player has one more turn, so both play as many turns.')),
    "markers": N_('Track and station markers: 16 per player, shared between tracks and stations; they are limited.'),
    "rubble": N_('Rubble: removed from the railways (B) into your supply; swapped 2 for 1 stone (C); paid for some costs.'),
    "vp": N_('Victory point tokens: taken at once for tracks, cleared cards, stations and action spaces.'),
}


def component_texts(cfg: Config) -> dict[str, Any]:
    """Every card, railway, station, space and action in words, keyed for tooltips."""
    comp = cfg.comp
    route_cards = {}
    for c, card in enumerate(cfg.cards):
        lines = []
        if card.start:
            lines.append(_('Start station of %(x)s; holds 2 %(ticket)s tickets.', x=' and '.join(card.railways), ticket=card.ticket))
        else:
            lines.append(_('%(rubble)s rubble on its track space', rubble=card.rubble) + (
                _('; %(tracks)s track spaces (only the left one holds rubble)', tracks=card.tracks) if card.tracks > 1 else "") + ".")
            for k, s in enumerate(card.stations):
                lines.append(_('Station %(x)s %(name)s: %(x2)s → %(x3)s.', x=cfg.st_key[cfg.card_stations[c][k]], name=s.name, x2=cost_text(s.cost), x3=reward_text(s.reward.vp, s.reward.passengers)))
            if card.ordered:
                lines.append(_('Its stations are built in order.'))
        if card.space is not None:
            lines.append(_('Surveyor action space: ') + space_text(card.space) + ".")
        if card.effect:
            lines.append(_(EFFECTS[card.effect]))
        route_cards[card.id] = {"name": card.name, "railways": list(card.railways),
                                "in_play": cfg.in_play[c], "text": " ".join(lines)}
    actions = {}
    for a in (*comp.mains.values(), *comp.sides.values()):
        actions[a.key] = {"name": action_name(a), "german": a.german, "english": a.english,
                          "category": a.category, "colour": a.colour or "gold", "ticket": a.ticket,
                          "text": _(a.text)}
    cards = {}
    for ac in range(cfg.n_ac):
        cards[cfg.ac_id[ac]] = {
            "colour": cfg.ac_colour[ac],
            "gold": cfg.ac_gold[ac].key,
            "grey": cfg.ac_grey[ac].key,
            "scoring": _(SCORING_TEXT[cfg.ac_scoring[ac]]),
            "text": (_('Gold: %(x)s — %(x2)s Grey: %(x3)s — %(x4)s In the scoring pile: %(x5)s.', x=action_name(cfg.ac_gold[ac]), x2=_(cfg.ac_gold[ac].text), x3=action_name(cfg.ac_grey[ac]), x4=_(cfg.ac_grey[ac].text), x5=_(SCORING_TEXT[cfg.ac_scoring[ac]]))),
        }
    railways = {r.numeral: {"name": r.name, "route_bonus": r.bonus_token,
                            "text": r.name + (_(' — route bonus token: 3 VP to whoever built most stations on it (Porthmadog counts; a tie: nobody)') if r.bonus_token else "")}
                for r in comp.railways}
    stations = {}
    for si in range(cfg.n_stations):
        c = cfg.st_card[si]
        cost = cfg.st_cost[si]
        stations[cfg.st_key[si]] = {
            "name": cfg.st_name[si], "card": cfg.cards[c].id,
            "text": (f"{cfg.st_name[si]} ({cfg.st_key[si]}): {cost_text(cost)} → "
                     f"{reward_text(cfg.st_vp[si], cfg.st_passengers[si])}"
                     + (_('; built after the station before it on %(x)s', x=cfg.cards[c].name) if cfg.ordered[c]
                        and cfg.st_ord[si] else "")),
        }
    spaces = {card.id: {"name": card.name, "short": space_short(card.space),
                        "text": _('Surveyor action space of %(name)s (%(id)s): %(x)s.', name=card.name, id=card.id, x=space_text(card.space))}
              for card in cfg.cards if card.space is not None}
    return {
        "route_cards": route_cards,
        "spaces": spaces,
        "rules": {k: _(v) for k, v in RULES.items()},
        "stations": stations,
        "railways": railways,
        "actions": actions,
        "action_cards": cards,
        "pub": (_('The Pub (only with the gold E action): put one of your action cards into your scoring pile and take a replacement of its category from the supply; never more cards in the pile than stations you built.')),
        "effects": {k: _(v) for k, v in EFFECTS.items()},
        "scoring": {k: _(v) for k, v in SCORING_TEXT.items()},
        "navvy": (_('A navvy covers the first card, column by column from column 2, top to bottom, with no track, station or navvy; its rubble goes to the supply and its track and stations count as built by third parties; its action space opens.')),
        "summit": _("Summit token: 2 VP at the end for whoever used Yr Wyddfa's action space last."),
        "passengers": _('Each passenger is worth ½ VP at the end.'),
    }


def railway_set_labels(choices: tuple[str, ...]) -> list[str]:
    """Each choice of six railways ("I,II,IV,V,VII,VIII") in words: which two stay in the box,
    by numeral and name ("without III Llanberis Lake and VI Talyllyn")."""
    from snowdonia.games.foothills.data import components

    names = {r.numeral: r.name.removesuffix(" Railway") for r in components().railways}
    out = []
    for choice in choices:
        left = [n for n in names if n not in choice.split(",")]
        out.append("without " + " and ".join(f"{n} {names[n]}" for n in left))
    return out


def colour_order_label(order: str) -> str:
    """"blue-green" in words: "Player 1 blue, Player 2 green". English on purpose: it is a
    setting's choice label, kept on the title class (built at import, in whatever language is in
    force then) and said in the reader's language where it is shown, as every label is."""
    return ", ".join(f"Player {i + 1} {c}" for i, c in enumerate(order.split("-")))


WORDS = FoothillsWords()
__all__ = ["WORDS", "FoothillsWords", "describe", "event_text", "component_texts"]
