"""An independent statement of what is applicable at a decision, written from the rulebook
(seed 001_c8b34512af30f80d.txt) and the component data, not from the engine's option code:
the property tests compare it with `legal_actions()` at every step, so "legal" means exactly
"applicable". It reads the flat state and the Config's geometry only.
"""

from __future__ import annotations

from snowdonia.games.foothills.data import Cost, Params, SpaceData
from snowdonia.games.foothills.game import FoothillsGame
from snowdonia.games.foothills.rules.state import BAR, NONE, PUB

NUMERALS = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII")


def applicable(g: FoothillsGame) -> list[str]:
    """The string forms of every action applicable now (order ignored)."""
    kind = g.decision
    p = g.decider
    ctx = g.ctx
    if g.over or kind is None:
        return []
    fn = {
        "setup_take": lambda: takes(g, exact=min(2, g.yard_i + g.yard_s)),
        "take": lambda: takes(g, most=ctx[0]) + (["pass"] if ctx[1] else []),
        "card": lambda: cards(g, p),
        "rubble": lambda: rubble(g, p, bool(ctx[2])),
        "works": lambda: works(g, p, g.cfg.params[ctx[2]], bool(ctx[1])),
        "build": lambda: build(g, p, g.cfg.params[ctx[0]]),
        "surveyor": lambda: surveyor(g, p, g.cfg.params[ctx[0]]),
        "use_space": lambda: ([f"surveyor {g.cfg.cards[ctx[0]].id}", "pass"]
                              if ctx[0] not in g.surveyor else []),
        "gain": lambda: gain(g, ctx[0]),
        "score": lambda: score(g, p, bool(ctx[0])),
        "replace": lambda: [f"replace {g.cfg.ac_id[c]}" for c in range(25)
                            if g.supply_cards >> c & 1 and g.cfg.ac_cat[c] == ctx[0]],
        "ferry": lambda: [f"flip {g.cfg.ac_id[c]}" for c in bar(g, p) if not ctx[0] >> c & 1] + ["pass"],
        "flip": lambda: flips(g, p),
    }[kind]
    return fn()


def bar(g: FoothillsGame, p: int) -> list[int]:
    return [c for c in g.bar[p * 5:p * 5 + 5] if c != NONE]


def takes(g: FoothillsGame, most: int = 0, exact: int | None = None) -> list[str]:
    out = []
    for i in range(g.yard_i + 1):
        for s in range(g.yard_s + 1):
            n = i + s
            if (exact is not None and n == exact) or (exact is None and 1 <= n <= most):
                out.append(f"take iron={i} stone={s}")
    return out


def ticket_railways(g: FoothillsGame, p: int) -> set[str]:
    out: set[str] = set()
    for c, data in enumerate(g.cfg.cards):
        if data.start and g.cfg.in_play[c] and g.tickets[p] >> g.cfg.ticket_kind[c] & 1:
            out.update(n for n in data.railways if n in g.cfg.railways)
    return out


def cards_of(g: FoothillsGame, numeral: str) -> list[int]:
    return [c for c, d in enumerate(g.cfg.cards) if numeral in d.railways and not d.start]


def rubble(g: FoothillsGame, p: int, ticket_only: bool) -> list[str]:
    allowed = ticket_railways(g, p) if ticket_only else set(g.cfg.railways)
    out = [f"rubble {n}" for n in g.cfg.railways if n in allowed and any(g.card_rubble[c] for c in cards_of(g, n))]
    return out or ["rubble supply"]


def free_space(g: FoothillsGame, numeral: str) -> bool:
    tracks = sorted((g.cfg.cards[c].columns[0], t) for c in cards_of(g, numeral) for t in g.cfg.card_tracks[c])
    return any(g.track_owner[t] == NONE and g.card_rubble[g.cfg.track_card[t]] == 0 for _, t in tracks)


def works(g: FoothillsGame, p: int, prm: Params, first: bool) -> list[str]:
    out = []
    if prm.track and g.markers[p]:
        for n in g.cfg.railways:
            if not free_space(g, n):
                continue
            if prm.track_any:
                out += [f"track {n} iron={i} stone={2 - i}" for i in (2, 1, 0)
                        if g.iron[p] >= i and g.stone[p] >= 2 - i]
            elif g.iron[p] >= prm.track_iron:
                out.append(f"track {n}")
    if prm.swap and g.rubble[p] >= prm.swap_rubble:
        out += [f"stone from {src}" for src, have in (("yard", g.yard_s), ("bag", g.bag_s)) if have]
    if out and not first:
        out.append("pass")
    return out


def pays(g: FoothillsGame, p: int, c: Cost) -> bool:
    return (min(c.iron, c.stone) >= 0 and g.iron[p] >= c.iron and g.stone[p] >= c.stone
            and g.rubble[p] >= c.rubble and g.passengers[p] >= c.passengers)


def build(g: FoothillsGame, p: int, prm: Params) -> list[str]:
    cfg = g.cfg
    if not g.markers[p]:
        return []
    out = []
    mine = ticket_railways(g, p)
    for s in range(cfg.n_stations):
        c = cfg.st_card[s]
        if not cfg.in_play[c] or g.station_owner[s] != NONE or g.card_rubble[c]:
            continue
        if cfg.cards[c].ordered and any(g.station_owner[x] == NONE for x in cfg.card_stations[c][:cfg.st_ord[s]]):
            continue
        if prm.own_track:
            ok = [n for n in cfg.cards[c].railways if n in mine and any(
                g.track_owner[t] == p for x in cards_of(g, n) for t in cfg.card_tracks[x])]
            if not ok:
                continue
        base = cfg.st_cost[s]
        iron = 0 if prm.no_iron else base.iron
        cost = Cost(iron, base.stone, base.rubble + prm.extra_rubble, base.passengers)
        variants: list[tuple[str, Cost]] = []
        if prm.discount:
            d = prm.discount
            if iron:
                variants.append((" -iron", Cost(max(0, iron - d), cost.stone, cost.rubble, cost.passengers)))
            if base.stone:
                variants.append((" -stone", Cost(iron, max(0, cost.stone - d), cost.rubble, cost.passengers)))
            if not variants:
                variants.append(("", cost))
        elif prm.extra_resource:
            x = prm.extra_resource
            variants = [(" +iron", Cost(iron + x, cost.stone, cost.rubble, cost.passengers)),
                        (" +stone", Cost(iron, cost.stone + x, cost.rubble, cost.passengers))]
        else:
            variants = [("", cost)]
        out += [f"build {cfg.st_key[s]}{m}" for m, v in variants if pays(g, p, v)]
    return out


def open_space(g: FoothillsGame, c: int) -> bool:
    cfg = g.cfg
    return cfg.in_play[c] and cfg.space[c] is not None and (
        cfg.is_start[c] or any(g.station_owner[s] != NONE for s in cfg.card_stations[c]))


def space_ok(g: FoothillsGame, p: int, c: int) -> bool:
    """Something of the space's action can be carried out (its cost paid first)."""
    sd: SpaceData | None = g.cfg.space[c]
    assert sd is not None
    if not pays(g, p, sd.cost):
        return False
    k = g.cfg.ticket_kind[c]
    parts = [
        sd.ticket and not g.tickets[p] >> k & 1 and g.tickets_left[c] > 0,
        sd.summit and g.summit_owner != p,
        bool(sd.rubble or sd.passengers or sd.vp),
        bool(sd.iron or sd.resource) and bool(g.yard_i or g.bag_i),
        bool(sd.stone or sd.resource) and bool(g.yard_s or g.bag_s),
        bool(sd.track) and bool(works(g, p, g.cfg.params[g.cfg.space_track_key[c]], True)),
        bool(sd.swap) and bool(works(g, p, g.cfg.params["space_swap"], True)),
    ]
    return any(parts)


def surveyor(g: FoothillsGame, p: int, prm: Params) -> list[str]:
    cfg = g.cfg
    here = g.surveyor[p]
    other = g.surveyor[1 - p]
    if prm.adjacent:
        near = set(cfg.adjacent[here]) if here >= 0 else {c for c in range(cfg.n_cards)
                                                          if cfg.is_start[c] and cfg.in_play[c]}
    else:
        near = set(range(cfg.n_cards))
    # Moving is a part of the action: a space whose action cannot be carried out may still be
    # moved to (step 2); an action that does not move the surveyor is only the space's use.
    out = [f"surveyor {cfg.cards[c].id}" for c in range(cfg.n_cards)
           if c in near and c != here and open_space(g, c) and (prm.occupied or c != other)
           and (not prm.stay or space_ok(g, p, c))]
    if prm.pub and here != PUB:
        out.append("pub")
    if prm.bar and here != BAR:
        out.append("surveyor bar")
    return out


def gain(g: FoothillsGame, res: str) -> list[str]:
    out = []
    for kind, yard, bag in (("iron", g.yard_i, g.bag_i), ("stone", g.yard_s, g.bag_s)):
        if res in (kind, "resource"):
            out += [f"{kind} from {src}" for src, have in (("yard", yard), ("bag", bag)) if have]
    return out


def score(g: FoothillsGame, p: int, optional: bool) -> list[str]:
    if g.pile[p].bit_count() >= g.stations_built[p]:
        return []
    return [f"score {g.cfg.ac_id[c]}" for c in bar(g, p)] + (["pass"] if optional else [])


def flips(g: FoothillsGame, p: int) -> list[str]:
    out = [f"flip {g.cfg.ac_id[c]}" for c in bar(g, p) if c != g.card and not g.fresh >> c & 1]
    return out + ["pass"] if out else []


def usable(g: FoothillsGame, p: int, c: int) -> bool:
    cfg = g.cfg
    grey = g.grey[p * 5 + cfg.ac_cat[c]]
    act = cfg.ac_grey[c] if grey else cfg.ac_gold[c]
    if act.ticket and not g.tickets[p]:
        return False
    prm = act.params
    fam = act.family
    if fam == "take":
        return bool((prm.take and (g.yard_i + g.yard_s or g.bag_i + g.bag_s + g.bag_e))
                    or (prm.blind and g.bag_i + g.bag_s)
                    or (prm.draw_to_yard and g.bag_i + g.bag_s + g.bag_e))
    if fam == "rubble":
        return True
    if fam == "works":
        return bool(works(g, p, prm, True))
    if fam == "station":
        return bool(build(g, p, prm))
    return bool(surveyor(g, p, prm))


def cards(g: FoothillsGame, p: int) -> list[str]:
    return [f"card {g.cfg.ac_id[c]}" for c in bar(g, p) if usable(g, p, c)]
