"""The conformance suite: what every title and scenario on the platform must do (issue 9).
A new game is done when it passes this file, parametrised over `snowdonia.registry`.

It checks the protocol only - nothing here knows a game's rules:
random playouts to the end at every player count; `replay(record())` identical; clones
independent; `resample(seat)` keeps what that seat sees; no seed or generator state in any
view, decision or log event, and every view JSON-safe; bad input refused in words with the
game unchanged; snapshot/restore identical and playable; the decision registry covers every
decision met; words for every legal action and every log event.
"""

from __future__ import annotations

import json
import math
import random
from typing import Any

import pytest

import snowdonia
from snowdonia.core.errors import IllegalAction, RecordError
from snowdonia.core.protocol import Position, Title
from snowdonia.registry import names, title

CASES = [(g, s.key, n) for g in names() for s in title(g).scenarios for n in s.players]
IDS = [f"{g}-{s}-{n}p" for g, s, n in CASES]
MAX_DECISIONS = 5000


def _views(g: Position) -> str:
    """Every seat's and the public view, the pending decision as each sees it: canonical JSON."""
    seats: list[int | None] = [None, *range(g.players)]
    data = [[g.observation(s), _pending(g, s)] for s in seats]
    return json.dumps(data, sort_keys=True, allow_nan=False)


def _pending(g: Position, seat: int | None) -> dict[str, Any] | None:
    d = g.pending(seat)
    return None if d is None else d.as_dict()


def _play(g: Position, rng: random.Random, limit: int = MAX_DECISIONS) -> list[str]:
    texts = []
    while not g.is_over and len(texts) < limit:
        legal = g.legal_actions()
        assert legal, "a game that is not over has at least one legal action"
        a = legal[rng.randrange(len(legal))]
        texts.append(str(a))
        g.apply(a)
    return texts


@pytest.mark.parametrize(("game", "scenario", "players"), CASES, ids=IDS)
def test_random_games_end_and_replay_identically(game: str, scenario: str, players: int) -> None:
    t = title(game)
    for seed in (1, 2):
        g = t.new_game(players, seed=seed, scenario=scenario)
        assert g.title is t and g.players == players and g.scenario == scenario
        _play(g, random.Random(seed))
        assert g.is_over and g.current_player is None and g.legal_actions() == []
        assert g.pending() is None
        res = g.result()
        assert len(res["scores"]) == players and res["final"]
        assert set(res["winners"]) <= set(range(players)) and res["winners"]
        for sheet in res["breakdown"]:
            assert set(sheet["lines"]) == set(t.score_lines)
        out = g.outcome()
        assert out.winners == res["winners"] and [float(s) for s in out.scores] == [float(s) for s in res["scores"]]
        rec = json.loads(json.dumps(g.record()))
        assert rec["game"] == game and rec["scenario"] == scenario and rec["players"] == players
        again = snowdonia.replay(rec)
        assert _views(again) == _views(g)
        assert again.result()["scores"] == res["scores"]
        part = snowdonia.replay(rec, upto=len(rec["actions"]) // 2)
        assert part.moves == len(rec["actions"]) // 2


@pytest.mark.parametrize(("game", "scenario", "players"), CASES, ids=IDS)
def test_clones_resamples_and_snapshots(game: str, scenario: str, players: int) -> None:
    t = title(game)
    g = t.new_game(players, seed=7, scenario=scenario)
    rng = random.Random(7)
    checked = 0
    while not g.is_over:
        legal = g.legal_actions()
        if len(legal) > 1 and rng.random() < 0.15:
            checked += 1
            before = _views(g)
            # clones are independent both ways
            c = g.clone()
            c.apply(legal[-1])
            assert _views(g) == before
            c2 = g.clone()
            g_moves = g.moves
            assert _views(c2) == before and c2.moves == g_moves
            # resample keeps each seat's view and its options
            for seat in range(players):
                r = g.resample(seat, rng.getrandbits(32))
                assert json.dumps(r.observation(seat), sort_keys=True) == json.dumps(g.observation(seat), sort_keys=True)
                assert _pending(r, seat) == _pending(g, seat)
                if g.current_player == seat:
                    assert [str(a) for a in r.legal_actions()] == [str(a) for a in legal]
                r.step(r.legal_actions()[0])  # a resampled game plays on
            # snapshot / restore: identical, independent and playable
            back = t.restore(g.snapshot())
            assert _views(back) == before and back.history == g.history and back.seed == g.seed
            assert [e for e in back.log()] == g.log()
            back.apply(back.legal_actions()[0])
            assert _views(g) == before
            # the search fast path agrees with apply
            s1, s2 = g.clone(), g.clone()
            s1.apply(legal[0])
            s2.step(legal[0])
            assert _views(s1) == _views(s2)
        g.apply(legal[rng.randrange(len(legal))])
    assert checked >= 3


@pytest.mark.parametrize(("game", "scenario", "players"), CASES, ids=IDS)
def test_no_secret_reaches_any_view_or_the_log(game: str, scenario: str, players: int) -> None:
    """The seed and the generator state never leave the engine; every view and log event is
    JSON (no NaN); the chance state changes exactly when something random was revealed."""
    t = title(game)
    seed = 8_734_201_938_471_102_55
    g = t.new_game(players, seed=seed, scenario=scenario)
    rng = random.Random(3)
    secrets = {str(seed)}
    while not g.is_over:
        rng_state = getattr(g, "rng", None)
        if isinstance(rng_state, int) and rng_state > 10**6:
            secrets.add(str(rng_state))
        text = _views(g) + json.dumps(g.log(), sort_keys=True, allow_nan=False)
        for s in secrets:
            assert s not in text
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize(("game", "scenario", "players"), CASES, ids=IDS)
def test_decisions_come_from_the_registry_and_everything_has_words(game: str, scenario: str,
                                                                    players: int) -> None:
    t: Title = title(game)
    g = t.new_game(players, seed=11, scenario=scenario)
    rng = random.Random(11)
    names_ = [f"Seat {i + 1}" for i in range(players)]
    seen_kinds = set()
    while not g.is_over:
        d = g.pending(g.current_player)
        assert d is not None and d.player == g.current_player
        kind = t.decisions[d.kind]  # every decision met is in the registry
        seen_kinds.add(d.kind)
        assert d.prompt == kind.prompt
        legal = g.legal_actions()
        for a in legal:
            assert a.kind in kind.actions, f"{a} does not answer a {d.kind} decision"
            assert t.words.action(g, a).strip()
            assert t.parse_action(str(a)) == a
            assert t.catalogue().from_id(t.catalogue().id(a)) == a
        g.apply(legal[rng.randrange(len(legal))])
    for e in g.log():
        assert {"type", "move", "round"} <= set(e)
        assert t.words.event(e, names_, g).strip()
    assert seen_kinds


BAD_INPUTS: list[Any] = [
    "", "   ", "nonsense", "place Z9", "pass pass", "\x00", "play 99999999999999999999", "take iron=-1",
    "🚂", "build " + "x" * 5000, 17, None, 3.5, math.nan, b"place A1", ["place A1"], {"action": "x"},
]


@pytest.mark.parametrize(("game", "scenario", "players"), CASES, ids=IDS)
def test_bad_input_is_refused_in_words_and_changes_nothing(game: str, scenario: str, players: int) -> None:
    t = title(game)
    g = t.new_game(players, seed=5, scenario=scenario)
    rng = random.Random(5)
    for _ in range(40):
        if g.is_over:
            break
        before = (_views(g), list(g.history), g.moves, g.chance_state())
        legal = {str(a) for a in g.legal_actions()}
        illegal = [a for a in t.catalogue().actions if str(a) not in legal]
        for bad in [*BAD_INPUTS, *rng.sample(illegal, min(5, len(illegal)))]:
            with pytest.raises(IllegalAction) as err:
                g.apply(bad)
            assert len(str(err.value)) > 10
            assert (_views(g), list(g.history), g.moves, g.chance_state()) == before
        legal_list = g.legal_actions()
        g.apply(legal_list[rng.randrange(len(legal_list))])
    with pytest.raises(RecordError):
        t.replay({"players": players, "seed": 1, "actions": ["nonsense"], "scenario": scenario})


@pytest.mark.parametrize("game", names())
def test_title_describes_itself(game: str) -> None:
    t = title(game)
    d = t.describe()
    json.dumps(d)
    assert d["name"] == game and d["scenarios"] and d["score_lines"] and d["decisions"]
    for spec in t.settings:
        assert spec.kind in ("bool", "int", "choice")
        if spec.kind == "choice":
            assert spec.default in spec.choices
    with pytest.raises(Exception) as err:
        t.new_game(max(t.player_counts) + 1, seed=1)
    assert "player" in str(err.value).lower()
    assert {p.tag for p in t.provenance()} <= {"seed", "confirmed", "fan-data", "inferred", "assumed",
                                                 "provisional", "contradicted"}
    assert t.bots(), "a title brings at least one bot that knows its rules (greedy)"


@pytest.mark.parametrize(("game", "scenario", "players"), [c for c in CASES if c[2] == max(
    n for s in title(c[0]).scenarios if s.key == c[1] for n in s.players)], ids=lambda x: str(x))
def test_the_store_restores_each_titles_snapshot(game: str, scenario: str, players: int) -> None:
    """The store reloads a game by its snapshot alone (`store.snapshot.restore` reads the title
    from the snapshot's `game` key): a Foothills snapshot without it came back as Snowdonia and
    a restarted server could not open a Foothills game (issue 21)."""
    from snowdonia.store.snapshot import restore

    g = title(game).new_game(players, seed=3, scenario=scenario)
    _play(g, random.Random(3), limit=40)
    back = restore(g.snapshot())
    assert _views(back) == _views(g) and back.history == g.history


@pytest.mark.parametrize("game", names())
def test_how_to_play_covers_every_scenario(game: str) -> None:
    """*How to play* (issue 21): every scenario has the goal, a round or turn step by step, the
    parts in one line each, the end, scoring and three first-game tips, in words (no internal
    keys such as `area:B_build`), citing the rulebook."""
    t = title(game)
    for s in t.scenarios:
        doc = t.how_to_play(s.key)
        json.dumps(doc)
        assert doc["game"] == game and doc["scenario"] == s.key and s.name in doc["title"]
        keys = {sec["key"]: sec for sec in doc["sections"]}
        assert keys["goal"]["text"] and keys["end"]["text"]
        assert len(keys.get("round", keys.get("turn", {"items": []}))["items"]) >= 3
        assert len(keys["parts"]["items"]) >= 5 and keys["scoring"]["items"]
        assert len(keys["tips"]["items"]) == 3
        assert any(sec["cite"] for sec in doc["sections"]) and doc["source"]
        for sec in doc["sections"]:
            for line in [sec["text"], *sec["items"]]:
                assert "area:" not in line and "_" not in line.replace("`about`", ""), line
    assert t.how_to_play(None) == t.how_to_play(t.scenarios[0].key)


@pytest.mark.parametrize("game", names())
def test_setting_choices_are_in_words(game: str) -> None:
    """The lobby offers each choice in words (issue 21: Foothills said "random / 0 / 1" and
    listed 28 railway sets by numerals): one label per choice, none a bare number."""
    d = title(game).describe()
    for spec in d["settings"]:
        assert len(spec["choice_labels"]) == len(spec["choices"]), spec["key"]
    if game == "foothills":
        by = {s["key"]: s for s in d["settings"]}
        assert by["start_player"]["choice_labels"] == ["chosen at random", "Player 1", "Player 2"]
        assert all(lb.startswith("without ") and " and " in lb for lb in by["railways"]["choice_labels"][1:])
        assert len(set(by["railways"]["choice_labels"])) == len(by["railways"]["choices"])
        assert d["seat_colours"] == {"2": ["blue", "green"]}
