"""The game board's shared facts: action areas and their spaces (capacity, fog), the
work-rate tracks, turn order, and the two ways rules talk to the outside world - asking a
player a question (`ask`) and writing the log (`emit`)."""

from __future__ import annotations

from typing import Any, Final

from snowdonia.games.snowdonia.rules.state import State

AREAS: Final = "ABCDEFG"
A: Final = 0
B: Final = 1
C: Final = 2
D: Final = 3
E: Final = 4
F: Final = 5
G: Final = 6


def capacity(g: State, area: int) -> int:
    """Spaces of area A-F at this player count; B has the train card's one Build space once
    all rubble is gone (seed 004 B EXCAVATION)."""
    if area == B and g.b_build:
        return g.cfg.b_build_caps
    return g.cfg.base_caps[area]


def blocked(g: State, area: int, idx: int) -> bool:
    """Fog blocks every space of B and D; Light Fog only the last space of each. Fog stops
    "Excavation [B] or Lay Track [D] actions" (seed 004 Check the Weather): once the
    set-aside train's Build side covers B, B holds a Build action, which fog does not stop."""
    if g.weather_current != "fog" or area not in (B, D) or (area == B and g.b_build):
        return False
    if g.cfg.light_fog:
        return idx == capacity(g, area) - 1
    return True


def fully_fogged(g: State, area: int) -> bool:
    """Fog (not Light Fog) is on this Excavate or Lay Track area: its extra actions do nothing."""
    return (g.weather_current == "fog" and not g.cfg.light_fog and area in (B, D)
            and not (area == B and g.b_build))


def order_from_start(g: State) -> list[int]:
    """Seats clockwise from the Start Player."""
    n = g.cfg.players
    return [(g.start + i) % n for i in range(n)]


def excavation_rate(g: State) -> int:
    return g.cfg.exc_rates[g.exc_idx]


def lay_track_rate(g: State) -> int:
    return g.cfg.lay_rates[g.lay_idx]


def count_fx(g: State, p: int, code: int) -> int:
    """How many contracts with the effect of this code (an index of config.EFFECTS; named in
    rules/contracts.py) p has played this round."""
    m = g.round_played[p] & g.cfg.fx_mask[code]
    return m.bit_count() if m else 0


def train_ability(g: State, p: int, ability: str, default: int = 0) -> int:
    """The value of an ability of p's train (data/trains.toml), or `default` without one."""
    t = g.train[p]
    if t:
        return g.cfg.train_ability[t].get(ability, default)
    return default


def ask(g: State, decision: str, p: int, ctx: object = None) -> None:
    """Make `decision` (a key of decisions.DECISIONS) pending for seat p."""
    g.decision = decision
    g.decider = p
    g.ctx = ctx
    g._legal = None


def emit(g: State, event: str, /, **fields: Any) -> None:
    """Append an event to the public log (kept only in games people watch, not in search
    clones). Events are data; ui/words.py says them in words."""
    if g.journal is not None:
        fields["type"] = event
        fields["move"] = g.moves  # decisions applied when it happened (replays step to it)
        fields["round"] = g.round
        g.journal.append(fields)


def bits(mask: int) -> list[int]:
    """The card numbers set in a bitmask, ascending."""
    out = []
    n = 0
    while mask:
        if mask & 1:
            out.append(n)
        mask >>= 1
        n += 1
    return out


def space_name(area: int, idx: int) -> str:
    """'A2' for the second space of A; 'G' for the Surveyor area (unlimited spaces)."""
    return "G" if area == G else f"{AREAS[area]}{idx + 1}"
