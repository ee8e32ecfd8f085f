"""Where the VP come from in bot games (issue 19): Mount Snowdon games of the given bots
(one per seat, rotated game by game, seeds `--seed`..), and per bot the mean of every score
line of seed 004's sheet, contracts held and met, track and station markers, a train owned,
cubes left at the end; how the games ended and their rounds; and the share of each kind of
decision (placements by area).

    nice -n 5 python3 scripts/score_sources.py greedy --games 60 --seed 500
    nice -n 5 python3 scripts/score_sources.py search:1000,greedy,greedy --games 6 --seed 700
"""

from __future__ import annotations

import argparse
import collections
import statistics

from snowdonia.bots import make_bot
from snowdonia.games.snowdonia.game import Game
from snowdonia.games.snowdonia.rules.scoring import marker_tally, score_player
from snowdonia.registry import title


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("bots", help="comma-separated, one per seat (one bot: every seat)")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=500)
    ap.add_argument("--players", type=int, default=3)
    args = ap.parse_args()
    specs = args.bots.split(",")
    t = title("snowdonia")
    lines: dict[str, dict[str, list[float]]] = collections.defaultdict(lambda: collections.defaultdict(list))
    acts: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    ends: collections.Counter[str] = collections.Counter()
    rounds = []
    for i in range(args.games):
        g = t.new_game(args.players, seed=args.seed + i, scenario="mount_snowdon")
        assert isinstance(g, Game)
        seats = [specs[(s + i) % len(specs)] for s in range(args.players)]
        bots = [make_bot(s, args.seed * 7 + i * args.players + k, game="snowdonia") for k, s in enumerate(seats)]
        while not g.is_over:
            p = g.current_player
            assert p is not None
            legal = g.legal_actions()
            a = legal[0] if len(legal) == 1 else bots[p].choose(g)
            if len(legal) > 1:
                kind = f"place {a.args[0]}" if g.decision == "place" else f"{g.decision}: {a.kind}"
                acts[seats[p]][kind] += 1
            g.apply(a)
        ends[g.end_reason] += 1
        rounds.append(g.round)
        for p in range(args.players):
            sp = score_player(g, p)
            row = lines[seats[p]]
            for k, v in sp["lines"].items():
                row[k].append(v)
            row["total"].append(sp["total"])
            row["contracts held"].append(len(sp["contracts"]))
            row["contracts met"].append(sum(1 for c in sp["contracts"] if c["met"]))
            _, station_markers, _, track_markers = marker_tally(g, p)
            row["track markers"].append(track_markers)
            row["station markers"].append(station_markers)
            row["train owned"].append(1 if g.train[p] else 0)
            for cube in ("rubble", "iron", "stone", "steel", "coal"):
                row[f"{cube} left"].append(getattr(g, cube)[p])
    print(f"{args.games} games; ended: {dict(ends)}; mean rounds {statistics.mean(rounds):.1f}")
    for bot, row in lines.items():
        print(f"{bot}: " + ", ".join(f"{k} {statistics.mean(v):.1f}" for k, v in row.items()))
    for bot, c in acts.items():
        total = sum(c.values())
        print(f"{bot} decisions: " + ", ".join(f"{k} {v / total:.3f}" for k, v in c.most_common(16)))


if __name__ == "__main__":
    main()
