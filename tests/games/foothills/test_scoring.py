"""Scoring and the tie (seed 001_c8b34512af30f80d.txt, "Spielende und Wertung",
"Streckenboni")."""

from __future__ import annotations

from snowdonia.games.foothills.title import TITLE

from . import invariants
from .kit import ac, built, card, clear, empty_hands, give, navvy_on, new, ticket


def test_route_bonus_most_stations_porthmadog_counts_for_both_tie_nobody() -> None:
    """Seed 001: "Verteilt zuerst die im Spiel befindlichen Streckenbonusmarken. Wer die
    meisten Stationen in der jeweiligen Strecke errichtet hat, erhält den entsprechenden
    Streckenbonus. Bei Gleichstand wird der Bonus nicht verliehen. Anmerkung:
    Streckenarbeiter werden hierbei ignoriert. Der Streckenbonus wird auch dann verliehen,
    wenn nicht alle Stationen der jeweiligen Strecke errichtet wurden. ... Die Station auf
    der Streckenkarte Porthmadog (I/II-5) zählt für beide Strecken." """
    g = new()
    for cid in ("I-2", "I/II-5", "II-2", "II-3", "I-3"):
        clear(g, cid)
    built(g, 0, "I-2")
    built(g, 0, "I/II-5")
    built(g, 1, "II-2")
    built(g, 1, "II-3")
    navvy_on(g, "I-3")  # navvies are ignored: seat 1 does not gain a station in I
    navvy_on(g, "I-4")
    res = g.result()
    assert res["breakdown"][0]["route_bonus"] == ["I"] and res["breakdown"][0]["lines"]["route_bonus"] == 3
    assert res["breakdown"][1]["route_bonus"] == ["II"]
    # A tie in II (Porthmadog for seat 0 counts there too): nobody gets it.
    clear(g, "II-4")
    built(g, 0, "II-4")
    assert g.result()["breakdown"][1]["route_bonus"] == []
    assert g.result()["breakdown"][0]["route_bonus"] == ["I"]


def test_the_five_scoring_fields_of_the_pile() -> None:
    """Seed 001: "Wertet anschließend die Karten in eurem Wertungsstapel aus ... 1 Siegpunkt
    für jede zweite Passagiermarke in deinem Vorrat, abgerundet ... 1 Siegpunkt für jedes
    zweite Gleis, das du gebaut hast, abgerundet ... 1 Siegpunkt für jede Station, die du
    errichtet hast ... 1 Siegpunkt für jedes Ticket, das du gesammelt hast. ... 1 Siegpunkt
    für jede Karte in deinem Wertungsstapel, einschließlich dieser." (The Aktionskarten still
    in the bar do not count.)"""
    g = new()
    empty_hands(g, 0)
    for cid in ("I-2", "I-3", "I-4", "II-2", "II-3"):
        clear(g, cid)
        built(g, 0, cid)
    give(g, 0, passengers=5)
    ticket(g, 0, "I-1")
    ticket(g, 0, "V-1")
    g.tracks_built[0] = 0
    for cid in ("III-2", "III-3", "IV-2/3"):
        clear(g, cid)
        g.track_owner[g.cfg.card_tracks[card(g, cid)][0]] = 0
        g.markers[0] -= 1
        g.tracks_built[0] += 1
    fields = {g.cfg.ac_scoring[ac(g, c)] for c in ("A1", "B1", "C1", "D1", "E1")}
    assert fields == {"passengers", "tracks", "stations", "tickets", "cards"}
    for cid in ("A1", "B1", "C1", "D1", "E1"):
        a = ac(g, cid)
        g.bar[g.cfg.ac_cat[a]] = -1
        g.pile[0] |= 1 << a
    lines = g.result()["breakdown"][0]["lines"]
    assert lines["pile_passengers"] == 2  # 5 passengers
    assert lines["pile_tracks"] == 1  # 3 tracks
    assert lines["pile_stations"] == 5
    assert lines["pile_tickets"] == 2
    assert lines["pile_cards"] == 5
    assert lines["passengers"] == 2.5  # "Passagiermarken (je ½ Siegpunkt)"
    assert g.result()["breakdown"][0]["total"] == sum(lines.values())
    invariants.check(g)


def test_total_vp_tokens_bonus_passengers_summit() -> None:
    """Seed 001: "Bestimmt dann eure Gesamtpunktzahl, die sich aus den Werten eurer
    Siegpunktmarken, Streckenbonusmarken (je 3 Siegpunkte), Passagiermarken (je ½
    Siegpunkt) sowie der Gipfelmarke (2 Siegpunkte für den Besitzer) zusammensetzt. Wer die
    höhere Gesamtpunktzahl hat, gewinnt." """
    g = new()
    empty_hands(g, 0)
    empty_hands(g, 1)
    g.vp[0], g.vp_supply = 7, g.vp_supply - 7
    give(g, 1, passengers=3)
    g.summit_owner = 1
    res = g.result()
    assert res["scores"] == [7.0, 3.5] and res["winners"] == [0] and not res["tie"]
    assert TITLE.score_lines == tuple(res["breakdown"][0]["lines"])


def test_a_tie_is_a_rematch_with_colours_swapped_the_rematchs_tie_a_draw() -> None:
    """Seed 001: "Tauscht bei Gleichstand die Spielerfarben und wiederholt die Partie mit
    denselben Strecken. Bei erneutem Gleichstand endet die Partie unentschieden." """
    g = new(railways="I,III,IV,V,VI,VIII", start=1)
    empty_hands(g, 0)
    empty_hands(g, 1)
    g.over, g.end_reason = True, "test"
    res = g.result()
    assert res["tie"] and res["winners"] == [0, 1] and not res["draw"]
    assert res["tie_rematch"] == {"railways": "I,III,IV,V,VI,VIII", "colours": "green-blue",
                                  "start_player": 1, "rematch": True}
    again = TITLE.new_game(2, seed=9, **res["tie_rematch"])
    assert again.cfg.railways == g.cfg.railways and again.cfg.colours == ("green", "blue")
    empty_hands(again, 0)
    empty_hands(again, 1)
    again.over, again.end_reason = True, "test"
    res2 = again.result()
    assert res2["tie"] and res2["draw"] and res2["tie_rematch"] is None
