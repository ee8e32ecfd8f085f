"""A heuristic value of a position for one seat: the score it would have now, plus what its
resources and unmet contracts are likely to become. Shared by `greedy` and by the truncated
playouts of search bots."""

from __future__ import annotations

from snowdonia.games.snowdonia.rules.scoring import best_assignment, marker_tally
from snowdonia.games.snowdonia.rules.state import State

# What one unit is worth in VP early in the game; resources fade as the track nears the top.
# Deliberately below what a cube can turn into: higher values made `greedy` hoard iron
# instead of converting it and laying track (tuned over 600 3-player games against
# `random`: 93% wins with the old values 3.2/0.9/1.5/0.35/0.3/0.9, 98% with these).
STEEL, IRON, STONE, RUBBLE = 2.0, 0.3, 0.9, 0.21
COAL_WITH_TRAIN, COAL = 0.54, 0.18
TRAIN = 3.0
UNMET_SHARE = 0.45
# An unmet contract is still worth something: rubble and markers usually come later.
UNMET_BASE = 0.0


def evaluate(g: State, p: int) -> float:
    cfg = g.cfg
    site_vp, station_markers, track_vp, track_markers = marker_tally(g, p)
    value = float(site_vp + track_vp + cfg.stations[g.surveyor[p]].surveyor_vp)
    t = g.train[p]
    if t:
        value += cfg.train[t].ability.get("end_vp", 0)
    # Contracts: what can be met now, plus a share of what is partly met.
    cards = []
    held = g.hand[p] | g.played[p]
    c = 0
    while held:
        if held & 1:
            bonus = cfg.contract[c].bonus
            if "coal_vp" in bonus:
                value += bonus["coal_vp"] * g.coal[p]
            elif "surveyor_tiers" in bonus:
                h = cfg.stations[g.surveyor[p]].height
                value += max((v for s, v in bonus["surveyor_tiers"] if h >= float(s)), default=0)
            else:
                cards.append((bonus["vp"], bonus.get("rubble", 0), bonus.get("track", 0),
                              bonus.get("station", 0)))
        held >>= 1
        c += 1
    if cards:
        met_vp, met = best_assignment(cards, g.rubble[p], track_markers, station_markers)
        value += met_vp
        for i, (vp, nr, nt, ns) in enumerate(cards):
            if i in met:
                continue
            need = nr + nt + ns
            have = min(nr, g.rubble[p]) + min(nt, track_markers) + min(ns, station_markers)
            value += vp * (UNMET_BASE + UNMET_SHARE * (have / need if need else 0.0))
    if g.over:
        return value
    fade = 1.0 - 0.8 * (g.laid + g.laid_p) / cfg.n_tracks
    res = (
        STEEL * g.steel[p] + IRON * g.iron[p] + STONE * g.stone[p] + RUBBLE * g.rubble[p]
        + (COAL_WITH_TRAIN if t else COAL) * g.coal[p] + (TRAIN if t else 0.0)
    )
    return value + fade * res
