"""The grey sides: one function per side action, named after it (seed 001 "Erläuterungen zu
den Nebenaktionen"). The rules of the main action of a category apply to its side actions
"soweit anwendbar"; so each side action hands its parameters (data/action_cards.toml) to
its category's family, and only what the seed says differently lives in the parameters.
Side actions of category A are printed on the back of D cards, B on E, C on A, D on B and
E on C.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from snowdonia.games.foothills.rules import rubble, stations, stockyard, surveyor, track
from snowdonia.games.foothills.rules.state import State

# ------------------------------------------------------------------ A: Ressourcen nehmen


def altmaterial(g: State, p: int) -> None:
    """Altmaterial (Scrap Metal), blue. Seed: "Ereignisklötzchen werden ersetzt und kommen am
    Ende der Aktion zurück in den Stoffbeutel, ohne dass ein Ereignis ausgelöst wird." """
    stockyard.take_family(g, p, g.cfg.params["altmaterial"])


def hafenmarkt(g: State, p: int) -> None:
    """Hafenmarkt (Harbour Market), green. Seed: "Die Klötzchen sind blind aus dem Stoffbeutel
    zu ziehen. Ereignisklötzchen werden ersetzt ... ohne dass ein Ereignis ausgelöst wird." """
    stockyard.take_family(g, p, g.cfg.params["hafenmarkt"])


def grosses_boot(g: State, p: int) -> None:
    """Großes Boot (Big Boat), neutral. Seed: "Das Lager wird nicht aufgefüllt, wenn es bereits
    6 oder mehr Klötzchen (einschließlich Ereignisklötzchen) enthält." """
    stockyard.take_family(g, p, g.cfg.params["grosses_boot"])


def kleines_boot(g: State, p: int) -> None:
    """Kleines Boot (Small Boat), neutral. Seed: "Die Aktion kann auch dann genutzt werden,
    wenn sich bereits 6 (oder mehr) Klötzchen im Lager befinden. Du erhältst hierüber keine
    Ressource." """
    stockyard.take_family(g, p, g.cfg.params["kleines_boot"])


def schubkarre(g: State, p: int) -> None:
    """Schubkarre (Wheelbarrow), neutral. Seed: "Um diese Aktion auswählen zu dürfen, wird
    mindestens ein Ticket benötigt." """
    stockyard.take_family(g, p, g.cfg.params["schubkarre"])


# ------------------------------------------------------------------ B: Geröll entfernen


def aushilfe(g: State, p: int) -> None:
    """Aushilfe (Helper), green. Seed: "Das Geröll kann aus einer oder aus zwei
    unterschiedlichen Strecken entfernt werden." """
    rubble.rubble_family(g, p, g.cfg.params["aushilfe"])


def schwerarbeiter(g: State, p: int) -> None:
    """Schwerarbeiter (Heavy Labourer), neutral. Seed: "Um diese Aktion auswählen zu dürfen,
    wird mindestens ein Ticket benötigt. Befindet sich in den Strecken, für die du ein Ticket
    hast, kein Geröll mehr, erhältst du es aus dem allgemeinen Vorrat." """
    rubble.rubble_family(g, p, g.cfg.params["schwerarbeiter"])


def stift(g: State, p: int) -> None:
    """Stift (Apprentice), blue. Seed: "Bedarf keiner Erläuterung." """
    rubble.rubble_family(g, p, g.cfg.params["stift"])


def wanderarbeiter(g: State, p: int) -> None:
    """Wanderarbeiter (Itinerant Worker), neutral. Seed: "Bedarf keiner Erläuterung." """
    rubble.rubble_family(g, p, g.cfg.params["wanderarbeiter"])


def zeitarbeiter(g: State, p: int) -> None:
    """Zeitarbeiter (Temp Worker), neutral. Seed: "Schaufelst du hierbei eine Karte frei,
    erhältst du den Siegpunkt, nicht der Mitspieler." """
    rubble.rubble_family(g, p, g.cfg.params["zeitarbeiter"])


# ------------------------------------------------------------------ C: Gleisbau und Steintausch


def kraftpaket(g: State, p: int) -> None:
    """Kraftpaket (Powerhouse), green. Seed: "Bedarf keiner Erläuterung." """
    track.works_family(g, p, "kraftpaket")


def materialfriedhof(g: State, p: int) -> None:
    """Materialfriedhof (Scrapyard), blue. Seed: "Das Gleis kostet wahlweise 2 Eisen, 2 Steine
    oder 1 Eisen und 1 Stein. Steintausch ist mit dieser Aktion nicht möglich." """
    track.works_family(g, p, "materialfriedhof")


def schmied(g: State, p: int) -> None:
    """Schmied (Blacksmith), neutral. Seed: "Um diese Aktion auswählen zu dürfen, wird
    mindestens ein Ticket benötigt. Steintausch ist mit dieser Aktion nicht möglich." """
    track.works_family(g, p, "schmied")


def teepause(g: State, p: int) -> None:
    """Teepause (Tea Break), neutral (card A3). Seed: "Bedarf keiner Erläuterung"; the card:
    "Baue 1 Gleis für 2 Eisen oder tausche 2 Geröll gegen 1 Stein. Danach kannst du eine
    andere Aktionskarte umdrehen." """
    track.works_family(g, p, "teepause")


def ziegler(g: State, p: int) -> None:
    """Ziegler (Brickmaker), neutral. Seed: "Gleisbau ist mit dieser Aktion nicht möglich." """
    track.works_family(g, p, "ziegler")


# ------------------------------------------------------------------ D: Eine Station errichten


def architekt(g: State, p: int) -> None:
    """Architekt (Architect), neutral. Seed: "Um diese Aktion auswählen zu dürfen, wird
    mindestens ein Ticket benötigt. Die Aktion kostet eine Ressource, die zusätzlich zu den
    normalen Kosten der Station fällig ist." """
    stations.station_family(g, p, "architekt")


def landschaftsplaner(g: State, p: int) -> None:
    """Landschaftsplaner (Landscaper), blue. Seed: "Die Aktion kostet 2 Geröll, die zusätzlich
    zu den normalen Kosten der Station fällig sind." """
    stations.station_family(g, p, "landschaftsplaner")


def maurer(g: State, p: int) -> None:
    """Maurer (Mason), green. Seed: "Um diese Aktion auswählen zu dürfen, wird mindestens ein
    Ticket benötigt." """
    stations.station_family(g, p, "maurer")


def maurergeselle(g: State, p: int) -> None:
    """Maurergeselle (Journeyman Mason), neutral. Seed: "Falls es eine Prämie gäbe, erhältst
    du sie nicht. Du kannst aber, sofern vorhanden, die Vermesseraktion bzw. den Effekt der
    Karte nutzen." """
    stations.station_family(g, p, "maurergeselle")


def stahlarbeiter(g: State, p: int) -> None:
    """Stahlarbeiter (Steelworker), neutral. Seed: "Um diese Aktion auswählen zu dürfen, wird
    mindestens ein Ticket sowie mindestens ein eigenes Gleis in der entsprechenden Strecke
    benötigt. Ist dies gegeben, kannst du eine beliebige verfügbare Station innerhalb dieser
    Strecke errichten - es muss nicht die Station unterhalb deines Gleises sein." """
    stations.station_family(g, p, "stahlarbeiter")


# ------------------------------------------------------------------ E: Den Vermesser versetzen


def aufseher(g: State, p: int) -> None:
    """Aufseher (Overseer), blue. Seed: "Um diese Aktion auswählen zu dürfen, wird mindestens
    ein Ticket benötigt." """
    surveyor.surveyor_family(g, p, "aufseher")


def bauzeichner(g: State, p: int) -> None:
    """Bauzeichner (Draughtsman), neutral. Seed: "Bedarf keiner Erläuterung." """
    surveyor.surveyor_family(g, p, "bauzeichner")


def feldarbeiter(g: State, p: int) -> None:
    """Feldarbeiter (Field Worker), neutral. Seed: "Doppelkarten können zu bis zu 6 Karten
    benachbart sein. Befindet sich der Vermesser im Pub, kann er auf eine beliebige
    Startstation versetzt werden. Ins Pub kann er hierüber nicht versetzt werden." """
    surveyor.surveyor_family(g, p, "feldarbeiter")


def reiseleiterin(g: State, p: int) -> None:
    """Reiseleiterin (Tour Guide), neutral. Seed: "Dein Vermesser bleibt, wo er ist. Seine
    Aktion kannst du nicht noch einmal nutzen." """
    surveyor.surveyor_family(g, p, "reiseleiterin")


def tourist(g: State, p: int) -> None:
    """Tourist (Tourist), green. Seed: "Bedarf keiner Erläuterung." """
    surveyor.surveyor_family(g, p, "tourist")


SIDE_ACTIONS: Final[dict[str, Callable[[State, int], None]]] = {
    f.__name__: f for f in (
        altmaterial, hafenmarkt, grosses_boot, kleines_boot, schubkarre,
        aushilfe, schwerarbeiter, stift, wanderarbeiter, zeitarbeiter,
        kraftpaket, materialfriedhof, schmied, teepause, ziegler,
        architekt, landschaftsplaner, maurer, maurergeselle, stahlarbeiter,
        aufseher, bauzeichner, feldarbeiter, reiseleiterin, tourist,
    )
}
