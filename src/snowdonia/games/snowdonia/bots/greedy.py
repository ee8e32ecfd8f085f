"""The `greedy` bot: one ply of look-ahead with a heuristic evaluation.

For a placement it previews the area's action as if it resolved now; for every other
choice it applies each option to a clone and keeps the best-valued result. It gets iron,
makes steel, lays track, builds, and takes contracts it can meet."""

from __future__ import annotations

import random

from snowdonia.games.snowdonia.bots.evaluate import evaluate
from snowdonia.games.snowdonia.game import Game
from snowdonia.games.snowdonia.rules import flow
from snowdonia.games.snowdonia.rules.actions import Action
from snowdonia.games.snowdonia.rules.board import capacity
from snowdonia.games.snowdonia.rules.decisions import HIRE, MOVE, PLACE, WEATHER, WINDOW

_ALWAYS_PLAY = {
    "now_rubble_to_stone", "now_iron_to_steel", "now_draw_bag", "now_take_stock_yard",
    "now_move_surveyor", "draw_keep", "swap_weather", "fix_start_player",
}


class GreedyBot:
    def __init__(self, seed: int = 0) -> None:
        self.name = "greedy"
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        d = game.decision
        p = game.decider
        if d == HIRE:
            return Action("hire")
        if d == PLACE:
            return self._place(game, p, legal)
        if d == WINDOW:
            return self._window(game, p, legal)
        if d == WEATHER:
            for w in ("sun", "rain", "fog"):
                a = Action("weather", (w,))
                if a in legal:
                    return a
        if d == MOVE:
            return self._move(game, p, legal)
        return self._best_after(game, p, legal)

    def _best_after(self, game: Game, p: int, legal: list[Action]) -> Action:
        best: list[Action] = []
        best_v = float("-inf")
        for a in legal:
            c = game.clone()
            c.apply(a)
            v = evaluate(c, p)
            if v > best_v + 1e-9:
                best_v, best = v, [a]
            elif abs(v - best_v) <= 1e-9:
                best.append(a)
        return self.rng.choice(best)

    def _area_value(self, game: Game, p: int, area: int, idx: int) -> float:
        """Value of p's labourer on (area, idx) if its action resolved now."""
        c = game.clone()
        before = evaluate(c, p)
        if area == 6:
            c.cfg.hooks.move_surveyor(c, p)
        else:
            decided = flow.resolve_space(c, area, idx, p)
            if decided:
                options = flow.legal_actions(c)
                best = float("-inf")
                for a in options:
                    cc = c.clone()
                    flow.answer(cc, a)
                    best = max(best, evaluate(cc, p))
                return best - before + (0.6 if area == 0 and idx == capacity(game, 0) - 1 else 0)
        return evaluate(c, p) - before

    def _place(self, game: Game, p: int, legal: list[Action]) -> Action:
        scored: list[tuple[float, float, Action]] = []
        seen_area: dict[str, float] = {}
        for a in legal:
            area_letter, num = a.args
            ai = "ABCDEFG".index(str(area_letter))
            idx = int(num) - 1 if ai < 6 else 0
            key = f"{area_letter}{idx if ai == 0 else ''}"
            if key not in seen_area:
                seen_area[key] = self._area_value(game, p, ai, idx)
            # Earlier spaces resolve first: a small preference keeps first pick of the yard.
            scored.append((seen_area[key] - 0.01 * idx, self.rng.random(), a))
        scored.sort(key=lambda x: (x[0], x[1]), reverse=True)
        return scored[0][2]

    def _window(self, game: Game, p: int, legal: list[Action]) -> Action:
        area = game.res_area
        base = game.cfg.space_offset[area] if area < 6 else 0
        mine = (
            p in game.g_list if area == 6
            else any(game.spaces[base + i] == p for i in range(capacity(game, area)))
        )
        for a in legal:
            if a.kind != "play":
                continue
            eff = game.cfg.contract[int(a.args[0])].effect
            if eff in _ALWAYS_PLAY or (mine and eff != "block_contracts"):
                return a
        return Action("pass")

    def _move(self, game: Game, p: int, legal: list[Action]) -> Action:
        best = legal[0]
        best_v = float("-inf")
        for a in legal:
            fa, fn, ta, tn = a.args
            t_i = "ABCDEFG".index(str(ta))
            f_i = "ABCDEFG".index(str(fa))
            v = self._area_value(game, p, t_i, max(0, int(tn) - 1)) - self._area_value(
                game, p, f_i, max(0, int(fn) - 1))
            if v > best_v:
                best, best_v = a, v
        return best


def factory(level: str, seed: int) -> GreedyBot:
    if level:
        raise ValueError("the greedy bot takes no level")
    return GreedyBot(seed)
