"""Set-up (seed 001_c8b34512af30f80d.txt, "Spielvorbereitung" steps 1-10)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from snowdonia.core.errors import SettingsError
from snowdonia.games.foothills.data import NUMERALS, components
from snowdonia.games.foothills.rules.state import BAR, NONE
from snowdonia.games.foothills.title import TITLE

from . import invariants
from .kit import ALL_BUT_VII_VIII, card, legal, new


def test_step_1_six_railways_two_left_out_at_random() -> None:
    """Seed 001 step 1: "Entnehmt den Streckenkarten 6 zufällig gewählte Strecken. (Es gibt
    insgesamt 8 Strecken. Jede Strecke setzt sich aus 2 bis 7 Karten zusammen.) Legt die
    Streckenkarten der beiden nicht verwendeten Strecken zurück in die Spielschachtel." """
    removed: Counter[tuple[str, ...]] = Counter()
    for seed in range(300):
        g = TITLE.new_game(2, seed=seed)
        assert len(g.cfg.railways) == 6
        out = tuple(n for n in NUMERALS if n not in g.cfg.railways)
        removed[out] += 1
        obs = g.observation()
        assert obs["removed_railways"] == list(out)
        assert {c["id"] for c in obs["cards"]} == {
            x.id for x in components().cards if set(x.railways) & set(g.cfg.railways)}
    assert len(removed) > 20  # every pair can be left out


def test_step_1_railways_chosen_by_setting_and_laid_in_rows_by_numeral() -> None:
    """Seed 001 step 1: "Es spielt keine Rolle, auf welche Weise ihr die Strecken auswählt."
    "Legt die gewählten Strecken an Hand der römischen Zahlen auf den Karten in Reihen
    zwischen euch aus ... so, dass alle Karten mit derselben arabischen Zahl in derselben
    Spalte liegen." """
    g = TITLE.new_game(2, seed=5, railways="VIII,II,V,I,VI,III")
    assert g.cfg.railways == ("I", "II", "III", "V", "VI", "VIII")
    obs = g.observation()
    assert [r["numeral"] for r in obs["railways"]] == ["I", "II", "III", "V", "VI", "VIII"]
    tan = next(c for c in obs["cards"] if c["id"] == "I-2")
    assert tan["columns"] == [2] and tan["rows"] == [0]
    with pytest.raises(SettingsError):
        TITLE.new_game(2, seed=5, railways="I,II,III")
    with pytest.raises(SettingsError):
        TITLE.new_game(2, seed=5, railways="I,I,II,III,IV,V")


def test_shared_cards_belong_to_two_railways_at_half_height() -> None:
    """Seed 001: "Porthmadog (I/II-5) und Llanberis (III/IV-1) gehören zu zwei Strecken. Sind
    beide Strecken im Spiel, wird die Karte auf halber Höhe ausgelegt." """
    g = new()
    cfg = g.cfg
    p = card(g, "I/II-5")
    assert cfg.card_rows[p] == [0, 1] and cfg.card_vpos[p] == 0.5
    assert cfg.rail_cards[cfg.rail_index["I"]][-1] == p == cfg.rail_cards[cfg.rail_index["II"]][-1]
    llan = card(g, "III/IV-1")
    assert cfg.rail_start[cfg.rail_index["III"]] == llan == cfg.rail_start[cfg.rail_index["IV"]]
    g2 = new(railways="I,III,IV,V,VI,VII")
    assert g2.cfg.card_rows[card(g2, "I/II-5")] == [0]  # only railway I: in its row


def test_double_cards_count_as_one_card_over_two_columns() -> None:
    """Seed 001 "Doppelkarten": "Es gibt sieben Streckenkarten, die sich über zwei
    Einzelkarten erstrecken ... Diese so genannten Doppelkarten gelten als eine einzige
    Streckenkarte mit einem Gleisfeld, zwei oder drei Stationen und einem Aktionsfeld oder
    Effekt. (Doppelkarten erstrecken sich über zwei Spalten der Auslage.)" """
    doubles = [c for c in components().cards if c.double]
    assert len(doubles) == 7
    for c in doubles:
        assert c.tracks == 1 and 2 <= len(c.stations) <= 3
        assert (c.space is None) != (c.effect is None)
        assert c.columns[1] == c.columns[0] + 1
    assert {c.id for c in doubles} >= {"IV-2/3", "VIII-4"}


def test_step_2_two_tickets_on_each_start_station() -> None:
    """Seed 001 step 2: "Legt auf die Startstation jeder Strecke (d. h., die linke Karte
    jeder Reihe ...) die 2 Tickets der entsprechenden Farbe." """
    g = new()
    starts = [c for c in range(g.cfg.n_cards) if g.cfg.is_start[c] and g.cfg.in_play[c]]
    # I, II, III/IV (Llanberis, one card for two railways), V, VI
    assert sorted(g.cfg.cards[c].id for c in starts) == ["I-1", "II-1", "III/IV-1", "V-1", "VI-1"]
    assert all(g.tickets_left[c] == 2 for c in starts)
    assert sum(g.tickets_left) == 10


def test_step_4_six_resources_drawn_before_the_event_cubes_go_in() -> None:
    """Seed 001 step 4: "Entnehmt dem Beutel zufällig 6 Ressourcen und legt sie auf das
    Lagerplättchen. Mischt danach die weißen Ereignisklötzchen unter die Klötzchen im
    Beutel." """
    for seed in range(40):
        g = TITLE.new_game(2, seed=seed)
        assert g.yard_i + g.yard_s == 6 and g.yard_e == 0
        assert g.bag_e == 4
        assert g.bag_i + g.yard_i == 20 and g.bag_s + g.yard_s == 16


def test_step_5_rubble_as_printed_and_step_6_tokens() -> None:
    """Seed 001 step 5: "Verteilt auf die Gleisfelder der Streckenkarten Geröllklötzchen
    entsprechend der Vorgaben auf den Gleisfeldern." Step 6: "Befinden sich unter den
    Strecken der Auslage die Ffestiniog Railway (I) und/oder die Welsh Highland Railway
    (II), so legt die entsprechenden Streckenbonusmarken auf die Streckenkarte Porthmadog
    (I/II-5). Befindet sich die Snowdon Mountain Railway (IV) in der Auslage, so legt die
    Gipfelmarke auf die Streckenkarte Yr Wyddfa (IV-5)." """
    g = new()
    for c, data in enumerate(g.cfg.cards):
        assert g.card_rubble[c] == (data.rubble if g.cfg.in_play[c] else 0)
    assert g.card_rubble[card(g, "V-2")] == 3  # Llangower: the seed's example
    obs = g.observation()
    port = next(c for c in obs["cards"] if c["id"] == "I/II-5")
    assert port["route_bonus_tokens"] == ["I", "II"]
    assert next(c for c in obs["cards"] if c["id"] == "IV-5")["summit_token"] is True
    g2 = TITLE.new_game(2, seed=1, railways="II,III,V,VI,VII,VIII")
    assert g2.observation()["summit"]["in_play"] is False
    assert [b["railway"] for b in g2.observation()["route_bonus"]] == ["II"]


def test_step_5_the_rubble_left_over_goes_to_the_supply_for_every_layout() -> None:
    """Seed 001 step 5: "Verteilt auf die Gleisfelder der Streckenkarten Geröllklötzchen
    entsprechend der Vorgaben auf den Gleisfeldern. Legt die übrig gebliebenen
    Geröllklötzchen in den allgemeinen Vorrat." Rubble is left over whichever six railways
    are laid out: the set-up never needs a substitute ("Geröll, Passagiere und Siegpunkte
    sollten in ausreichender Zahl vorhanden sein"). The box used to hold 45 rubble, fewer
    than six railways put on their track spaces (up to 64)."""
    box = components().box["rubble"]
    for removed in combinations(NUMERALS, 2):
        rails = ",".join(n for n in NUMERALS if n not in removed)
        g = TITLE.new_game(2, seed=3, railways=rails)
        obs = g.observation()
        on_cards = sum(c["rubble"] for c in obs["cards"])
        assert obs["supply"]["substitutes"]["rubble"] == 0, rails
        assert obs["supply"]["rubble"] == box - on_cards > 0, rails


def test_steps_7_and_8_colours_bars_markers_surveyors() -> None:
    """Seed 001 steps 7-8: "Wählt eine Spielerfarbe (blau oder grün) und nehmt euch die
    Aktionsleiste, die Zählmarke, die Vermesserfigur sowie die 16 Gleis-/Stationsmarken in
    dieser Farbe. Stellt den Vermesser auf das vorgesehene Feld der Aktionsleiste und legt
    die Zählmarke an das Feld 0 der Stationsleiste. Nehmt die 5 Aktionskarten eurer Farbe
    und legt sie mit der goldfarbenen Seite nach oben in die Aussparungen eurer
    Aktionsleiste." """
    g = new(colours="green-blue")
    assert g.cfg.colours == ("green", "blue")
    for p, colour in enumerate(("green", "blue")):
        assert g.markers[p] == 16 and g.stations_built[p] == 0 and g.surveyor[p] == BAR
        bar = g.bar[p * 5:p * 5 + 5]
        assert [g.cfg.ac_cat[a] for a in bar] == [0, 1, 2, 3, 4]
        assert all(g.cfg.ac_colour[a] == colour for a in bar)
        assert g.grey[p * 5:p * 5 + 5] == [0] * 5


def test_step_9_two_random_spares_per_category_face_up() -> None:
    """Seed 001 step 9: "Entnehmt den übrigen Aktionskarten zufällig je 2 Karten jeder
    Kategorie, A - E, und legt sie mit der goldfarbenen Seite nach oben in den allgemeinen
    Vorrat." """
    seen: set[int] = set()
    for seed in range(30):
        g = TITLE.new_game(2, seed=seed)
        supply = [a for a in range(25) if g.supply_cards >> a & 1]
        assert Counter(g.cfg.ac_cat[a] for a in supply) == Counter({k: 2 for k in range(5)})
        assert all(g.cfg.ac_colour[a] == "neutral" for a in supply)
        assert g.box_cards.bit_count() == 5
        seen.update(supply)
        obs = g.observation()
        assert all("gold" in c and "grey" in c for c in obs["supply_cards"])
    assert len(seen) == 15  # every neutral card can be a spare


def test_step_10_reverse_turn_order_takes_two_each_without_refill() -> None:
    """Seed 001 step 10: "Bestimmt, wer von euch Startspieler wird ... Diese bleibt das
    gesamte Spiel über beim selben Spieler. Nehmt euch anschließend in umgekehrter
    Spielreihenfolge jeweils 2 Ressourcen vom Lager und legt sie in euren Vorrat. Das Lager
    wird (noch) nicht wieder aufgefüllt!" """
    g = TITLE.new_game(2, seed=3, railways=ALL_BUT_VII_VIII, start_player=1)
    assert g.start == 1
    assert g.decision == "setup_take" and g.current_player == 0  # the second player first
    assert all(sum(int(x.split("=")[1]) for x in a.split()[1:]) == 2 for a in legal(g))
    g.apply(legal(g)[0])
    if g.decision == "setup_take":  # (taken automatically when only one mix is left)
        assert g.current_player == 1
        g.apply(legal(g)[-1])
    assert g.yard_i + g.yard_s == 2  # not refilled
    assert g.iron[0] + g.stone[0] == 2 and g.iron[1] + g.stone[1] == 2
    assert g.decision == "card" and g.current_player == 1 == g.player
    invariants.check(g)


def test_start_player_random_when_not_chosen() -> None:
    """Seed 001 step 10: a start player is chosen ("z. B. wer zuletzt im Garten Erde
    umgegraben hat"); the engine draws one when the setting says random."""
    starts = Counter(TITLE.new_game(2, seed=s).start for s in range(200))
    assert starts[0] > 60 and starts[1] > 60


def test_surveyors_start_on_the_bar_and_markers_accounted() -> None:
    g = new()
    assert g.surveyor == [BAR, BAR] and g.summit_owner == NONE
    invariants.check(g)
