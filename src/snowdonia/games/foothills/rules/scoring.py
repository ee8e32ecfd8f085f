"""Wertung — scoring (seed 001 "Spielende und Wertung", "Streckenboni", "Yr Wyddfa").

"Verteilt zuerst die im Spiel befindlichen Streckenbonusmarken. Wer die meisten Stationen in
der jeweiligen Strecke errichtet hat, erhält den entsprechenden Streckenbonus. Bei
Gleichstand wird der Bonus nicht verliehen. ... Wertet anschließend die Karten in eurem
Wertungsstapel aus ... Bestimmt dann eure Gesamtpunktzahl, die sich aus den Werten eurer
Siegpunktmarken, Streckenbonusmarken (je 3 Siegpunkte), Passagiermarken (je ½ Siegpunkt)
sowie der Gipfelmarke (2 Siegpunkte für den Besitzer) zusammensetzt. Wer die höhere
Gesamtpunktzahl hat, gewinnt. Tauscht bei Gleichstand die Spielerfarben und wiederholt die
Partie mit denselben Strecken. Bei erneutem Gleichstand endet die Partie unentschieden."
"""

from __future__ import annotations

from typing import Any, Final

from snowdonia.games.foothills.rules.state import State

SCORE_LINES = (
    "vp_tokens", "route_bonus", "summit", "passengers",
    "pile_passengers", "pile_tracks", "pile_stations", "pile_tickets", "pile_cards",
)


def rail_stations(g: State, r: int) -> list[int]:
    """Stations each player built in railway r (navvies ignored; Porthmadog counts for both
    I and II)."""
    counts = [0, 0]
    for s in g.cfg.rail_stations[r]:
        o = g.station_owner[s]
        if o >= 0:
            counts[o] += 1
    return counts


def route_bonus_holder(g: State, r: int) -> int | None:
    a, b = rail_stations(g, r)
    if a == b:
        return None
    return 0 if a > b else 1


def pile_field_value(g: State, p: int, field: str) -> int:
    """What one card of the scoring pile with this scoring field is worth to p."""
    if field == "passengers":
        return g.passengers[p] // 2
    if field == "tracks":
        return g.tracks_built[p] // 2
    if field == "stations":
        return g.stations_built[p]
    if field == "tickets":
        return g.tickets[p].bit_count()
    return g.pile[p].bit_count()  # "einschließlich dieser"


def score_player(g: State, p: int) -> dict[str, Any]:
    cfg = g.cfg
    bonus = [cfg.rail_numeral[r] for r in cfg.bonus_rails if route_bonus_holder(g, r) == p]
    pile_lines = {f: 0 for f in ("passengers", "tracks", "stations", "tickets", "cards")}
    pile = []
    for ac in range(cfg.n_ac):
        if g.pile[p] >> ac & 1:
            f = cfg.ac_scoring[ac]
            v = pile_field_value(g, p, f)
            pile_lines[f] += v
            pile.append({"card": cfg.ac_id[ac], "field": f, "vp": v})
    lines: dict[str, float] = {
        "vp_tokens": g.vp[p],
        "route_bonus": cfg.rules["route_bonus_vp"] * len(bonus),
        "summit": cfg.rules["summit_vp"] if g.summit_owner == p else 0,
        "passengers": g.passengers[p] * cfg.rules["passenger_value"],
        **{f"pile_{f}": v for f, v in pile_lines.items()},
    }
    return {"seat": p, "colour": cfg.colours[p], "lines": lines, "total": sum(lines.values()),
            "route_bonus": bonus, "pile": pile}


def player_total(g: State, p: int) -> Any:
    """`score_player(g, p)["total"]` without the breakdown: the same terms summed by `sum` in
    the same order, so the very same number (an int, or a float once half passengers count),
    for the lean outcome search playouts end with."""
    cfg = g.cfg
    rules = cfg.rules
    bonus = 0
    for r in cfg.bonus_rails:
        if route_bonus_holder(g, r) == p:
            bonus += 1
    pile_lines: list[Any] = [0, 0, 0, 0, 0]
    mine = g.pile[p]
    for ac in range(cfg.n_ac):
        if mine >> ac & 1:
            f = cfg.ac_scoring[ac]
            pile_lines[_PILE_FIELDS.index(f)] += pile_field_value(g, p, f)
    terms: list[Any] = [
        g.vp[p],
        rules["route_bonus_vp"] * bonus,
        rules["summit_vp"] if g.summit_owner == p else 0,
        g.passengers[p] * rules["passenger_value"],
        *pile_lines,
    ]
    return sum(terms)


_PILE_FIELDS: Final = ("passengers", "tracks", "stations", "tickets", "cards")


def outcome(g: State) -> tuple[list[Any], list[int]]:
    """(scores, winners) exactly as `result` gives them, without the score sheets."""
    scores = [player_total(g, 0), player_total(g, 1)]
    if scores[0] == scores[1]:
        return scores, [0, 1]
    return scores, [0 if scores[0] > scores[1] else 1]


def result(g: State) -> dict[str, Any]:
    """Scores, the per-line breakdown, winners; a tie is a rematch with colours swapped on
    the same railways, unless this game was that rematch (then it is a draw)."""
    sheets = [score_player(g, p) for p in (0, 1)]
    scores = [s["total"] for s in sheets]
    tie = scores[0] == scores[1]
    winners = [0, 1] if tie else [0 if scores[0] > scores[1] else 1]
    rematch = None
    if tie and g.over and not g.settings_.rematch:
        rematch = {
            "railways": ",".join(g.cfg.railways),
            "colours": "-".join(reversed(g.cfg.colours)),
            "start_player": g.start,
            "rematch": True,
        }
    return {
        "scores": scores,
        "breakdown": sheets,
        "winners": winners,
        "tie": tie,
        "draw": tie and g.settings_.rematch,
        "tie_rematch": rematch,
        "end_reason": g.end_reason or None,
        "turns": list(g.turns_taken),
    }
