#!/usr/bin/env python3
"""Load test of `snowdonia serve`: N concurrent games played to the end through the HTTP API.

Starts a server on a free loopback port with a temporary SQLite file (or --database-url),
then every game's seats are driven by this script: GET the deciding seat's view, POST a
random legal action with the move number. Reports the POST (move) latency percentiles,
throughput, and the server's memory per game (RSS growth / games; the games stay in the
server's live cache). Not a test: a measurement for docs/web.md.

    python3 scripts/loadtest.py --games 100 --players 3

With `--bot-games N` it measures what a person feels while the server's bots work hard: N
games of three bots of the strongest level think on the server, and `--games` all-human
games are played by this script at a person's pace (`--think-ms` between moves, default
300 ms); it reports the p50/p99 latency of those human moves (POST /actions) and how many
bot moves the server made meanwhile.

    python3 scripts/loadtest.py --bot-games 20 --bot-level mcts:1s --games 4 --human-moves 150
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time the process has used (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(db_url: str, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-c", "from snowdonia.cli import main; main()", "serve", "--host", "127.0.0.1",
         "--port", str(port), "--database-url", db_url],
        stdout=log.open("wb"), stderr=subprocess.STDOUT,
        # A load test creates many games from one address: lift the per-client limits (a
        # server before issue 10 ignores these variables).
        env={**os.environ, "PYTHONUNBUFFERED": "1", "SNOWDONIA_GAMES_PER_MINUTE": "1000000",
             "SNOWDONIA_MAX_OPEN_GAMES": "1000000"},
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"server exited: {log.read_text()[-2000:]}")
        try:
            if httpx.get(url + "/api/meta", timeout=2).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    proc.kill()
    raise SystemExit("server did not start")


async def request(client: httpx.AsyncClient, method: str, url: str, **kw: object) -> httpx.Response:
    """One request, retried when the server closed an idle keep-alive connection under us
    (uvicorn drops them after 5 s; on a loaded machine a pooled one can sit that long)."""
    for attempt in range(3):
        try:
            return await client.request(method, url, **kw)  # type: ignore[arg-type]
        except (httpx.ReadError, httpx.RemoteProtocolError, httpx.ConnectError):
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


async def play(client: httpx.AsyncClient, gid: str, tokens: dict[int, str], rng: random.Random,
               latencies: list[float], limit: int | None = None, think: float = 0.0) -> int:
    moves = 0
    seat: int | None = None
    while True:
        if seat is None:
            view = (await request(client, "GET", f"/api/games/{gid}")).json()
            if view["over"]:
                return moves
            seat = view["observation"]["current_player"]
        assert seat is not None
        if limit is not None and moves >= limit:
            return moves
        if think:
            await asyncio.sleep(think)
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        view = (await request(client, "GET", f"/api/games/{gid}", headers=auth)).json()
        choice = rng.choice(view["legal"])["text"]
        t0 = time.perf_counter()
        r = await request(client, "POST", f"/api/games/{gid}/actions", headers=auth,
                          json={"action": choice, "move": view["move"]})
        latencies.append(time.perf_counter() - t0)
        if r.status_code == 409:  # a retried POST that had been applied: the move check caught it
            seat = None
            continue
        if r.status_code != 200:
            raise RuntimeError(f"game {gid}: {r.status_code} {r.text[:200]}")
        moves += 1
        after = r.json()
        if after["over"]:
            return moves
        seat = after["observation"]["current_player"]


async def run(url: str, games: int, players: int, seed: int, pid: int) -> dict[str, float]:
    limits = httpx.Limits(max_connections=games, max_keepalive_connections=games)
    async with httpx.AsyncClient(base_url=url, timeout=120, limits=limits) as client:
        # One game first so imports and caches are warm before the baseline is read.
        await client.get("/api/meta")
        rss0 = rss_kib(pid)
        created = []
        for i in range(games):
            r = await client.post("/api/games", json={"players": players, "seats": ["human"] * players, "seed": seed + i})
            g = r.json()
            created.append((g["id"], {s["seat"]: s["token"] for s in g["seats"]}))
        latencies: list[float] = []
        cpu0 = cpu_seconds(pid)
        t0 = time.perf_counter()
        counts = await asyncio.gather(*[
            play(client, gid, tokens, random.Random(seed + i), latencies) for i, (gid, tokens) in enumerate(created)
        ])
        wall = time.perf_counter() - t0
        cpu = cpu_seconds(pid) - cpu0
        rss1 = rss_kib(pid)
    lat = sorted(latencies)
    return {
        "games": games, "players": players, "moves": sum(counts), "wall_s": wall,
        "moves_per_s": sum(counts) / wall,
        "p50_ms": 1000 * statistics.median(lat),
        "p99_ms": 1000 * lat[min(len(lat) - 1, int(0.99 * len(lat)))],
        "max_ms": 1000 * lat[-1],
        "rss_before_mib": rss0 / 1024, "rss_after_mib": rss1 / 1024,
        "kib_per_game": (rss1 - rss0) / games,
        "server_cpu_ms_per_move": 1000 * cpu / sum(counts),
    }


async def run_with_bots(url: str, bot_games: int, level: str, games: int, players: int, seed: int,
                        human_moves: int, think_ms: float, pid: int) -> dict[str, float]:
    """Human-move latency while `bot_games` all-bot games of `level` think on the server."""
    limits = httpx.Limits(max_connections=games + 4, max_keepalive_connections=games + 4)
    async with httpx.AsyncClient(base_url=url, timeout=300, limits=limits) as client:
        await client.get("/api/meta")
        bots = []
        for i in range(bot_games):
            r = await client.post("/api/games", json={"players": 3, "seats": [level] * 3, "seed": seed + 500 + i})
            if r.status_code != 201:
                raise RuntimeError(f"cannot create a bot game: {r.status_code} {r.text[:200]}")
            bots.append(r.json()["id"])

        async def bot_moves() -> int:
            total = 0
            for gid in bots:
                total += (await request(client, "GET", f"/api/games/{gid}")).json()["move"]
            return total

        await asyncio.sleep(2.0)  # let every bot game start thinking
        created = []
        for i in range(games):
            r = await client.post("/api/games", json={"players": players, "seats": ["human"] * players, "seed": seed + i})
            g = r.json()
            created.append((g["id"], {s["seat"]: s["token"] for s in g["seats"]}))
        latencies: list[float] = []
        b0 = await bot_moves()
        cpu0 = cpu_seconds(pid)
        t0 = time.perf_counter()
        per_game = max(1, human_moves // games)
        counts = await asyncio.gather(*[
            play(client, gid, tokens, random.Random(seed + i), latencies, per_game, think_ms / 1000)
            for i, (gid, tokens) in enumerate(created)
        ])
        wall = time.perf_counter() - t0
        cpu = cpu_seconds(pid) - cpu0
        b1 = await bot_moves()
    lat = sorted(latencies)
    return {
        "bot_games": bot_games, "moves": sum(counts), "wall_s": wall, "bot_moves": b1 - b0,
        "p50_ms": 1000 * statistics.median(lat),
        "p99_ms": 1000 * lat[min(len(lat) - 1, int(0.99 * len(lat)))],
        "max_ms": 1000 * lat[-1], "server_cpu_s": cpu,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--database-url", default=None, help="default: a temporary SQLite file")
    ap.add_argument("--bot-games", type=int, default=0, help="all-bot games thinking meanwhile (human latency mode)")
    ap.add_argument("--bot-level", default="mcts:1s")
    ap.add_argument("--human-moves", type=int, default=150)
    ap.add_argument("--think-ms", type=float, default=300.0)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.database_url or f"sqlite:///{Path(tmp) / 'load.sqlite'}"
        proc, url = start_server(db, Path(tmp) / "server.log")
        try:
            if args.bot_games:
                res = asyncio.run(run_with_bots(url, args.bot_games, args.bot_level, args.games, args.players,
                                                args.seed, args.human_moves, args.think_ms, proc.pid))
            else:
                res = asyncio.run(run(url, args.games, args.players, args.seed, proc.pid))
        except Exception:
            print("server log tail:\n" + (Path(tmp) / "server.log").read_text()[-3000:], file=sys.stderr)
            raise
        finally:
            proc.terminate()
            proc.wait(timeout=20)
    if args.bot_games:
        print(f"{res['moves']} human moves in {res['wall_s']:.1f} s while {res['bot_games']} games of three "
              f"{args.bot_level} bots thought ({res['bot_moves']} bot moves meanwhile, server CPU {res['server_cpu_s']:.1f} s)")
        print(f"human move latency (POST /actions): p50 {res['p50_ms']:.1f} ms, p99 {res['p99_ms']:.1f} ms, "
              f"max {res['max_ms']:.1f} ms")
        return
    print(f"{res['games']} concurrent {res['players']}-player games, {res['moves']} moves in {res['wall_s']:.1f} s "
          f"({res['moves_per_s']:.0f} moves/s)")
    print(f"move latency (POST /actions): p50 {res['p50_ms']:.1f} ms, p99 {res['p99_ms']:.1f} ms, max {res['max_ms']:.1f} ms")
    print(f"server CPU per move (GET view + POST action): {res['server_cpu_ms_per_move']:.2f} ms")
    print(f"server RSS {res['rss_before_mib']:.1f} -> {res['rss_after_mib']:.1f} MiB: "
          f"{res['kib_per_game']:.0f} KiB per game (live cache + connections)")


if __name__ == "__main__":
    main()
