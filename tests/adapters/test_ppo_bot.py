"""The `ppo` bot level (issue 22): the shipped policy network plays legal moves to the end
of a game at every player count of Mount Snowdon, is offered by every front end's level
list, refuses in words what it cannot play, and computes in NumPy exactly the policy that
MaskablePPO trained."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from snowdonia.adapters.common import resolve
from snowdonia.bots import bot_kinds, bot_levels, make_bot
from snowdonia.bots.ppo import PPOBot, policy_files


def test_the_network_is_shipped_and_small() -> None:
    files = policy_files()
    assert ("snowdonia", "mount_snowdon") in files
    assert files[("snowdonia", "mount_snowdon")].stat().st_size < 3_000_000


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_ppo_plays_legal_moves_to_the_end(players: int) -> None:
    setup = resolve("snowdonia", players, "mount_snowdon")
    g = setup.new_game(11)
    bots = [make_bot("ppo", seed=p) if p == 0 else make_bot("greedy", seed=p) for p in range(players)]
    moves = 0
    while not g.is_over:
        seat = g.current_player
        assert seat is not None
        action = bots[seat].choose(g)
        assert action in g.legal_actions()
        g.apply(action)
        moves += 1
    assert moves > 20 and len(g.outcome().scores) == players


def test_ppo_is_deterministic_and_prefers_what_it_learned() -> None:
    g = resolve("snowdonia", 2, "mount_snowdon").new_game(5)
    bot = PPOBot()
    legal, p = bot.probabilities(g)
    assert len(legal) == len(p) and abs(float(p.sum()) - 1.0) < 1e-9
    assert bot.choose(g) == legal[int(np.argmax(p))] == PPOBot(seed=9).choose(g)
    assert float(p.max()) > 1.0 / len(legal)  # trained: not the uniform policy


def test_ppo_is_a_level_of_snowdonia_only() -> None:
    assert "ppo" in bot_kinds("snowdonia") and "ppo" in bot_levels("snowdonia")
    assert "ppo" not in bot_kinds("foothills")
    with pytest.raises(ValueError, match="ppo bot does not play Foothills"):
        make_bot("ppo", game="foothills")
    with pytest.raises(ValueError, match="no budget"):
        make_bot("ppo:200")


def test_ppo_refuses_a_scenario_or_settings_it_was_not_trained_for() -> None:
    bf = resolve("snowdonia", 2, "blaenau_ffestiniog").new_game(0)
    while bf.current_player is None and not bf.is_over:
        bf.apply(bf.legal_actions()[0])
    with pytest.raises(ValueError, match="trained on Mount Snowdon only, not Blaenau Ffestiniog"):
        make_bot("ppo").choose(bf)
    other = resolve("snowdonia", 2, "mount_snowdon", round_limit=30).new_game(0)
    with pytest.raises(ValueError, match="another observation layout"):
        make_bot("ppo").choose(other)


@pytest.mark.slow
def test_the_numpy_policy_is_maskable_ppos(tmp_path: Path) -> None:
    """A MaskablePPO network exported with `train_ppo.py --export` chooses, in NumPy, the
    action `model.predict(deterministic=True)` chooses, at positions of several counts."""
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO
    from test_train_ppo import _script

    from snowdonia.adapters.gymnasium import SeatEnv

    train_ppo = _script()
    out = tmp_path
    env = SeatEnv(game="snowdonia", players=2, observation="learning", opponents="random")
    model = MaskablePPO("MlpPolicy", env, seed=3, device="cpu", policy_kwargs={"net_arch": [16, 16]})
    model.save(out / "m.zip")
    args = train_ppo.parse(["--players", "2"])
    train_ppo.export(str(out / "m.zip"), str(out / "m.npz"), args)
    bot = PPOBot(policy=out / "m.npz")
    rng = random.Random(0)
    checked = 0
    for players in (2, 3):
        setup = resolve("snowdonia", players, "mount_snowdon")
        feats = SeatEnv(game="snowdonia", players=players, observation="learning").features
        g = setup.new_game(players)
        while not g.is_over and checked < 40 * players:
            seat = g.current_player
            assert seat is not None
            legal = g.legal_actions()
            if len(legal) > 1:
                cat = g.title.catalogue()
                mask = np.zeros(g.title.action_count(g.scenario), dtype=bool)
                mask[[cat.id(a) for a in legal]] = True
                want, _ = model.predict(feats.encode(g, seat), action_masks=mask, deterministic=True)
                assert cat.id(bot.choose(g)) == int(want)
                checked += 1
            g.apply(rng.choice(legal))
    assert checked >= 60


def _blaenau() -> object:
    return resolve("snowdonia", 2, "blaenau_ffestiniog").new_game(0)


def test_every_front_end_offers_ppo_and_refuses_it_in_words_where_it_cannot_play() -> None:
    import typer
    from typer.testing import CliRunner

    from snowdonia.bots import check_bot
    from snowdonia.sim.commands import register
    from snowdonia.tui.loop import SeatError, check_seats
    from snowdonia.web.levels import fallback, levels

    # web lobby: a level of Snowdonia with its sentence, never a fallback, absent from Foothills
    web = {lv.level: lv for lv in levels("snowdonia")}
    assert "ppo" in web and "MaskablePPO" in web["ppo"].help
    assert "ppo" not in {lv.level for lv in levels("foothills")}
    assert fallback("snowdonia", "mcts:200") != "ppo" and fallback("snowdonia", "ppo") == "greedy"
    # terminal seats: accepted at Mount Snowdon, refused in words at Blaenau Ffestiniog
    check_seats(["human", "ppo"], resolve("snowdonia", 2, "mount_snowdon").new_game(0))
    with pytest.raises(SeatError, match=r"seat 2 \(ppo\): the ppo bot was trained on Mount Snowdon only"):
        check_seats(["human", "ppo"], _blaenau())
    with pytest.raises(ValueError, match="trained on Mount Snowdon only"):
        check_bot("ppo", _blaenau())
    # command line: a tournament with ppo at Blaenau Ffestiniog is refused before any game
    app = typer.Typer()
    app.callback()(lambda: None)  # keeps the subcommand's name on the command line
    register(app)
    res = CliRunner().invoke(app, ["tournament", "--players", "2", "--bots", "ppo,greedy", "--games", "2",
                                   "--scenario", "blaenau_ffestiniog"])
    assert res.exit_code != 0 and "trained on Mount Snowdon only" in " ".join(res.output.replace("│", " ").split())
    res = CliRunner().invoke(app, ["tournament", "--players", "2", "--bots", "ppo,greedy", "--games", "2",
                                   "--json"])
    assert res.exit_code == 0, res.output
    assert {b["bot"] for b in __import__("json").loads(res.output.strip().splitlines()[-1])["bots"]} == \
        {"ppo", "greedy"}
