"""The grey sides, one test each (seed 001_c8b34512af30f80d.txt, "Erläuterungen zu den
Nebenaktionen"; the main action's rules apply "soweit anwendbar": "Im Folgenden werden die
Hauptaktionen beschrieben. Ihre Regeln gelten aber - soweit anwendbar - auch für die
Nebenaktionen der entsprechenden Kategorie."). Numbers not in the seed come from
data/action_cards.toml (tagged provisional); the tests read them from there."""

from __future__ import annotations

import ast
from pathlib import Path

from snowdonia.games.foothills.rules import side_actions
from snowdonia.games.foothills.rules.side_actions import SIDE_ACTIONS
from snowdonia.games.foothills.rules.state import BAR, NONE

from . import invariants
from .kit import (
    Script,
    built,
    card,
    clear,
    empty_hands,
    events,
    give,
    lay,
    legal,
    new,
    play,
    put_in_bar,
    restart_turn,
    set_rubble,
    set_yard,
    station,
    ticket,
)


def grey(g, cid: str, p: int = 0) -> None:  # type: ignore[no-untyped-def]
    put_in_bar(g, p, cid, grey=True)
    restart_turn(g, p)


def test_every_side_action_has_its_function_named_after_it() -> None:
    names = {"altmaterial", "grosses_boot", "hafenmarkt", "kleines_boot", "schubkarre", "aushilfe",
             "schwerarbeiter", "stift", "wanderarbeiter", "zeitarbeiter", "kraftpaket", "materialfriedhof",
             "schmied", "teepause", "ziegler", "architekt", "landschaftsplaner", "maurer", "maurergeselle",
             "stahlarbeiter", "aufseher", "bauzeichner", "feldarbeiter", "reiseleiterin", "tourist"}
    assert set(SIDE_ACTIONS) == names
    # Read from the source: a compiled engine's functions carry no docstrings.
    docs = _docstrings(Path(side_actions.__file__).with_name("side_actions.py"))
    for key, fn in SIDE_ACTIONS.items():
        doc = docs.get(fn.__name__)
        assert doc and "Seed" in doc, f"{key}: {fn.__name__} has no docstring quoting the seed"


def _docstrings(path: Path) -> dict[str, str | None]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name: ast.get_docstring(n) for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}


# ------------------------------------------------------------------ A (backs of D)

def test_altmaterial_events_replaced_and_returned_without_event() -> None:
    """Altmaterial (Scrap Metal), blue: "Ereignisklötzchen werden ersetzt und kommen am Ende
    der Aktion zurück in den Stoffbeutel, ohne dass ein Ereignis ausgelöst wird." """
    g = new()
    set_yard(g, 2, 2)
    grey(g, "D1")
    g.chance = Script(["iron", "event", "iron", "stone", "event", "iron", "iron", "stone"])
    play(g, "card D1")
    assert (g.yard_i, g.yard_s, g.yard_e) == (4, 2, 0)  # 6 resources: the 2 events replaced
    assert g.events_aside == 2 and not events(g, "navvy")
    play(g, "take iron=2 stone=0")
    assert g.events_aside == 0 and g.bag_e == 4 and not events(g, "navvy")
    invariants.check(g)


def test_hafenmarkt_blind_from_the_bag_events_replaced() -> None:
    """Hafenmarkt (Harbour Market), green: "Die Klötzchen sind blind aus dem Stoffbeutel zu
    ziehen. Ereignisklötzchen werden ersetzt und kommen am Ende der Aktion zurück in den
    Stoffbeutel, ohne dass ein Ereignis ausgelöst wird." """
    g = new()
    empty_hands(g, 1)
    grey(g, "D2", p=1)
    g.chance = Script(["event", "iron", "stone", "stone"])
    play(g, "card D2")
    assert (g.iron[1], g.stone[1]) == (1, 2)
    assert g.bag_e == 4 and g.yard_e == 0 and not events(g, "navvy")
    assert g.current_player == 0
    invariants.check(g)


def test_grosses_boot_no_refill_with_six_cubes() -> None:
    """Großes Boot (Big Boat): "Das Lager wird nicht aufgefüllt, wenn es bereits 6 oder mehr
    Klötzchen (einschließlich Ereignisklötzchen) enthält." """
    g = new()
    set_yard(g, 3, 2, events=1)
    grey(g, "D3")
    play(g, "card D3")
    assert events(g, "no_refill") and (g.yard_i, g.yard_s) == (3, 2)
    assert g.decision == "take" and legal(g)[0] == "take iron=2 stone=0"
    g2 = new()
    set_yard(g2, 3, 2, events=0)
    grey(g2, "D3")
    g2.chance = Script(["iron"] * 6)
    play(g2, "card D3")
    assert g2.yard_i == 9 and events(g2, "refill")


def test_kleines_boot_even_with_six_cubes_no_resource() -> None:
    """Kleines Boot (Small Boat): "Die Aktion kann auch dann genutzt werden, wenn sich bereits 6
    (oder mehr) Klötzchen im Lager befinden. Du erhältst hierüber keine Ressource." """
    g = new()
    set_yard(g, 4, 2)
    grey(g, "D4")
    before = (g.iron[0], g.stone[0])
    g.chance = Script(["stone", "stone", "iron"])
    play(g, "card D4")
    assert (g.yard_i, g.yard_s) == (5, 4) and (g.iron[0], g.stone[0]) == before
    assert g.decision == "flip"  # provisional: it lets you flip another card
    play(g, "pass")
    invariants.check(g)


def test_schubkarre_needs_a_ticket() -> None:
    """Schubkarre (Wheelbarrow): "Um diese Aktion auswählen zu dürfen, wird mindestens ein
    Ticket benötigt." """
    g = new()
    set_yard(g, 4, 2)
    grey(g, "D5")
    assert "card D5" not in legal(g)
    ticket(g, 0, "I-1")
    restart_turn(g, 0)
    play(g, "card D5")
    assert legal(g)[0] == "take iron=4 stone=0"


# ------------------------------------------------------------------ B (backs of E)

def test_stift_two_rubble_and_a_flip() -> None:
    """Stift (Apprentice), blue: "Bedarf keiner Erläuterung." """
    g = new()
    grey(g, "E1")
    play(g, "card E1", "rubble V")
    assert g.card_rubble[card(g, "V-2")] == 1 and g.rubble[0] == 2
    assert g.decision == "flip"


def test_aushilfe_one_or_two_railways() -> None:
    """Aushilfe (Helper), green: "Das Geröll kann aus einer oder aus zwei unterschiedlichen
    Strecken entfernt werden." """
    g = new()
    empty_hands(g, 1)
    grey(g, "E2", p=1)
    play(g, "card E2", "rubble I")
    assert g.decision == "rubble"
    play(g, "rubble V")
    assert g.card_rubble[card(g, "I-2")] == 0 and g.card_rubble[card(g, "V-2")] == 1
    assert g.rubble[1] == 4 and g.vp[1] == 1
    g2 = new()
    empty_hands(g2, 1)
    grey(g2, "E2", p=1)
    play(g2, "card E2", "rubble V", "rubble V")  # both from the same railway
    assert g2.card_rubble[card(g2, "V-2")] == 0 and g2.card_rubble[card(g2, "V-3/4")] == 2


def test_schwerarbeiter_only_ticket_railways_else_the_supply() -> None:
    """Schwerarbeiter (Heavy Labourer): "Um diese Aktion auswählen zu dürfen, wird mindestens
    ein Ticket benötigt. Befindet sich in den Strecken, für die du ein Ticket hast, kein
    Geröll mehr, erhältst du es aus dem allgemeinen Vorrat." A Llanberis ticket covers III
    and IV."""
    g = new()
    grey(g, "E3")
    assert "card E3" not in legal(g)
    ticket(g, 0, "III/IV-1")
    restart_turn(g, 0)
    play(g, "card E3")
    assert legal(g) == ["rubble III", "rubble IV"]
    g2 = new()
    ticket(g2, 0, "V-1")
    clear(g2, "V-2", "V-3/4")
    empty_hands(g2, 0)
    grey(g2, "E3")
    play(g2, "card E3")  # no rubble in V: from the supply, at once
    assert g2.rubble[0] == g2.cfg.params["schwerarbeiter"].amount


def test_wanderarbeiter_rubble_and_a_passenger() -> None:
    """Wanderarbeiter (Itinerant Worker): "Bedarf keiner Erläuterung." """
    g = new()
    empty_hands(g, 0)
    grey(g, "E4")
    play(g, "card E4", "rubble VI")
    assert g.rubble[0] == 3 and g.passengers[0] == 1


def test_zeitarbeiter_the_vp_stay_with_you() -> None:
    """Zeitarbeiter (Temp Worker): "Schaufelst du hierbei eine Karte frei, erhältst du den
    Siegpunkt, nicht der Mitspieler." """
    g = new()
    empty_hands(g, 0)
    empty_hands(g, 1)
    grey(g, "E5")
    play(g, "card E5", "rubble V")  # 3 from Llangower (cleared), 2 from Llanuwchllyn
    assert g.rubble == [3, 2] and g.vp == [1, 0]
    invariants.check(g)


# ------------------------------------------------------------------ C (backs of A)

def test_materialfriedhof_any_two_resources_no_swap() -> None:
    """Materialfriedhof (Scrapyard), blue: "Das Gleis kostet wahlweise 2 Eisen, 2 Steine oder
    1 Eisen und 1 Stein. Steintausch ist mit dieser Aktion nicht möglich." """
    g = new()
    clear(g, "I-2")
    empty_hands(g, 0)
    give(g, 0, iron=1, stone=3, rubble=4)
    grey(g, "A1")
    play(g, "card A1")
    assert legal(g) == ["track I iron=1 stone=1", "track I iron=0 stone=2"]
    play(g, "track I iron=1 stone=1")
    assert (g.iron[0], g.stone[0], g.vp[0]) == (0, 2, 1)


def test_kraftpaket_tracks_for_one_iron() -> None:
    """Kraftpaket (Powerhouse), green: "Bedarf keiner Erläuterung." The effect is provisional
    (data/action_cards.toml): up to 2 tracks for 1 iron each."""
    g = new()
    clear(g, "I-2", "I-3")
    empty_hands(g, 1)
    give(g, 1, iron=2)
    grey(g, "A2", p=1)
    play(g, "card A2")  # the first track is the only option: laid at once
    assert legal(g) == ["track I", "pass"]
    play(g, "track I")
    assert g.iron[1] == 0 and g.tracks_built[1] == 2 and g.vp[1] == 2


def test_teepause_track_or_swap_then_flip() -> None:
    """Teepause (Tea Break), card A3: "Baue 1 Gleis für 2 Eisen oder tausche 2 Geröll gegen 1
    Stein. Danach kannst du eine andere Aktionskarte umdrehen." """
    g = new()
    clear(g, "I-2")
    empty_hands(g, 0)
    set_yard(g, 1, 1)
    give(g, 0, iron=2, rubble=2)
    grey(g, "A3")
    play(g, "card A3")
    assert legal(g) == ["track I", "stone from yard", "stone from bag"]
    play(g, "track I")
    assert g.decision == "flip"  # one choice only, then the flip of another card


def test_schmied_needs_a_ticket_no_swap() -> None:
    """Schmied (Blacksmith): "Um diese Aktion auswählen zu dürfen, wird mindestens ein Ticket
    benötigt. Steintausch ist mit dieser Aktion nicht möglich." """
    g = new()
    clear(g, "I-2")
    empty_hands(g, 0)
    give(g, 0, iron=2, rubble=2)
    grey(g, "A4")
    assert "card A4" not in legal(g)
    ticket(g, 0, "I-1")
    restart_turn(g, 0)
    play(g, "card A4")
    assert g.tracks_built[0] == 1 and g.vp[0] == g.cfg.params["schmied"].track_vp == 2


def test_ziegler_no_track() -> None:
    """Ziegler (Brickmaker): "Gleisbau ist mit dieser Aktion nicht möglich." """
    g = new()
    clear(g, "I-2")
    empty_hands(g, 0)
    set_yard(g, 1, 1)
    give(g, 0, iron=2, rubble=2)
    grey(g, "A5")
    play(g, "card A5")
    assert legal(g) == ["stone from yard", "stone from bag"]  # no track, although I-2 is free
    play(g, "stone from yard", "stone from bag")
    assert (g.stone[0], g.rubble[0], g.tracks_built[0]) == (2, 0, 0)
    assert g.current_player == 1


# ------------------------------------------------------------------ D (backs of B)

def test_architekt_needs_a_ticket_one_extra_resource() -> None:
    """Architekt (Architect): "Um diese Aktion auswählen zu dürfen, wird mindestens ein Ticket
    benötigt. Die Aktion kostet eine Ressource, die zusätzlich zu den normalen Kosten der
    Station fällig ist." Tan-y-Bwlch: 1 iron + 1 stone, +1 of your choice."""
    g = new()
    clear(g, "I-2")
    empty_hands(g, 0)
    give(g, 0, iron=2, stone=1)
    ticket(g, 0, "I-1")
    grey(g, "B3")
    play(g, "card B3")
    assert g.station_owner[station(g, "I-2")] == 0  # only +iron is affordable: at once
    assert g.iron[0] == 0 and g.vp[0] == 2 + 2


def test_landschaftsplaner_two_extra_rubble() -> None:
    """Landschaftsplaner (Landscaper), blue: "Die Aktion kostet 2 Geröll, die zusätzlich zu den
    normalen Kosten der Station fällig sind." """
    g = new()
    clear(g, "I-2")
    empty_hands(g, 0)
    give(g, 0, iron=1, stone=1, rubble=1)
    grey(g, "B1")
    assert "card B1" not in legal(g)
    give(g, 0, rubble=1)
    restart_turn(g, 0)
    play(g, "card B1")
    assert g.rubble[0] == 0 and g.station_owner[station(g, "I-2")] == 0


def test_maurer_needs_a_ticket() -> None:
    """Maurer (Mason), green: "Um diese Aktion auswählen zu dürfen, wird mindestens ein Ticket
    benötigt." """
    g = new()
    clear(g, "I-2")
    empty_hands(g, 1)
    give(g, 1, iron=1, stone=1)
    grey(g, "B2", p=1)
    assert "card B2" not in legal(g)
    ticket(g, 1, "II-1")
    restart_turn(g, 1)
    play(g, "card B2")
    assert legal(g) == ["build I-2 -iron", "build I-2 -stone"]
    play(g, "build I-2 -stone")
    assert (g.iron[1], g.stone[1]) == (0, 1)


def test_maurergeselle_no_reward_but_the_space() -> None:
    """Maurergeselle (Journeyman Mason): "Falls es eine Prämie gäbe, erhältst du sie nicht. Du
    kannst aber, sofern vorhanden, die Vermesseraktion bzw. den Effekt der Karte nutzen." """
    g = new()
    clear(g, "I-2")
    empty_hands(g, 0)
    set_yard(g, 2, 2)
    give(g, 0, iron=1, stone=1)
    grey(g, "B4")
    play(g, "card B4", "build I-2 -iron")
    assert g.vp[0] == 0  # no reward
    assert legal(g) == ["surveyor I-2", "pass"]
    play(g, "surveyor I-2")
    assert g.decision == "gain"


def test_stahlarbeiter_ticket_and_own_track_any_station_of_that_railway() -> None:
    """Stahlarbeiter (Steelworker): "Um diese Aktion auswählen zu dürfen, wird mindestens ein
    Ticket sowie mindestens ein eigenes Gleis in der entsprechenden Strecke benötigt. Ist dies
    gegeben, kannst du eine beliebige verfügbare Station innerhalb dieser Strecke errichten -
    es muss nicht die Station unterhalb deines Gleises sein." """
    g = new()
    clear(g, "I-2", "I-4", "II-2")
    empty_hands(g, 0)
    give(g, 0, stone=3, rubble=2)
    grey(g, "B5")
    assert "card B5" not in legal(g)
    ticket(g, 0, "I-1")
    lay(g, 0, "I-2")
    restart_turn(g, 0)
    play(g, "card B5")
    assert legal(g) == ["build I-2", "build I-4"]  # not II-2: no ticket/track there; no iron paid
    play(g, "build I-4")
    assert g.station_owner[station(g, "I-4")] == 0 and g.stone[0] == 2


# ------------------------------------------------------------------ E (backs of C)

def test_aufseher_needs_a_ticket_may_share_a_space() -> None:
    """Aufseher (Overseer), blue: "Um diese Aktion auswählen zu dürfen, wird mindestens ein
    Ticket benötigt." (Provisional effect: it may use a space the other surveyor occupies.)"""
    g = new()
    g.surveyor[1] = card(g, "II-1")
    grey(g, "C1")
    assert "card C1" not in legal(g)
    ticket(g, 0, "I-1")
    restart_turn(g, 0)
    play(g, "card C1")
    assert "surveyor II-1" in legal(g) and "pub" not in legal(g)


def test_bauzeichner_no_pub_and_a_flip() -> None:
    """Bauzeichner (Draughtsman): "Bedarf keiner Erläuterung." """
    g = new()
    clear(g, "I-2")
    built(g, 0, "I-2")
    grey(g, "C3")
    play(g, "card C3")
    assert "pub" not in legal(g) and "surveyor bar" not in legal(g)
    play(g, "surveyor V-1")
    assert g.decision == "flip"


def test_feldarbeiter_adjacent_only_from_the_pub_any_start_never_into_the_pub() -> None:
    """Feldarbeiter (Field Worker): "Doppelkarten können zu bis zu 6 Karten benachbart sein.
    Befindet sich der Vermesser im Pub, kann er auf eine beliebige Startstation versetzt
    werden. Ins Pub kann er hierüber nicht versetzt werden." """
    g = new()
    two = card(g, "IV-2/3")
    assert sorted(g.cfg.cards[c].id for c in g.cfg.adjacent[two]) == [
        "III-2", "III-3", "III/IV-1", "IV-4", "V-2", "V-3/4"]  # six neighbours
    for cid in ("I-2", "I-3", "II-2"):
        clear(g, cid)
        built(g, 1, cid)
    g.surveyor[0] = card(g, "I-2")
    give(g, 0, rubble=2)  # I-3's space costs 2 rubble
    grey(g, "C4")
    play(g, "card C4")
    assert legal(g) == ["surveyor I-1", "surveyor I-3", "surveyor II-2"]
    g.surveyor[0] = -2  # in the Pub
    restart_turn(g, 0)
    play(g, "card C4")
    assert legal(g) == ["surveyor I-1", "surveyor II-1", "surveyor III/IV-1", "surveyor V-1", "surveyor VI-1"]
    vp = g.vp[0]
    play(g, "surveyor VI-1")
    assert g.vp[0] == vp + 1


def test_reiseleiterin_the_surveyor_stays() -> None:
    """Reiseleiterin (Tour Guide): "Dein Vermesser bleibt, wo er ist. Seine Aktion kannst du
    nicht noch einmal nutzen." """
    g = new()
    g.surveyor[0] = card(g, "V-1")
    grey(g, "C5")
    play(g, "card C5")
    assert "surveyor V-1" not in legal(g)
    rubble = g.rubble[0]
    play(g, "surveyor VI-1")
    assert g.surveyor[0] == card(g, "V-1") and g.passengers[0] == 1 and g.rubble[0] == rubble
    assert g.tickets[0] == 1 << g.cfg.ticket_kind[card(g, "VI-1")]


def test_reiseleiterin_only_spaces_it_can_use() -> None:
    """Reiseleiterin (Tour Guide): "Dein Vermesser bleibt, wo er ist." Its action is only the
    use of a space, with no move, so a space whose action cannot be carried out offers it
    nothing (step 2: "Könnt ihr keinen Teil der Aktion ausführen, dürft ihr die
    entsprechende Karte nicht für euren Spielzug wählen"). Penrhyn (I-3) costs 2 rubble."""
    g = new()
    clear(g, "I-3")
    built(g, 1, "I-3")
    empty_hands(g, 0)
    grey(g, "C5")
    play(g, "card C5")
    assert "surveyor I-3" not in legal(g)
    g.surveyor[0] = BAR
    give(g, 0, rubble=2)
    grey(g, "C5")
    play(g, "card C5", "surveyor I-3")
    assert g.surveyor[0] == BAR and g.vp[0] == 2 and g.rubble[0] == 0


def test_tourist_a_passenger_more() -> None:
    """Tourist, green: "Bedarf keiner Erläuterung." """
    g = new()
    empty_hands(g, 1)
    grey(g, "C2", p=1)
    play(g, "card C2", "surveyor VI-1")
    assert g.passengers[1] == 2  # the start bonus and the Tourist's
    assert g.surveyor[1] == card(g, "VI-1") and g.surveyor[0] == BAR
    set_rubble(g, "I-2", 2)
    assert g.station_owner[station(g, "I-2")] == NONE
