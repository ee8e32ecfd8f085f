"""What a seat may see: the secrecy boundary of Foothills.

Foothills hides little: everything is on the table except the order of the cubes in the
cloth bag (the future draws). Its counts are public (everything outside it is counted on the
table), and so is which railways were left out and which neutral cards went back in the box
(the layout and the supply show it). The generator state and the seed never leave here.
"""

from __future__ import annotations

from typing import Any

from snowdonia.games.foothills.data import Cost, SpaceData
from snowdonia.games.foothills.rules import pub, rubble, scoring, stations, surveyor, track
from snowdonia.games.foothills.rules.decisions import DECISIONS
from snowdonia.games.foothills.rules.state import BAR, NAVVY, NONE, PUB, State


def owner(o: int) -> int | str | None:
    return None if o == NONE else "navvy" if o == NAVVY else o


def cost_json(c: Cost) -> dict[str, int]:
    return {"iron": c.iron, "stone": c.stone, "rubble": c.rubble, "passengers": c.passengers}


def space_json(sd: SpaceData) -> dict[str, Any]:
    gain = {k: v for k, v in (("iron", sd.iron), ("stone", sd.stone), ("resource", sd.resource),
                              ("rubble", sd.rubble), ("passengers", sd.passengers), ("vp", sd.vp)) if v}
    return {"cost": cost_json(sd.cost), "gain": gain, "track": sd.track, "swap": sd.swap, "flip": sd.flip,
            "ticket": sd.ticket, "summit": sd.summit}


def where(g: State, pos: int) -> str:
    return "bar" if pos == BAR else "pub" if pos == PUB else g.cfg.cards[pos].id


def action_json(a: Any) -> dict[str, Any]:
    return {"key": a.key, "category": a.category, "german": a.german, "english": a.english,
            "ticket": a.ticket, "text": a.text}


def card_json(g: State, ac: int) -> dict[str, Any]:
    cfg = g.cfg
    return {"id": cfg.ac_id[ac], "category": "ABCDE"[cfg.ac_cat[ac]], "colour": cfg.ac_colour[ac],
            "scoring": cfg.ac_scoring[ac], "gold": action_json(cfg.ac_gold[ac]),
            "grey": action_json(cfg.ac_grey[ac])}


def observation(g: State, seat: int | None) -> dict[str, Any]:
    cfg = g.cfg
    cards = []
    for c in range(cfg.n_cards):
        if not cfg.in_play[c]:
            continue
        data = cfg.cards[c]
        sd = cfg.space[c]
        entry: dict[str, Any] = {
            "id": data.id,
            "name": data.name,
            "railways": [cfg.rail_numeral[r] for r in cfg.card_rails[c]],
            "rows": list(cfg.card_rows[c]),
            "columns": list(cfg.card_cols[c]),
            "start": data.start,
            "double": data.double,
            "rubble": g.card_rubble[c],
            "printed_rubble": data.rubble,
            "navvy": bool(g.navvy[c]),
            "tracks": [{"space": i + 1, "owner": owner(g.track_owner[t]),
                        "free": t == _free_on(g, c, t)} for i, t in enumerate(cfg.card_tracks[c])],
            "stations": [{"key": cfg.st_key[s], "name": cfg.st_name[s], "cost": cost_json(cfg.st_cost[s]),
                          "reward": {"vp": cfg.st_vp[s], "passengers": cfg.st_passengers[s]},
                          "owner": owner(g.station_owner[s]), "available": stations.available(g, s)}
                         for s in cfg.card_stations[c]],
            "ordered": cfg.ordered[c],
            "effect": cfg.effect[c],
            "space": space_json(sd) if sd is not None else None,
            "space_open": surveyor.space_open(g, c) if sd is not None else False,
            "surveyors": [p for p in (0, 1) if g.surveyor[p] == c],
        }
        if data.start:
            k = cfg.ticket_kind[c]
            entry["ticket"] = cfg.ticket_colours[k]
            entry["tickets_left"] = g.tickets_left[c]
        if c == cfg.summit_card:
            entry["summit_token"] = g.summit_owner == NONE
        if c == cfg.bonus_card:
            entry["route_bonus_tokens"] = [cfg.rail_numeral[r] for r in cfg.bonus_rails]
        cards.append(entry)
    railways = []
    for r in cfg.rows_in_play:
        railways.append({
            "numeral": cfg.rail_numeral[r],
            "name": cfg.comp.railways[r].name,
            "row": cfg.rows_in_play.index(r),
            "start": cfg.cards[cfg.rail_start[r]].id,
            "cards": [cfg.cards[c].id for c in cfg.rail_cards[r]],
            "rubble": rubble.rail_rubble(g, r),
            "complete": track.complete(g, r),
            "buffer_stop": bool(g.buffer[r]),
            "next_track": _track_name(g, track.free_track(g, r)),
            "route_bonus": cfg.comp.railways[r].bonus_token,
            "stations_by_seat": scoring.rail_stations(g, r),
        })
    players = []
    for p in (0, 1):
        bar: list[dict[str, Any]] = []
        for k in range(5):
            ac = g.bar[p * 5 + k]
            if ac == NONE:
                bar.append({"slot": "ABCDE"[k], "card": None})
                continue
            side = "grey" if g.grey[p * 5 + k] else "gold"
            bar.append({"slot": "ABCDE"[k], "card": card_json(g, ac), "side": side,
                        "action": (cfg.ac_grey[ac] if side == "grey" else cfg.ac_gold[ac]).key})
        players.append({
            "seat": p,
            "colour": cfg.colours[p],
            "start_player": p == g.start,
            "iron": g.iron[p],
            "stone": g.stone[p],
            "rubble": g.rubble[p],
            "passengers": g.passengers[p],
            "vp": g.vp[p],
            "markers_left": g.markers[p],
            "stations_built": g.stations_built[p],
            "tracks_built": g.tracks_built[p],
            "tickets": [cfg.ticket_colours[k] for k in range(len(cfg.ticket_colours)) if g.tickets[p] >> k & 1],
            "surveyor": where(g, g.surveyor[p]),
            "bar": bar,
            "scoring_pile": [cfg.ac_id[c] for c in range(cfg.n_ac) if g.pile[p] >> c & 1],
            "pile_limit": g.stations_built[p],
            "summit": g.summit_owner == p,
            "turns": g.turns_taken[p],
            "score_so_far": scoring.score_player(g, p)["total"],
        })
    decision: dict[str, Any] | None = None
    if g.decision is not None and not g.over:
        decision = {"kind": g.decision, "player": g.decider, "prompt": DECISIONS[g.decision].prompt,
                    **decision_context(g)}
    return {
        "game": "foothills",
        "seat": seat,
        "players_count": 2,
        "settings": g.settings_.as_dict(),
        "turn": g.turn,
        "round": (g.turn + 1) // 2,
        "start_player": g.start,
        "current_player": None if g.over else g.decider,
        "turn_player": g.player,
        "decision": decision,
        "moves": g.n_moves,
        "over": g.over,
        "end_triggered": g.end_trigger != NONE,
        "end_reason": g.end_reason or None,
        "final_turn": g.final_turn,
        "colours": list(cfg.colours),
        "columns": cfg.columns,
        "railways": railways,
        "removed_railways": [n for n in cfg.rail_numeral if n not in cfg.railways],
        "cards": cards,
        "stockyard": {"iron": g.yard_i, "stone": g.yard_s, "event": g.yard_e},
        "bag": {"iron": g.bag_i, "stone": g.bag_s, "event": g.bag_e},
        "events_aside": g.events_aside,
        "supply": {"rubble": g.rubble_supply, "passengers": g.pass_supply, "vp": g.vp_supply,
                   "navvies": g.navvies_left, "buffer_stops": g.buffers_left,
                   "substitutes": {"rubble": g.rubble_extra, "passengers": g.pass_extra, "vp": g.vp_extra}},
        "supply_cards": [card_json(g, c) for c in range(cfg.n_ac) if g.supply_cards >> c & 1],
        "box_cards": [cfg.ac_id[c] for c in range(cfg.n_ac) if g.box_cards >> c & 1],
        "pub": {"surveyors": [p for p in (0, 1) if g.surveyor[p] == PUB]},
        "summit": {"in_play": cfg.summit_card != NONE, "owner": None if g.summit_owner == NONE else g.summit_owner},
        "route_bonus": [{"railway": cfg.rail_numeral[r], "holder": scoring.route_bonus_holder(g, r)}
                        for r in cfg.bonus_rails],
        "players": players,
    }


def decision_context(g: State) -> dict[str, Any]:
    """The public facts that frame the pending decision."""
    cfg = g.cfg
    ctx = g.ctx
    out: dict[str, Any] = {}
    if g.card != NONE:
        out["card"] = cfg.ac_id[g.card]
    kind = g.decision
    if kind in ("take",):
        out["up_to"], out["taken"] = ctx[0], ctx[1]
    elif kind == "setup_take":
        out["count"] = min(cfg.rules["setup_take"], g.yard_i + g.yard_s)
    elif kind == "rubble":
        out["amount"], out["to_opponent"], out["ticket_railways_only"] = ctx[0], ctx[1], bool(ctx[2])
    elif kind == "works":
        out["left"], out["first"], out["action"] = ctx[0], bool(ctx[1]), ctx[2]
    elif kind in ("build", "surveyor"):
        out["action"] = ctx[0]
    elif kind == "use_space":
        out["space"] = cfg.cards[ctx[0]].id
    elif kind == "gain":
        out["resource"], out["count"] = ctx[0], ctx[1]
    elif kind == "score":
        out["devils_bridge"] = bool(ctx[0])
        out["pile"] = pub.pile_size(g, g.player)
    elif kind == "replace":
        out["category"] = "ABCDE"[ctx[0]]
    elif kind == "ferry":
        out["flipped"] = [cfg.ac_id[c] for c in range(cfg.n_ac) if ctx[0] >> c & 1]
    return out


def _free_on(g: State, c: int, t: int) -> int:
    """t if it is the free space a track would go to on its railways, else NONE."""
    cfg = g.cfg
    for r in cfg.card_rails[c]:
        if track.free_track(g, r) == t:
            return t
    return NONE


def _track_name(g: State, t: int) -> str | None:
    if t == NONE:
        return None
    c = g.cfg.track_card[t]
    return f"{g.cfg.cards[c].id}" + (f" ({g.cfg.card_tracks[c].index(t) + 1})" if len(g.cfg.card_tracks[c]) > 1 else "")

