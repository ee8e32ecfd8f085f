"""The board, menus and score sheet show the pieces a player needs, from the observation."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

import snowdonia
from snowdonia.games.snowdonia.game import Game
from snowdonia.games.snowdonia.ui import terminal as render
from snowdonia.games.snowdonia.ui.words import contract_text, describe

from .conftest import output

KINDS = ["human", "greedy", "random", "random", "random"]


def _random_game(players: int, seed: int, stop: int | None = None) -> Game:
    g = snowdonia.new_game(players, seed=seed)
    rng = random.Random(seed)
    while not g.is_over and (stop is None or g.moves < stop):
        g.apply(rng.choice(g.legal_actions()))
    return g


def _draw(console: Console, g: Game, seat: int | None) -> str:
    console.print(render.board(g, seat, KINDS[: g.players]))
    return output(console)


@pytest.mark.parametrize("players", [1, 3, 5])
def test_board_shows_route_areas_weather_and_supplies(console: Console, players: int) -> None:
    g = snowdonia.new_game(players, seed=1)
    text = _draw(console, g, 0)
    for station in g.cfg.stations:
        assert f"{station.number} {station.name}" in text
    obs = g.observation(0)
    for area in obs["areas"]:
        assert any(line.startswith(f"{area['area']}   {area['name']}") for line in text.splitlines())
    w = obs["weather"]
    assert f"Weather now: -   coming: {w['forecast'][0]}, then {w['forecast'][1]}" in text
    r = obs["work_rates"]
    assert f"Work rates: excavate {r['excavate']}, lay track {r['lay_track']}" in text
    y, b = obs["stock_yard"], obs["bag"]
    assert f"Stock Yard: {y['iron']} iron, {y['stone']} stone, {y['coal']} coal" in text
    assert f"Bag: {b['iron']} iron, {b['stone']} stone, {b['coal']} coal, {b['event']} event" in text
    assert f"Steel supply: {obs['steel_supply']} bars" in text
    assert "Engine Shed: " in text and "Event track:" in text
    for c in obs["site_office"]:
        assert contract_text(g, c)[:50] in text
    for p in range(players):
        assert render.player_label(p) in text
    assert "Now: P" in text


def test_fog_owners_and_events_are_marked(console: Console) -> None:
    g = _random_game(3, seed=0, stop=27)
    assert g.weather_current == "fog"
    text = _draw(console, g, None)
    rows = {line.split()[0]: line for line in text.splitlines() if line[:1] in "BD" and line[1:4] == "   "}
    assert "1:fog" in rows["B"] and "1:fog" in rows["D"]
    assert "FOG: B and D blocked" in text

    end = _random_game(5, seed=3)
    console.file = io.StringIO()
    text = _draw(console, end, None)
    obs = end.observation(None)
    tracks = [t for t in obs["route"] if t["type"] == "track"]
    owned = sum(1 for t in tracks if isinstance(t["owner"], int))
    by_event = sum(1 for t in tracks if t["owner"] == "event")
    assert text.count("[P") == owned  # a laid track card shows its owner: [P2 4VP]
    assert text.count("[ev ") == by_event
    done = [s["name"] for s in obs["route"] if s["type"] == "station" and s["completed"]]
    assert text.count("completed by event") == len(done)
    occupied = sum(e["occupied"] for e in obs["event_track"])
    assert text.count("[X]") == occupied
    assert "GAME OVER" in text


def test_player_colours_are_the_box_colours() -> None:
    console = Console(file=io.StringIO(), width=100, color_system="truecolor", force_terminal=True)
    for p in range(5):
        console.print(render.player_text(p))
    text = output(console)
    # bold yellow, dodger blue, green, hot pink, medium purple (xterm-256 numbers)
    for code, label in (("33", "P1 yellow"), ("38;5;33", "P2 blue"), ("38;5;40", "P3 green"),
                        ("38;5;206", "P4 pink"), ("38;5;141", "P5 purple")):
        assert f"\x1b[1;{code}m{label}\x1b[0m" in text
    assert [render.player_label(p) for p in range(5)] == [
        "P1 yellow", "P2 blue", "P3 green", "P4 pink", "P5 purple"]


def test_every_menu_line_is_words_and_the_options_are_distinguishable() -> None:
    for players, seed in ((1, 4), (3, 14), (4, 18), (5, 6)):
        g = snowdonia.new_game(players, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            legal = g.legal_actions()
            lines = [describe(g, a) for a in legal]
            assert len(set(lines)) == len(lines), (g.decision, lines)
            for a, line in zip(legal, lines, strict=True):
                if a.kind == "play":
                    assert g.cfg.contract[int(a.args[0])].text in line
                if a.kind == "build":
                    assert "VP" in line and ("stone" in line or "steel" in line)
            g.apply(rng.choice(legal))


def test_score_sheet_lists_every_line_contract_and_winner(console: Console) -> None:
    g = _random_game(4, seed=9)
    console.print(render.score_sheet(g, KINDS[:4]))
    text = output(console)
    res = g.result()
    for key in res["breakdown"][0]["lines"]:
        assert key.split("s")[0] in text
    for sheet in res["breakdown"]:
        for c in sheet["contracts"]:
            assert f"#{c['contract']}: {c['vp']} VP ({'scored' if c['met'] and c['vp'] else 'not met'})" in text
    assert "Winner" in text and res["end_reason"] in text


def test_narrow_terminal_layout_cuts_nothing_off() -> None:
    g = _random_game(5, seed=3, stop=100)
    console = Console(file=io.StringIO(), width=100, color_system=None)
    console.print(render.board(g, 0, KINDS, width=console.width))
    text = output(console)
    assert "…" not in text
    assert all(len(line) <= 100 for line in text.splitlines())
    for station in g.cfg.stations:
        assert station.name.split()[0] in text
    assert "Players  (* start player" in text
