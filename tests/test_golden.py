"""Golden records: fixed-seed games whose full records are committed in tests/golden/
(spec/product.md "Standards": same settings + seed + decisions -> the identical game, across
versions).

Each file holds the record (settings, seed, every decision), the final scores and winners,
and a SHA-256 digest of the final observations (public and every seat). The test replays the
stored decisions - bots are never re-run here, so retuning a bot cannot break these tests;
only a change to the rules engine (or the component data) can.

When a rules change is *meant* to change games, regenerate deliberately and review the diff:

    python3 tests/test_golden.py --regenerate [NAME ...]

which replays nothing: it plays each game afresh with the bots named below and rewrites the
files (only the named ones when names are given).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

import snowdonia
from snowdonia.games.snowdonia.game import Game

GOLDEN_DIR = Path(__file__).parent / "golden"

# name -> (players, seed, settings, bot per seat); the scenario is Mount Snowdon unless SCENARIO
# names another
GAMES: dict[str, tuple[int, int, dict[str, Any], list[str]]] = {
    "solo_original_train3_random": (1, 2012, {"solo_train": 3}, ["random"]),
    "2p_original_greedy_vs_random": (2, 4, {}, ["greedy", "random"]),
    "3p_original_greedy": (3, 1894, {}, ["greedy", "greedy", "greedy"]),
    "3p_deluxe_one_contract_per_window_random": (
        3, 77, {"edition": "deluxe", "contracts_per_window": 1}, ["random", "random", "random"]),
    "4p_deluxe_track_cards_mixed": (
        4, 1085, {"edition": "deluxe", "deluxe_track_cards": True},
        ["greedy", "random", "greedy", "random"]),
    "5p_original_light_fog_greedy": (
        5, 5, {"light_fog": True}, ["greedy", "random", "greedy", "random", "greedy"]),
    # Blaenau Ffestiniog (issue 11): the ends chosen, both lines meeting, the Plas Halt
    # maintenance, free resources, start markers; the 4-player game has a forced end choice
    "bf_solo_original_train2_random": (1, 29, {"solo_train": 2}, ["random"]),
    "bf_2p_deluxe_light_fog_greedy_vs_random": (
        2, 13, {"edition": "deluxe", "light_fog": True}, ["greedy", "random"]),
    "bf_4p_original_mixed": (4, 13, {}, ["greedy", "random", "greedy", "random"]),
}
SCENARIO: dict[str, str] = {name: "blaenau_ffestiniog" for name in GAMES if name.startswith("bf_")}


def digest(game: Game) -> str:
    """SHA-256 of every final observation (public view and each seat), canonical JSON."""
    views = [game.observation(s) for s in [None, *range(game.cfg.players)]]
    text = json.dumps(views, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def play(name: str) -> Game:
    from snowdonia.bots import make_bot

    players, seed, settings, bots = GAMES[name]
    g = snowdonia.new_game(players, seed=seed, scenario=SCENARIO.get(name), **settings)
    seats = [make_bot(spec, seed=seed * 10 + i) for i, spec in enumerate(bots)]
    while not g.is_over:
        g.apply(seats[g.decider].choose(g))
    return g


def regenerate(names: list[str]) -> None:
    GOLDEN_DIR.mkdir(exist_ok=True)
    unknown = set(names) - set(GAMES)
    if unknown:
        sys.exit(f"no golden game named {', '.join(sorted(unknown))}; known: {', '.join(GAMES)}")
    for name, (_, _, _, bots) in GAMES.items():
        if names and name not in names:
            continue
        g = play(name)
        res = g.result()
        doc = {
            "name": name,
            "bots": bots,
            "record": g.record(),
            "scores": res["scores"],
            "winners": res["winners"],
            "rounds": res["rounds"],
            "end_reason": res["end_reason"],
            "final_observation_sha256": digest(g),
        }
        path = GOLDEN_DIR / f"{name}.json"
        path.write_text(json.dumps(doc, indent=1) + "\n")
        print(f"{path}: {len(g.history)} decisions, {res['rounds']} rounds, scores {res['scores']}")


def load(name: str) -> dict[str, Any]:
    return json.loads((GOLDEN_DIR / f"{name}.json").read_text())  # type: ignore[no-any-return]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_record_replays_identically(name: str) -> None:
    """The committed decisions replay to the committed final scores, winners and views."""
    from invariants import check_invariants

    doc = load(name)
    rec = doc["record"]
    players, seed, settings, _ = GAMES[name]
    assert (rec["players"], rec["seed"]) == (players, seed)
    assert rec["scenario"] == SCENARIO.get(name, "mount_snowdon")
    for key, value in settings.items():
        assert rec["settings"][key] == value
    g = snowdonia.new_game(rec["players"], seed=rec["seed"], scenario=rec["scenario"], **rec["settings"])
    for text in rec["actions"]:
        g.apply(text)
        check_invariants(g)
    assert g.is_over
    res = g.result()
    assert res["scores"] == doc["scores"]
    assert res["winners"] == doc["winners"]
    assert res["rounds"] == doc["rounds"] and res["end_reason"] == doc["end_reason"]
    assert digest(g) == doc["final_observation_sha256"]
    # The public replay entry point agrees, including its own check of the recorded scores.
    assert digest(snowdonia.replay(rec)) == doc["final_observation_sha256"]


def test_golden_set_covers_every_player_count_and_both_editions() -> None:
    docs = [load(n) for n in GAMES]
    assert {d["record"]["players"] for d in docs} == {1, 2, 3, 4, 5}
    assert {d["record"]["settings"]["edition"] for d in docs} == {"original", "deluxe"}
    assert any(d["record"]["settings"]["light_fog"] for d in docs)
    assert {b for d in docs for b in d["bots"]} >= {"random", "greedy"}
    bf = [d for d in docs if d["record"]["scenario"] == "blaenau_ffestiniog"]
    assert {d["record"]["players"] for d in bf} == {1, 2, 4}


@pytest.mark.parametrize("name", sorted(SCENARIO))
def test_blaenau_golden_games_show_the_scenario(name: str) -> None:
    """Each Blaenau Ffestiniog record plays what the scenario adds: the ends chosen, the
    Plas Halt maintenance, events from both ends, and an end with both lines of track or the
    marker end; its log is checked by the two-end invariants at every decision."""
    from invariants import TwoEndsWatcher

    rec = load(name)["record"]
    g = snowdonia.new_game(rec["players"], seed=rec["seed"], scenario=rec["scenario"], **rec["settings"])
    watch = TwoEndsWatcher(g)
    for text in rec["actions"]:
        g.apply(text)
        watch.check(g)
    log = g.log()
    assert len([e for e in log if e["type"] == "start_end"]) == rec["players"]
    assert g.maint_done and any(e["type"] == "game_surveyor_moves" for e in log)
    assert g.laid + g.laid_p == g.cfg.n_tracks or g.end_reason == "last ownership marker placed"


if __name__ == "__main__":
    if sys.argv[1:2] != ["--regenerate"]:
        sys.exit("usage: python3 tests/test_golden.py --regenerate [NAME ...]   (rewrites tests/golden/*.json)")
    regenerate(sys.argv[2:])
