"""How tight the adapters' declared bounds are (docs/ai.md, "Bounds"): for every title,
scenario and player count, `max_game_length` (Encoder.max_decisions) and `max_utility`
(Encoder.score_bounds) against the most decisions and the highest score seen in 200
random and 20 greedy games, as the Markdown table docs/ai.md shows.

    PYTHONPATH=src python3 scripts/bounds_table.py            # every title
    PYTHONPATH=src python3 scripts/bounds_table.py foothills  # the rows of the titles named
"""

from __future__ import annotations

import random
import sys
from typing import Any

from snowdonia.adapters.common import resolve
from snowdonia.bots import make_bot
from snowdonia.registry import names, title

RANDOM_GAMES = 200
GREEDY_GAMES = 20


def _play(setup: Any, game: str, players: int, seed: int) -> Any:
    g = setup.new_game(seed)
    rng = random.Random(seed)
    bots = ([make_bot("greedy", seed * 10 + q, game=game) for q in range(players)]
            if seed >= RANDOM_GAMES else None)
    while not g.is_over:
        g.apply(bots[g.current_player].choose(g) if bots else rng.choice(g.legal_actions()))
    return g


def main() -> None:
    only = sys.argv[1:]
    unknown = [n for n in only if n not in names()]
    if unknown:
        sys.exit(f"unknown title(s) {', '.join(unknown)}; the titles are {', '.join(names())}")
    print("| title, scenario | players | `max_game_length` | most decisions seen | x | `max_utility` (scores) "
          "| highest score seen | x |")
    print("|---|---|---|---|---|---|---|---|")
    for n in names():
        if only and n not in only:
            continue
        for sc in title(n).scenarios:
            for p in sc.players:
                setup = resolve(n, p, sc.key)
                enc = setup.encoder()
                most = high = 0.0
                for seed in range(RANDOM_GAMES + GREEDY_GAMES):
                    g = _play(setup, n, p, seed)
                    most = max(most, g.moves)
                    high = max(high, max(g.outcome().scores))
                bound = enc.score_bounds[1]
                print(f"| {title(n).display_name}, {sc.name} | {p} | {enc.max_decisions:,} | {most:g} | "
                      f"{enc.max_decisions / most:.1f} | {bound:g} | {high:g} | {bound / high:.1f} |", flush=True)


if __name__ == "__main__":
    main()
