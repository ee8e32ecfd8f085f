"""The titles' terminal boards and score sheets as a player reads them: every title and
scenario drawn at several widths with nothing cut off (every station, card, railway, seat
and player name whole, checked against the observation), Blaenau Ffestiniog's two ends and
its start choice played through the shell's loop, and Foothills' whole table and score
sheet (winner, tie with its rematch, draw)."""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from snowdonia import registry
from snowdonia.bots import make_bot
from snowdonia.cli import _register_optional, app
from snowdonia.core.protocol import Position
from snowdonia.tui import view
from snowdonia.tui.loop import PlaySession

from .conftest import output

_register_optional()
WIDTHS = (80, 100, 120, 150, 160, 200)
COLOURS = ("yellow", "blue", "green", "pink", "purple")


def _draw(g: Position, seat: int | None, width: int, kinds: list[str] | None = None) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None, force_terminal=False)
    console.print(view.board(g, seat, kinds or (["human"] + ["greedy"] * (g.players - 1)), width=width))
    return output(console)


def _sheet(g: Position, width: int = 100) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None, force_terminal=False)
    console.print(view.score_sheet(g, ["human"] + ["random"] * (g.players - 1)))
    return output(console)


def _flat(text: str) -> str:
    """The words of a drawing without its frames, lines joined (for phrases a panel wraps)."""
    return " ".join(re.sub(r"[│┃╭╮╰╯─━]", " ", text).split())


def _has_word(text: str, word: str) -> bool:
    """`word` stands whole somewhere in `text` (a word folded over two lines does not)."""
    return re.search(rf"(?<![\w']){re.escape(word)}(?![\w'])", text) is not None


def _words(name: str) -> list[str]:
    return [w for w in re.split(r"[\s/()]+", name) if w]


@cache
def _stages(name: str, scenario: str, players: int) -> tuple[Position, ...]:
    """A random game of the title at its start, a third of the way, two thirds and its end."""
    t = registry.title(name)
    g = t.new_game(players, seed=5, scenario=scenario)
    rng = random.Random(5)
    history = [g.clone()]
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
        history.append(g.clone())
    n = len(history) - 1
    return tuple(history[i] for i in sorted({0, n // 3, 2 * n // 3, n}))


# --------------------------------------------------------------------------- what must be whole


def _snowdonia_names(g: Position, seat: int | None, text: str) -> None:
    obs = g.observation(seat)
    lines = text.splitlines()
    stations = [item for item in obs["route"] if item["type"] == "station"]
    starts = []
    for item in stations:
        label = f"{item['number']} {item['name']}"
        where = [i for i, line in enumerate(lines) if label in line]
        assert where, f"station {label!r} is not written whole"
        starts.append(where[0])
    unplaced = {p for p, e in enumerate(obs.get("ends", {}).get("players", [])) if e is None}
    for k, item in enumerate(stations):
        block = "\n".join(lines[starts[k]: starts[k + 1] if k + 1 < len(starts) else starts[k] + 6])
        for p in item["surveyors"]:
            if p not in unplaced:
                assert _has_word(block, f"P{p + 1}"), f"P{p + 1}'s surveyor is missing at {item['name']}"
    for p in range(obs["players_count"]):
        assert f"P{p + 1} {COLOURS[p]}" in text, f"player P{p + 1} {COLOURS[p]} is not written whole"


def _foothills_names(g: Position, seat: int | None, text: str) -> None:
    obs = g.observation(seat)
    for rail in obs["railways"]:
        assert rail["numeral"] in text.split()
        for w in _words(rail["name"]):
            assert _has_word(text, w), f"railway {rail['name']!r}: {w!r} is cut"
    for card in obs["cards"]:
        assert _has_word(text, card["id"]), f"card {card['id']} is missing"
        for w in _words(card["name"]):
            assert _has_word(text, w), f"card {card['name']!r}: {w!r} is cut"
    for p in range(2):
        assert f"Player {p + 1}" in text and _has_word(text, obs["colours"][p])
        for slot in obs["players"][p]["bar"]:
            if slot["card"] is not None:
                assert _has_word(text, slot["card"]["id"])


NAMES: dict[str, Callable[[Position, int | None, str], None]] = {
    "snowdonia": _snowdonia_names,
    "foothills": _foothills_names,
}


def test_every_title_has_its_names_checked() -> None:
    assert set(registry.names()) <= set(NAMES), "add the new title's names to NAMES"


CASES = [(name, sc.key, n) for name in registry.names() for sc in registry.title(name).scenarios
         for n in sorted({sc.players[0], sc.players[-1], *([3] if 3 in sc.players else [])})]


@pytest.mark.parametrize(("name", "scenario", "players"), CASES)
def test_every_board_keeps_every_name_whole_at_every_width(name: str, scenario: str, players: int) -> None:
    for g in _stages(name, scenario, players):
        for width in WIDTHS:
            for seat in (0, None):
                text = _draw(g, seat, width)
                where = f"{name}/{scenario}/{players}p move {g.moves} at {width} columns, seat {seat}"
                assert all(len(line) <= width for line in text.splitlines()), where
                assert "…" not in text, f"something is cut off ({where})"
                NAMES[name](g, seat, text)


@pytest.mark.parametrize("name", registry.names())
def test_every_score_sheet_fits_80_columns(name: str) -> None:
    t = registry.title(name)
    n = max(t.scenario(None).players)
    g = _stages(name, t.scenarios[0].key, n)[-1]
    text = _sheet(g, width=80)
    assert g.is_over and "Final score sheet" in text and "…" not in text
    assert all(len(line) <= 80 for line in text.splitlines())


# --------------------------------------------------------------------------- Snowdonia


SNOWDONIA = registry.title("snowdonia")


def test_mount_snowdon_draws_no_second_end() -> None:
    for g in _stages("snowdonia", "mount_snowdon", 3):
        for width in (80, 160):
            text = _draw(g, 0, width)
            assert "The route, from Llanberis up to Yr Wyddfa" in text
            for bf_only in ("The two ends", "↓", "↑", "builders:", "gift:", "Scenario "):
                assert bf_only not in text


@pytest.mark.parametrize("width", [80, 160])
def test_blaenau_ffestiniog_shows_both_ends_frontiers_builders_gifts_and_maintenance(width: int) -> None:
    for g in _stages("snowdonia", "blaenau_ffestiniog", 4)[1:]:
        obs = g.observation(0)
        ends = obs["ends"]
        text = _draw(g, 0, width)
        flat = _flat(text)
        lines = text.splitlines()
        top, bottom = ends["keys"]
        names = {i["key"]: i["name"] for i in obs["route"] if i["type"] == "station"}
        assert f"The route, from {names[top]} (↓) to {names[bottom]} (↑)" in text
        assert "The two ends" in text and "Scenario Blaenau Ffestiniog" in text
        for key, arrow in ((top, "↓"), (bottom, "↑")):
            there = [p for p, e in enumerate(ends["players"]) if e == key]
            assert f"{arrow} end of {' '.join(f'P{p + 1}' for p in there)}" in text
            assert f"{names[key]} end" in flat
            front = ends["frontier"][key]
            assert (f"{arrow}dig" in text) == (front is not None)
            assert f"its line: {ends['laid'][key]} track card" in flat
        if ends["game_surveyor"]:
            assert "game's Surveyor here" in text
        # Who may build where: the station's block names exactly the players the rules allow.
        stations = [i for i in obs["route"] if i["type"] == "station"]
        starts = [next(k for k, line in enumerate(lines) if f"{s['number']} {s['name']}" in line) for s in stations]
        for k, st in enumerate(stations):
            block = "\n".join(lines[starts[k]: starts[k + 1] if k + 1 < len(starts) else starts[k] + 6])
            builders = ends["buildable_by"][st["key"]]
            if st["completed"]:
                assert "completed by event" in block
            elif builders and st["building_sites"]:
                assert f"builders: {' '.join(f'P{p + 1}' for p in builders)}" in block
            else:
                assert "builders:" not in block
            gives = {g.cfg.bsite_gives[b] for b in g.cfg.station_bsites[k]}  # type: ignore[attr-defined]
            if len(gives) == 1 and next(iter(gives)):
                (kind, n), = next(iter(gives))
                assert f"gift: {n} {kind} per site" in block
        maint = "maintenance done" if ends["maintenance_done"] else "maintenance when clear"
        assert maint in text
        assert "7[X]start 8[" in flat and "only 8-10 are used" in flat


def test_blaenau_ffestiniog_set_up_shows_the_spaces_left_and_the_game_surveyor_to_come() -> None:
    g = SNOWDONIA.new_game(4, seed=3, scenario="blaenau_ffestiniog")
    g.apply("start blaenau_ffestiniog")
    text = _flat(_draw(g, 0, 100))
    assert "(2 of 3 surveyor spaces free)" in text and "(3 of 3 surveyor spaces free)" in text
    assert "The game's Surveyor: not placed yet" in text
    assert "surveyor: not placed yet" in text or "not placed yet" in text
    menu = [view.action_text(g, a) for a in g.legal_actions()]
    first = g.record()["actions"]
    assert first == ["start blaenau_ffestiniog"]
    chooser = (g.observation(None)["start_player"]) + 1
    assert any(f"Player {chooser} starts there; 2 of 3 surveyor spaces free" in m for m in menu)
    assert any("nobody starts there; 3 of 3 surveyor spaces free" in m for m in menu)


def _seed_where_seat_0_chooses_last(players: int) -> int:
    for seed in range(200):
        if SNOWDONIA.new_game(players, seed=seed, scenario="blaenau_ffestiniog").observation(None)[
                "start_player"] == 1:
            return seed
    raise AssertionError("no seed puts seat 0 last")


def test_a_blaenau_ffestiniog_game_through_the_shell_with_the_start_choice(console: Console) -> None:
    """The human chooses Porthmadog Harbour (typing the menu number it is listed under) and,
    being the last to place a surveyor, puts the game's Surveyor at Blaenau Ffestiniog; a bot
    plays the rest; the game ends with the score sheet."""
    g = SNOWDONIA.new_game(3, seed=_seed_where_seat_0_chooses_last(3), scenario="blaenau_ffestiniog")
    bot = make_bot("random", seed=4, game="snowdonia")
    menus: list[list[str]] = []

    def read(prompt: str) -> str | None:
        if "your move" not in prompt:
            return ""
        pending = g.pending(0)
        assert pending is not None
        options = [str(a) for a in g.legal_actions()]
        menus.append(options)
        if pending.kind == "choose_end":
            return str(options.index("start porthmadog_harbour") + 1)
        if pending.kind == "game_surveyor":
            return str(options.index("game_surveyor blaenau_ffestiniog") + 1)
        return str(bot.choose(g))

    outcome = PlaySession(g, ["human", "greedy", "random"], console, read, show_board=False).run()
    text = output(console)
    flat = _flat(text)
    assert outcome.finished and g.is_over
    human = [a for a, p in zip(g.record()["actions"], _deciders(g), strict=True) if p == 0]
    assert human[:2] == ["start porthmadog_harbour", "game_surveyor blaenau_ffestiniog"]
    assert menus[0] == ["start blaenau_ffestiniog", "start porthmadog_harbour"]
    assert "Player 1: Choose your starting end" in text
    assert "Start at Porthmadog Harbour: your surveyor stands there" in flat
    assert "Player 1 starts at Porthmadog Harbour" in flat
    assert "Player 1 puts the game's Surveyor at Blaenau Ffestiniog" in flat
    assert g.observation(None)["ends"]["players"][0] == "porthmadog_harbour"
    assert "Final score sheet" in text and "Winner" in text


def _deciders(g: Position) -> list[int]:
    """Who took each decision of the record (replayed)."""
    t = registry.title(g.title.name)
    rec = g.record()
    h = t.new_game(rec["players"], seed=rec["seed"], scenario=rec.get("scenario"), **rec.get("settings", {}))
    out = []
    for a in rec["actions"]:
        assert h.current_player is not None
        out.append(h.current_player)
        h.apply(a)
    return out


# --------------------------------------------------------------------------- Foothills


FOOTHILLS = registry.title("foothills")


@pytest.mark.parametrize("width", [80, 200])
def test_foothills_shows_the_whole_table(width: int) -> None:
    g = _stages("foothills", "foothills", 2)[1]
    obs = g.observation(0)
    text = _draw(g, 0, width)
    flat = _flat(text)
    if width >= 150:
        assert "Railways (a row each" in text and "railway " in text  # the grid and its table
    else:
        assert "Railways (column: card" in text  # the cards in words
    y, b, s = obs["stockyard"], obs["bag"], obs["supply"]
    assert f"Stockyard: {y['iron']} iron, {y['stone']} stone, {y['event']} event cube(s)" in flat
    assert f"Bag: {b['iron']} iron, {b['stone']} stone, {b['event']} event cube(s)" in flat
    assert f"{s['passengers']} passengers, {s['vp']} VP in tokens, {s['navvies']} navvies" in flat
    assert "Pub: " in flat
    for c in obs["supply_cards"]:
        assert _has_word(flat, c["id"])
        for w in _words(c["grey"]["german"]) + _words(c["grey"]["english"]) + _words(c["gold"]["english"]):
            assert _has_word(flat, w)
    for pl in obs["players"]:
        p = pl["seat"]
        assert (f"iron {pl['iron']}, stone {pl['stone']}, rubble {pl['rubble']}, passengers {pl['passengers']}, "
                f"VP tokens {pl['vp']}") in flat
        assert f"tickets: {', '.join(pl['tickets']) or 'none'}" in flat
        assert f"scoring pile ({len(pl['scoring_pile'])} of at most {pl['pile_limit']})" in flat
        assert f"score so far: {pl['score_so_far']:g}" in flat
        for slot in pl["bar"]:
            card = slot["card"]
            if card is None:
                continue
            # Both sides of every card, the grey one in German with the English beside.
            for w in _words(card["gold"]["english"]) + _words(card["grey"]["german"]):
                assert _has_word(flat, w), (p, card["id"], w)
    # Seat 0 reads its own cards' rules, both sides.
    for slot in obs["players"][0]["bar"]:
        if slot["card"] is not None:
            for side in ("gold", "grey"):
                assert " ".join(slot["card"][side]["text"].split()[:4]) in flat


def test_foothills_grid_shows_each_cards_state() -> None:
    g = _stages("foothills", "foothills", 2)[2]
    obs = g.observation(None)
    text = _draw(g, None, 200)
    for card in obs["cards"]:
        if card["navvy"]:
            assert "NAVVY" in text
        if card["rubble"] and not card["navvy"]:
            assert f"{card['rubble']}r track" in text
        for st in card["stations"]:
            cost = "".join(f"{st['cost'][k]}{c}" for k, c in (("iron", "i"), ("stone", "s"), ("rubble", "r"),
                                                                ("passengers", "p")) if st["cost"][k])
            assert f"{cost or 'free'}→" in text
    assert "Railways (a row each" in text


def _finished_foothills(want: Callable[[dict[str, Any]], bool], **settings: Any) -> tuple[Position, int]:
    for seed in range(300):
        g = FOOTHILLS.new_game(2, seed=seed, **settings)
        rng = random.Random(seed)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
        if want(g.result()):
            return g, seed
    raise AssertionError("no such game in 300 seeds")


def test_foothills_score_sheet_has_every_line_and_the_winner() -> None:
    g, _ = _finished_foothills(lambda r: not r["tie"])
    res = g.result()
    text = _sheet(g)
    flat = _flat(text)
    for key in FOOTHILLS.score_lines:
        label = {"vp_tokens": "VP tokens", "route_bonus": "route bonus tokens", "summit": "summit token",
                 "passengers": "passengers (½ VP each)"}.get(key, "scoring pile: " + key.removeprefix("pile_"))
        row = next(line for line in text.splitlines() if label in line)
        for sheet in res["breakdown"]:
            assert f"{sheet['lines'][key]:g}" in row
    w = res["winners"][0]
    assert f"Winner: Player {w + 1} ({res['breakdown'][w]['colour']}" in flat
    assert f"{res['scores'][w]:g} to {res['scores'][1 - w]:g}" in flat
    for sheet in res["breakdown"]:
        for c in sheet["pile"]:
            assert f"{c['card']}: {c['vp']} VP" in flat
    assert "Route bonuses and scoring piles" in text and "A tie" not in text


def test_foothills_tie_names_its_rematch_and_the_rematchs_tie_is_a_draw(tmp_path: Path) -> None:
    g, seed = _finished_foothills(lambda r: r["tie"])
    res = g.result()
    text = _sheet(g, width=200)
    assert f"A tie at {res['scores'][0]:g}" in text and "Winner" not in text
    command = next(line for line in text.splitlines() if line.startswith("snowdonia play --game foothills"))
    rematch = res["tie_rematch"]
    assert f"--set colours={rematch['colours']}" in command and "--set rematch=true" in command
    # The command plays the rematch: the same railways, the colours swapped, marked a rematch.
    save = tmp_path / "rematch.json"
    args = command.split()[1:] + ["--seats", "random,random", "--seed", "1", "--no-board", "--save", str(save)]
    res_cli = CliRunner(env={"COLUMNS": "160"}).invoke(app, args, input="")
    assert res_cli.exit_code == 0, res_cli.output
    settings = json.loads(save.read_text())["settings"]
    assert settings["colours"] == rematch["colours"] and settings["rematch"] is True
    assert settings["railways"] == rematch["railways"]
    # The same game played as a rematch ties again: a draw.
    again = FOOTHILLS.new_game(2, seed=seed, rematch=True)
    for a in g.record()["actions"]:
        again.apply(a)
    assert again.result()["draw"]
    drawn = _flat(_sheet(again))
    assert "A draw: the rematch ended in a tie too" in drawn and "Play the rematch" not in drawn


def test_foothills_score_sheet_comes_through_the_shell(console: Console) -> None:
    g, _ = _finished_foothills(lambda r: not r["tie"])
    PlaySession(g, ["random", "random"], console, lambda _p: None, show_board=False).run()
    text = output(console)
    assert "Route bonuses and scoring piles" in text and "Final score sheet" in text
