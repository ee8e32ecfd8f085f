"""The round state machine's dispatch (rules/flow.py): `options` and `carry_out`, the direct
calls the engine makes for the kinds of decision it asks most, give exactly what the one
dispatch table `HANDLERS` gives, for every kind met in random games of both scenarios."""

from __future__ import annotations

import random

from snowdonia.games.snowdonia.game import Game, new_game
from snowdonia.games.snowdonia.rules import flow
from snowdonia.games.snowdonia.rules.state import SLOTS


def _state(g: Game) -> dict[str, object]:
    return {s: getattr(g, s) for s in SLOTS if s not in ("cfg", "journal", "_legal", "chance")}


def test_direct_dispatch_equals_the_handlers_table() -> None:
    kinds: set[str] = set()
    for seed in range(16):
        players = 1 + seed % 5
        scenario = "blaenau_ffestiniog" if seed % 2 and players < 5 else "mount_snowdon"
        g = new_game(players, seed=seed, scenario=scenario)
        rng = random.Random(seed)
        while not g.is_over:
            d = g.decision
            assert d is not None
            kinds.add(d)
            legal = g.legal_actions()
            assert flow.options(g, d, g.decider) == flow.HANDLERS[d][0](g, g.decider) == legal
            act = rng.choice(legal)
            direct, table = g.clone(), g.clone()
            direct.step(act)
            table.moves += 1
            table._legal = None
            table.decision = None
            flow.HANDLERS[d][1](table, g.decider, act)
            flow.advance(table)
            assert _state(direct) == _state(table), (seed, d, str(act))
            g.apply(act)
    # the kinds `options` and `carry_out` call directly were all met, and others besides
    assert {"place", "contract_window", "hire", "stock_yard", "build", "works", "site_office",
            "choose_end", "game_surveyor"} <= kinds
