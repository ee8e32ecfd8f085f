"""End-of-game scoring (seed 004 "Scoring"): station sites, track, surveyor, train No. 4,
and contract bonuses with the assignment of rubble and markers that scores most."""

from __future__ import annotations

from typing import Any

from snowdonia.games.snowdonia.rules.config import BONUS_COAL, BONUS_TIERS
from snowdonia.games.snowdonia.rules.state import State


def _bonus_need(bonus: dict[str, Any]) -> tuple[int, int, int]:
    return bonus.get("rubble", 0), bonus.get("track", 0), bonus.get("station", 0)


def _surveyor_ok(g: State, p: int, bonus: dict[str, Any]) -> bool:
    need = bonus.get("surveyor_at_least")
    if need is None:
        return True
    return g.cfg.stations[g.surveyor[p]].height >= float(need)


def best_assignment(
    cards: list[tuple[int, int, int, int]], rubble: int, track: int, station: int
) -> tuple[int, list[int]]:
    """Choose which cards to meet: each card is (vp, rubble, track, station) needed; each
    cube and marker serves one card only. Returns (VP, indices met). Exhaustive search with
    a bound: a player holds few contracts, and a person would find the best."""
    order = sorted(range(len(cards)), key=lambda i: -cards[i][0])
    best = [0, []]  # type: list[Any]
    suffix = [0] * (len(order) + 1)
    for k in range(len(order) - 1, -1, -1):
        suffix[k] = suffix[k + 1] + cards[order[k]][0]

    def go(k: int, r: int, t: int, s: int, vp: int, chosen: list[int]) -> None:
        if vp > best[0]:
            best[0], best[1] = vp, chosen[:]
        if k == len(order) or vp + suffix[k] <= best[0]:
            return
        i = order[k]
        v, nr, nt, ns = cards[i]
        if nr <= r and nt <= t and ns <= s:
            chosen.append(i)
            go(k + 1, r - nr, t - nt, s - ns, vp + v, chosen)
            chosen.pop()
        go(k + 1, r, t, s, vp, chosen)

    go(0, rubble, track, station, 0, [])
    return best[0], sorted(best[1])


def marker_tally(g: State, p: int) -> tuple[int, int, int, int]:
    """p's markers on the board: (station-site VP, station-site markers, track VP, track
    markers). Markers on excavation and building sites both count as station markers."""
    cfg = g.cfg
    site_vp = station_markers = 0
    for i in range(cfg.n_slots):
        if g.slot_owner[i] == p:
            site_vp += cfg.slot_vp[i]
            station_markers += 1
    for b in range(cfg.n_bsites):
        if g.bsite_owner[b] == p:
            site_vp += cfg.bsite_vp[b]
            station_markers += 1
    track_vp = track_markers = 0
    for t in range(cfg.n_tracks):
        if g.track_owner[t] == p:
            track_vp += g.track_vp[t]
            track_markers += 1
    return site_vp, station_markers, track_vp, track_markers


def score_player(g: State, p: int) -> dict[str, Any]:
    cfg = g.cfg
    lines: dict[str, Any] = {}
    site_vp, station_markers, track_vp, track_markers = marker_tally(g, p)
    surveyor_vp = cfg.stations[g.surveyor[p]].surveyor_vp
    t = g.train[p]
    train_vp = cfg.train[t].ability.get("end_vp", 0) if t else 0
    held = [c for c in cfg.contract_numbers if (g.hand[p] | g.played[p]) >> c & 1]
    fixed: list[dict[str, Any]] = []
    market: list[tuple[int, int, int, int]] = []
    market_cards: list[int] = []
    for c in held:
        bonus = cfg.contract[c].bonus
        if "coal_vp" in bonus:
            fixed.append({"contract": c, "vp": bonus["coal_vp"] * g.coal[p], "met": True,
                          "why": f"{g.coal[p]} coal x {bonus['coal_vp']}"})
        elif "surveyor_tiers" in bonus:
            h = cfg.stations[g.surveyor[p]].height
            vp = max((v for st, v in bonus["surveyor_tiers"] if h >= float(st)), default=0)
            fixed.append({"contract": c, "vp": vp, "met": vp > 0, "why": "surveyor position"})
        elif not _surveyor_ok(g, p, bonus):
            fixed.append({"contract": c, "vp": 0, "met": False, "why": "surveyor not far enough"})
        else:
            nr, nt, ns = _bonus_need(bonus)
            market.append((bonus["vp"], nr, nt, ns))
            market_cards.append(c)
    market_vp, met = best_assignment(market, g.rubble[p], track_markers, station_markers)
    contracts = fixed + [
        {"contract": c, "vp": market[i][0] if i in met else 0, "met": i in met,
         "why": "rubble {1}, track {2}, station {3}".format(*market[i]),
         "needs": {"rubble": market[i][1], "track": market[i][2], "station": market[i][3]},
         # what went onto the card: its whole need when met, nothing otherwise (seed 004:
         # "If the player cannot complete all the conditions, leave rubble and markers where
         # they are and the card scores nothing")
         "assigned": ({"rubble": market[i][1], "track": market[i][2], "station": market[i][3]} if i in met
                      else {"rubble": 0, "track": 0, "station": 0})}
        for i, c in enumerate(market_cards)
    ]
    contracts.sort(key=lambda x: x["contract"])
    contract_vp = sum(x["vp"] for x in contracts)
    lines = {
        "stations": site_vp,
        "track": track_vp,
        "surveyor": surveyor_vp,
        "train": train_vp,
        "contracts": contract_vp,
    }
    return {
        "seat": p,
        "lines": lines,
        "contracts": contracts,
        "total": sum(lines.values()),
        # what the player had for contract bonuses (each cube and marker serves one card)
        "have": {"rubble": g.rubble[p], "track": track_markers, "station": station_markers,
                 "coal": g.coal[p], "surveyor": cfg.stations[g.surveyor[p]].key},
    }


def player_total(g: State, p: int) -> int:
    """`score_player(g, p)["total"]` without the breakdown's texts and dicts: the lean final
    score search playouts end with, from the Config's bonus tables (tests/rules/test_rules_scoring.py
    keeps the two equal)."""
    cfg = g.cfg
    site_vp, station_markers, track_vp, track_markers = marker_tally(g, p)
    s = g.surveyor[p]
    total = site_vp + track_vp + cfg.station_surveyor_vp[s]
    t = g.train[p]
    if t:
        total += cfg.train_end_vp[t]
    held = (g.hand[p] | g.played[p]) & cfg.contract_mask
    if not held:
        return total
    h = cfg.station_height[s]
    market: list[tuple[int, int, int, int]] = []
    c = 0
    while held:
        if held & 1:
            kind = cfg.bonus_kind[c]
            if kind == BONUS_COAL:
                total += cfg.bonus_vp[c] * g.coal[p]
            elif kind == BONUS_TIERS:
                best = 0
                found = False
                for st, v in cfg.bonus_tiers[c]:
                    if h >= st and (not found or v > best):
                        best = v
                        found = True
                total += best
            elif h >= cfg.bonus_surveyor_min[c]:
                nr, nt, ns = cfg.bonus_need[c]
                market.append((cfg.bonus_vp[c], nr, nt, ns))
        held >>= 1
        c += 1
    if market:
        total += best_vp(market, g.rubble[p], track_markers, station_markers)
    return total


def best_vp(cards: list[tuple[int, int, int, int]], rubble: int, track: int, station: int) -> int:
    """The VP of `best_assignment(cards, ...)`, without the closure and the indices: the most
    VP of any set of cards whose needs fit (exhaustive search with a bound)."""
    cards.sort(reverse=True)
    suffix = [0] * (len(cards) + 1)
    for k in range(len(cards) - 1, -1, -1):
        suffix[k] = suffix[k + 1] + cards[k][0]
    return _best_from(cards, suffix, 0, rubble, track, station, 0, 0)


def _best_from(cards: list[tuple[int, int, int, int]], suffix: list[int], k: int, r: int, t: int, s: int,
               vp: int, best: int) -> int:
    if vp > best:
        best = vp
    if k == len(cards) or vp + suffix[k] <= best:
        return best
    v, nr, nt, ns = cards[k]
    if nr <= r and nt <= t and ns <= s:
        best = _best_from(cards, suffix, k + 1, r - nr, t - nt, s - ns, vp + v, best)
    return _best_from(cards, suffix, k + 1, r, t, s, vp, best)


def outcome(g: State) -> tuple[list[int], list[int]]:
    """(scores, winners) exactly as `result` gives them, without the score sheets."""
    n = g.cfg.players
    totals = [player_total(g, p) for p in range(n)]
    top = max(totals)
    tied = [p for p in range(n) if totals[p] == top]
    if g.cfg.deluxe and len(tied) > 1:
        order = list(g.last_round_order)
        tied = [max(tied, key=order.index)]
    return totals, tied


def result(g: State) -> dict[str, Any]:
    """Scores of every player, the per-line breakdown, and the winner(s)."""
    n = g.cfg.players
    sheets = [score_player(g, p) for p in range(n)]
    totals = [s["total"] for s in sheets]
    top = max(totals)
    tied = [p for p in range(n) if totals[p] == top]
    tie_break = None
    if g.cfg.deluxe and len(tied) > 1:
        # Deluxe: among the tied, the one latest in turn order in the final round wins.
        order = list(g.last_round_order)
        winner = max(tied, key=order.index)
        tie_break = {"tied": tied, "winner": winner,
                     "why": "tied on points; the Deluxe rules give the win to the tied player latest "
                            "in turn order in the final round"}
        tied = [winner]
    return {
        "scores": totals,
        "breakdown": sheets,
        "winners": tied,
        "rounds": g.round,
        "end_reason": g.end_reason,
        "tie_break": tie_break,
    }
