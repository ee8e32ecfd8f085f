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
    "excavate_bonus": "Excavate +{v} rubble",
    "steel_iron_cost": "steel costs {v} iron at the Works",
    "stock_yard_bonus": "Stock Yard +{v} cube",
    "end_vp": "{v} VP at the end",
    "extra_build": "extra Build action after a build",
    "lay_track_bonus": "Lay Track +{v}",
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


def describe(game: Game, action: Action) -> str:
    """One menu line for `action` in the game's pending decision."""
    kind, args = action.kind, action.args
    p = game.decider
    if kind == "pass":
        return _PASS_TEXT.get(game.decision or "", "pass")
    if kind == "hire":
        own = game.cfg.train[game.train[p]]
        return f"hire the Pub labourer for {own.hire_coal} coal (three labourers this round)"
    if kind == "place":
        area, num = args
        if area == "G":
            return "place on G: move your surveyor one station up"
        text = f"place on {area}{num}: {AREA_NAMES[str(area)]}"
        if area == "B" and game.b_build:
            text = f"place on B{num}: Build (train card)"
        if area == "A" and int(num) == game.cfg.base_caps[0]:
            text += " (last space: take the Start Player marker)"
        return text
    if kind == "play":
        return "play " + contract_text(game, int(args[0]))
    if kind == "take":
        i, s, c = (int(x) for x in args)
        got = [f"{n} {what}" for n, what in ((i, "iron"), (s, "stone"), (c, "coal")) if n]
        return "take " + (", ".join(got) or "nothing")
    if kind == "convert":
        steel, stone = int(args[0]), int(args[1])
        parts = []
        if steel:
            parts.append(f"{steel} steel bar{'s' if steel > 1 else ''} (from iron)")
        if stone:
            parts.append(f"{stone} stone (from {2 * stone} rubble)")
        return "make " + (" and ".join(parts) if parts else "nothing (no conversion)")
    if kind == "build":
        key, num, iron, rubble = str(args[0]), int(args[1]), int(args[2]), int(args[3])
        name, stone, steel, vp = _site(game, key, num)
        text = f"build {name} site {num}: {_cost(stone, steel)} -> {vp} VP"
        swaps = []
        if iron:
            swaps.append(f"{3 * iron} iron for {iron} steel")
        if rubble:
            swaps.append(f"{2 * rubble} rubble for {rubble} stone")
        if swaps:
            text += " (paying " + ", ".join(swaps) + ")"
        return text
    if kind == "buy":
        t, iron = int(args[0]), int(args[1])
        train = game.cfg.train[t]
        text = f"buy train {train_text(game, t)} for {train.cost} steel"
        if iron:
            text += f" (paying {3 * iron} iron for {iron} steel)"
        return text
    if kind == "pick":
        return "take " + contract_text(game, int(args[0]))
    if kind == "keep":
        return "keep " + contract_text(game, int(args[0]))
    if kind == "maintain":
        how = args[0]
        if how == "steel":
            return "pay 1 steel bar to keep your train"
        if how == "return":
            return "give your train back to the Engine Shed"
        return f"discard contract #{how} to keep your train"
    if kind == "weather":
        return f"put a {args[0]} disc in the middle of the Weather Track"
    if kind == "move":
        return f"move your labourer from {_space(args[0], args[1])} to {_space(args[2], args[3])}"
    if kind == "clear":
        return "clear the whole next space that still holds rubble (#3)"
    if kind == "start":
        name = _station_name(game, str(args[0]))
        return f"start at {name}: your surveyor stands there and you excavate and lay track away from it"
    if kind == "game_surveyor":
        name = _station_name(game, str(args[0]))
        return f"the game's Surveyor starts at {name}: the next event resolves from there, then it changes ends"
    return str(action)


def _station_name(game: Game, key: str) -> str:
    cfg = game.cfg
    return cfg.stations[cfg.station_index[key]].name if key in cfg.station_index else key


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
    return f"{name}'s {side} excavation site"


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
        text = f"{who()} excavates {e['rubble']} rubble"
        done = [_slot(cfg, s) for s in e.get("sites", [])]
        return text + (f", clearing {', '.join(done)}" if done else "")
    if t == "clear":
        where = f" from {_slot(cfg, e['space'])}" if e.get("space") else ""
        return f"{who()} clears the next space with #3: {e['rubble']} rubble{where}"
    if t == "convert":
        text = f"{who()} converts: +{e['steel']} steel, +{e['stone']} stone"
        if e.get("failed"):
            text += f" ({e['failed']} stone conversion(s) failed: none in the bag)"
        return text
    if t == "lay":
        return f"{who()} lays {e['cards']} track card(s)"
    if t == "build":
        return f"{who()} builds site {e['site']} of {_station(cfg, e['station'])} ({e['vp']} VP)"
    if t == "buy":
        train = cfg.train[e["train"]]
        back = f", returning No. {e['returned']}" if e.get("returned") else ""
        return f"{who()} buys train No. {e['train']} {train.name}{back}"
    if t == "cannot_build":
        return f"{who()} cannot build anything"
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
            text += f", and {e['events']} event cube(s)"
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


def components_text(game: Any) -> dict[str, Any]:
    """Every printed component with its rule in words (public: it is the box)."""
    cfg = game.cfg
    return {
        "contracts": {str(n): {"number": n, "area": c.area, "effect": c.text, "bonus": bonus_text(c.bonus),
                               "text": contract_text(game, n), "back": c.back}
                      for n, c in cfg.contract.items()},
        "trains": {str(n): {"number": n, "name": t.name, "cost": t.cost, "coal": t.coal, "hire_coal": t.hire_coal,
                            "text": train_text(game, n), "short": train_short(game, n)}
                   for n, t in cfg.train.items()},
        "areas": dict(AREA_NAMES),
        "decisions": {k: v for k, v in DECISION_NAMES.items()},
    }
