"""A cheap playout policy for Mount Snowdon (issue 19): uniformly random, except that a seat
never spends a labourer on an area it cannot use and never takes or converts less than it
may.

Uniformly random playouts waste most labourers: a random seat places on D Lay Track with no
Steel Bars, on C Works with no iron, takes one cube from the Stock Yard when three are free,
and converts nothing at the Works (seed 004 "C WORKS": "Do this up to three times"). So a
random game is decided by the events, not by the chains that good players build (Stock Yard
-> Works -> Lay Track -> contract; docs/bots-and-simulation.md, "Why the bots score 55-70
VP"). Here:

- **Placing a labourer** (seed 004 "Assign Labourers"): the options are those of areas the
  seat can use when they resolve (A Stock Yard, B Excavate, F Site Office and G Surveyor
  always; C Works with 3 iron (2 with No. 2 Enid) or 2 rubble; D Lay Track with a Steel Bar,
  or the iron for one and a labourer already on C; E Build with a stone or a Steel Bar); a
  random one of them (all options when none is usable).
- **Stock Yard** (seed 004 "A STOCK YARD"): a random one of the fullest takes (the takes
  `value.search_actions` keeps).
- **Works** (seed 004 "C WORKS"): as many Steel Bars as the iron allows, then a random number
  of stone conversions.
- Every other decision: uniformly random, as in `Position.playout`.

Version 2 (`:h2`) leans further towards the chain that scores: a usable D Lay Track option is
drawn three times as often as an option of an area always usable, a usable C Works or E Build
option twice as often; the Works make the most Steel Bars and then the most stone; a contract
window, a #3 clear and an extra Build action are never passed when something else is legal
(seed 004 "Scoring": contracts score "regardless of whether or not their effect has been
used").

Version 3 (`:h3`) adds two choices version 2 leaves to chance: a Build (seed 004 "E BUILD")
takes a building site worth the most VP, or a train; the Site Office (seed 004 "F SITE OFFICE")
takes the contract whose bonus the seat is nearest to earning (its VP weighed by 1/4 + 3/4 of
the share of the card's rubble and markers the seat already has; a coal or surveyor contract by
what it would score now). Random seats build on a 2 VP site as often as on an 8 VP one and take
a 40 VP contract for five track markers they will never lay.

Version 4 (`:h4`), in Mount Snowdon, draws the area by weight among those the seat can use:
G Surveyor ten times as often as A Stock Yard, B Excavate twice (the rest as version 3); a
Surveyor at Yr Wyddfa (or that will be there) and a Lay Track with no excavated Track card to
flip are not usable. The Surveyor's 21 VP for eight labourers are the cheapest points on the
board: a version 4 seat wins 0.645 of 3,000 policy games against two version 3 seats. In
Blaenau Ffestiniog, whose Surveyor walks to the far end and stops, version 4 plays as version 3.
Inside the search it plays worse than versions 2 and 3 (docs/bots-and-simulation.md, stop 36):
a policy that wins its own games is not a better model of the game to search with.

Version 5 (`:h5`) is version 4 with the area weights fitted to the master's own placements in
self-play (`AREA_WEIGHTS`; stop 37): the policy that predicts the master's choices best, to test
whether playouts that play like the master's games make the search stronger.

Version 6 (`:h6`, stop 39) plays plans, not single moves. At the playout's start every seat
draws one of four plans (`_PLANS`), each a chain the rulebook scores (seed 004 "Scoring"):
**track** (A Stock Yard iron -> C Works Steel Bars -> D Lay Track, for the track markers the
rich contracts need), **build** (stone and Steel Bars -> E Build, stations' building sites),
**surveyor** (G, the climb to Yr Wyddfa) and **contracts** (F Site Office, B Excavate for the
rubble the rubble contracts ask). The seat keeps its plan to the playout's end, and its
placements are drawn by the plan's area weights among the areas it can use (as version 4
judges them); every other decision as version 3. Versions 2 to 5 give every seat the same
weights at every decision, so a chain three placements long is rarely played out, and the
search undervalues its first step (docs/bots-and-simulation.md, "Why the bots score 55-70 VP").

Version 7 (`:h7`) draws each seat's plan by what the seat holds at the playout's start, not
uniformly: the track plan weighs 2 + 2 per Steel Bar + 1 per iron + 2 per track marker its
contracts ask, the build plan 2 + 1 per stone and Steel Bar + 2 per station marker asked, the
surveyor plan 3 (+ 4 per surveyor contract; 0 at Yr Wyddfa in Mount Snowdon), the contracts
plan 2 + 1 per two rubble + 1 per rubble asked. So the first step of a chain (iron taken, a
track contract chosen) makes the playouts that follow it likelier to finish the chain, and a
search sees the chain's points in the option that starts it.

The policy reads only what the deciding seat sees in the determinization it plays; it never
changes anything but the game it is given. Compiled with the engine (snowdonia/_engine.py).
"""

from __future__ import annotations

import random

from snowdonia.core.rng import randbelow
from snowdonia.games.snowdonia.rules.actions import Action
from snowdonia.games.snowdonia.rules.board import B, C, train_ability
from snowdonia.games.snowdonia.rules.config import BONUS_PLACED, BONUS_TIERS
from snowdonia.games.snowdonia.rules.decisions import (
    BUILD,
    CLEAR,
    EXTRA_BUILD,
    PLACE,
    SITE_OFFICE,
    STOCK_YARD,
    WINDOW,
    WORKS,
)
from snowdonia.games.snowdonia.rules.flow import legal_actions, step
from snowdonia.games.snowdonia.rules.scoring import marker_tally
from snowdonia.games.snowdonia.rules.state import State

# The areas A to G by their letter in a `place` action's first argument.
_AREA_INDEX = {"A": 0, "B": 1, "C": 2, "D": 3, "E": 4, "F": 5, "G": 6}
# How often each area is drawn when the seat can use it, by policy version (A to G).
# Version 1: every usable area alike. Versions 2 and 3: Lay Track is what the rich contracts
# need (track markers) and what scores on the track, so D three times and C Works and E Build
# twice as often as an area always usable. Version 4 (Mount Snowdon): B Excavate twice and G
# Surveyor ten times as often as A; measured in whole games of the policy
# (scripts/policy_arena.py, docs): the Surveyor's 21 VP at Yr Wyddfa for eight labourers are the
# cheapest points on the board, and the master's search places a quarter of its labourers there.
AREA_WEIGHTS = (
    (1, 1, 1, 1, 1, 1, 1),
    (1, 1, 2, 3, 2, 1, 1),
    (1, 1, 2, 3, 2, 1, 1),
    (1, 2, 2, 3, 2, 1, 10),
    # Version 5 (Mount Snowdon): fitted to the master's own placements in self-play (stop 37:
    # scripts/placement_fit.py, docs/ladder/dev/placements-ms3-master-selfplay.jsonl, 544
    # placements of 10 games: A 1, B 1.43, C 0.92, D 4.17, E 1.45, F 0.89, G 4.85), doubled and
    # rounded: the areas in the proportions the master chose them among those it could use.
    (2, 3, 2, 8, 3, 2, 10),
)
# Versions 6 and 7: the plans a seat draws at a playout's start (A to G), each weighing the areas of
# one scoring chain eight times an area outside it (the Surveyor, one area, ten times).
_PLANS = (
    (8, 1, 8, 8, 1, 1, 1),  # track: iron -> Steel Bars -> Lay Track (seed 004 "D LAY TRACK")
    (8, 1, 8, 1, 8, 1, 1),  # build: stone and Steel Bars -> Build (seed 004 "E BUILD")
    (1, 1, 1, 1, 1, 1, 10),  # surveyor: the climb (seed 004 "G MOVE THE SURVEYOR")
    (1, 8, 1, 1, 1, 8, 1),  # contracts: Site Office, Excavate's rubble (seed 004 "F SITE OFFICE")
)
PLAN_VERSION = 6
HELD_PLAN_VERSION = 7


def policy_playout(g: State, rng: random.Random, depth: int, version: int = 1) -> int:
    """Play `depth` decisions (every decision to the game's end when `depth` < 0) by the
    policy (`version` 1 to 7); returns how many were made. A forced decision is taken without
    a draw. Versions 6 and 7 first draw every seat's plan (one draw a seat, in seat order)."""
    steps = 0
    plans: list[int] = []
    if version >= PLAN_VERSION:
        for p in range(len(g.surveyor)):
            plans.append(_plan(g, p, rng, version))
    while (depth < 0 or steps < depth) and not g.over:
        legal = legal_actions(g)
        if len(legal) == 1:
            step(g, legal[0])
        else:
            step(g, policy_action(g, legal, rng, version, plans[g.decider] if plans else -1))
        steps += 1
    return steps


def policy_choices(g: State, rng: random.Random, count: int, version: int = 1) -> list[Action]:
    """The distinct options of `count` draws by the policy (`version` 1 to 7) at the pending
    decision, in the order first drawn: the search's narrowed replies (`:o3`). A forced decision
    is its one option, without a draw; versions 6 and 7 draw the decider's plan once first."""
    legal = legal_actions(g)
    if len(legal) == 1:
        return legal
    plan = _plan(g, g.decider, rng, version) if version >= PLAN_VERSION else -1
    out: list[Action] = []
    for _ in range(count):
        a = policy_action(g, legal, rng, version, plan)
        if a not in out:
            out.append(a)
    return out


def policy_action(g: State, legal: list[Action], rng: random.Random, version: int, plan: int) -> Action:
    """The policy's draw among `legal` (more than one option) at the pending decision, for a
    seat holding `plan` (versions 6 and 7; -1 otherwise)."""
    d = g.decision
    if d == PLACE:
        return _place(g, legal, rng, version, plan)
    if d == STOCK_YARD:
        return _fullest_take(legal, rng)
    if d == WORKS:
        return _most_steel(legal, rng) if version < 2 else _most_conversions(legal)
    if version >= 3 and (d == BUILD or d == EXTRA_BUILD):
        return _best_site(g, legal, rng)
    if version >= 3 and d == SITE_OFFICE:
        return _likeliest_contract(g, legal, rng)
    if version >= 2 and (d == WINDOW or d == CLEAR or d == EXTRA_BUILD):
        return _not_pass(legal, rng)
    return legal[randbelow(rng, len(legal))]


def area_weights(g: State, version: int, plan: int = -1) -> list[int]:
    """How often the policy (`version` 1 to 7) draws each area A to G for the deciding seat:
    the version's `AREA_WEIGHTS`, 0 for an area the seat cannot use when it resolves: C Works with
    the iron for a Steel Bar or 2 rubble (seed 004 "C WORKS"), D Lay Track with a Steel Bar or the iron for one and a
    labourer on C, E Build with a stone or a Steel Bar. Versions 4 and 5, in Mount Snowdon, add
    two tests: a Surveyor at Yr Wyddfa, or that the seat's labourers already on G will bring there,
    moves no further (seed 004 "G MOVE THE SURVEYOR": at Yr Wyddfa it stays); Lay Track flips
    only a fully excavated Track card (seed 004 "D LAY TRACK"), so it is usable only when track
    is left to lay and the next card holds no rubble or a labourer on B may clear it first (B
    resolves before D). In Blaenau Ffestiniog, whose Surveyor walks to the far end and stops,
    versions 4 and 5 play as version 3. Versions 6 and 7 weigh by the seat's `plan` (an index
    into `_PLANS`) with version 4's tests in Mount Snowdon, version 3's in Blaenau Ffestiniog."""
    cfg = g.cfg
    p = g.decider
    iron_per = train_ability(g, p, "steel_iron_cost", 3)
    works = g.iron[p] >= iron_per or g.rubble[p] >= 2
    on_c = False
    base = cfg.space_offset[C]
    for i in range(cfg.base_caps[C]):
        if g.spaces[base + i] == p:
            on_c = True
    lay = g.steel[p] > 0 or (on_c and g.iron[p] >= iron_per)
    build = g.steel[p] > 0 or g.stone[p] > 0
    climb = True
    table: tuple[int, ...]
    if version >= PLAN_VERSION and 0 <= plan < len(_PLANS):
        table = _PLANS[plan]
        version = 4 if cfg.scenario == "mount_snowdon" else 3
    else:
        version = min(max(version, 1), len(AREA_WEIGHTS))
        if version >= 4 and cfg.scenario != "mount_snowdon":
            version = 3
        table = AREA_WEIGHTS[version - 1]
    if version >= 4:
        climb = g.surveyor[p] + g.g_list.count(p) < cfg.n_stations - 1
        if lay:
            if g.laid >= cfg.n_tracks:
                lay = False
            elif g.slot_rubble[cfg.track_slot[g.laid]] != 0:
                digging = False
                bb = cfg.space_offset[B]
                for i in range(cfg.base_caps[B]):
                    if g.spaces[bb + i] >= 0:
                        digging = True
                lay = digging
    return [table[0], table[1], table[2] if works else 0, table[3] if lay else 0,
            table[4] if build else 0, table[5], table[6] if climb else 0]


def plan_weights(g: State, p: int) -> list[int]:
    """Version 7: how likely seat `p` is to draw each plan of `_PLANS` (track, build, surveyor,
    contracts) from what it holds: its cubes and Steel Bars, and the markers and rubble its
    contracts ask (seed 004 "Scoring": a contract scores when its markers and rubble are on it),
    a surveyor contract for the climb."""
    cfg = g.cfg
    track = 2 + 2 * g.steel[p] + g.iron[p]
    build = 2 + g.stone[p] + g.steel[p]
    climb = 3
    if cfg.scenario == "mount_snowdon" and g.surveyor[p] >= cfg.n_stations - 1:
        climb = 0
    office = 2 + g.rubble[p] // 2
    held = (g.hand[p] | g.played[p]) & cfg.contract_mask
    for c in cfg.contract_numbers:
        if held >> c & 1:
            if cfg.bonus_kind[c] == BONUS_TIERS:
                if climb:
                    climb += 4
            elif cfg.bonus_kind[c] == BONUS_PLACED:
                rubble, tracks, stations = cfg.bonus_need[c]
                track += 2 * tracks
                build += 2 * stations
                office += rubble
    return [track, build, climb, office]


def _plan(g: State, p: int, rng: random.Random, version: int) -> int:
    """Seat `p`'s plan at a playout's start: drawn by what it holds (`plan_weights`) in version
    7, uniformly in version 6 (one draw either way)."""
    if version >= HELD_PLAN_VERSION:
        return _held_plan(g, p, rng)
    return randbelow(rng, len(_PLANS))


def _held_plan(g: State, p: int, rng: random.Random) -> int:
    """A plan for seat `p` drawn by `plan_weights`."""
    weights = plan_weights(g, p)
    r = randbelow(rng, sum(weights))
    for i, w in enumerate(weights):
        if r < w:
            return i
        r -= w
    return len(weights) - 1


def _place(g: State, legal: list[Action], rng: random.Random, version: int, plan: int) -> Action:
    """An option drawn by its area's weight (`area_weights`, by the seat's `plan` in versions 6 and 7);
    all options alike when the seat can use no area."""
    # Every option of an area weighs the same, so the weights are found once a decision.
    by_area = area_weights(g, version, plan)
    total = 0
    weights: list[int] = []
    for a in legal:
        w = by_area[_AREA_INDEX[str(a.args[0])]]
        weights.append(w)
        total += w
    if total == 0:
        return legal[randbelow(rng, len(legal))]
    # The cumulative walk: the same draw as a list holding each option `w` times, in legal order.
    r = randbelow(rng, total)
    for i, w in enumerate(weights):
        if r < w:
            return legal[i]
        r -= w
    return legal[-1]


def _best_site(g: State, legal: list[Action], rng: random.Random) -> Action:
    """Version 3 (seed 004 "E BUILD"): the building site worth the most VP, or a train; a random
    one of those, and a random way to pay. Passing (an extra Build) only when nothing else is
    legal."""
    cfg = g.cfg
    top = -1
    for a in legal:
        if a.kind == "build":
            b = cfg.station_bsites[cfg.station_index[str(a.args[0])]][int(a.args[1]) - 1]
            if cfg.bsite_vp[b] > top:
                top = cfg.bsite_vp[b]
    best: list[Action] = []
    for a in legal:
        if a.kind == "buy":
            best.append(a)
        elif a.kind == "build":
            b = cfg.station_bsites[cfg.station_index[str(a.args[0])]][int(a.args[1]) - 1]
            if cfg.bsite_vp[b] == top:
                best.append(a)
    if not best:
        return legal[randbelow(rng, len(legal))]
    return best[randbelow(rng, len(best))]


def _likeliest_contract(g: State, legal: list[Action], rng: random.Random) -> Action:
    """Version 3 (seed 004 "F SITE OFFICE"): the contract whose bonus the seat is nearest to
    earning, VP weighed by the share of its rubble and markers the seat already has (a coal or
    surveyor contract by what it would score now); ties at random."""
    cfg = g.cfg
    p = g.decider
    _, stations, _, tracks = marker_tally(g, p)
    rubble = g.rubble[p]
    best: list[Action] = []
    top = -1.0
    for a in legal:
        bonus = cfg.contract[int(a.args[0])].bonus
        if "coal_vp" in bonus:
            v = float(bonus["coal_vp"] * g.coal[p])
        elif "surveyor_tiers" in bonus:
            h = cfg.stations[g.surveyor[p]].height
            v = float(max((vp for st, vp in bonus["surveyor_tiers"] if h >= float(st)), default=0))
        else:
            nr = bonus.get("rubble", 0)
            nt = bonus.get("track", 0)
            ns = bonus.get("station", 0)
            need = nr + nt + ns
            have = min(nr, rubble) + min(nt, tracks) + min(ns, stations)
            v = bonus["vp"] * (0.25 + 0.75 * have / need) if need else float(bonus["vp"])
        if v > top + 1e-9:
            top = v
            best = [a]
        elif v > top - 1e-9:
            best.append(a)
    return best[randbelow(rng, len(best))]


def _not_pass(legal: list[Action], rng: random.Random) -> Action:
    """A random option other than passing (version 2: play a contract in its window, clear the
    space, take the extra Build action)."""
    acts = [a for a in legal if a.kind != "pass"]
    if not acts:
        return legal[randbelow(rng, len(legal))]
    return acts[randbelow(rng, len(acts))]


def _fullest_take(legal: list[Action], rng: random.Random) -> Action:
    """A random take among those no other take covers cube for cube: with as much coal, no
    other take has more iron and stone."""
    most: dict[object, int] = {}
    for a in legal:
        i, st, coal = a.args
        total = int(i) + int(st)
        if total > most.get(coal, -1):
            most[coal] = total
    full = [a for a in legal if int(a.args[0]) + int(a.args[1]) == most[a.args[2]]]
    return full[randbelow(rng, len(full))]


def _most_conversions(legal: list[Action]) -> Action:
    """Version 2: the most Steel Bars, then the most stone with them."""
    best = legal[0]
    for a in legal:
        if (int(a.args[0]), int(a.args[1])) > (int(best.args[0]), int(best.args[1])):
            best = a
    return best


def _most_steel(legal: list[Action], rng: random.Random) -> Action:
    top = max(int(a.args[0]) for a in legal)
    best = [a for a in legal if int(a.args[0]) == top]
    return best[randbelow(rng, len(best))]
