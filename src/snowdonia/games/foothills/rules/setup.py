"""Spielvorbereitung — set-up, in the seed's ten numbered steps (seed 001)."""

from __future__ import annotations

from snowdonia.core.rng import seed_state
from snowdonia.games.foothills.data import NUMERALS, components
from snowdonia.games.foothills.rules import bag
from snowdonia.games.foothills.rules.config import Settings, config
from snowdonia.games.foothills.rules.flow import log, then
from snowdonia.games.foothills.rules.state import BAR, NONE, State


def set_up(g: State, settings: Settings, seed: int) -> None:
    comp = components()
    box = comp.box
    g.settings_ = settings
    g.rng = seed_state(seed)
    g.draws = 0
    g.journal = []
    g.n_moves = 0
    g._legal = None
    g.over = False
    g.end_reason = ""
    g.end_trigger = NONE
    g.final_turn = False
    g.player = 0
    g.turn = 0
    g.decision = None
    g.decider = NONE
    g.ctx = ()
    g.card = NONE
    g.card_gone = False
    g.fresh = 0
    g.flip_other = False
    g.replace_events = False
    g.tasks = []

    # 1. "Entnehmt den Streckenkarten 6 zufällig gewählte Strecken ... Legt die
    # Streckenkarten der beiden nicht verwendeten Strecken zurück in die Spielschachtel."
    if settings.railways is None:
        pool = list(range(len(NUMERALS)))
        first = pool.pop(bag.pick(g, "removed railway", len(pool)))
        second = pool.pop(bag.pick(g, "removed railway", len(pool)))
        railways = tuple(n for i, n in enumerate(NUMERALS) if i not in (first, second))
    else:
        railways = settings.railways
    cfg = config(railways, settings.colours, settings.turn_limit)
    g.cfg = cfg

    # 2. "Legt auf die Startstation jeder Strecke ... die 2 Tickets der entsprechenden Farbe."
    g.tickets_left = [box["tickets_per_kind"] if cfg.in_play[c] and cfg.is_start[c] else 0
                      for c in range(cfg.n_cards)]

    # 3. Stockyard and Pub near the cards; navvies, passengers, VP tokens and buffer stops in
    # the general supply.
    g.navvies_left = box["navvies"]
    g.buffers_left = box["buffer_stops"]
    g.pass_supply = box["passengers"]
    g.pass_extra = 0
    vt = box["vp_tokens"]
    g.vp_supply = int(vt["half"] * 0.5 + vt["one"] + 3 * vt["three"] + 10 * vt["ten"])
    g.vp_extra = 0

    # 4. "Werft die Ressourcen ... in den Stoffbeutel ... Entnehmt dem Beutel zufällig 6
    # Ressourcen und legt sie auf das Lagerplättchen. Mischt danach die weißen
    # Ereignisklötzchen unter die Klötzchen im Beutel."
    g.bag_i, g.bag_s, g.bag_e = box["iron"], box["stone"], 0
    g.yard_i = g.yard_s = g.yard_e = 0
    g.events_aside = 0
    for _ in range(cfg.rules["stockyard_setup"]):
        kind = bag.draw(g)
        if kind == bag.IRON:
            g.yard_i += 1
        elif kind == bag.STONE:
            g.yard_s += 1
    g.bag_e = box["event_cubes"]

    # 5. "Verteilt auf die Gleisfelder der Streckenkarten Geröllklötzchen entsprechend der
    # Vorgaben auf den Gleisfeldern."
    g.card_rubble = [cfg.cards[c].rubble if cfg.in_play[c] else 0 for c in range(cfg.n_cards)]
    g.rubble_supply = box["rubble"] - sum(g.card_rubble)
    g.rubble_extra = 0
    if g.rubble_supply < 0:
        g.rubble_extra = -g.rubble_supply
        g.rubble_supply = 0
    g.navvy = [0] * cfg.n_cards
    g.track_owner = [NONE] * cfg.n_tracks
    g.station_owner = [NONE] * cfg.n_stations
    g.buffer = [0] * cfg.n_rails

    # 6. Route bonus tokens on Porthmadog (if I and/or II are in play), the summit token on
    # Yr Wyddfa (if IV is): their presence follows from the layout (Config.bonus_rails,
    # Config.summit_card); the summit has no owner yet.
    g.summit_owner = NONE

    # 7. Colours: action bar, station counter at 0, surveyor on the bar, 16 markers.
    g.iron = [0, 0]
    g.stone = [0, 0]
    g.rubble = [0, 0]
    g.passengers = [0, 0]
    g.vp = [0, 0]
    g.markers = [box["markers_per_player"]] * 2
    g.stations_built = [0, 0]
    g.tracks_built = [0, 0]
    g.tickets = [0, 0]
    g.surveyor = [BAR, BAR]
    g.pile = [0, 0]
    g.turns_taken = [0, 0]

    # 8. "Nehmt die 5 Aktionskarten eurer Farbe und legt sie mit der goldfarbenen Seite nach
    # oben in die Aussparungen eurer Aktionsleiste."
    g.bar = [NONE] * 10
    g.grey = [0] * 10
    for p in (0, 1):
        for ac in cfg.own_cards[p]:
            g.bar[p * 5 + cfg.ac_cat[ac]] = ac

    # 9. "Entnehmt den übrigen Aktionskarten zufällig je 2 Karten jeder Kategorie ... in den
    # allgemeinen Vorrat." The third neutral card of each category goes back in the box.
    g.supply_cards = 0
    g.box_cards = 0
    for k, neutral in enumerate(cfg.neutral):
        cards = list(neutral)
        bag.arrange(g, f"supply {'ABCDE'[k]}", cards)
        spares = cfg.rules["supply_spares"]
        for ac in cards[:spares]:
            g.supply_cards |= 1 << ac
        for ac in cards[spares:]:
            g.box_cards |= 1 << ac

    # 10. "Bestimmt, wer von euch Startspieler wird ... Diese bleibt das gesamte Spiel über
    # beim selben Spieler. Nehmt euch anschließend in umgekehrter Spielreihenfolge jeweils 2
    # Ressourcen vom Lager ... Das Lager wird (noch) nicht wieder aufgefüllt!"
    g.start = bag.pick(g, "start player", 2) if settings.start_player is None else settings.start_player
    g.player = g.start
    if g.journal is not None:
        log(g, "setup", None, railways=list(railways), removed=[n for n in NUMERALS if n not in railways],
            colours=list(cfg.colours), start_player=g.start, stockyard={"iron": g.yard_i, "stone": g.yard_s},
            supply=[cfg.ac_id[c] for c in range(cfg.n_ac) if g.supply_cards >> c & 1])
    then(g, ("setup_take", 1 - g.start), ("setup_take", g.start), ("turn",))
