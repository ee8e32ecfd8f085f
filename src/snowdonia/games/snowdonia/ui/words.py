"""Actions, contracts and trains in words, for menus and the board.

Every text here is built from the component data (`game.cfg`), so a corrected TOML value
shows up in the menu without touching this module."""

from __future__ import annotations

from typing import Any

from snowdonia.games.snowdonia.game import Game
from snowdonia.games.snowdonia.rules.actions import Action

AREA_NAMES = {
    "A": "Stock Yard", "B": "Excavate", "C": "Works", "D": "Lay Track", "E": "Build",
    "F": "Site Office", "G": "Surveyor",
}

DECISION_NAMES = {
    "hire": "hire the Pub labourer?",
    "place": "place a labourer",
    "contract_window": "contract window",
    "stock_yard": "Stock Yard: choose cubes",
    "take_cubes": "take cubes (contract)",
    "works": "Works: choose conversions",
    "convert": "convert (contract)",
    "build": "Build: choose a site or train",
    "extra_build": "extra Build action",
    "site_office": "Site Office: take a contract",
    "maintenance": "train maintenance",
    "weather_swap": "choose the middle weather disc (#4)",
    "keep_contract": "keep one contract (#5)",
    "move_labourer": "move a labourer (#28)",
    "clear_space": "clear the next space (#3)?",
}

_PASS_TEXT = {
    "hire": "do not hire; place two labourers",
    "contract_window": "play no (more) contracts now",
    "extra_build": "skip the extra Build action",
    "clear_space": "do not clear the next space",
}

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
    return str(action)
