"""The value of a position for one seat as the `search` bot scores the end of a truncated
playout (issue 19). It starts from `evaluate` (what `greedy` uses, left unchanged so that the
reference opponents stay the same) and adds what the ladders showed the bots neglect:

- **Track markers.** In bot games almost every Track card is laid by the Lay Track *events*,
  not by players (0.3 markers a seat in a 3-player game), so the track contracts (3 track:
  24 VP, 4: 31, 5: 40) are almost never met. Here a seat's Steel Bars count as track it can
  still lay towards its unmet contracts, and every marker it already holds is worth a little
  on its own (it can still serve a contract taken later).
- **Contracts in hand** are valued by how much of their need the seat can still meet,
  rather than by what is met already.

The weights are module data (`WEIGHTS`), tuned on fixed-seed ladders (docs/bots-and-simulation.md).
"""

from __future__ import annotations

from snowdonia.games.snowdonia.bots.evaluate import COAL, COAL_WITH_TRAIN, IRON, RUBBLE, STEEL, STONE, TRAIN
from snowdonia.games.snowdonia.rules.actions import Action
from snowdonia.games.snowdonia.rules.decisions import STOCK_YARD
from snowdonia.games.snowdonia.rules.scoring import best_assignment, marker_tally, player_total
from snowdonia.games.snowdonia.rules.state import State

WEIGHTS: dict[str, float] = {
    "unmet_share": 0.45,  # the share of an unmet contract's VP, times the share of its need held
    "steel_as_track": 1.0,  # a Steel Bar counts as this many track markers towards an unmet contract
    "track_marker": 0.0,  # VP for every track marker, whatever the contracts
    "steel": STEEL, "iron": IRON, "stone": STONE, "rubble": RUBBLE,
    "coal": COAL, "coal_with_train": COAL_WITH_TRAIN, "train": TRAIN,
    "fade": 0.8,  # resources lose this share of their value as the track nears the summit
}


def value(g: State, p: int, w: dict[str, float] | None = None) -> float:
    if g.over:
        return float(player_total(g, p))
    w = WEIGHTS if w is None else w
    cfg = g.cfg
    site_vp, station_markers, track_vp, track_markers = marker_tally(g, p)
    total = float(site_vp + track_vp + cfg.stations[g.surveyor[p]].surveyor_vp)
    t = g.train[p]
    if t:
        total += cfg.train[t].ability.get("end_vp", 0)
    cards: list[tuple[int, int, int, int]] = []
    later: list[tuple[int, int, int, int]] = []  # cards whose surveyor condition is not met yet
    held = g.hand[p] | g.played[p]
    c = 0
    while held:
        if held & 1:
            bonus = cfg.contract[c].bonus
            if "coal_vp" in bonus:
                total += bonus["coal_vp"] * g.coal[p]
            elif "surveyor_tiers" in bonus:
                h = cfg.stations[g.surveyor[p]].height
                total += max((v for s, v in bonus["surveyor_tiers"] if h >= float(s)), default=0)
            elif g.cfg.stations[g.surveyor[p]].height < float(bonus.get("surveyor_at_least", 0)):
                later.append((bonus["vp"], bonus.get("rubble", 0), bonus.get("track", 0),
                              bonus.get("station", 0)))
            else:
                cards.append((bonus["vp"], bonus.get("rubble", 0), bonus.get("track", 0),
                              bonus.get("station", 0)))
        held >>= 1
        c += 1
    met: list[int] = []
    if cards:
        met_vp, met = best_assignment(cards, g.rubble[p], track_markers, station_markers)
        total += met_vp
    share = w["unmet_share"]
    may_track = track_markers + w["steel_as_track"] * g.steel[p]
    for i, (vp, nr, nt, ns) in enumerate(cards + later):
        if i in met:
            continue
        need = nr + nt + ns + (1 if i >= len(cards) else 0)  # the surveyor's move as one more need
        have = min(nr, g.rubble[p]) + min(nt, may_track) + min(ns, station_markers)
        total += vp * share * (have / need if need else 0.0)
    total += w["track_marker"] * track_markers
    fade = 1.0 - w["fade"] * (g.laid + g.laid_p) / cfg.n_tracks
    res = (
        w["steel"] * g.steel[p] + w["iron"] * g.iron[p] + w["stone"] * g.stone[p] + w["rubble"] * g.rubble[p]
        + (w["coal_with_train"] if t else w["coal"]) * g.coal[p] + (w["train"] if t else 0.0)
    )
    return total + fade * res


def search_actions(g: State, legal: list[Action]) -> list[Action]:
    """The legal options without the Stock Yard takes that another take covers cube for cube
    (taking 1 iron when 3 iron, or 2 iron and a coal, may be taken): a search spends its
    iterations on the 4-6 fullest takes instead of 15-19 mixes. Every other decision keeps all
    its options."""
    if len(legal) < 3 or g.decision != STOCK_YARD:
        return legal
    # The takes are every (iron, stone, coal) within the yard's cubes and the cap, so a take is
    # covered by another exactly when another take with as much coal has more iron and stone.
    most: dict[object, int] = {}
    for a in legal:
        i, st, coal = a.args
        most[coal] = max(most.get(coal, 0), int(i) + int(st))
    return [a for a in legal if int(a.args[0]) + int(a.args[1]) == most[a.args[2]]]
