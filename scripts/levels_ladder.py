"""The levels ladder (issue 19): one `focus` bot against copies of an `opponent` bot, in any
title, with each side's mean time per decision, seats rotated, resumable and parallel.

Each finished game is one JSON line in --out:
`index, seed, game, scenario, players, focus, opponent, focus_seat, winners, scores, rounds,
seconds, focus_spd, opponent_spd, focus_wall_spd, focus_decisions, opponent_decisions, focus_its,
opponent_its` (spd: mean CPU seconds per decision the bot was asked, forced moves included, a
root-parallel bot's helper processes counted; focus_wall_spd: the same on the wall clock, since
stop 40; `seconds`: the whole game; its: mean iterations per decision the side searched, a
decision with more than one option, read from the bot's `last_iterations`, or null for a bot
that does not search). The
iterations say how strong a wall-clock bot such as the reference `mcts-v1:1s` was on the day:
its second buys fewer iterations on a slower or busier machine, while an iteration level plays
the same everywhere and only takes longer (docs/bots-and-simulation.md). The focus seat is
`index % players`, so every seat is played equally often. Games already in the file are
skipped, so a stopped run resumes where it stopped; a file holds one ladder only.

    nice -n 5 python3 scripts/levels_ladder.py --focus expert --opponent mcts-v1:1s \
        --games 200 --workers 2 --out docs/ladder/levels-ms3-search2000e0-vs-mcts1s.jsonl
    python3 scripts/levels_ladder.py --summary --markdown docs/ladder/levels-*.jsonl

`--summary` reads the files (one ladder each) and prints one row per ladder: games, the focus
bot's wins (a shared win counts as a share), win rate with its 95% Wilson interval, the focus
bot's mean score, the mean winning score, and each side's mean seconds per decision. With
`--markdown` the rows are the README's table.

`--paired A B` compares two ladders played on the same seeds and seats (the screens of
docs/bots-and-simulation.md): on the games both files hold, each focus bot's wins and how many
games each won where the other did not.

    python3 scripts/levels_ladder.py --paired docs/ladder/dev/fh-screen-s1000r1w025-vs-s1000s03r1.jsonl \
        docs/ladder/dev/fh-screen-s1000r1-vs-s1000s03r1.jsonl
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

from snowdonia.bots import make_bot
from snowdonia.bots.levels import named_levels
from snowdonia.bots.search import SearchConfig
from snowdonia.registry import title
from snowdonia.sim.runner import bot_seed
from snowdonia.sim.stats import wilson


def play_one(job: tuple[int, int, str, str | None, int, str, str]) -> dict[str, Any]:
    """Play game `index` of the ladder and return its row."""
    index, seed, game, scenario, players, focus, opponent = job
    t = title(game)
    g = t.new_game(players, seed=seed, scenario=scenario)
    seat = index % players
    specs = [focus if s == seat else opponent for s in range(players)]
    bots = [make_bot(b, bot_seed(seed, s), game=game, scenario=g.scenario) for s, b in enumerate(specs)]
    spent = [0.0] * players
    wall = [0.0] * players  # wall-clock thinking: below the CPU time for a root-parallel bot
    asked = [0] * players
    its = [0] * players  # iterations of the decisions each seat searched
    searched = [0] * players
    t0 = time.perf_counter()
    while not g.is_over:
        p = g.current_player
        assert p is not None
        options = len(g.legal_actions())
        s0 = time.process_time()
        w0 = time.perf_counter()
        a = bots[p].choose(g)
        wall[p] += time.perf_counter() - w0
        # a root-parallel bot's helper processes spend CPU this process does not see
        spent[p] += time.process_time() - s0 + getattr(bots[p], "last_helper_cpu", 0.0)
        asked[p] += 1
        ran = getattr(bots[p], "last_iterations", None)
        if options > 1 and ran is not None:
            its[p] += ran
            searched[p] += 1
        g.apply(a)
    for b in bots:  # a root-parallel bot's helper processes end with its game
        close = getattr(b, "close", None)
        if close is not None:
            close()
    res = g.outcome()
    stats = g.stats()
    opp_time = sum(spent[s] for s in range(players) if s != seat)
    opp_asked = sum(asked[s] for s in range(players) if s != seat)
    opp_its = sum(its[s] for s in range(players) if s != seat)
    opp_searched = sum(searched[s] for s in range(players) if s != seat)
    return {"index": index, "seed": seed, "game": game, "scenario": g.scenario, "players": players,
            "focus": focus, "opponent": opponent, "focus_seat": seat,
            "winners": list(res.winners), "scores": [float(x) for x in res.scores],
            "rounds": stats.get("rounds"), "seconds": round(time.perf_counter() - t0, 2),
            "focus_spd": round(spent[seat] / max(asked[seat], 1), 4),
            "opponent_spd": round(opp_time / max(opp_asked, 1), 4),
            "focus_wall_spd": round(wall[seat] / max(asked[seat], 1), 4),
            "focus_decisions": asked[seat], "opponent_decisions": opp_asked,
            "focus_its": round(its[seat] / searched[seat], 1) if searched[seat] else None,
            "opponent_its": round(opp_its / opp_searched, 1) if opp_searched else None}


def read_rows(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()]


def ladder_key(r: dict[str, Any]) -> tuple[Any, ...]:
    # The issue-4 ladders (docs/ladder/greedy-vs-random.jsonl, ...) were all Mount Snowdon and
    # kept no title, scenario, player count or decision counts.
    return (r.get("game", "snowdonia"), r.get("scenario", "mount_snowdon"), r.get("players", len(r["scores"])),
            r["focus"], r["opponent"])


def level_name(spec: str, game: str | None = None, scenario: str | None = None) -> str:
    """The named level a focus string is or stands for (bots/levels.toml; in `game` and
    `scenario`, where a level stands for another string there), else ''. A search level with
    `:x1` and the same level without it are one level: `:x1` stops a search only once its choice
    cannot change, so from the same seed it makes the same choice (tests/bots/test_search_pins.py),
    and a ladder of either is that level's."""
    for lv in named_levels().values():
        if spec == lv.name or _same_choices(spec) == _same_choices(lv.spec_for(game, scenario)):
            return lv.name
    return ""


def _same_choices(spec: str) -> str:
    """A level string with `:x1` left out (other strings as they are)."""
    if not spec.startswith("search:"):
        return spec
    try:
        cfg = SearchConfig.parse(spec[len("search:"):])
    except ValueError:
        return spec
    return "search:" + replace(cfg, decided=False).label()


def summarize(rows: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """One ladder's figures; each game counted once (the last row of an index wins)."""
    unique = {r["index"]: r for r in rows}
    games = [unique[k] for k in sorted(unique)]
    n = len(games)
    if n == 0:
        raise ValueError("no games to sum up")
    keys = {ladder_key(r) for r in games}
    if len(keys) != 1:
        raise ValueError(f"the rows hold several ladders: {sorted(keys)}")
    wins = sum(1.0 / len(r["winners"]) for r in games if r["focus_seat"] in r["winners"])
    lo, hi = wilson(wins, n)
    focus_scores = [r["scores"][r["focus_seat"]] for r in games]
    top = [max(r["scores"]) for r in games]
    fd = sum(r.get("focus_decisions", 0) for r in games)
    od = sum(r.get("opponent_decisions", 0) for r in games)
    game, scenario, players, focus, opponent = ladder_key(games[0])
    return {
        "game": game, "scenario": scenario, "players": players, "focus": focus, "opponent": opponent,
        "games": n, "wins": wins, "win_rate": wins / n, "wilson95": [lo, hi],
        "focus_mean_score": sum(focus_scores) / n,
        "mean_winning_score": sum(top) / n,
        "focus_spd": sum(r.get("focus_spd", 0.0) * r.get("focus_decisions", 0) for r in games) / max(fd, 1),
        "opponent_spd": sum(r.get("opponent_spd", 0.0) * r.get("opponent_decisions", 0) for r in games) / max(od, 1),
        "by_seat": {s: sum(1 for r in games if r["focus_seat"] == s) for s in range(players)},
        # Mean iterations per searched decision, over the games that recorded them (rows
        # written before stop 32 did not): how strong a wall-clock side was on the day.
        "focus_its": _mean_its(games, "focus_its"), "opponent_its": _mean_its(games, "opponent_its"),
    }


def _mean_its(games: list[dict[str, Any]], key: str) -> float | None:
    got = [r[key] for r in games if r.get(key) is not None]
    return sum(got) / len(got) if got else None


def paired(a: Iterable[dict[str, Any]], b: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Two ladders on the games both hold (the same index, seed and focus seat): each focus
    bot's wins (shares), the games won by one alone (a larger share than the other's) and each
    focus bot's mean VP on those games."""
    ra = {r["index"]: r for r in a}
    rb = {r["index"]: r for r in b}
    common = sorted(set(ra) & set(rb))
    for i in common:
        if (ra[i]["seed"], ra[i]["focus_seat"]) != (rb[i]["seed"], rb[i]["focus_seat"]):
            raise ValueError(f"game {i} was played from another seed or seat in each file: not a paired comparison")

    def share(r: dict[str, Any]) -> float:
        return 1.0 / len(r["winners"]) if r["focus_seat"] in r["winners"] else 0.0

    if not common:
        raise ValueError("the two files hold no game in common")
    return {"games": len(common), "focus": [ra[common[0]]["focus"], rb[common[0]]["focus"]],
            "wins": [sum(share(ra[i]) for i in common), sum(share(rb[i]) for i in common)],
            "won_alone": [sum(share(ra[i]) > share(rb[i]) for i in common),
                          sum(share(rb[i]) > share(ra[i]) for i in common)],
            "mean_vp": [round(sum(float(r[i]["scores"][r[i]["focus_seat"]]) for i in common) / len(common), 2)
                        for r in (ra, rb)]}


def markdown(summaries: list[dict[str, Any]]) -> str:
    """The rows as a Markdown table; `level` names the named level the focus is (or stands
    for), and a time per decision the file did not record (the issue-4 ladders) reads '–'."""
    head = ("| title | players | level | focus | vs | games | focus wins | win rate [95% Wilson] | focus mean VP "
            "| mean winning VP | s/decision focus | s/decision opp |\n|---|---|---|---|---|---|---|---|---|---|---|---|")
    lines = [head]
    for s in summaries:
        lo, hi = s["wilson95"]
        where = s["game"] if s["scenario"] in (None, s["game"]) else f"{s['game']} ({s['scenario']})"
        timed = s["focus_spd"] > 0 or s["opponent_spd"] > 0
        fs = f"{s['focus_spd']:.3f}" if timed else "–"
        os_ = f"{s['opponent_spd']:.3f}" if timed else "–"
        name = level_name(s['focus'], s['game'], s['scenario'])
        lines.append(f"| {where} | {s['players']} | {name} | {s['focus']} | {s['opponent']} | {s['games']} "
                     f"| {s['wins']:g} | {s['win_rate']:.3f} [{lo:.3f}, {hi:.3f}] | {s['focus_mean_score']:.1f} "
                     f"| {s['mean_winning_score']:.1f} | {fs} | {os_} |")
    return "\n".join(lines)


def run(out: Path, game: str, scenario: str | None, players: int, focus: str, opponent: str,
        games: int, seed: int, workers: int) -> None:
    rows = read_rows(out)
    t = title(game)
    key_scenario = t.scenario(scenario).key
    mine = (game, key_scenario, players, focus, opponent)
    for r in rows:
        if ladder_key(r) != mine:
            sys.exit(f"{out} holds another ladder ({ladder_key(r)}); give a new --out for {mine}")
    for spec in (focus, opponent):
        make_bot(spec, 0, game=game)  # a bad level string stops here, in words
    done = {r["index"] for r in rows}
    jobs = [(i, seed + i, game, key_scenario, players, focus, opponent) for i in range(games) if i not in done]
    out.parent.mkdir(parents=True, exist_ok=True)

    def write(row: dict[str, Any]) -> None:
        with out.open("a") as f:
            f.write(json.dumps(row) + "\n")
        print(json.dumps(row), flush=True)

    if workers <= 1:
        for job in jobs:
            write(play_one(job))
        return
    with multiprocessing.Pool(workers) as pool:
        for row in pool.imap_unordered(play_one, jobs):
            write(row)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--focus", default="expert")
    ap.add_argument("--opponent", default="mcts-v1:1s")
    ap.add_argument("--game", default="snowdonia")
    ap.add_argument("--scenario", default=None)
    ap.add_argument("--players", type=int, default=None, help="default: 3 (Foothills: 2)")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=90_000)
    ap.add_argument("--workers", type=int, default=1, help="processes playing games side by side")
    ap.add_argument("--summary", action="store_true", help="only sum up the files given")
    ap.add_argument("--markdown", action="store_true", help="print the summary as the README's table")
    ap.add_argument("--paired", action="store_true", help="compare two ladders on the games both hold")
    ap.add_argument("out", type=Path, nargs="+", help="the ladder file (with --summary: one or more)")
    args = ap.parse_args(argv)
    if args.paired:
        if len(args.out) != 2:
            ap.error("--paired compares exactly two ladder files")
        try:
            print(json.dumps(paired(read_rows(args.out[0]), read_rows(args.out[1]))))
        except ValueError as exc:
            sys.exit(str(exc))
        return
    if not args.summary:
        if len(args.out) != 1:
            ap.error("play into one file at a time (several are for --summary)")
        players = args.players or (2 if args.game == "foothills" else 3)
        try:
            run(args.out[0], args.game, args.scenario, players, args.focus, args.opponent,
                args.games, args.seed, args.workers)
        except (KeyError, ValueError) as exc:
            sys.exit(str(exc).strip('"'))
    summaries = [summarize(read_rows(p)) for p in args.out if read_rows(p)]
    if args.markdown:
        print(markdown(summaries))
    else:
        for s in summaries:
            print(json.dumps(s))


if __name__ == "__main__":
    main()
