"""Foothills behind the platform protocol: registry, settings, records, catalogue, words,
terminal board, snapshots, bots, the chance hook (spec/architecture.md; core/protocol.py)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from rich.console import Console

from snowdonia import registry
from snowdonia.core.errors import ActionParseError, RecordError, SettingsError
from snowdonia.core.protocol import Outcome, Position, Title
from snowdonia.games.foothills import game as game_module
from snowdonia.games.foothills.rules.config import make_settings
from snowdonia.games.foothills.rules.setup import set_up
from snowdonia.games.foothills.title import TITLE
from snowdonia.games.foothills.ui.words import event_text

from . import invariants


def random_game(seed: int) -> game_module.FoothillsGame:
    g = TITLE.new_game(2, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_the_registry_finds_the_title() -> None:
    t = registry.title("foothills")
    assert t is TITLE and isinstance(t, Title)
    assert t.player_counts == (2,) and t.scenario(None).key == "foothills"
    assert "foothills" in registry.names()
    json.dumps(t.describe())
    assert set(t.describe()["decisions"]) == set(t.decisions)


def test_settings_are_checked() -> None:
    for bad in ({"railways": "I,II"}, {"start_player": 2}, {"colours": "red-blue"}, {"rematch": "yes"},
                {"turn_limit": 3}, {"weather": "fog"}):
        with pytest.raises(SettingsError):
            TITLE.new_game(2, seed=1, **bad)
    with pytest.raises(SettingsError):
        TITLE.new_game(3, seed=1)
    with pytest.raises(SettingsError):
        TITLE.new_game(2, seed=1, scenario="mount_snowdon")
    with pytest.raises(SettingsError):
        TITLE.new_game(2, seed=True)
    g = TITLE.new_game(2)  # a seed is drawn and kept
    assert isinstance(g.seed, int) and g.record()["seed"] == g.seed
    assert make_settings(2, railways=["viii", "I", "ii", "III", "iv", "V"]).railways == (
        "I", "II", "III", "IV", "V", "VIII")
    assert g.settings == {"railways": "random", "start_player": "random", "colours": "blue-green",
                          "rematch": False, "turn_limit": 0}


def test_record_and_replay_and_their_errors() -> None:
    g = random_game(5)
    rec = g.record()
    assert rec["game"] == "foothills" and rec["players"] == 2 and rec["scenario"] == "foothills"
    assert rec["result"]["scores"] == g.result()["scores"]
    json.dumps(rec)
    again = TITLE.replay(rec)
    assert again.observation() == g.observation()
    bad = dict(rec, actions=rec["actions"][:3] + ["build Z-9"] + rec["actions"][4:])
    with pytest.raises(RecordError, match="decision 4"):
        TITLE.replay(bad)
    with pytest.raises(RecordError, match="final scores"):
        TITLE.replay(dict(rec, result={"scores": [0, 0]}))
    with pytest.raises(RecordError):
        TITLE.replay(dict(rec, game="snowdonia"))
    with pytest.raises(RecordError):
        TITLE.replay(dict(rec, settings={"railways": "I"}))
    with pytest.raises(RecordError):
        TITLE.replay({"players": 2})


def test_catalogue_string_forms_round_trip_and_parse_errors() -> None:
    cat = TITLE.catalogue()
    assert len(cat) > 300
    for i, a in enumerate(cat.actions):
        assert cat.parse(str(a)) == a and cat.id(a) == i and cat.from_id(i) == a
    for text in ("take iron=2 stone=1", "track II iron=1 stone=1", "stone from yard", "build IV-2/3a",
                 "build I-2 -iron", "surveyor bar", "pub", "card A3", "rubble supply"):
        assert str(TITLE.parse_action(text)) == text
    with pytest.raises(ActionParseError, match="must start with one of"):
        TITLE.parse_action("dig I")
    with pytest.raises(ActionParseError, match="take iron=<n> stone=<n>"):
        TITLE.parse_action("take 3 iron")
    g = TITLE.new_game(2, seed=1)
    g.apply("  take   iron=2   stone=0 " if "take iron=2 stone=0" in [str(a) for a in g.legal_actions()]
            else str(g.legal_actions()[0]))
    g.apply(tuple(g.legal_actions()[0]))  # a plain (kind, args) tuple is accepted too


def test_words_for_every_action_and_event() -> None:
    """One source of words: every option of every decision and every log event of many games
    reads as a sentence (never the bare action string, never the fallback)."""
    names = ["Ann", "Bob"]
    kinds: set[str] = set()
    for seed in range(25):
        g = TITLE.new_game(2, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            for a in g.legal_actions():
                text = TITLE.words.action(g, a)
                assert text and text != str(a) and text[0].isupper(), (a, text)
            g.apply(rng.choice(g.legal_actions()))
        for e in g.log():
            text = TITLE.words.event(e, names)
            assert text and not text.startswith(f"{names[0]}: ") and ": " + e["type"] not in text, e
            kinds.add(e["type"])
    assert {"setup", "turn", "card", "take", "refill", "navvy", "rubble", "track", "build", "surveyor",
            "ticket", "score", "replace", "flip", "game_over", "end_triggered", "buffer_stop"} <= kinds
    assert event_text({"type": "mystery", "seat": 0}, names) == "Ann: mystery"


def test_components_in_words() -> None:
    g = TITLE.new_game(2, seed=1)
    comp = TITLE.words.components(g)
    assert len(comp["route_cards"]) == 34 and len(comp["action_cards"]) == 25 and len(comp["actions"]) == 30
    assert comp["stations"]["I-2"]["text"] == "Tan-y-Bwlch (I-2): 1 iron + 1 stone → 2 VP"
    assert "Devil's Bridge" in comp["route_cards"]["VIII-4"]["text"]
    assert "Teepause" in comp["actions"]["teepause"]["name"] and "Tea Break" in comp["actions"]["teepause"]["name"]
    json.dumps(comp)


def test_terminal_board_renders_the_whole_table() -> None:
    g = random_game(8)
    for seat in (0, 1, None):
        console = Console(width=220, record=True, color_system=None)
        console.print(TITLE.terminal_board(g, seat))
        out = console.export_text()
        assert "Railways" in out and "Stockyard" in out and "scoring pile" in out
        for r in g.cfg.railways:
            assert f"{r} " in out


def test_snapshot_restore_stats_outcome_evaluate() -> None:
    g = TITLE.new_game(2, seed=9)
    rng = random.Random(9)
    for _ in range(50):
        g.apply(rng.choice(g.legal_actions()))
    r = TITLE.restore(g.snapshot())
    assert isinstance(r, Position) and r.observation() == g.observation() and r.history == g.history
    a = rng.choice(g.legal_actions())
    r.apply(a)
    g.apply(a)
    assert r.observation() == g.observation()
    with pytest.raises(ValueError):
        TITLE.restore(b"not a snapshot")
    json.dumps(g.stats())
    assert isinstance(g.outcome(), Outcome)
    assert isinstance(TITLE.evaluate(g, 0), float)
    d = g.pending()
    assert d is not None
    json.dumps(d.as_dict())
    assert g.chance_state() == g.draws


def test_bots_of_the_title() -> None:
    bots = TITLE.bots()
    assert set(bots) == {"greedy"} and set(TITLE.bot_help()) == {"greedy"}
    with pytest.raises(ValueError):
        bots["greedy"]("3", 1)
    g = TITLE.new_game(2, seed=4)
    bot = bots["greedy"]("", 4)
    before = g.snapshot()
    a = bot.choose(g)
    assert a in g.legal_actions() and g.snapshot() == before  # it looks ahead on clones only


class Hook:
    """Every random pick through the hook: names what is picked, picks the first option."""

    def __init__(self) -> None:
        self.what: list[str] = []

    def pick(self, g: Any, what: str, weights: tuple[int, ...]) -> int:
        self.what.append(what)
        return next(i for i, w in enumerate(weights) if w > 0)

    def arrange(self, g: Any, what: str, items: list[int]) -> None:
        self.what.append(what)
        items.reverse()


def test_every_random_pick_goes_through_the_chance_hook() -> None:
    """An OpenSpiel chance model can drive the game: with a hook set, the generator state is
    never touched (no random number is drawn anywhere else)."""
    g = game_module.blank()
    hook = Hook()
    g.chance = hook
    set_up(g, make_settings(2), 123)
    g.seed, g.history = 123, []
    rng0 = g.rng
    from snowdonia.games.foothills.rules import flow
    flow.advance(g)
    rng = random.Random(1)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
        invariants.check(g, observations=False)
    assert g.rng == rng0
    assert {"removed railway", "start player", "supply A", "bag"} <= set(hook.what)
    assert g.draws == len(hook.what)
