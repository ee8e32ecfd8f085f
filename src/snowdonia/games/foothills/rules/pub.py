"""Das Pub — the scoring pile and replacement cards (seed 001 "Das Pub"), and flipping a card.

"Ins Pub kommt ihr einzig über die Hauptaktion der Kategorie E. Dort könnt ihr als Aktion
eine eurer Aktionskarten in euren so genannten Wertungsstapel legen. (Dabei spielt es keine
Rolle, welche Seite der Karte gerade sichtbar ist.) Nehmt euch anschließend eine passende
Ersatzkarte aus dem allgemeinen Vorrat und legt sie mit der goldfarbenen Seite nach oben an
den frei gewordenen Platz ... Sind noch zwei passende Ersatzkarten verfügbar, könnt ihr euch
eine davon aussuchen. Sind keine passenden Ersatzkarten mehr vorhanden, müsst ihr bis zum
Ende des Spiels mit weniger Aktionskarten auskommen. ... ihr könnt nie mehr Karten im
Wertungsstapel haben, als ihr Stationen errichtet habt."
"""

from __future__ import annotations

from typing import Any

from snowdonia.games.foothills.rules.actions import A_REPLACE, A_SCORE, PASS, FAction
from snowdonia.games.foothills.rules.decisions import REPLACE, SCORE
from snowdonia.games.foothills.rules.flow import answer, log, offer, options, task, then
from snowdonia.games.foothills.rules.state import NONE, State


def pile_size(g: State, p: int) -> int:
    return g.pile[p].bit_count()


def bar_cards(g: State, p: int) -> list[int]:
    return [c for c in g.bar[p * 5:p * 5 + 5] if c != NONE]


def can_score(g: State, p: int) -> bool:
    """Room in the scoring pile (never more cards than stations built) and a card to put."""
    return pile_size(g, p) < g.stations_built[p] and bool(bar_cards(g, p))


def flip(g: State, p: int, ac: int, why: str) -> None:
    """Turn an action card in p's bar to its other side (gold <-> grey)."""
    slot = p * 5 + g.cfg.ac_cat[ac]
    g.grey[slot] ^= 1
    if g.journal is not None:
        log(g, "flip", p, card=g.cfg.ac_id[ac], side="grey" if g.grey[slot] else "gold", why=why)


@task("pub_score")
def _pub_score(g: State, t: tuple[Any, ...]) -> None:
    if not offer(g, SCORE, (t[1],)) and not t[1]:
        # In the Pub with a full scoring pile: the surveyor moved, the card part is left out.
        if g.journal is not None:
            log(g, "pub_full", g.player, pile=pile_size(g, g.player), stations=g.stations_built[g.player])


@options(SCORE)
def _score_options(g: State, ctx: tuple[Any, ...]) -> list[FAction]:
    p = g.player
    if not can_score(g, p):
        return []
    out = [A_SCORE[g.cfg.ac_id[c]] for c in bar_cards(g, p)]
    if ctx[0]:  # Devil's Bridge: "könnt ihr ... beiseite legen" - optional
        out.append(PASS)
    return out


@answer(SCORE)
def _score_answer(g: State, a: FAction, ctx: tuple[Any, ...]) -> None:
    if a.kind == "pass":
        return
    cfg = g.cfg
    p = g.player
    ac = cfg.ac_index[str(a.args[0])]
    slot = p * 5 + cfg.ac_cat[ac]
    g.bar[slot] = NONE
    g.grey[slot] = 0
    g.pile[p] |= 1 << ac
    if ac == g.card:
        g.card_gone = True  # "entfällt das Umdrehen einer Aktionskarte in Schritt 3"
    if g.journal is not None:
        log(g, "score", p, card=cfg.ac_id[ac], pile=pile_size(g, p), devils_bridge=bool(ctx[0]))
    then(g, ("replace", cfg.ac_cat[ac]))


def replacements(g: State, cat: int) -> list[int]:
    cfg = g.cfg
    return [c for c in range(cfg.n_ac) if g.supply_cards >> c & 1 and cfg.ac_cat[c] == cat]


@task("replace")
def _replace(g: State, t: tuple[Any, ...]) -> None:
    if not offer(g, REPLACE, (t[1],)):
        if g.journal is not None:
            log(g, "no_replacement", g.player, category="ABCDE"[t[1]])


@options(REPLACE)
def _replace_options(g: State, ctx: tuple[Any, ...]) -> list[FAction]:
    return [A_REPLACE[g.cfg.ac_id[c]] for c in replacements(g, ctx[0])]


@answer(REPLACE)
def _replace_answer(g: State, a: FAction, ctx: tuple[Any, ...]) -> None:
    cfg = g.cfg
    p = g.player
    ac = cfg.ac_index[str(a.args[0])]
    g.supply_cards &= ~(1 << ac)
    slot = p * 5 + cfg.ac_cat[ac]
    g.bar[slot] = ac
    g.grey[slot] = 0  # gold side up; "Auf keinen Fall wird die Ersatzkarte umgedreht!"
    g.fresh |= 1 << ac
    if g.journal is not None:
        log(g, "replace", p, card=cfg.ac_id[ac])
