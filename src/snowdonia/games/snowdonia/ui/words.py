"""Actions, contracts and trains in words, for menus and the board.

Every text here is built from the component data (`game.cfg`), so a corrected TOML value
shows up in the menu without touching this module."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from snowdonia.games.snowdonia.game import Game
from snowdonia.games.snowdonia.rules.actions import Action
from snowdonia.games.snowdonia.rules.decisions import DECISIONS

AREA_NAMES = {
    "A": "Stock Yard", "B": "Excavate", "C": "Works", "D": "Lay Track", "E": "Build",
    "F": "Site Office", "G": "Surveyor",
}

# The registry's prompts and pass texts (rules/decisions.py is the one list of decisions).
DECISION_NAMES = {k: d.prompt for k, d in DECISIONS.items()}
_PASS_TEXT = {k: d.pass_text for k, d in DECISIONS.items() if d.pass_text}

_ABILITY = {
    "excavate_bonus": "each Excavate action takes {v} more rubble",
    "steel_iron_cost": "a steel bar costs {v} iron at the Works (instead of 3)",
    "stock_yard_bonus": "each Stock Yard action takes {v} more cube",
    "end_vp": "{v} VP at the end of the game",
    "extra_build": "one extra Build action after the Build area",
    "lay_track_bonus": "each Lay Track action may lay {v} more track card",
}


def bonus_text(bonus: dict[str, Any]) -> str:
    """A contract's scoring condition, e.g. '18 VP for 4 rubble + 2 track markers'."""
    if "coal_vp" in bonus:
        return f"{bonus['coal_vp']} VP per coal kept"
    if "surveyor_tiers" in bonus:
        tiers = ", ".join(f"station {s}+: {v} VP" for s, v in bonus["surveyor_tiers"])
        return f"surveyor at {tiers}"
    need = []
    if bonus.get("rubble"):
        need.append(f"{bonus['rubble']} rubble")
    if bonus.get("track"):
        need.append(f"{bonus['track']} track markers")
    if bonus.get("station"):
        need.append(f"{bonus['station']} station markers")
    text = f"{bonus.get('vp', 0)} VP for " + (" + ".join(need) if need else "nothing")
    if "surveyor_at_least" in bonus:
        text += f", surveyor at station {bonus['surveyor_at_least']} or higher"
    return text


def contract_text(game: Game, number: int, with_bonus: bool = True) -> str:
    c = game.cfg.contract[number]
    area = f"{c.area}" if c.area != "-" else "any time"
    text = f"#{number} ({area}): {c.text}"
    if with_bonus:
        text += f"  [bonus: {bonus_text(c.bonus)}]"
    return text


def train_text(game: Game, number: int) -> str:
    t = game.cfg.train[number]
    abilities = [_ABILITY.get(k, k + " {v}").format(v=v) for k, v in t.ability.items()]
    return f"No. {number} {t.name} ({'; '.join(abilities) or 'no ability'})"


_ABILITY_SHORT = {
    "excavate_bonus": "excavate +{v}",
    "steel_iron_cost": "steel for {v} iron",
    "stock_yard_bonus": "Stock Yard +{v}",
    "end_vp": "{v}VP at end",
    "extra_build": "extra build",
    "lay_track_bonus": "lay track +{v}",
}


def train_short(game: Game, number: int) -> str:
    """'No. 1 L.A.D.A.S. (excavate +2)', short enough for a table cell."""
    t = game.cfg.train[number]
    abilities = [_ABILITY_SHORT.get(k, k + " {v}").format(v=v) for k, v in t.ability.items()]
    return f"No. {number} {t.name}" + (f" ({', '.join(abilities)})" if abilities else "")


def _site(game: Game, key: str, num: int) -> tuple[str, int, int, int]:
    cfg = game.cfg
    si = cfg.station_index[key]
    b = cfg.station_bsites[si][num - 1]
    return cfg.stations[si].name, cfg.bsite_stone[b], cfg.bsite_steel[b], cfg.bsite_vp[b]


def _cost(stone: int, steel: int) -> str:
    parts = []
    if stone:
        parts.append(f"{stone} stone")
    if steel:
        parts.append(f"{steel} steel")
    return " + ".join(parts) or "free"


def _space(area: str | int, num: str | int) -> str:
    return "G (Surveyor)" if area == "G" else f"{area}{num} ({AREA_NAMES[str(area)]})"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _cubes_list(pairs: Sequence[tuple[int, str]]) -> str:
    return " + ".join(f"{n} {what}" for n, what in pairs if n) or "nothing"


NOTHING_NOW = " · nothing to do now: "


def _nothing_now(game: Game, area: str) -> str | None:
    """Why a labourer on `area` would do nothing for the decider as things stand now (it may
    still change before the area resolves: earlier areas act first), or None. A placement is
    free (seed 004: "may place where the action will do nothing"); the player is told before
    picking it."""
    from snowdonia.games.snowdonia.rules.areas.build import build_options
    from snowdonia.games.snowdonia.rules.board import train_ability

    g, p, cfg = game, game.decider, game.cfg
    if area == "A" and not (g.yard_i + g.yard_s + g.yard_c):
        return "the Stock Yard is empty"
    if area == "B" and not g.b_build and not g.route_rubble:
        return "no rubble is left on the route"
    if area == "C":
        per = train_ability(g, p, "steel_iron_cost", 3)
        if g.iron[p] < per and g.rubble[p] < 2:
            return f"you have {g.iron[p]} iron and {g.rubble[p]} rubble (a conversion needs {per} iron or 2 rubble)"
    if area == "D":
        if not g.steel[p]:
            return "you have no steel (make it at the Works, C, which acts first)"
        if not getattr(cfg, "two_ends", False) and (g.laid >= cfg.n_tracks or g.slot_rubble[cfg.track_slot[g.laid]]):
            return "no track card is excavated yet (Excavate, B, acts first)"
    if (area == "E" or (area == "B" and g.b_build)) and not build_options(g, p):
        return "you could build nothing now (not enough stone or steel, or no open site)"
    if area == "F" and not any(g.office):
        return "the Site Office is empty"
    return None


def _place_text(game: Game, area: str, num: int) -> str:
    """What a labourer on `area``num` will do for the decider, with today's rates, and why it
    would do nothing now when it would."""
    text = _place_words(game, area, num)
    why = _nothing_now(game, area)
    return text + NOTHING_NOW + why if why else text


def _place_words(game: Game, area: str, num: int) -> str:
    from snowdonia.games.snowdonia.rules import contracts
    from snowdonia.games.snowdonia.rules.board import excavation_rate, lay_track_rate, train_ability

    g, p, cfg = game, game.decider, game.cfg
    if area == "G":
        here = g.surveyor[p]
        # One station away from the player's own end (two-end scenarios walk down from the top).
        step = -1 if getattr(cfg, "two_ends", False) and g.end_of[p] == 1 else 1
        if not 0 <= here + step < cfg.n_stations:
            return "Place on G — Surveyor: already at the far end, nothing more"
        nxt = cfg.stations[here + step]
        now = cfg.stations[here].surveyor_vp
        verb = "move on to" if getattr(cfg, "two_ends", False) else "move up to"
        return (f"Place on G — Surveyor: {verb} {nxt.name} (station {nxt.number}, "
                f"{nxt.surveyor_vp} VP at the end instead of {now})")
    head = f"Place on {area}{num} — "
    if area == "A":
        count = cfg.stock_yard_cubes + contracts.stock_yard_bonus(g, p) + train_ability(g, p, "stock_yard_bonus")
        text = head + f"Stock Yard: take up to {count} cubes (at most 1 coal)"
        if int(num) == cfg.base_caps[0]:
            text += " and become Start Player"
        return text
    if area == "B" and g.b_build:
        return head + "Build (train card): build a site or buy a train"
    if area == "B":
        rate = excavation_rate(g)
        bonus = train_ability(g, p, "excavate_bonus")
        extra = f" (rate {rate} + {bonus} from your train)" if bonus else f" (work rate {rate})"
        return head + f"Excavate: take {rate + bonus} rubble{extra}"
    if area == "C":
        per = train_ability(g, p, "steel_iron_cost", 3)
        return head + f"Works: up to 3 conversions ({per} iron → 1 steel, 2 rubble → 1 stone)"
    if area == "D":
        rate = lay_track_rate(g) + train_ability(g, p, "lay_track_bonus")
        return head + f"Lay Track: up to {_plural(rate, 'track card')}, 1 steel each (you have {g.steel[p]})"
    if area == "E":
        return head + "Build: a building site or a train"
    if area == "F":
        cards = ", ".join(f"#{c}" for c in g.office if c) or "none left"
        return head + f"Site Office: take one contract ({cards})"
    return head + AREA_NAMES.get(str(area), str(area))


def _next_rubble_space(game: Game) -> tuple[str, int]:
    """The space #3 would clear: its name and its rubble."""
    g, cfg = game, game.cfg
    i = g.exc_ptr
    if getattr(cfg, "two_ends", False) and g.end_of[g.decider] == 1:
        i = g.exc_ptr_p  # the player's own frontier, worked from the other end
    if not 0 <= i < cfg.n_slots:
        return "nothing (no rubble left)", 0
    from snowdonia.games.snowdonia.rules.route import slot_name

    return _slot(cfg, slot_name(g, i)), g.slot_rubble[i]


def describe(game: Game, action: Action) -> str:
    """One menu line for `action` in the game's pending decision: what it costs and gives."""
    kind, args = action.kind, action.args
    g = game
    p = game.decider
    cfg = game.cfg
    if kind == "pass":
        return _PASS_TEXT.get(game.decision or "", "pass")  # the registry's words, as they are
    if kind == "hire":
        own = cfg.train[game.train[p]]
        return f"Hire the Pub labourer — pay {own.hire_coal} coal (three labourers this round)"
    if kind == "place":
        area, num = args
        return _place_text(game, str(area), int(num))
    if kind == "play":
        return "Play " + contract_text(game, int(args[0]))
    if kind == "take":
        i, s, c = (int(x) for x in args)
        return "Take " + _cubes_list(((i, "iron"), (s, "stone"), (c, "coal")))
    if kind == "convert":
        from snowdonia.games.snowdonia.rules.board import train_ability
        from snowdonia.games.snowdonia.rules.decisions import CONVERT

        steel, stone = int(args[0]), int(args[1])
        per = g.ctx[2] if g.decision == CONVERT and isinstance(g.ctx, tuple) else train_ability(g, p, "steel_iron_cost", 3)
        parts = []
        if steel:
            parts.append(f"{steel} steel (pay {per * steel} iron)")
        if stone:
            parts.append(f"{stone} stone (pay {2 * stone} rubble)")
        return ("Make " + " + ".join(parts)) if parts else "Convert nothing"
    if kind == "build":
        from snowdonia.games.snowdonia.rules import contracts

        key, num, iron, rubble = str(args[0]), int(args[1]), int(args[2]), int(args[3])
        name, stone, steel, vp = _site(game, key, num)
        discount = contracts.build_stone_discount(g, p) if g.decider is not None else 0
        stone_due = max(0, stone - discount)
        pay_stone, pay_steel = stone_due - rubble, steel - iron
        paid = []
        if pay_stone:
            paid.append(f"{pay_stone} stone")
        if rubble:
            paid.append(f"{2 * rubble} rubble")
        if pay_steel:
            paid.append(f"{pay_steel} steel")
        if iron:
            paid.append(f"{3 * iron} iron")
        text = f"Build {name}, site {num} — {' + '.join(paid) or 'free'} → {vp} VP"
        notes = []
        if discount and stone:
            notes.append(f"{min(discount, stone)} stone off")
        if iron:
            notes.append(f"{3 * iron} iron for {iron} steel")
        if rubble:
            notes.append(f"{2 * rubble} rubble for {rubble} stone")
        if notes:
            text += " (" + ", ".join(notes) + ")"
        if not paid:
            text += f" (printed cost {_cost(stone, steel)})"
        gives = cfg.bsite_gives[cfg.station_bsites[cfg.station_index[key]][num - 1]]
        if gives:
            # Blaenau Ffestiniog's giving stations: the free cubes come from the bag after paying.
            text += ", and " + ", ".join(f"{n} {cube}" for cube, n in gives) + " free from the bag"
        return text
    if kind == "buy":
        t, iron = int(args[0]), int(args[1])
        train = cfg.train[t]
        coal = g.shed_coal[t] if 0 <= t < len(g.shed_coal) else train.coal
        pay = [f"{train.cost - iron} steel"] if train.cost - iron else []
        if iron:
            pay.append(f"{3 * iron} iron")
        text = f"Buy train {train_short(game, t)} — {' + '.join(pay) or 'free'} → {_plural(coal, 'coal')} with it"
        held = int(g.train[p]) if p is not None else 0
        if held:
            text += f"; No. {held} goes back to the Engine Shed"
        return text
    if kind == "pick":
        return "Take " + contract_text(game, int(args[0]))
    if kind == "keep":
        return "Keep " + contract_text(game, int(args[0]))
    if kind == "maintain":
        how = args[0]
        mine = int(g.train[p]) if p is not None else 0
        tname = f"No. {mine} {cfg.train[mine].name}" if mine else "your train"
        if how == "steel":
            return f"Pay 1 steel to keep {tname}"
        if how == "return":
            return f"Give {tname} back to the Engine Shed (pay nothing)"
        return f"Discard contract #{how} to keep {tname}"
    if kind == "weather":
        disc = str(args[0])
        return f"Put a {disc} disc in the middle of the Weather Track — when it comes, {WEATHER_EFFECT[disc]}"
    if kind == "move":
        return f"Move your labourer from {_space(args[0], args[1])} to {_space(args[2], args[3])}"
    if kind == "clear":
        where, rubble = _next_rubble_space(game)
        return f"#3: clear {where} ({rubble} rubble{', and put your marker there' if 'site' in where else ''})"
    if kind == "start":
        name = _station_name(game, str(args[0]))
        return (f"Start at {name}: your surveyor stands there and you excavate and lay track away from it"
                f" ({_end_company(game, str(args[0]))})")
    if kind == "game_surveyor":
        name = _station_name(game, str(args[0]))
        return (f"The game's Surveyor starts at {name}: the next event resolves from there, then it changes ends"
                f" ({_end_company(game, str(args[0]))})")
    return str(action)


def _end_company(game: Game, key: str) -> str:
    """Blaenau Ffestiniog's set-up: who has chosen this end so far and the surveyor spaces
    left there, e.g. 'Player 2 starts there; 2 of 3 spaces free'."""
    g, cfg = game, game.cfg
    n = cfg.players
    end = 0 if cfg.stations[cfg.end_stations[0]].key == key else 1
    chosen = [(g.start + q) % n for q in range(min(g.setup_pos, n))]
    there = [p for p in chosen if g.end_of[p] == end]
    who = (", ".join(f"Player {p + 1}" for p in there) + (" start there" if len(there) > 1 else " starts there")
           if there else "nobody starts there")
    if g.setup_pos >= n:
        return who
    free = max(0, cfg.surveyor_spaces_per_end - len(there))
    return f"{who}; {free} of {cfg.surveyor_spaces_per_end} surveyor spaces free"


def _station_name(game: Game, key: str) -> str:
    cfg = game.cfg
    return cfg.stations[cfg.station_index[key]].name if key in cfg.station_index else key


WEATHER_EFFECT = {
    "sun": "the excavation rate moves 2 spaces up and the lay-track rate 1 up",
    "rain": "the excavation and lay-track rates each move 1 space down",
    "fog": "the rates stay, but Excavate (B) and Lay Track (D) are blocked for the round",
}


# --------------------------------------------------------------------------- log events

_EVENT_KIND = {
    "excavate": "contractors excavate", "lay_track": "contractors lay track",
    "complete_station": "a station is completed", "trains_available": "trains may now be bought",
    "maintenance": "train maintenance is needed",
}
_END = {
    "extra_round": "the extra round after the last track card is over (Deluxe)",
    "last_track": "the last track card was laid",
    "last_marker": "the last ownership marker was placed",
    "round_limit": "the safety round limit was reached",
}


def _cubes(e: dict[str, Any], kinds: tuple[str, ...] = ("iron", "stone", "coal")) -> str:
    parts = [f"{e[k]} {k}" for k in kinds if e.get(k)]
    return ", ".join(parts) or "nothing"


def _slot(cfg: Any, s: dict[str, Any]) -> str:
    if "track" in s:
        return f"track card {int(s['track']) + 1}"
    name = cfg.stations[cfg.station_index[s["station"]]].name if s["station"] in cfg.station_index else s["station"]
    side = "left" if s["site"] == 1 else ("right" if s["site"] == 2 else f"no. {s['site']}")
    return f"{name}{chr(39) if name.endswith('s') else chr(39) + 's'} {side} excavation site"


def _station(cfg: Any, key: str | None) -> str:
    if key is None:
        return "no station"
    return cfg.stations[cfg.station_index[key]].name if key in cfg.station_index else key


def event_text(cfg: Any, e: dict[str, Any], names: Sequence[str]) -> str:
    """One log event in words (`cfg`: the game's Config, for printed names)."""
    t = e["type"]

    def who() -> str:
        seat = e.get("seat")
        return names[seat] if seat is not None and seat < len(names) else "Someone"

    if t == "text":
        return str(e["text"])
    if t == "round":
        return f"Round {e['round']} begins; {names[e['start']]} is Start Player"
    if t == "hire":
        return f"{who()} pays {e['coal']} coal to hire the Pub labourer"
    if t == "place":
        return f"{who()} places a labourer on {e['space']}"
    if t == "play":
        c = cfg.contract[e["contract"]]
        return f"{who()} plays contract #{e['contract']}: {c.text}"
    if t == "start_player":
        return f"{who()} takes the Start Player marker" + (f" (#{e['contract']})" if e.get("contract") else "")
    if t == "take":
        return f"{who()} takes {_cubes(e)} from the Stock Yard"
    if t == "excavate":
        if not e["rubble"]:
            return f"{who()} excavates nothing (no rubble within reach)"
        text = f"{who()} excavates {e['rubble']} rubble"
        taken = e.get("taken") or []
        if taken:
            text += " from " + ", ".join(f"{_slot(cfg, s)} ({s['rubble']})" for s in taken)
        done = [_slot(cfg, s) for s in e.get("sites", [])]
        return text + (f", clearing {', '.join(done)}" if done else "")
    if t == "clear":
        where = f" from {_slot(cfg, e['space'])}" if e.get("space") else ""
        return f"{who()} clears the next space with #3: {e['rubble']} rubble{where}"
    if t == "convert":
        made = [f"{e[k]} {k}" for k in ("steel", "stone") if e.get(k)]
        text = f"{who()} makes {' and '.join(made)} at the Works" if made else f"{who()} converts nothing"
        if e.get("failed"):
            text += f" ({e['failed']} stone conversion(s) failed: none in the bag)"
        return text
    if t == "lay":
        n = int(e["cards"])
        if not n:
            why = {"no_steel": "no steel", "no_card": "no excavated track card to lay",
                   "no_rate": "the lay-track rate is 0"}.get(str(e.get("why")), "no steel, or no excavated track card")
            return f"{who()} lays no track ({why})"
        cards = e.get("tracks") or []
        which = f" ({', '.join(f'no. {c + 1}' for c in cards)})" if cards else ""
        return f"{who()} lays {_plural(n, 'track card')}{which}"
    if t == "build":
        return f"{who()} builds site {e['site']} of {_station(cfg, e['station'])} ({e['vp']} VP)"
    if t == "buy":
        train = cfg.train[e["train"]]
        back = f", returning No. {e['returned']}" if e.get("returned") else ""
        return f"{who()} buys train No. {e['train']} {train.name}{back}"
    if t == "cannot_build":
        reason = {"no_marker": "no ownership marker left, and no train to buy",
                  "no_site": "no open building site they can pay for, and no train to buy"}.get(str(e.get("why")))
        return f"{who()} cannot build anything" + (f" ({reason})" if reason else "")
    if t == "pick":
        return f"{who()} takes contract #{e['contract']} from the Site Office"
    if t == "keep":
        return f"{who()} keeps contract #{e['contract']}"
    if t == "move_labourer":
        return f"{who()} moves a labourer from {e['from']} to {e['to']}"
    if t == "surveyor":
        how = f" (#{e['contract']})" if e.get("contract") else ""
        return f"{who()} moves the surveyor to {_station(cfg, e['station'])}{how}"
    if t == "weather_swap":
        return f"{who()} sets the next weather to {e['disc']}"
    if t == "draw_bag":
        return f"{who()} draws {_cubes(e)} from the bag (#{e['contract']})"
    if t == "maintain":
        paid = e["paid"]
        if paid == "steel":
            return f"{who()} pays 1 steel to maintain train No. {e['train']}"
        if paid == "return":
            return f"{who()} returns train No. {e['train']} to the Engine Shed"
        return f"{who()} discards contract #{paid} to maintain train No. {e['train']}"
    if t == "train_returned":
        return f"Train No. {e['train']} goes back to the Engine Shed with {e['coal']} coal"
    if t == "weather":
        cur = e["current"] or "none"
        return f"Weather: {cur}; excavation rate {e['excavate']}, lay-track rate {e['lay_track']}"
    if t == "office":
        dealt = ", ".join(f"#{c}" for c in e["dealt"]) or "nothing"
        gone = ", ".join(f"#{c}" for c in e["discarded"])
        return f"Site Office: {gone + ' discarded; ' if gone else ''}{dealt} dealt"
    if t == "restock":
        text = f"Stock Yard restocked from the bag: {_cubes(e)}"
        if e.get("events"):
            text += f"; {_plural(int(e['events']), 'event cube')} to the Event Track"
        return text
    if t == "event":
        kind = e["kind"]
        if e.get("space") is None:
            return f"All rubble is gone from {_station(cfg, e.get('station'))}: train maintenance is needed"
        text = f"Event {e['space']}: {_EVENT_KIND.get(kind, kind)}"
        if kind == "excavate":
            cleared = [_slot(cfg, s) for s in e.get("cleared", [])]
            text += f" ({', '.join(cleared) if cleared else 'nothing left to clear'})"
        elif kind == "lay_track":
            laid = e.get("tracks", [])
            text += f" ({', '.join(f'track card {t + 1}' for t in laid) if laid else 'no track left'})"
        elif kind == "complete_station":
            text += f" ({_station(cfg, e.get('station'))})"
        return text
    if t == "start_end":
        return f"{who()} starts at {_station(cfg, e['end'])}" + (
            " (no choice: the other end's three spaces are taken)" if e.get("forced") else "")
    if t == "game_surveyor":
        return f"{who()} puts the game's Surveyor at {_station(cfg, e['end'])}"
    if t == "game_surveyor_moves":
        return f"The game's Surveyor moves to {_station(cfg, e['end'])}"
    if t == "start_marker":
        return f"{who()} leaves the start and puts an ownership marker on {_station(cfg, e['station'])}"
    if t == "gift":
        wanted = ", ".join(f"{n} {k}" for k, n in e.get("wanted", {}).items())
        got = _cubes(e)
        return f"{who()} takes {got} from the bag for building" + (
            f" (the card gives {wanted}; the bag was short)" if got != wanted else "")
    if t == "b_build":
        return "All rubble is gone: the set-aside train's Build side now covers area B"
    if t == "game_over":
        return f"Game over: {_END.get(e['reason'], e['reason'])}"
    return f"{t}: {e}"


class Words:
    """Snowdonia's words, one source for the terminal, the web and the log."""

    def action(self, position: Any, action: Any) -> str:
        return describe(position, action)

    def event(self, event: dict[str, Any], names: Sequence[str], position: Any = None) -> str:
        from snowdonia.games.snowdonia.rules.config import config_for, make_settings

        cfg = position.cfg if position is not None else config_for(5, "mount_snowdon", make_settings(5, "mount_snowdon"))
        return event_text(cfg, event, names)

    def components(self, position: Any) -> dict[str, Any]:
        return components_text(position)


AREA_RULES = {
    "A": ("Stock Yard: take up to 3 cubes (iron, stone; at most 1 coal) from the Stock Yard into your "
          "supply — at least one while any is there. Train No. 3 adds a cube, #7 one more, #29 lifts the coal "
          "limit. The labourer on the last space of A also takes the Start Player marker."),
    "B": ("Excavate: take rubble equal to the excavation work rate (+2 with train No. 1; doubled by #26/#30) "
          "from the route, in order from Llanberis: the track cards before a station, then that station's "
          "excavation sites left to right. Whoever takes the last cube of a station excavation site puts an "
          "ownership marker on it. Blocked by fog."),
    "B_build": ("Build (train card): once all rubble is gone the set-aside train covers area B with its Build "
                "side: one space that builds a site or buys a train, resolved in B's turn. Fog does not block it."),
    "C": ("Works: up to three conversions, mixed freely: 3 iron (2 with train No. 2) → 1 steel bar; "
          "2 rubble → 1 stone from the bag. Deluxe: at least one conversion when any is possible."),
    "D": ("Lay Track: pay 1 steel bar per track card, up to the lay-track work rate (+1 with train No. 7, "
          "+1 each for #1/#2): flip the unlaid, fully excavated track card nearest Llanberis and put your "
          "ownership marker on it. Laying the last card ends the game at the end of the round. Blocked by fog."),
    "E": ("Build: pay the stone and steel printed on a building site of a station whose track before it is "
          "excavated and put your ownership marker on it (its VP score at the end) — or, once event 2 has "
          "happened, buy a train from the Engine Shed for its steel cost and take the coal on it."),
    "F": "Site Office: take one of the face-up contracts into your hand; play it later in its area's window.",
    "G": ("Surveyor: move your surveyor to the next station up the route; at the end it scores the VP printed "
          "on the station where it stands. Unlimited spaces."),
}

RULES = {
    "route": ("The railway from Llanberis (bottom) to Yr Wyddfa (the summit): track cards and stations. "
              "Excavate clears rubble in route order, Lay Track flips cleared track cards in the same order."),
    "track_card": ("Track card: its rubble must be excavated before it can be laid. Whoever lays it puts an "
                   "ownership marker on it and scores its VP at the end (E: laid by an event, no owner)."),
    "station": ("Station: its excavation sites are cleared by Excavate; its building sites can be built once "
                "every track card before the station is excavated. A station completed by an event takes no more "
                "markers. A surveyor standing here scores its surveyor VP (◎) at the end."),
    "excavation_site": ("Excavation site: rubble on a station. Whoever takes its last cube puts an ownership "
                        "marker on it and scores its VP at the end."),
    "building_site": ("Building site: pay the stone and steel shown (Build action) to put your ownership marker "
                      "on it; it scores its VP at the end."),
    "surveyor": "Surveyor: moved up one station by area G; scores the surveyor VP of its station at the end.",
    "marker": ("Ownership marker: on a track card or a station site it scores that space's VP; markers also meet "
               "contract bonuses. Solo and 2 players: the game ends when the last one is placed."),
    "weather_track": ("Weather Track: each round the discs move one space toward “now”; a new disc matching the "
                      "back of the top contract goes on the last space; the disc arriving at “now” changes the "
                      "work rates (sun, rain) or blocks B and D (fog)."),
    "rate:excavate": ("Excavation work rate: how much rubble one Excavate action takes, and how many spaces the "
                      "contractors' excavate event clears. Sun moves it 2 spaces up, rain 1 down."),
    "rate:lay_track": ("Lay-track work rate: how many track cards one Lay Track action may lay (1 steel each), and "
                       "how many the contractors' event lays. Sun moves it 1 up, rain 1 down."),
    "event_track": ("Event Track: event cubes drawn from the bag at the Stock Yard restock go on the next free "
                    "space, and its event happens at once."),
    "stock_yard": ("Stock Yard: the cubes area A takes from. Restocked from the bag at the end of every round; "
                   "event cubes drawn go to the Event Track."),
    "bag": "Bag: iron, stone, coal and event cubes, drawn at random to restock the Stock Yard.",
    "supply": "General supply: steel bars (made at the Works) and rubble (paid back by conversions and events).",
    "site_office": ("Site Office: three face-up contracts. Each round the card in position 1 is discarded, the "
                    "others slide left, and new ones are dealt."),
    "deck": ("Contract deck: its top card's back (sun, rain or fog) decides the next weather disc. An empty "
             "deck is reshuffled from the discards."),
    "engine_shed": ("Engine Shed: the trains for sale (Build action, after event 2), each with coal on it. A train "
                    "gives an ability and a third labourer (the Pub) for coal each round; one train per player."),
    "set_aside_train": ("Set-aside train: covers area B with its Build side once all rubble is gone (not used "
                        "in solo)."),
    "pub": "The Pub: a train owner may pay coal (2 for Padarn, 1 otherwise) to place a third labourer this round.",
    "start_player": "Start Player: places first and opens every contract window; taken by the last space of A.",
    # Blaenau Ffestiniog (the two-end scenario); Mount Snowdon never shows these.
    "end": ("Starting end (Blaenau Ffestiniog): each player, from the Start Player clockwise, chooses Blaenau "
            "Ffestiniog or Porthmadog Harbour and puts the surveyor on one of that end's three spaces. You "
            "excavate and lay track away from your own end, and build from your end up to your surveyor."),
    "game_surveyor": ("The game's Surveyor (a game marker): the last player to place a surveyor chooses its end. "
                      "Events resolve from the end where it stands; after each event it moves to the other end."),
    "start_marker": ("Start marker: the first time your surveyor leaves your starting station, one of your "
                     "ownership markers goes on that station to mark your end; it scores nothing."),
    "frontier": ("Frontier: the next space with rubble seen from an end. Excavate takes rubble from your own end "
                 "inward, Lay Track lays the next excavated card of your own line; the two lines of track end "
                 "the game when they meet (the round of the last unlaid track card is the last)."),
    "build_range": ("Build (Blaenau Ffestiniog): no excavation is needed first; you may build only on the "
                    "stations from your own starting end up to and including your surveyor's station."),
    "gift": ("Free resources: each building site built on a giving station hands the builder the cubes shown, "
             "from the bag, after paying (nothing if the bag lacks them)."),
    "maintenance_station": ("Plas Halt (station 4): as soon as all its rubble is removed, the train maintenance "
                            "event happens once (every train owner pays 1 steel, discards #16 or #21, or gives "
                            "the train back)."),
    "contract": ("Contract: play it in the window of its area (before that area resolves) for its effect this "
                 "round; at the end it scores its bonus if you place on it the rubble and markers it asks for — "
                 "each cube and marker serves one card only."),
}

EVENT_RULES = {
    "excavate": ("Contractors excavate: all rubble is removed from as many spaces (track cards, station "
                 "excavation sites) as the excavation work rate, in route order; no markers, no VP."),
    "lay_track": ("Contractors lay track: as many track cards as the lay-track work rate are flipped, from the "
                  "bottom, excavated or not; no markers, no VP."),
    "complete_station": ("A station is completed: a game marker goes on the first station whose building sites "
                         "are not all built; no one may excavate or build there any more."),
    "trains_available": "Trains may now be bought: from now on a Build action may buy a train from the Engine Shed.",
    "maintenance": ("Train maintenance: every train owner pays 1 steel, discards #16 or #21, or gives the train "
                    "back to the Engine Shed."),
}


def components_text(game: Any) -> dict[str, Any]:
    """Every printed component with its rule in words (public: it is the box), keyed for the
    client's tooltips and the terminal's help: contracts and trains by number, areas, events
    by space, weather discs, work-rate tracks and the other parts of the board in `rules`."""
    cfg = game.cfg
    returns = getattr(cfg, "event_returns", {}) or {}
    events: dict[str, Any] = {}
    for space, kind in cfg.events.items():
        text = f"Event {space}: " + EVENT_RULES.get(kind, kind)
        back = returns.get(space)
        if back:
            text += " The event cubes on spaces " + ", ".join(str(x) for x in back) + " go back to the bag."
        events[str(space)] = {"space": space, "event": kind, "name": _EVENT_KIND.get(kind, kind), "text": text}
    rules = dict(RULES)
    for area, text in AREA_RULES.items():
        rules[f"area:{area}"] = text
    for disc, text in WEATHER_EFFECT.items():
        rules[f"weather:{disc}"] = f"Weather disc, {disc}: when it reaches “now”, {text}."
    return {
        "contracts": {str(n): {"number": n, "area": c.area, "effect": c.text, "bonus": bonus_text(c.bonus),
                               "text": contract_text(game, n), "back": c.back}
                      for n, c in cfg.contract.items()},
        "trains": {str(n): {"number": n, "name": t.name, "cost": t.cost, "coal": t.coal, "hire_coal": t.hire_coal,
                            "text": train_text(game, n), "short": train_short(game, n),
                            "rule": train_rule(game, n)}
                   for n, t in cfg.train.items()},
        "areas": dict(AREA_NAMES),
        "decisions": {k: v for k, v in DECISION_NAMES.items()},
        "events": events,
        "rules": rules,
        "rates": {"excavate": list(cfg.exc_rates), "lay_track": list(cfg.lay_rates)},
    }


def train_rule(game: Any, number: int) -> str:
    """A train card in words, for a tooltip: cost, coal, Pub price, ability."""
    t = game.cfg.train[number]
    abilities = [_ABILITY.get(k, k + " {v}").format(v=v) for k, v in t.ability.items()]
    ability = "; ".join(abilities) if abilities else "no special ability (it still brings coal and the Pub labourer)"
    return (f"Train No. {number} {t.name}: costs {t.cost} steel and comes with {t.coal} coal; "
            f"its owner may hire the Pub labourer for {t.hire_coal} coal a round. Ability: {ability}.")
