"""Actions, contracts and trains in words, for menus and the board.

Every text here is built from the component data (`game.cfg`), so a corrected TOML value
shows up in the menu without touching this module."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from snowdonia.core.i18n import N_, _, ngettext, pgettext
from snowdonia.games.snowdonia.game import Game
from snowdonia.games.snowdonia.rules.actions import Action
from snowdonia.games.snowdonia.rules.decisions import DECISIONS

AREA_NAMES = {
    "A": N_("Stock Yard"), "B": N_("Excavate"), "C": N_("Works"), "D": N_("Lay Track"), "E": N_("Build"),
    "F": N_("Site Office"), "G": N_("Surveyor"),
}


def area_name(key: str) -> str:
    return _(AREA_NAMES[key]) if key in AREA_NAMES else key


def qty(n: int, kind: str) -> str:
    """'3 iron', '1 track card': a count of a component, by the language's plural rule."""
    forms = {
        "iron": lambda: ngettext("%(n)s iron", "%(n)s iron", n),
        "stone": lambda: ngettext("%(n)s stone", "%(n)s stone", n),
        "coal": lambda: ngettext("%(n)s coal", "%(n)s coal", n),
        "steel": lambda: ngettext("%(n)s steel", "%(n)s steel", n),
        "rubble": lambda: ngettext("%(n)s rubble", "%(n)s rubble", n),
        "track card": lambda: ngettext("%(n)s track card", "%(n)s track cards", n),
        "event cube": lambda: ngettext("%(n)s event cube", "%(n)s event cubes", n),
        "track marker": lambda: ngettext("%(n)s track marker", "%(n)s track markers", n),
        "station marker": lambda: ngettext("%(n)s station marker", "%(n)s station markers", n),
        "cube": lambda: ngettext("%(n)s cube", "%(n)s cubes", n),
    }
    f = forms.get(kind)
    return f() if f else f"{n} {kind}"


def weather_name(disc: str) -> str:
    return {"sun": pgettext("weather", "sun"), "rain": pgettext("weather", "rain"),
            "fog": pgettext("weather", "fog")}.get(disc, disc)


def plus(parts: Sequence[str]) -> str:
    return " + ".join(parts)


def data_messages() -> list[tuple[str, str]]:
    """The printed words of Snowdonia's data (contract effects), for the catalogue."""
    from snowdonia.games.snowdonia.rules.config import config_for, make_settings
    from snowdonia.games.snowdonia.rules.flow import END_REASONS

    out: list[tuple[str, str]] = [(why, f"why the game ended ({key})") for key, why in END_REASONS.items()]
    out.append(("Build (train card)", "area B once all rubble is gone (rules/observe.py)"))
    for scenario in ("mount_snowdon", "blaenau_ffestiniog"):
        cfg = config_for(2, scenario, make_settings(2, scenario))
        for n, c in cfg.contract.items():
            out.append((c.text, f"contract #{n}: its effect (data/contracts.toml)"))
    return out

# The registry's prompts and pass texts (rules/decisions.py is the one list of decisions).
DECISION_NAMES = {k: d.prompt for k, d in DECISIONS.items()}
_PASS_TEXT = {k: d.pass_text for k, d in DECISIONS.items() if d.pass_text}

_ABILITY = {
    "excavate_bonus": N_("each Excavate action takes %(v)s more rubble"),
    "steel_iron_cost": N_("a steel bar costs %(v)s iron at the Works (instead of 3)"),
    "stock_yard_bonus": N_("each Stock Yard action takes %(v)s more cube"),
    "end_vp": N_("%(v)s VP at the end of the game"),
    "extra_build": N_("one extra Build action after the Build area"),
    "lay_track_bonus": N_("each Lay Track action may lay %(v)s more track card"),
}


def _ability(table: dict[str, str], key: str, v: Any) -> str:
    return _(table[key], v=v) if key in table else f"{key} {v}"


def bonus_text(bonus: dict[str, Any]) -> str:
    """A contract's scoring condition, e.g. '18 VP for 4 rubble + 2 track markers'."""
    if "coal_vp" in bonus:
        return _("%(vp)s VP per coal kept", vp=bonus["coal_vp"])
    if "surveyor_tiers" in bonus:
        tiers = ", ".join(_("station %(s)s+: %(vp)s VP", s=s, vp=v) for s, v in bonus["surveyor_tiers"])
        return _("surveyor at %(tiers)s", tiers=tiers)
    need = []
    if bonus.get("rubble"):
        need.append(qty(bonus["rubble"], "rubble"))
    if bonus.get("track"):
        need.append(qty(bonus["track"], "track marker"))
    if bonus.get("station"):
        need.append(qty(bonus["station"], "station marker"))
    text = _("%(vp)s VP for %(need)s", vp=bonus.get("vp", 0), need=plus(need) if need else _("nothing"))
    if "surveyor_at_least" in bonus:
        text += _(", surveyor at station %(s)s or higher", s=bonus["surveyor_at_least"])
    return text


def contract_text(game: Game, number: int, with_bonus: bool = True) -> str:
    c = game.cfg.contract[number]
    area = f"{c.area}" if c.area != "-" else _("any time")
    text = f"#{number} ({area}): {_(c.text)}"
    if with_bonus:
        text += "  " + _("[bonus: %(bonus)s]", bonus=bonus_text(c.bonus))
    return text


def train_text(game: Game, number: int) -> str:
    t = game.cfg.train[number]
    abilities = [_ability(_ABILITY, k, v) for k, v in t.ability.items()]
    return _("No. %(n)s %(name)s (%(abilities)s)", n=number, name=t.name,
             abilities="; ".join(abilities) or _("no ability"))


_ABILITY_SHORT = {
    "excavate_bonus": N_("excavate +%(v)s"),
    "steel_iron_cost": N_("steel for %(v)s iron"),
    "stock_yard_bonus": N_("Stock Yard +%(v)s"),
    "end_vp": N_("%(v)sVP at end"),
    "extra_build": N_("extra build"),
    "lay_track_bonus": N_("lay track +%(v)s"),
}


def train_short(game: Game, number: int) -> str:
    """'No. 1 L.A.D.A.S. (excavate +2)', short enough for a table cell."""
    t = game.cfg.train[number]
    abilities = [_ability(_ABILITY_SHORT, k, v) for k, v in t.ability.items()]
    return _("No. %(n)s %(name)s", n=number, name=t.name) + (f" ({', '.join(abilities)})" if abilities else "")


def _site(game: Game, key: str, num: int) -> tuple[str, int, int, int]:
    cfg = game.cfg
    si = cfg.station_index[key]
    b = cfg.station_bsites[si][num - 1]
    return cfg.stations[si].name, cfg.bsite_stone[b], cfg.bsite_steel[b], cfg.bsite_vp[b]


def _cost(stone: int, steel: int) -> str:
    parts = []
    if stone:
        parts.append(qty(stone, "stone"))
    if steel:
        parts.append(qty(steel, "steel"))
    return plus(parts) or _("free")


def _space(area: str | int, num: str | int) -> str:
    return _("G (Surveyor)") if area == "G" else f"{area}{num} ({area_name(str(area))})"


def _plural(n: int, word: str) -> str:
    return qty(n, word)


def _cubes_list(pairs: Sequence[tuple[int, str]]) -> str:
    return plus([qty(n, what) for n, what in pairs if n]) or _("nothing")


NOTHING_NOW = " · nothing to do now: "  # in English; `nothing_now_mark()` in the current language


def nothing_now_mark() -> str:
    """The mark between a choice and why it would do nothing now (the web client splits on it)."""
    return " · " + _("nothing to do now") + ": "


def _nothing_now(game: Game, area: str) -> str | None:
    """Why a labourer on `area` would do nothing for the decider as things stand now (it may
    still change before the area resolves: earlier areas act first), or None. A placement is
    free (seed 004: "may place where the action will do nothing"); the player is told before
    picking it."""
    from snowdonia.games.snowdonia.rules.areas.build import build_options
    from snowdonia.games.snowdonia.rules.board import train_ability

    g, p, cfg = game, game.decider, game.cfg
    if area == "A" and not (g.yard_i + g.yard_s + g.yard_c):
        return _("the Stock Yard is empty")
    if area == "B" and not g.b_build and not g.route_rubble:
        return _("no rubble is left on the route")
    if area == "C":
        per = train_ability(g, p, "steel_iron_cost", 3)
        if g.iron[p] < per and g.rubble[p] < 2:
            return _("you have %(iron)s and %(rubble)s (a conversion needs %(per)s or 2 rubble)",
                     iron=qty(g.iron[p], "iron"), rubble=qty(g.rubble[p], "rubble"), per=qty(per, "iron"))
    if area == "D":
        if not g.steel[p]:
            return _("you have no steel (make it at the Works, C, which acts first)")
        if not getattr(cfg, "two_ends", False) and (g.laid >= cfg.n_tracks or g.slot_rubble[cfg.track_slot[g.laid]]):
            return _("no track card is excavated yet (Excavate, B, acts first)")
    if (area == "E" or (area == "B" and g.b_build)) and not build_options(g, p):
        return _("you could build nothing now (not enough stone or steel, or no open site)")
    if area == "F" and not any(g.office):
        return _("the Site Office is empty")
    return None


def _place_text(game: Game, area: str, num: int) -> str:
    """What a labourer on `area``num` will do for the decider, with today's rates, and why it
    would do nothing now when it would."""
    text = _place_words(game, area, num)
    why = _nothing_now(game, area)
    return text + nothing_now_mark() + why if why else text


def _place_words(game: Game, area: str, num: int) -> str:
    from snowdonia.games.snowdonia.rules import contracts
    from snowdonia.games.snowdonia.rules.board import excavation_rate, lay_track_rate, train_ability

    g, p, cfg = game, game.decider, game.cfg
    if area == "G":
        here = g.surveyor[p]
        # One station away from the player's own end (two-end scenarios walk down from the top).
        step = -1 if getattr(cfg, "two_ends", False) and g.end_of[p] == 1 else 1
        if not 0 <= here + step < cfg.n_stations:
            return _("Place on G — Surveyor: already at the far end, nothing more")
        nxt = cfg.stations[here + step]
        now = cfg.stations[here].surveyor_vp
        if getattr(cfg, "two_ends", False):
            return _("Place on G — Surveyor: move on to %(name)s (station %(n)s, %(vp)s VP at the end instead of %(now)s)",
                     name=nxt.name, n=nxt.number, vp=nxt.surveyor_vp, now=now)
        return _("Place on G — Surveyor: move up to %(name)s (station %(n)s, %(vp)s VP at the end instead of %(now)s)",
                 name=nxt.name, n=nxt.number, vp=nxt.surveyor_vp, now=now)
    head = _("Place on %(space)s — ", space=str(area) + str(num))
    if area == "A":
        count = cfg.stock_yard_cubes + contracts.stock_yard_bonus(g, p) + train_ability(g, p, "stock_yard_bonus")
        text = head + _("Stock Yard: take up to %(cubes)s (at most 1 coal)", cubes=qty(count, "cube"))
        if int(num) == cfg.base_caps[0]:
            text += _(" and become Start Player")
        return text
    if area == "B" and g.b_build:
        return head + _("Build (train card): build a site or buy a train")
    if area == "B":
        rate = excavation_rate(g)
        bonus = train_ability(g, p, "excavate_bonus")
        extra = (_(" (rate %(rate)s + %(bonus)s from your train)", rate=rate, bonus=bonus) if bonus
                 else _(" (work rate %(rate)s)", rate=rate))
        return head + _("Excavate: take %(rubble)s", rubble=qty(rate + bonus, "rubble")) + extra
    if area == "C":
        per = train_ability(g, p, "steel_iron_cost", 3)
        return head + _("Works: up to 3 conversions (%(per)s → 1 steel, 2 rubble → 1 stone)", per=qty(per, "iron"))
    if area == "D":
        rate = lay_track_rate(g) + train_ability(g, p, "lay_track_bonus")
        return head + _("Lay Track: up to %(cards)s, 1 steel each (you have %(steel)s)",
                        cards=qty(rate, "track card"), steel=g.steel[p])
    if area == "E":
        return head + _("Build: a building site or a train")
    if area == "F":
        cards = ", ".join(f"#{c}" for c in g.office if c) or _("none left")
        return head + _("Site Office: take one contract (%(cards)s)", cards=cards)
    return head + area_name(str(area))


def _next_rubble_space(game: Game) -> tuple[str, int]:
    """The space #3 would clear: its name and its rubble."""
    g, cfg = game, game.cfg
    i = g.exc_ptr
    if getattr(cfg, "two_ends", False) and g.end_of[g.decider] == 1:
        i = g.exc_ptr_p  # the player's own frontier, worked from the other end
    if not 0 <= i < cfg.n_slots:
        return _("nothing (no rubble left)"), 0
    from snowdonia.games.snowdonia.rules.route import slot_name

    return _slot(cfg, slot_name(g, i)), g.slot_rubble[i]


def _next_is_site(game: Game) -> bool:
    """The space #3 would clear is a station's excavation site (its marker goes there)."""
    g, cfg = game, game.cfg
    i = g.exc_ptr
    if getattr(cfg, "two_ends", False) and g.end_of[g.decider] == 1:
        i = g.exc_ptr_p
    if not 0 <= i < cfg.n_slots:
        return False
    from snowdonia.games.snowdonia.rules.route import slot_name

    return "track" not in slot_name(g, i)


def describe(game: Game, action: Action) -> str:
    """One menu line for `action` in the game's pending decision: what it costs and gives."""
    kind, args = action.kind, action.args
    g = game
    p = game.decider
    cfg = game.cfg
    if kind == "pass":
        return _(_PASS_TEXT.get(game.decision or "", "pass"))  # the registry's words, translated
    if kind == "hire":
        own = cfg.train[game.train[p]]
        return _("Hire the Pub labourer — pay %(coal)s (three labourers this round)", coal=qty(own.hire_coal, "coal"))
    if kind == "place":
        area, num = args
        return _place_text(game, str(area), int(num))
    if kind == "play":
        return _("Play %(contract)s", contract=contract_text(game, int(args[0])))
    if kind == "take":
        i, s, c = (int(x) for x in args)
        return _("Take %(cubes)s", cubes=_cubes_list(((i, "iron"), (s, "stone"), (c, "coal"))))
    if kind == "convert":
        from snowdonia.games.snowdonia.rules.board import train_ability
        from snowdonia.games.snowdonia.rules.decisions import CONVERT

        steel, stone = int(args[0]), int(args[1])
        per = g.ctx[2] if g.decision == CONVERT and isinstance(g.ctx, tuple) else train_ability(g, p, "steel_iron_cost", 3)
        parts = []
        if steel:
            parts.append(_("%(steel)s (pay %(iron)s)", steel=qty(steel, "steel"), iron=qty(per * steel, "iron")))
        if stone:
            parts.append(_("%(stone)s (pay %(rubble)s)", stone=qty(stone, "stone"), rubble=qty(2 * stone, "rubble")))
        return _("Make %(what)s", what=plus(parts)) if parts else _("Convert nothing")
    if kind == "build":
        from snowdonia.games.snowdonia.rules import contracts

        key, num, iron, rubble = str(args[0]), int(args[1]), int(args[2]), int(args[3])
        name, stone, steel, vp = _site(game, key, num)
        discount = contracts.build_stone_discount(g, p) if g.decider is not None else 0
        stone_due = max(0, stone - discount)
        pay_stone, pay_steel = stone_due - rubble, steel - iron
        paid = []
        if pay_stone:
            paid.append(qty(pay_stone, "stone"))
        if rubble:
            paid.append(qty(2 * rubble, "rubble"))
        if pay_steel:
            paid.append(qty(pay_steel, "steel"))
        if iron:
            paid.append(qty(3 * iron, "iron"))
        text = _("Build %(name)s, site %(num)s — %(pay)s → %(vp)s VP", name=name, num=num,
                 pay=plus(paid) or _("free"), vp=vp)
        notes = []
        if discount and stone:
            notes.append(_("%(stone)s off", stone=qty(min(discount, stone), "stone")))
        if iron:
            notes.append(_("%(iron)s for %(steel)s", iron=qty(3 * iron, "iron"), steel=qty(iron, "steel")))
        if rubble:
            notes.append(_("%(rubble)s for %(stone)s", rubble=qty(2 * rubble, "rubble"), stone=qty(rubble, "stone")))
        if notes:
            text += " (" + ", ".join(notes) + ")"
        if not paid:
            text += _(" (printed cost %(cost)s)", cost=_cost(stone, steel))
        gives = cfg.bsite_gives[cfg.station_bsites[cfg.station_index[key]][num - 1]]
        if gives:
            # Blaenau Ffestiniog's giving stations: the free cubes come from the bag after paying.
            text += _(", and %(cubes)s free from the bag", cubes=", ".join(qty(n, cube) for cube, n in gives))
        return text
    if kind == "buy":
        t, iron = int(args[0]), int(args[1])
        train = cfg.train[t]
        coal = g.shed_coal[t] if 0 <= t < len(g.shed_coal) else train.coal
        pay = [qty(train.cost - iron, "steel")] if train.cost - iron else []
        if iron:
            pay.append(qty(3 * iron, "iron"))
        text = _("Buy train %(train)s — %(pay)s → %(coal)s with it", train=train_short(game, t),
                 pay=plus(pay) or _("free"), coal=qty(coal, "coal"))
        held = int(g.train[p]) if p is not None else 0
        if held:
            text += _("; No. %(n)s goes back to the Engine Shed", n=held)
        return text
    if kind == "pick":
        return _("Take %(contract)s", contract=contract_text(game, int(args[0])))
    if kind == "keep":
        return _("Keep %(contract)s", contract=contract_text(game, int(args[0])))
    if kind == "maintain":
        how = args[0]
        mine = int(g.train[p]) if p is not None else 0
        tname = _("No. %(n)s %(name)s", n=mine, name=cfg.train[mine].name) if mine else _("your train")
        if how == "steel":
            return _("Pay 1 steel to keep %(train)s", train=tname)
        if how == "return":
            return _("Give %(train)s back to the Engine Shed (pay nothing)", train=tname)
        return _("Discard contract #%(n)s to keep %(train)s", n=how, train=tname)
    if kind == "weather":
        disc = str(args[0])
        return _("Put a %(disc)s disc in the middle of the Weather Track — when it comes, %(effect)s",
                 disc=weather_name(disc), effect=_(WEATHER_EFFECT[disc]))
    if kind == "move":
        return _("Move your labourer from %(a)s to %(b)s", a=_space(args[0], args[1]), b=_space(args[2], args[3]))
    if kind == "clear":
        where, rubble = _next_rubble_space(game)
        if rubble and _next_is_site(game):
            return _("#3: clear %(where)s (%(rubble)s, and put your marker there)", where=where,
                     rubble=qty(rubble, "rubble"))
        return _("#3: clear %(where)s (%(rubble)s)", where=where, rubble=qty(rubble, "rubble"))
    if kind == "start":
        name = _station_name(game, str(args[0]))
        return _("Start at %(name)s: your surveyor stands there and you excavate and lay track away from it"
                 " (%(company)s)", name=name, company=_end_company(game, str(args[0])))
    if kind == "game_surveyor":
        name = _station_name(game, str(args[0]))
        return _("The game's Surveyor starts at %(name)s: the next event resolves from there, then it changes ends"
                 " (%(company)s)", name=name, company=_end_company(game, str(args[0])))
    return str(action)


def _end_company(game: Game, key: str) -> str:
    """Blaenau Ffestiniog's set-up: who has chosen this end so far and the surveyor spaces
    left there, e.g. 'Player 2 starts there; 2 of 3 spaces free'."""
    g, cfg = game, game.cfg
    n = cfg.players
    end = 0 if cfg.stations[cfg.end_stations[0]].key == key else 1
    chosen = [(g.start + q) % n for q in range(min(g.setup_pos, n))]
    there = [p for p in chosen if g.end_of[p] == end]
    players = ", ".join(_("Player %(n)s", n=p + 1) for p in there)
    who = (ngettext("%(players)s starts there", "%(players)s start there", len(there), players=players)
           if there else _("nobody starts there"))
    if g.setup_pos >= n:
        return who
    free = max(0, cfg.surveyor_spaces_per_end - len(there))
    return _("%(who)s; %(free)s of %(all)s surveyor spaces free", who=who, free=free, all=cfg.surveyor_spaces_per_end)


def _station_name(game: Game, key: str) -> str:
    cfg = game.cfg
    return cfg.stations[cfg.station_index[key]].name if key in cfg.station_index else key


WEATHER_EFFECT = {
    "sun": N_("the excavation rate moves 2 spaces up and the lay-track rate 1 up"),
    "rain": N_("the excavation and lay-track rates each move 1 space down"),
    "fog": N_("the rates stay, but Excavate (B) and Lay Track (D) are blocked for the round"),
}


# --------------------------------------------------------------------------- log events

_EVENT_KIND = {
    "excavate": N_("contractors excavate"), "lay_track": N_("contractors lay track"),
    "complete_station": N_("a station is completed"), "trains_available": N_("trains may now be bought"),
    "maintenance": N_("train maintenance is needed"),
}
_END = {
    "extra_round": N_("the extra round after the last track card is over (Deluxe)"),
    "last_track": N_("the last track card was laid"),
    "last_marker": N_("the last ownership marker was placed"),
    "round_limit": N_("the safety round limit was reached"),
}


def _t(table: dict[str, str], key: str) -> str:
    return _(table[key]) if key in table else key


def _cubes(e: dict[str, Any], kinds: tuple[str, ...] = ("iron", "stone", "coal")) -> str:
    parts = [qty(e[k], k) for k in kinds if e.get(k)]
    return ", ".join(parts) or _("nothing")


def _slot(cfg: Any, s: dict[str, Any]) -> str:
    if "track" in s:
        return _("track card %(n)s", n=int(s["track"]) + 1)
    name = cfg.stations[cfg.station_index[s["station"]]].name if s["station"] in cfg.station_index else s["station"]
    if s["site"] == 1:
        return _("%(station)s: left excavation site", station=name)
    if s["site"] == 2:
        return _("%(station)s: right excavation site", station=name)
    return _("%(station)s: excavation site no. %(n)s", station=name, n=s["site"])


def _station(cfg: Any, key: str | None) -> str:
    if key is None:
        return _("no station")
    return cfg.stations[cfg.station_index[key]].name if key in cfg.station_index else key


def event_text(cfg: Any, e: dict[str, Any], names: Sequence[str]) -> str:
    """One log event in words (`cfg`: the game's Config, for printed names), in the current
    language; the event itself stays language-free data."""
    t = e["type"]

    def who() -> str:
        seat = e.get("seat")
        return names[seat] if seat is not None and seat < len(names) else _("Someone")

    if t == "text":
        return _(str(e["text"]))
    if t == "round":
        return _("Round %(round)s begins; %(who)s is Start Player", round=e["round"], who=names[e["start"]])
    if t == "hire":
        return _("%(who)s pays %(coal)s to hire the Pub labourer", who=who(), coal=qty(e["coal"], "coal"))
    if t == "place":
        return _("%(who)s places a labourer on %(space)s", who=who(), space=e["space"])
    if t == "play":
        c = cfg.contract[e["contract"]]
        return _("%(who)s plays contract #%(n)s: %(text)s", who=who(), n=e["contract"], text=_(c.text))
    if t == "start_player":
        return _("%(who)s takes the Start Player marker", who=who()) + (
            f" (#{e['contract']})" if e.get("contract") else "")
    if t == "take":
        return _("%(who)s takes %(cubes)s from the Stock Yard", who=who(), cubes=_cubes(e))
    if t == "excavate":
        if not e["rubble"]:
            return _("%(who)s excavates nothing (no rubble within reach)", who=who())
        text = _("%(who)s excavates %(rubble)s", who=who(), rubble=qty(e["rubble"], "rubble"))
        taken = e.get("taken") or []
        if taken:
            text += _(" from %(where)s", where=", ".join(f"{_slot(cfg, s)} ({s['rubble']})" for s in taken))
        done = [_slot(cfg, s) for s in e.get("sites", [])]
        return text + (_(", clearing %(sites)s", sites=", ".join(done)) if done else "")
    if t == "clear":
        where = _(" from %(where)s", where=_slot(cfg, e["space"])) if e.get("space") else ""
        return _("%(who)s clears the next space with #3: %(rubble)s", who=who(),
                 rubble=qty(e["rubble"], "rubble")) + where
    if t == "convert":
        made = [qty(e[k], k) for k in ("steel", "stone") if e.get(k)]
        text = (_("%(who)s makes %(what)s at the Works", who=who(), what=_(" and ").join(made)) if made
                else _("%(who)s converts nothing", who=who()))
        if e.get("failed"):
            text += " (" + ngettext("%(n)s stone conversion failed: none in the bag",
                                    "%(n)s stone conversions failed: none in the bag", int(e["failed"])) + ")"
        return text
    if t == "lay":
        n = int(e["cards"])
        if not n:
            why = {"no_steel": _("no steel"), "no_card": _("no excavated track card to lay"),
                   "no_rate": _("the lay-track rate is 0")}.get(str(e.get("why")),
                                                                  _("no steel, or no excavated track card"))
            return _("%(who)s lays no track (%(why)s)", who=who(), why=why)
        cards = e.get("tracks") or []
        which = " (" + ", ".join(_("no. %(n)s", n=c + 1) for c in cards) + ")" if cards else ""
        return _("%(who)s lays %(cards)s", who=who(), cards=qty(n, "track card")) + which
    if t == "build":
        return _("%(who)s builds site %(site)s of %(station)s (%(vp)s VP)", who=who(), site=e["site"],
                 station=_station(cfg, e["station"]), vp=e["vp"])
    if t == "buy":
        train = cfg.train[e["train"]]
        back = _(", returning No. %(n)s", n=e["returned"]) if e.get("returned") else ""
        return _("%(who)s buys train No. %(n)s %(name)s", who=who(), n=e["train"], name=train.name) + back
    if t == "cannot_build":
        reason = {"no_marker": _("no ownership marker left, and no train to buy"),
                  "no_site": _("no open building site they can pay for, and no train to buy")}.get(str(e.get("why")))
        return _("%(who)s cannot build anything", who=who()) + (f" ({reason})" if reason else "")
    if t == "pick":
        return _("%(who)s takes contract #%(n)s from the Site Office", who=who(), n=e["contract"])
    if t == "keep":
        return _("%(who)s keeps contract #%(n)s", who=who(), n=e["contract"])
    if t == "move_labourer":
        return _("%(who)s moves a labourer from %(a)s to %(b)s", who=who(), a=e["from"], b=e["to"])
    if t == "surveyor":
        how = f" (#{e['contract']})" if e.get("contract") else ""
        return _("%(who)s moves the surveyor to %(station)s", who=who(), station=_station(cfg, e["station"])) + how
    if t == "weather_swap":
        return _("%(who)s sets the next weather to %(disc)s", who=who(), disc=weather_name(e["disc"]))
    if t == "draw_bag":
        return _("%(who)s draws %(cubes)s from the bag (#%(n)s)", who=who(), cubes=_cubes(e), n=e["contract"])
    if t == "maintain":
        paid = e["paid"]
        if paid == "steel":
            return _("%(who)s pays 1 steel to maintain train No. %(n)s", who=who(), n=e["train"])
        if paid == "return":
            return _("%(who)s returns train No. %(n)s to the Engine Shed", who=who(), n=e["train"])
        return _("%(who)s discards contract #%(c)s to maintain train No. %(n)s", who=who(), c=paid, n=e["train"])
    if t == "train_returned":
        return _("Train No. %(n)s goes back to the Engine Shed with %(coal)s", n=e["train"], coal=qty(e["coal"], "coal"))
    if t == "weather":
        cur = weather_name(e["current"]) if e["current"] else _("none")
        return _("Weather: %(now)s; excavation rate %(exc)s, lay-track rate %(lay)s", now=cur, exc=e["excavate"],
                 lay=e["lay_track"])
    if t == "office":
        dealt = ", ".join(f"#{c}" for c in e["dealt"]) or _("nothing")
        gone = ", ".join(f"#{c}" for c in e["discarded"])
        if gone:
            return _("Site Office: %(gone)s discarded; %(dealt)s dealt", gone=gone, dealt=dealt)
        return _("Site Office: %(dealt)s dealt", dealt=dealt)
    if t == "restock":
        text = _("Stock Yard restocked from the bag: %(cubes)s", cubes=_cubes(e))
        if e.get("events"):
            text += _("; %(cubes)s to the Event Track", cubes=qty(int(e["events"]), "event cube"))
        return text
    if t == "event":
        kind = e["kind"]
        if e.get("space") is None:
            return _("All rubble is gone from %(station)s: train maintenance is needed",
                     station=_station(cfg, e.get("station")))
        text = _("Event %(n)s: %(what)s", n=e["space"], what=_t(_EVENT_KIND, kind))
        if kind == "excavate":
            cleared = [_slot(cfg, s) for s in e.get("cleared", [])]
            text += " (" + (", ".join(cleared) if cleared else _("nothing left to clear")) + ")"
        elif kind == "lay_track":
            laid = e.get("tracks", [])
            text += " (" + (", ".join(_("track card %(n)s", n=t + 1) for t in laid) if laid else _("no track left")) + ")"
        elif kind == "complete_station":
            text += f" ({_station(cfg, e.get('station'))})"
        return text
    if t == "start_end":
        return _("%(who)s starts at %(station)s", who=who(), station=_station(cfg, e["end"])) + (
            _(" (no choice: the other end's three spaces are taken)") if e.get("forced") else "")
    if t == "game_surveyor":
        return _("%(who)s puts the game's Surveyor at %(station)s", who=who(), station=_station(cfg, e["end"]))
    if t == "game_surveyor_moves":
        return _("The game's Surveyor moves to %(station)s", station=_station(cfg, e["end"]))
    if t == "start_marker":
        return _("%(who)s leaves the start and puts an ownership marker on %(station)s", who=who(),
                 station=_station(cfg, e["station"]))
    if t == "gift":
        wanted = ", ".join(qty(n, k) for k, n in e.get("wanted", {}).items())
        got = _cubes(e)
        return _("%(who)s takes %(got)s from the bag for building", who=who(), got=got) + (
            _(" (the card gives %(wanted)s; the bag was short)", wanted=wanted) if got != wanted else "")
    if t == "b_build":
        return _("All rubble is gone: the set-aside train's Build side now covers area B")
    if t == "game_over":
        return _("Game over: %(why)s", why=_t(_END, e["reason"]))
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

    def data_messages(self) -> list[tuple[str, str]]:
        return data_messages()


AREA_RULES = {
    "A": N_("Stock Yard: take up to 3 cubes (iron, stone; at most 1 coal) from the Stock Yard into your "
          "supply — at least one while any is there. Train No. 3 adds a cube, #7 one more, #29 lifts the coal "
          "limit. The labourer on the last space of A also takes the Start Player marker."),
    "B": N_("Excavate: take rubble equal to the excavation work rate (+2 with train No. 1; doubled by #26/#30) "
          "from the route, in order from Llanberis: the track cards before a station, then that station's "
          "excavation sites left to right. Whoever takes the last cube of a station excavation site puts an "
          "ownership marker on it. Blocked by fog."),
    "B_build": N_("Build (train card): once all rubble is gone the set-aside train covers area B with its Build "
                "side: one space that builds a site or buys a train, resolved in B's turn. Fog does not block it."),
    "C": N_("Works: up to three conversions, mixed freely: 3 iron (2 with train No. 2) → 1 steel bar; "
          "2 rubble → 1 stone from the bag. Deluxe: at least one conversion when any is possible."),
    "D": N_("Lay Track: pay 1 steel bar per track card, up to the lay-track work rate (+1 with train No. 7, "
          "+1 each for #1/#2): flip the unlaid, fully excavated track card nearest Llanberis and put your "
          "ownership marker on it. Laying the last card ends the game at the end of the round. Blocked by fog."),
    "E": N_("Build: pay the stone and steel printed on a building site of a station whose track before it is "
          "excavated and put your ownership marker on it (its VP score at the end) — or, once event 2 has "
          "happened, buy a train from the Engine Shed for its steel cost and take the coal on it."),
    "F": N_("Site Office: take one of the face-up contracts into your hand; play it later in its area's window."),
    "G": N_("Surveyor: move your surveyor to the next station up the route; at the end it scores the VP printed "
          "on the station where it stands. Unlimited spaces."),
}

RULES = {
    "route": N_("The railway from Llanberis (bottom) to Yr Wyddfa (the summit): track cards and stations. "
              "Excavate clears rubble in route order, Lay Track flips cleared track cards in the same order."),
    "track_card": N_("Track card: its rubble must be excavated before it can be laid. Whoever lays it puts an "
                   "ownership marker on it and scores its VP at the end (E: laid by an event, no owner)."),
    "station": N_("Station: its excavation sites are cleared by Excavate; its building sites can be built once "
                "every track card before the station is excavated. A station completed by an event takes no more "
                "markers. A surveyor standing here scores its surveyor VP (◎) at the end."),
    "excavation_site": N_("Excavation site: rubble on a station. Whoever takes its last cube puts an ownership "
                        "marker on it and scores its VP at the end."),
    "building_site": N_("Building site: pay the stone and steel shown (Build action) to put your ownership marker "
                      "on it; it scores its VP at the end."),
    "surveyor": N_("Surveyor: moved up one station by area G; scores the surveyor VP of its station at the end."),
    "marker": N_("Ownership marker: on a track card or a station site it scores that space's VP; markers also meet "
               "contract bonuses. Solo and 2 players: the game ends when the last one is placed."),
    "weather_track": N_("Weather Track: each round the discs move one space toward “now”; a new disc matching the "
                      "back of the top contract goes on the last space; the disc arriving at “now” changes the "
                      "work rates (sun, rain) or blocks B and D (fog)."),
    "rate:excavate": N_("Excavation work rate: how much rubble one Excavate action takes, and how many spaces the "
                      "contractors' excavate event clears. Sun moves it 2 spaces up, rain 1 down."),
    "rate:lay_track": N_("Lay-track work rate: how many track cards one Lay Track action may lay (1 steel each), and "
                       "how many the contractors' event lays. Sun moves it 1 up, rain 1 down."),
    "event_track": N_("Event Track: event cubes drawn from the bag at the Stock Yard restock go on the next free "
                    "space, and its event happens at once."),
    "stock_yard": N_("Stock Yard: the cubes area A takes from. Restocked from the bag at the end of every round; "
                   "event cubes drawn go to the Event Track."),
    "bag": N_("Bag: iron, stone, coal and event cubes, drawn at random to restock the Stock Yard."),
    "supply": N_("General supply: steel bars (made at the Works) and rubble (paid back by conversions and events)."),
    "site_office": N_("Site Office: three face-up contracts. Each round the card in position 1 is discarded, the "
                    "others slide left, and new ones are dealt."),
    "deck": N_("Contract deck: its top card's back (sun, rain or fog) decides the next weather disc. An empty "
             "deck is reshuffled from the discards."),
    "engine_shed": N_("Engine Shed: the trains for sale (Build action, after event 2), each with coal on it. A train "
                    "gives an ability and a third labourer (the Pub) for coal each round; one train per player."),
    "set_aside_train": N_("Set-aside train: covers area B with its Build side once all rubble is gone (not used "
                        "in solo)."),
    "pub": N_("The Pub: a train owner may pay coal (2 for Padarn, 1 otherwise) to place a third labourer this round."),
    "start_player": N_("Start Player: places first and opens every contract window; taken by the last space of A."),
    # Blaenau Ffestiniog (the two-end scenario); Mount Snowdon never shows these.
    "end": N_("Starting end (Blaenau Ffestiniog): each player, from the Start Player clockwise, chooses Blaenau "
            "Ffestiniog or Porthmadog Harbour and puts the surveyor on one of that end's three spaces. You "
            "excavate and lay track away from your own end, and build from your end up to your surveyor."),
    "game_surveyor": N_("The game's Surveyor (a game marker): the last player to place a surveyor chooses its end. "
                      "Events resolve from the end where it stands; after each event it moves to the other end."),
    "start_marker": N_("Start marker: the first time your surveyor leaves your starting station, one of your "
                     "ownership markers goes on that station to mark your end; it scores nothing."),
    "frontier": N_("Frontier: the next space with rubble seen from an end. Excavate takes rubble from your own end "
                 "inward, Lay Track lays the next excavated card of your own line; the two lines of track end "
                 "the game when they meet (the round of the last unlaid track card is the last)."),
    "build_range": N_("Build (Blaenau Ffestiniog): no excavation is needed first; you may build only on the "
                    "stations from your own starting end up to and including your surveyor's station."),
    "gift": N_("Free resources: each building site built on a giving station hands the builder the cubes shown, "
             "from the bag, after paying (nothing if the bag lacks them)."),
    "maintenance_station": N_("Plas Halt (station 4): as soon as all its rubble is removed, the train maintenance "
                            "event happens once (every train owner pays 1 steel, discards #16 or #21, or gives "
                            "the train back)."),
    "contract": N_("Contract: play it in the window of its area (before that area resolves) for its effect this "
                 "round; at the end it scores its bonus if you place on it the rubble and markers it asks for — "
                 "each cube and marker serves one card only."),
}

EVENT_RULES = {
    "excavate": N_("Contractors excavate: all rubble is removed from as many spaces (track cards, station "
                 "excavation sites) as the excavation work rate, in route order; no markers, no VP."),
    "lay_track": N_("Contractors lay track: as many track cards as the lay-track work rate are flipped, from the "
                  "bottom, excavated or not; no markers, no VP."),
    "complete_station": N_("A station is completed: a game marker goes on the first station whose building sites "
                         "are not all built; no one may excavate or build there any more."),
    "trains_available": N_("Trains may now be bought: from now on a Build action may buy a train from the Engine Shed."),
    "maintenance": N_("Train maintenance: every train owner pays 1 steel, discards #16 or #21, or gives the train "
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
        text = _("Event %(n)s: %(what)s", n=space, what=_t(EVENT_RULES, kind))
        back = returns.get(space)
        if back:
            text += " " + _("The event cubes on spaces %(spaces)s go back to the bag.",
                            spaces=", ".join(str(x) for x in back))
        events[str(space)] = {"space": space, "event": kind, "name": _t(_EVENT_KIND, kind), "text": text}
    rules = {k: _(v) for k, v in RULES.items()}
    for area, text in AREA_RULES.items():
        rules[f"area:{area}"] = _(text)
    for disc, text in WEATHER_EFFECT.items():
        rules[f"weather:{disc}"] = _("Weather disc, %(disc)s: when it reaches “now”, %(effect)s.",
                                     disc=weather_name(disc), effect=_(text))
    return {
        "contracts": {str(n): {"number": n, "area": c.area, "effect": _(c.text), "bonus": bonus_text(c.bonus),
                               "text": contract_text(game, n), "back": c.back}
                      for n, c in cfg.contract.items()},
        "trains": {str(n): {"number": n, "name": t.name, "cost": t.cost, "coal": t.coal, "hire_coal": t.hire_coal,
                            "text": train_text(game, n), "short": train_short(game, n),
                            "rule": train_rule(game, n)}
                   for n, t in cfg.train.items()},
        "areas": {k: _(v) for k, v in AREA_NAMES.items()},
        "decisions": {k: _(v) for k, v in DECISION_NAMES.items()},
        "events": events,
        "rules": rules,
        "rates": {"excavate": list(cfg.exc_rates), "lay_track": list(cfg.lay_rates)},
    }


def train_rule(game: Any, number: int) -> str:
    """A train card in words, for a tooltip: cost, coal, Pub price, ability."""
    t = game.cfg.train[number]
    abilities = [_ability(_ABILITY, k, v) for k, v in t.ability.items()]
    ability = "; ".join(abilities) if abilities else _("no special ability (it still brings coal and the Pub labourer)")
    return _("Train No. %(n)s %(name)s: costs %(cost)s and comes with %(coal)s; "
             "its owner may hire the Pub labourer for %(hire)s a round. Ability: %(ability)s.",
             n=number, name=t.name, cost=qty(t.cost, "steel"), coal=qty(t.coal, "coal"),
             hire=qty(t.hire_coal, "coal"), ability=ability)
