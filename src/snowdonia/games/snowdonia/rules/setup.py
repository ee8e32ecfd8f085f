"""Set-up of a game (seed 004 "Initial Setup", steps 1-15; Solitaire changes)."""

from __future__ import annotations

from snowdonia.core.rng import below, seed_state, shuffle
from snowdonia.games.snowdonia.rules import bag, route
from snowdonia.games.snowdonia.rules.config import Config
from snowdonia.games.snowdonia.rules.state import NONE, PH_PLACE, PH_SETUP, State


def set_up(g: State, cfg: Config, seed: int) -> None:
    comp = cfg.comp
    n = cfg.players
    g.cfg = cfg
    rng = seed_state(seed)
    hook = g.chance  # None except under the OpenSpiel adapter (explicit chance nodes)
    # 2. Start player at random.
    if hook is None:
        rng, start = below(rng, n)
    else:
        start = hook.pick(g, "start", (1,) * n)
    g.start = start
    g.start_fixed = False
    g.round = 1
    g.phase = PH_PLACE
    g.decision = None
    g.decider = NONE
    g.ctx = None
    g.over = False
    g.end_reason = ""
    g.end_trigger = 0
    g.extra_round = False
    g.moves = 0
    g._legal = None
    g.journal = []
    # 3-5. Pieces, surveyors at Llanberis, two labourers each (the third waits in the Pub).
    g.iron = [0] * n
    g.stone = [0] * n
    g.coal = [0] * n
    g.rubble = [0] * n
    g.steel = [0] * n
    g.markers = [cfg.markers_per_player] * n
    g.surveyor = [0] * n
    g.train = [0] * n
    g.hand = [0] * n
    g.played = [0] * n
    g.round_played = [0] * n
    g.labourers = [2] * n
    g.to_place = [2] * n
    g.hire_asked = [0] * n
    g.kdisc = [0] * n
    # 7-8. Track cards shuffled, dealt between the stations, rubble on cards and sites.
    pool = list(comp.track_rubble)
    if cfg.settings.deluxe_track_cards:
        pool += list(comp.deluxe_track_rubble)
    if hook is None:
        rng = shuffle(rng, pool)
    else:
        hook.arrange(g, "track", pool)
    track = pool[: cfg.n_tracks]
    g.track_vp = track[:]  # VP on the track side equals the rubble (data: inferred)
    g.slot_rubble = cfg.slot_rubble0[:]
    for t, slot in enumerate(cfg.track_slot):
        g.slot_rubble[slot] = track[t]
    g.slot_owner = [NONE] * cfg.n_slots
    g.track_owner = [NONE] * cfg.n_tracks
    g.bsite_owner = [NONE] * cfg.n_bsites
    g.station_done = [0] * cfg.n_stations
    g.route_rubble = sum(g.slot_rubble)
    g.exc_ptr = 0
    g.exc_ptr_p = cfg.n_slots - 1
    g.first_rubble_track = 0
    g.laid = 0
    g.laid_p = 0
    g.b_build = False
    g.trains_available = cfg.trains_from_start  # Blaenau Ffestiniog: "from the start of the game"
    # 9. Action spaces.
    g.spaces = [NONE] * cfg.n_space_slots
    g.g_list = []
    # 10. Work rates on their second spaces; the other six game markers wait in the supply.
    g.exc_idx = comp.excavation_start
    g.lay_idx = comp.lay_start
    g.game_markers_left = cfg.game_markers
    # 11-12. Contracts shuffled; three to the Site Office; weather discs from the backs.
    deck = list(cfg.contract_numbers)
    if hook is None:
        rng = shuffle(rng, deck)
    else:
        hook.arrange(g, "deck", deck)
    g.deck = deck
    g.discard = []
    g.office = [deck.pop(), deck.pop(), deck.pop()]
    g.weather_current = None
    g.weather_mid = cfg.contract[g.office[1]].back
    g.weather_last = cfg.contract[g.office[2]].back
    office_bits = 0
    for c in g.office:
        office_bits |= 1 << c
    g.seen = [office_bits] * n
    g.pending_cards = ()
    # 13. Trains.
    g.shed_coal = [0] * 8
    trains = [t.number for t in comp.trains]
    if cfg.solo:
        own = cfg.settings.solo_train
        g.train[0] = own
        g.coal[0] = cfg.train[own].coal
        g.shed = []
        # Solo: the player's own train is the only one in the game; no train is set aside
        # as one (the B Build side is still laid when the rubble is gone).
        g.set_aside = 0
    else:
        if hook is None:
            rng = shuffle(rng, trains)
        else:
            hook.arrange(g, "trains", trains)
        g.set_aside = trains[6]
        g.shed = sorted(trains[:6])
        for t in g.shed:
            g.shed_coal[t] = cfg.train[t].coal
    # 14. Stock Yard and Supply Bag.
    row = comp.bag[n]
    g.bag_i, g.bag_s, g.bag_e = row["iron"], row["stone"], row["event_cubes"]
    coal_total = comp.box["coal"]
    if cfg.solo:
        g.bag_c = row["coal"] - g.coal[0]
        g.yard_i = g.yard_s = g.yard_c = 0
        g.rng = rng
        drawn = 0
        # Draw 6; event cubes go back unresolved and are redrawn (seed 004 Solitaire).
        while drawn < comp.solo_stock_yard_draw:
            kind = bag.draw(g, allow_events=False)
            if kind < 0:
                break
            if kind == bag.IRON:
                g.yard_i += 1
            elif kind == bag.STONE:
                g.yard_s += 1
            else:
                g.yard_c += 1
            drawn += 1
        rng = g.rng
    else:
        ys = comp.stock_yard_setup
        g.yard_i, g.yard_s, g.yard_c = ys["iron"], ys["stone"], ys["coal"]
        g.bag_c = coal_total - g.yard_c - sum(g.shed_coal)
    # 15. Everything else stays in the box / general supply.
    g.box_i = comp.box["iron"] - g.bag_i - g.yard_i
    g.box_s = comp.box["stone"] - g.bag_s - g.yard_s
    g.box_c = coal_total - g.bag_c - g.yard_c - sum(g.shed_coal) - sum(g.coal)
    g.steel_supply = cfg.steel_limit
    g.supply_rubble = comp.box["rubble"] - g.route_rubble
    g.markers_placed = 0
    g.events = [0] * 10
    # Blaenau Ffestiniog: "Put an Event cube on space 7 of the Events Track" (it does not
    # resolve); the box's fifth cube, so the bag holds one fewer.
    if cfg.event_start_space:
        g.events[cfg.event_start_space - 1] = 1
    if cfg.bag_event_cubes is not None:
        g.bag_e = cfg.bag_event_cubes
    g.place_turn = start
    g.res_area = g.res_stage = g.res_pos = g.win_count = 0
    g.win_first = start
    g.build_done = False
    g.events_pending = 0
    g.end_step = 0
    g.extras = []
    g.maint_queue = []
    g.maint_returned = ()
    g.blocked_contracts = False
    g.last_round_order = tuple((start + i) % n for i in range(n))
    # The ends (Blaenau Ffestiniog): chosen after the whole set-up, from the Start Player
    # clockwise; until then every surveyor stands at the first station, as in Mount Snowdon.
    g.end_of = (0,) * n
    g.start_marker = (0,) * n
    g.gs_end = 0
    g.maint_done = False
    g.setup_pos = 0
    if cfg.two_ends:
        g.phase = PH_SETUP
        # Both frontiers on the first slot that holds rubble from each end (a Deluxe 0-rubble
        # track card may lie at either end), so #3 and the observation name the right slot.
        route._after_rubble_change(g)
    g.rng = rng
