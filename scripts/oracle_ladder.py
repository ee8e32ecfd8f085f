"""How much of the search's loss is the game's luck? A ladder of an oracle search (issue 19).

A research instrument, not a bot to play against: the oracle reads what no seat may read, so it
lives here and never in `snowdonia.bots`. It is the `search` bot with the same level string and
the same draws from its seed, except that its determinizations are not re-dealt:

- `oracle-deck:<level>` searches the real order of the contract deck and of the discards its
  seat has not seen (in Mount Snowdon the only hidden facts: the bag holds counts, and every
  draw from it is chance, seed 004 "Restock the Stock Yard"); the random generator is replaced
  at every iteration as `Game.resample` does, so bag draws in its playouts differ.
- `oracle-all:<level>` also keeps the real random generator, so its playouts meet the bag
  draws the real game is about to make (as long as the bag holds the same cubes when they are
  drawn): it sees the deck and, in effect, the dice.

Against the same opponents, on the same seeds and seats as a fair ladder, the oracles bound what
better handling of hidden facts (`oracle-deck`) and of the luck of the draws (`oracle-all`) could
give this search at this budget. If an oracle that sees the dice cannot reach the issue's 75%
against two `mcts:5000`, the gap is not in how the search treats what it cannot see.

    python3 scripts/oracle_ladder.py --focus oracle-all:3000:f1:w0.8:k8:h2 --opponent mcts:5000 \
        --games 200 --seed 99600 --workers 2 docs/ladder/dev/ms3-oracleall-s3000f1h2-vs-mcts5000.jsonl
    python3 scripts/levels_ladder.py --paired docs/ladder/dev/ms3-oracleall-s3000f1h2-vs-mcts5000.jsonl \
        docs/ladder/dev/ms3-s3000f1h2-vs-mcts5000.jsonl

Every option of `levels_ladder.py` works here (resumable, `--workers`, `--summary`); the rows
are the same, with the oracle's level string as the focus. Snowdonia only (Mount Snowdon and
Blaenau Ffestiniog).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from snowdonia.bots import register
from snowdonia.bots.search import SearchBot, SearchConfig
from snowdonia.core.rng import seed_state
from snowdonia.games.snowdonia.game import Game

sys.path.insert(0, str(Path(__file__).resolve().parent))
import levels_ladder  # noqa: E402  (the ladder itself: one implementation of rows and files)


class OracleGame(Game):
    """A copy of a real game whose determinizations are the real game: the deck as it lies
    (`sees_dice`: and the real random generator)."""

    __slots__ = ("sees_dice",)
    sees_dice: bool

    def resample(self, seat: int, rng: random.Random | int) -> Game:
        # Draw from the search's generator as the fair re-deal does, so that an oracle and a
        # fair search from one seed part only where what they see differs.
        r = rng if isinstance(rng, int) else rng.getrandbits(63)
        g = self.clone()
        if not self.sees_dice:
            g.rng = seed_state(r)
        return g


def oracle_view(game: Game, sees_dice: bool) -> OracleGame:
    """The real game, copied, for an oracle to search (the real game is not touched)."""
    view = OracleGame.__new__(OracleGame)
    game.copy_into(view)
    view.seed = game.seed
    view.history = game.history[:]
    view.sees_dice = sees_dice
    return view


class OracleBot:
    """The `search` bot of the same level string, searching an oracle's view of the game."""

    def __init__(self, kind: str, level: str, seed: int) -> None:
        self.search = SearchBot(SearchConfig.parse(level), seed)
        self.sees_dice = kind == "oracle-all"
        self.name = f"{kind}:{self.search.config.label()}"
        self.last_iterations = 0

    def configure_for(self, title: Any) -> None:
        if title.name != "snowdonia":
            raise ValueError(f"the oracles play Snowdonia only, not {title.name}")
        self.search.configure_for(title)

    def choose(self, game: Any) -> Any:
        action = self.search.choose(oracle_view(game, self.sees_dice))
        self.last_iterations = self.search.last_iterations
        return action


def _register() -> None:
    for kind in ("oracle-deck", "oracle-all"):
        register(kind, lambda level, seed, kind=kind: OracleBot(kind, level, seed))


def main(argv: list[str] | None = None) -> None:
    _register()  # before the ladder's worker processes are forked, so they know the oracles
    levels_ladder.main(argv)


if __name__ == "__main__":
    main()
