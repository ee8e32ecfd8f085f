"""Sequential halving with common random numbers at the root: a screen of another way to spend
the search's playouts (issue 19, stop 38), laddered like any level.

In 3-player Mount Snowdon the master's tree barely reaches past its own option: about fifteen
options a placement, two other seats' placements before the round resolves, 3,000 iterations
(docs/bots-and-simulation.md, "Tree reuse in Foothills": little of a tree survives the other
seats' moves). So its choice rests on the mean playout result of each root option, and two
things can be done better with the same playouts:

- **Sequential halving** (Karnin, Koren and Somekh 2013; at a game tree's root, Cazenave 2014):
  every option gets the same number of playouts, the worse half is dropped, and so on until one
  is left. UCB1 spreads playouts to keep its regret low while it plays; a bot plays only the
  final choice, and halving spends the budget on telling the best options apart.
- **Common random numbers**: each sample is one determinization (`Position.resample`, with the
  seat's knowledge only) and one stream of chance and of the playout policy's draws, shared by
  every option still in play. The events, the bag's draws and the contracts that come out decide
  much of a game; played alike for every option, the luck they share drops out of the
  differences between options, which is all a choice needs (less of it as the options' games
  part ways). `:n0` draws them afresh for every playout instead.

The bot speaks only the protocol. Level string `halving:<playouts>[:h<policy>][:w<win
weight>][:k<margin scale>][:n0]`: the playouts of one decision in all, the title's playout
policy version (`:h2` unless said; `:h0` uniformly random), the reward of the search bot (win
weight 0.8 and margin scale 8 VP unless said, as the master's), and `:n0` without common random
numbers. Like the search bot it plays the same moves from the same seed on any machine.

    python3 scripts/halving.py --focus halving:3000:h2 --opponent mcts:5000 --games 200 \
        --seed 99600 --workers 2 docs/ladder/dev/ms3-halving3000h2-vs-mcts5000.jsonl
    python3 scripts/levels_ladder.py --paired docs/ladder/dev/ms3-halving3000h2-vs-mcts5000.jsonl \
        docs/ladder/dev/ms3-s3000f1h2-vs-mcts5000.jsonl

Every option of `levels_ladder.py` works here (resumable, `--workers`, `--summary`).
"""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path
from typing import Any

from snowdonia.bots import register
from snowdonia.bots.search import rewards

sys.path.insert(0, str(Path(__file__).resolve().parent))
import levels_ladder  # noqa: E402  (the ladder itself: one implementation of rows and files)


def parse(level: str) -> tuple[int, int, float, float, bool]:
    """(playouts, policy version, win weight, margin scale, common random numbers) of a level
    string such as '3000:h2:n0'; a bad string is refused in words."""
    parts = level.strip().lower().split(":")
    try:
        playouts = int(parts[0])
        policy, win, scale, common = 2, 0.8, 8.0, True
        for extra in parts[1:]:
            if extra in ("h0", "h1", "h2", "h3", "h4", "h5"):
                policy = int(extra[1:])
            elif extra.startswith("w"):
                win = float(extra[1:])
            elif extra.startswith("k"):
                scale = float(extra[1:])
            elif extra in ("n0", "n1"):
                common = extra == "n1"
            else:
                raise ValueError
        if not 2 <= playouts <= 1_000_000 or not 0.0 <= win <= 1.0 or not 0.5 <= scale <= 100.0:
            raise ValueError
    except ValueError:
        raise ValueError(f"bad halving level {level!r}: use playouts from 2 to 1,000,000 ('halving:3000'), "
                         "optionally 'h0' to 'h5' (the playout policy), a win weight from 0 to 1 ('w0.8'), a "
                         "margin scale in VP ('k8') and 'n0' (no common random numbers)") from None
    return playouts, policy, win, scale, common


def schedule(options: int, playouts: int) -> list[int]:
    """Playouts per option in each round of sequential halving over `options` options: the
    budget split evenly over ceil(log2(options)) rounds, each round's share evenly over the
    options still in play (at least one each), halving them (rounded up) after every round."""
    rounds = max(1, math.ceil(math.log2(options)))
    out = []
    left, alive = playouts, options
    for r in range(rounds):
        each = max(1, left // (alive * (rounds - r)))
        out.append(each)
        left -= each * alive
        alive = (alive + 1) // 2
    return out


class HalvingBot:
    def __init__(self, level: str, seed: int) -> None:
        self.playouts, self.policy, self.win, self.scale, self.common = parse(level)
        self.rng = random.Random(seed)
        label = f"{self.playouts}:h{self.policy}"
        label += "" if self.win == 0.8 else f":w{self.win:g}"
        label += "" if self.scale == 8.0 else f":k{self.scale:g}"
        label += "" if self.common else ":n0"
        self.name = f"halving:{label}"
        self.last_iterations = 0

    def choose(self, game: Any) -> Any:
        legal = game.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        seat = game.current_player
        rng = self.rng
        total = [0.0] * len(legal)
        count = [0] * len(legal)
        alive = list(range(len(legal)))
        used = 0
        for each in schedule(len(legal), self.playouts):
            for _ in range(each):
                if self.common:
                    base = game.resample(seat, rng.getrandbits(63))
                    stream = rng.getrandbits(63)
                for i in alive:
                    if self.common:
                        d = base.clone()
                        play = random.Random(stream)
                    else:
                        d = game.resample(seat, rng.getrandbits(63))
                        play = random.Random(rng.getrandbits(63))
                    d.step(legal[i])
                    if self.policy:
                        d.policy_playout(play, None, self.policy)
                    else:
                        d.playout(play, None)
                    res = d.outcome()
                    total[i] += rewards([float(s) for s in res.scores], list(res.winners), self.win,
                                        self.scale)[seat]
                    count[i] += 1
                    used += 1
            # the better half goes on (ties keep their order); the last round leaves one, played
            alive.sort(key=lambda i: -total[i] / count[i])
            alive = alive[: (len(alive) + 1) // 2]
        self.last_iterations = used
        return legal[alive[0]]


def _register() -> None:
    register("halving", HalvingBot)


def main(argv: list[str] | None = None) -> None:
    _register()  # before the ladder's worker processes are forked, so they know the bot
    levels_ladder.main(argv)


if __name__ == "__main__":
    main()
