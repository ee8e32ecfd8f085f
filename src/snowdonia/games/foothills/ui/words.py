"""Foothills in words: every action with what it costs and gives, every log event, and the
rule text of every component (for tooltips). One source for the terminal, the web and the
log; every number comes from the component data, so a corrected TOML value shows up here
without touching this module."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from snowdonia.core.actions import Action
from snowdonia.core.protocol import LogEvent, Position
from snowdonia.games.foothills.data import ActionDef, Cost, SpaceData, components
from snowdonia.games.foothills.rules import pub, scoring, stations, surveyor, track
from snowdonia.games.foothills.rules.config import Config
from snowdonia.games.foothills.rules.decisions import DECISIONS
from snowdonia.games.foothills.rules.state import NONE, State

EFFECTS = {
    "barmouth_ferry": ("Barmouth Ferry: when you build its station, flip any number of your action "
                       "cards at once (this card's action included); once in the game, not a surveyor action space."),
    "devils_bridge": ("Devil's Bridge: its three stations are built in order; after building each you may "
                      "put one of your action cards into your scoring pile as if in the Pub (and take its "
                      "replacement); not a surveyor action space."),
}
SCORING_TEXT = {
    "passengers": "1 VP per 2 passengers in your supply",
    "tracks": "1 VP per 2 tracks you built",
    "stations": "1 VP per station you built",
    "tickets": "1 VP per ticket you hold",
    "cards": "1 VP per card in your scoring pile (this one included)",
}


def plural(n: int, word: str) -> str:
    if word in ("iron", "stone", "rubble"):
        return f"{n} {word}"
    return f"{n} {word}" if n == 1 else f"{n} {word}s" if not word.endswith("s") else f"{n} {word}"


def cost_text(c: Cost) -> str:
    parts = [plural(n, w) for n, w in ((c.iron, "iron"), (c.stone, "stone"), (c.rubble, "rubble"),
                                        (c.passengers, "passenger")) if n]
    return " + ".join(parts) or "nothing"


def reward_text(vp: int, passengers: int) -> str:
    parts = []
    if vp:
        parts.append(f"{vp} VP")
    if passengers:
        parts.append(plural(passengers, "passenger"))
    return " + ".join(parts) or "no reward"


def space_text(sd: SpaceData) -> str:
    """A surveyor action space's action in words."""
    parts = []
    if sd.ticket:
        parts.append("take this railway's ticket (one of each colour per player)")
    if sd.summit:
        parts.append("take the summit token (2 VP at the end, until the other player takes it)")
    for n, w in ((sd.iron, "iron"), (sd.stone, "stone")):
        if n:
            parts.append(f"take {n} {w} (from the stockyard or the bag)")
    if sd.resource:
        parts.append(f"take {sd.resource} resource{'s' if sd.resource > 1 else ''} of your choice "
                     "(from the stockyard or the bag)")
    if sd.rubble:
        parts.append(f"take {sd.rubble} rubble")
    if sd.passengers:
        parts.append(f"take {plural(sd.passengers, 'passenger')}")
    if sd.vp:
        parts.append(f"take {sd.vp} VP")
    if sd.track:
        works = components().mains["C"].params
        iron = sd.track_iron or works.track_iron
        parts.append(f"lay up to {sd.track} track{'s' if sd.track > 1 else ''} "
                     f"({iron} iron each, +{works.track_vp} VP)")
    if sd.swap:
        rate = components().mains["C"].params.swap_rubble
        parts.append(f"swap {rate} rubble for 1 stone up to {sd.swap} times")
    if sd.flip:
        parts.append("you may flip another action card")
    text = ", ".join(parts)
    if sd.cost != Cost():
        text = f"pay {cost_text(sd.cost)}: {text}"
    return text[:1].upper() + text[1:]


def space_short(sd: SpaceData) -> str:
    """A surveyor action space as printed on the card's face, in a few words ("ticket + 1 iron",
    "2 rubble → 2 VP"): the board's label; `space_text` says it in full."""
    parts = []
    if sd.ticket:
        parts.append("ticket")
    if sd.summit:
        parts.append("summit")
    for n, w in ((sd.iron, "iron"), (sd.stone, "stone")):
        if n:
            parts.append(f"{n} {w}")
    if sd.resource:
        parts.append(f"{sd.resource} iron/stone")
    if sd.rubble:
        parts.append(f"{sd.rubble} rubble")
    if sd.passengers:
        parts.append(plural(sd.passengers, "passenger"))
    if sd.vp:
        parts.append(f"{sd.vp} VP")
    if sd.track:
        parts.append(f"{sd.track} track" + ("s" if sd.track > 1 else ""))
    if sd.swap:
        parts.append(f"{sd.swap}× swap")
    if sd.flip:
        parts.append("flip")
    text = " + ".join(parts) or "nothing"
    if sd.cost != Cost():
        text = f"{cost_text(sd.cost)} → {text}"
    return text


def action_name(a: ActionDef) -> str:
    return a.english if a.main or a.german == a.english else f"{a.english} ({a.german})"


def card_name(cfg: Config, ac: int) -> str:
    return f"{cfg.ac_id[ac]} ({cfg.ac_gold[ac].english} / {cfg.ac_grey[ac].english})"


def route_card_name(cfg: Config, c: int) -> str:
    return f"{cfg.cards[c].name} ({cfg.cards[c].id})"


class FoothillsWords:
    """Implements `snowdonia.core.protocol.Words` for Foothills."""

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
        text = DECISIONS[pending].pass_text if pending in DECISIONS else "pass"
        return text[:1].upper() + text[1:]
    if kind == "card":
        ac = cfg.ac_index[str(args[0])]
        grey = g.grey[p * 5 + cfg.ac_cat[ac]]
        act = cfg.ac_grey[ac] if grey else cfg.ac_gold[ac]
        side = "grey side" if grey else "gold side"
        return f"Play {cfg.ac_id[ac]}, {side}: {action_name(act)} — {act.text}"
    if kind == "flip":
        ac = cfg.ac_index[str(args[0])]
        grey = g.grey[p * 5 + cfg.ac_cat[ac]]
        to = cfg.ac_gold[ac] if grey else cfg.ac_grey[ac]
        why = " (Barmouth Ferry)" if pending == "ferry" else ""
        return f"Flip {cfg.ac_id[ac]} to its {'gold' if grey else 'grey'} side: {action_name(to)}{why}"
    if kind == "take":
        i, s = int(args[0]), int(args[1])
        got = " and ".join(plural(n, w) for n, w in ((i, "iron"), (s, "stone")) if n)
        return f"Take {got} from the stockyard"
    if kind == "rubble":
        return _rubble_text(g, p, str(args[0]), ctx)
    if kind == "track":
        r = cfg.rail_index[str(args[0])]
        t = track.free_track(g, r)
        prm = cfg.params[ctx[2]] if pending == "works" and ctx else cfg.params["works"]
        cost = Cost(iron=int(args[1]), stone=int(args[2])) if len(args) == 3 else Cost(iron=prm.track_iron)
        where = route_card_name(cfg, cfg.track_card[t]) if t != NONE else "?"
        return (f"Lay a track on the {cfg.comp.railways[r].name} ({args[0]}) at {where}: "
                f"{cost_text(cost)} → {prm.track_vp} VP")
    if kind in ("iron", "stone"):
        src = "the stockyard" if args[0] == "yard" else "the bag (picked out)"
        if pending == "works" and ctx:
            prm = cfg.params[ctx[2]]
            return f"Swap {prm.swap_rubble} rubble for 1 stone from {src}"
        return f"Take 1 {kind} from {src}"
    if kind == "build":
        s = cfg.station_index[str(args[0])]
        mod = str(args[1]) if len(args) > 1 else ""
        prm = cfg.params[ctx[0]] if pending == "build" and ctx else cfg.params["station"]
        cost = stations.cost_of(g, s, prm, mod)
        vp = (0 if prm.no_reward else cfg.st_vp[s]) + prm.bonus_vp
        pas = 0 if prm.no_reward else cfg.st_passengers[s]
        c = cfg.st_card[s]
        text = f"Build {cfg.st_name[s]} ({cfg.st_key[s]}): {cost_text(cost)} → {reward_text(vp, pas)}"
        if mod:
            n = prm.discount if mod[0] == "-" else prm.extra_resource
            text += f" (paying {n} {mod[1:]} {'less' if mod[0] == '-' else 'extra'})"
        eff = cfg.effect[c]
        if eff:
            text += "; " + ("then flip any of your cards" if eff == "barmouth_ferry"
                            else "then you may put a card in your scoring pile")
        elif cfg.space[c] is not None:
            sd = cfg.space[c]
            assert sd is not None
            text += f"; its action space: {space_text(sd)[:1].lower() + space_text(sd)[1:]}"
        return text
    if kind == "surveyor":
        if args[0] == "bar":
            return "Bring your surveyor back to your action bar (no action)"
        c = cfg.card_index[str(args[0])]
        sd = cfg.space[c]
        assert sd is not None
        verb = "Use the action space of" if pending == "surveyor" and ctx and cfg.params[ctx[0]].stay \
            else "Move your surveyor to"
        text = f"{verb} {route_card_name(cfg, c)}: {space_text(sd)}"
        if not surveyor.space_usable(g, p, c):
            text += " (you cannot carry it out now: the surveyor only moves there)"
        return text
    if kind == "pub":
        if not pub.can_score(g, p):
            return (f"Move your surveyor to the Pub (your scoring pile is full: "
                    f"{g.pile[p].bit_count()} cards for {g.stations_built[p]} stations, so no card goes in)")
        return (f"Move your surveyor to the Pub: put an action card into your scoring pile "
                f"({g.pile[p].bit_count()} of at most {g.stations_built[p]})")
    if kind == "score":
        ac = cfg.ac_index[str(args[0])]
        f = cfg.ac_scoring[ac]
        value = scoring.pile_field_value(g, p, f) + (1 if f == "cards" else 0)
        return (f"Put {card_name(cfg, ac)} into your scoring pile: {SCORING_TEXT[f]} "
                f"(now {value} VP)")
    if kind == "replace":
        ac = cfg.ac_index[str(args[0])]
        return f"Take {card_name(cfg, ac)} from the supply, gold side up"
    return str(action)


def _rubble_text(g: State, p: int, name: str, ctx: tuple[Any, ...]) -> str:
    cfg = g.cfg
    amount = int(ctx[0]) if ctx else 4
    opp = int(ctx[1]) if len(ctx) > 1 else 0
    keep = amount - opp
    share = f" ({keep} to you, {opp} to your opponent)" if opp else ""
    if name == "supply":
        return f"Take {amount} rubble from the supply (no rubble left where you may dig){share}"
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
    text = f"Remove {took} rubble from the {cfg.comp.railways[r].name} ({name})"
    if left:
        text += f" and {left} from the supply"
    text += share
    if cleared:
        text += f", clearing {', '.join(cleared)} → {len(cleared) * cfg.rules['clear_vp']} VP"
    return text


def _who(event: LogEvent, names: Sequence[str]) -> str:
    seat = event.get("seat")
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "The game"


def _res(d: dict[str, int]) -> str:
    parts = [plural(v, k[:-1] if k == "passengers" and v == 1 else k) for k, v in d.items() if v]
    return " + ".join(parts) or "nothing"


def event_text(e: LogEvent, names: Sequence[str]) -> str:
    """A log event in words."""
    who = _who(e, names)
    t = e.get("type")
    if t == "setup":
        return (f"Railways {', '.join(e['railways'])} are laid out ({' and '.join(e['removed'])} stay in the box); "
                f"{names[e['start_player']]} is start player; the stockyard holds {e['stockyard']['iron']} iron "
                f"and {e['stockyard']['stone']} stone; the supply shows {', '.join(e['supply'])}")
    if t == "setup_take":
        return f"{who} takes {_res({'iron': e['iron'], 'stone': e['stone']})} to start"
    if t == "turn":
        return f"{who}'s turn {e['turn']}" + (" (the last turn)" if e.get("final") else "")
    if t == "card":
        return f"{who} plays {e['card']} ({e['side']} side: {_action_label(str(e['action']))})"
    if t == "no_usable_card":
        return f"{who} cannot use any action card and must place a navvy instead"
    if t == "take":
        return f"{who} takes {_res({'iron': e['iron'], 'stone': e['stone']})} from the stockyard"
    if t == "pass":
        kind = DECISIONS.get(str(e.get("decision")))
        return f"{who} passes: {kind.pass_text if kind else 'no choice made'}"
    if t == "refill":
        what = "refills the stockyard" if e.get("why") == "refill" else "draws cubes onto the stockyard"
        text = f"{who} {what}: {_res({'iron': e['iron'], 'stone': e['stone']})}"
        if e.get("events"):
            text += f", {e['events']} event cube{'s' if e['events'] > 1 else ''}"
        if e.get("set_aside"):
            text += f" ({e['set_aside']} event cube{'s' if e['set_aside'] > 1 else ''} set aside and replaced)"
        if e.get("short"):
            text += f" (the bag ran {e['short']} short)"
        return text
    if t == "draw":
        text = f"{who} draws {_res({'iron': e['iron'], 'stone': e['stone']})} blind from the bag"
        if e.get("set_aside"):
            text += f" ({e['set_aside']} event cube{'s' if e['set_aside'] > 1 else ''} set aside and replaced)"
        return text
    if t == "yard_returned":
        return f"{who} puts the stockyard's {_res({'iron': e['iron'], 'stone': e['stone']})} back into the bag"
    if t == "no_refill":
        return f"The stockyard holds {e['cubes']} cubes: no refill"
    if t == "events_back":
        return f"{e['events']} event cube{'s go' if e['events'] > 1 else ' goes'} back into the bag"
    if t == "navvy":
        text = f"A navvy covers {e['card']}"
        if e.get("rubble"):
            text += f" ({e['rubble']} rubble back to the supply)"
        return text + f"; {e['left']} navvies left"
    if t == "navvy_failed":
        return "A navvy cannot be placed (" + ("none is left" if e.get("reason") == "none left"
                                               else "no route card can take one") + ")"
    if t == "buffer_stop":
        return f"The {_rail_name(str(e['railway']))} ({e['railway']}) is complete: a buffer stop ({e['left']} left)"
    if t == "end_triggered":
        return f"The end is rung in: {e['reason']}" + (
            "; the other player has one more turn" if e.get("start_player") else "; the game ends after this turn")
    if t == "last_turn":
        return f"{who} takes the last turn"
    if t == "rubble":
        where = f"the {_rail_name(str(e['railway']))} ({e['railway']})" if e.get("railway") else "nowhere"
        text = f"{who} removes {e['from_railway']} rubble from {where}"
        if e.get("from_supply"):
            text += f" and takes {e['from_supply']} from the supply"
        if e.get("to_opponent"):
            text += f"; {e['to_opponent']} go to the opponent"
        if e.get("cleared"):
            text += f", clearing {', '.join(e['cleared'])} (+{e['vp']} VP)"
        return text
    if t == "passengers":
        return f"{who} takes {plural(e['n'], 'passenger')}"
    if t == "track":
        return f"{who} lays a track on {e['railway']} at {e['card']} for {_res(e['cost'])} (+{e['vp']} VP)"
    if t == "swap":
        return f"{who} swaps {e['rubble']} rubble for 1 stone from the {'stockyard' if e['source'] == 'yard' else 'bag'}"
    if t == "build":
        text = f"{who} builds {e['name']} ({e['station']}) for {_res(e['cost'])}"
        gains = reward_text(int(e.get("vp", 0)), int(e.get("passengers", 0)))
        return text + f": {gains}; station counter {e['counter']}"
    if t == "ferry":
        return f"{who} takes the Barmouth Ferry: any cards may be flipped"
    if t == "surveyor":
        to = e["to"]
        place = "the Pub" if to == "pub" else "the action bar" if to == "bar" else to
        return f"{who} moves the surveyor to {place}"
    if t == "space_from_afar":
        return f"{who}'s Tour Guide uses the action space of {e['card']} (the surveyor stays at {e['surveyor']})"
    if t == "surveyor_bonus":
        return f"{who} also takes " + reward_text(int(e["vp"]), int(e["passengers"]))
    if t == "space_unused":
        why = "cannot pay its cost" if e.get("why") == "cannot pay" else "has nothing to gain there"
        return f"{who}'s surveyor stands on {e['card']} without its action ({who} {why})"
    if t == "pub_full":
        return (f"{who}'s surveyor is in the Pub, but the scoring pile is full "
                f"({e['pile']} cards for {e['stations']} stations): no card goes in")
    if t == "space":
        cost = e.get("cost") or {}
        return f"{who} uses the action space of {e['card']}" + (f", paying {_res(cost)}" if cost else "")
    if t == "ticket":
        return f"{who} takes a {e['colour']} ticket ({e['left']} left on {e['card']})"
    if t == "no_ticket":
        return f"{who} gets no {e['colour']} ticket ({e['why']})"
    if t == "summit":
        return f"{who} takes the summit token"
    if t == "gain":
        got = [f"{e[k]} {k if k != 'vp' else 'VP'}" for k in ("rubble", "passengers", "vp") if e.get(k)]
        return f"{who} takes " + ", ".join(got)
    if t == "resource":
        return f"{who} takes 1 {e['resource']} from the {'stockyard' if e['source'] == 'yard' else 'bag'}"
    if t == "score":
        place = "sets aside (Devil's Bridge)" if e.get("devils_bridge") else "puts"
        return f"{who} {place} {e['card']} into the scoring pile ({e['pile']} cards)"
    if t == "replace":
        return f"{who} takes {e['card']} from the supply"
    if t == "no_replacement":
        return f"No replacement of category {e['category']} is left: {who} plays on with fewer cards"
    if t == "flip":
        why = {"played": "", "other": " (another card)", "ferry": " (Barmouth Ferry)"}.get(str(e.get("why")), "")
        return f"{who} flips {e['card']} to its {e['side']} side{why}"
    if t == "game_over":
        scores = e.get("scores", [])
        text = "Game over (" + str(e.get("reason")) + "): " + ", ".join(
            f"{names[i]} {s:g}" for i, s in enumerate(scores) if i < len(names))
        if len(e.get("winners", [])) > 1:
            text += "; a draw" if e.get("draw") else "; a tie: rematch with colours swapped"
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
            return m.english
    side = comp.sides.get(key)
    return (side.english if side.german == side.english else f"{side.english} ({side.german})") if side else key


RULES = {
    "railway": ("A railway: its route cards lie in a row, by their numbers. Remove rubble (B) takes it from the "
                "cards left to right; track (C) goes on the next free track space from the left; when every "
                "track space holds a track or a navvy the railway gets a buffer stop."),
    "track_space": ("Track space: its rubble must be removed first; then Track and stone (C) lays a track marker "
                    "here, on the next free space from the left, for 2 iron (+1 VP at once). A navvy covers it too."),
    "station": ("Station: available once its card holds no rubble and nobody (nor a navvy) built it. Build (D) pays "
                "its cost (iron and stone to the bag, rubble and passengers to the supply), puts your station "
                "marker on it, moves your station counter one on and gives its reward; then you may move your "
                "surveyor to the action space below it and use it."),
    "start_station": ("Start station: the left card of a railway, counted as built from the start, so its surveyor "
                      "action space is open at once. It holds the railway's 2 tickets: the first visit of each "
                      "player takes one (one ticket of each colour per player), every visit takes the bonus."),
    "ticket": ("Ticket: taken at a start station's action space, at most one of each colour. Some grey side "
               "actions need a ticket; a card scoring tickets gives 1 VP for each."),
    "surveyor": ("Surveyor: starts on your action bar. Move the surveyor (E) sends it to a free surveyor action "
                 "space on a card with a built station, or to the Pub, or back to the bar; after building a "
                 "station it may go to the space below it."),
    "stockyard": ("Stockyard: the resources A takes from (iron orange, stone grey). Whenever its last resource is "
                  "taken it is refilled with exactly 6 cubes from the bag; each event cube drawn places a navvy. "
                  "Three or more event cubes on it at the end of a turn go back into the bag."),
    "bag": ("The cloth bag: iron, stone and the 4 event cubes, drawn blind to refill the stockyard. Iron and stone "
            "paid for tracks and stations go back into it; some actions pick a cube out of it."),
    "event_cube": ("Event cube (white): when one is drawn onto the stockyard, a navvy is placed on the first card, "
                   "column by column from column 2, top to bottom, with no track, station or navvy."),
    "supply": ("General supply: rubble, passengers, VP tokens, navvies and buffer stops. Rubble, passengers and VP "
               "should not run out (substitutes are counted if they do); iron, stone and markers are limited."),
    "buffer_stop": ("Buffer stop: placed at the end of a railway once every track space on it holds a track or a "
                    "navvy. When the last of the 5 is placed, the end is rung in."),
    "route_bonus": ("Route bonus token (3 VP): at the end, whoever built most stations on the Ffestiniog Railway "
                    "(I) — or on the Welsh Highland Railway (II) — takes that railway's token; Porthmadog counts "
                    "for both; a tie: nobody."),
    "action_bar": ("Action bar: your five action cards, one of each category A–E. A turn plays one card whose "
                   "visible side can at least partly be carried out, then flips it; some actions let you flip "
                   "one other card too. A gold side is a main action, a grey side a side action."),
    "scoring_pile": ("Scoring pile: action cards put aside in the Pub (or at Devil's Bridge), never more than the "
                     "stations you built. At the end each scores its category: passengers, tracks, stations, "
                     "tickets or cards in the pile."),
    "station_counter": "Station counter: how many stations you built; it caps your scoring pile.",
    "supply_cards": ("Spare cards: two action cards of each category lie in the supply, gold side up and fanned "
                     "so that their grey side shows (their gold side is the category's main action). The Pub (and "
                     "Devil's Bridge) replaces a card put aside with one of the same category from here."),
    "start_player": ("Start player: moves first for the whole game. If the start player rings in the end, the "
                     "other player has one more turn, so both play as many turns."),
    "markers": "Track and station markers: 16 per player, shared between tracks and stations; they are limited.",
    "rubble": "Rubble: removed from the railways (B) into your supply; swapped 2 for 1 stone (C); paid for some costs.",
    "vp": "Victory point tokens: taken at once for tracks, cleared cards, stations and action spaces.",
}


def component_texts(cfg: Config) -> dict[str, Any]:
    """Every card, railway, station, space and action in words, keyed for tooltips."""
    comp = cfg.comp
    route_cards = {}
    for c, card in enumerate(cfg.cards):
        lines = []
        if card.start:
            lines.append(f"Start station of {' and '.join(card.railways)}; "
                         f"holds 2 {card.ticket} tickets.")
        else:
            lines.append(f"{card.rubble} rubble on its track space" + (
                f"; {card.tracks} track spaces (only the left one holds rubble)" if card.tracks > 1 else "") + ".")
            for k, s in enumerate(card.stations):
                lines.append(f"Station {cfg.st_key[cfg.card_stations[c][k]]} {s.name}: "
                             f"{cost_text(s.cost)} → {reward_text(s.reward.vp, s.reward.passengers)}.")
            if card.ordered:
                lines.append("Its stations are built in order.")
        if card.space is not None:
            lines.append("Surveyor action space: " + space_text(card.space) + ".")
        if card.effect:
            lines.append(EFFECTS[card.effect])
        route_cards[card.id] = {"name": card.name, "railways": list(card.railways),
                                "in_play": cfg.in_play[c], "text": " ".join(lines)}
    actions = {}
    for a in (*comp.mains.values(), *comp.sides.values()):
        actions[a.key] = {"name": action_name(a), "german": a.german, "english": a.english,
                          "category": a.category, "colour": a.colour or "gold", "ticket": a.ticket,
                          "text": a.text}
    cards = {}
    for ac in range(cfg.n_ac):
        cards[cfg.ac_id[ac]] = {
            "colour": cfg.ac_colour[ac],
            "gold": cfg.ac_gold[ac].key,
            "grey": cfg.ac_grey[ac].key,
            "scoring": SCORING_TEXT[cfg.ac_scoring[ac]],
            "text": (f"Gold: {cfg.ac_gold[ac].english} — {cfg.ac_gold[ac].text} Grey: "
                     f"{action_name(cfg.ac_grey[ac])} — {cfg.ac_grey[ac].text} "
                     f"In the scoring pile: {SCORING_TEXT[cfg.ac_scoring[ac]]}."),
        }
    railways = {r.numeral: {"name": r.name, "route_bonus": r.bonus_token,
                            "text": r.name + (" — route bonus token: 3 VP to whoever built most stations "
                                              "on it (Porthmadog counts; a tie: nobody)" if r.bonus_token else "")}
                for r in comp.railways}
    stations = {}
    for si in range(cfg.n_stations):
        c = cfg.st_card[si]
        cost = cfg.st_cost[si]
        stations[cfg.st_key[si]] = {
            "name": cfg.st_name[si], "card": cfg.cards[c].id,
            "text": (f"{cfg.st_name[si]} ({cfg.st_key[si]}): {cost_text(cost)} → "
                     f"{reward_text(cfg.st_vp[si], cfg.st_passengers[si])}"
                     + (f"; built after the station before it on {cfg.cards[c].name}" if cfg.ordered[c]
                        and cfg.st_ord[si] else "")),
        }
    spaces = {card.id: {"name": card.name, "short": space_short(card.space),
                        "text": f"Surveyor action space of {card.name} ({card.id}): {space_text(card.space)}."}
              for card in cfg.cards if card.space is not None}
    return {
        "route_cards": route_cards,
        "spaces": spaces,
        "rules": dict(RULES),
        "stations": stations,
        "railways": railways,
        "actions": actions,
        "action_cards": cards,
        "pub": ("The Pub (only with the gold E action): put one of your action cards into your scoring "
                "pile and take a replacement of its category from the supply; never more cards in the "
                "pile than stations you built."),
        "effects": dict(EFFECTS),
        "scoring": dict(SCORING_TEXT),
        "navvy": ("A navvy covers the first card, column by column from column 2, top to bottom, with no "
                  "track, station or navvy; its rubble goes to the supply and its track and stations count "
                  "as built by third parties; its action space opens."),
        "summit": "Summit token: 2 VP at the end for whoever used Yr Wyddfa's action space last.",
        "passengers": "Each passenger is worth ½ VP at the end.",
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
    """"blue-green" in words: "Player 1 blue, Player 2 green"."""
    return ", ".join(f"Player {i + 1} {c}" for i, c in enumerate(order.split("-")))


WORDS = FoothillsWords()
__all__ = ["WORDS", "FoothillsWords", "describe", "event_text", "component_texts"]
