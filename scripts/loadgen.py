#!/usr/bin/env python3
"""Load generator for one `snowdonia serve` process: latency at a person's pace, and
throughput at saturation, measured apart (issue 18; docs/web.md, "Load").

It starts a real server process (`snowdonia serve` on uvicorn, a fresh SQLite file, as the
README's first command does; `--src DIR` runs another checkout's code, e.g. main's for a
baseline), creates `--games` games (default 100), each driven by its own client from its own
loopback address (127.0.0.2, 127.0.0.3, ...: a hundred players are a hundred addresses, so
the per-address fair shares of web/fair.py apply as they would in the wild), and plays them:

- `--mode human` (default): every game makes a move every 1-2 s (uniformly jittered think
  time), for `--seconds` (default 60). A move is the deciding seat's GET of its view and
  then its POST of a random legal action. Reports p50/p95/p99/max of the POSTs (the move a
  person waits for) and of the GETs, and the server's CPU share.
- `--mode saturate`: no think time; every game moves as fast as the server answers, for
  `--seconds`. Reports moves/s (one move = GET view + POST action) and the latencies.

`--seats hotseat` (default): all seats are people of one client (each seat's own token);
`--seats bots`: seat 1 is a person, the others the `random` bot on the server (the client
waits for its turn by asking for its view again after 0.2 s, which counts as a GET).

Clients send the log key and log length they hold (`?key=&log=`), so the server sends only
new log lines (a server before issue 18 ignores them and sends the whole log; `--no-delta`
always asks for whole logs).

    python3 scripts/loadgen.py                        # human pace, 100 games, 60 s
    python3 scripts/loadgen.py --mode saturate --seconds 30
    python3 scripts/loadgen.py --src /tmp/webbase/src # the same against another checkout
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(src: Path, db_url: str, log: Path, extra_env: dict[str, str]) -> tuple[subprocess.Popen[bytes], str]:
    """`snowdonia serve` from the checkout at `src`, on a free loopback port."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(src), "PYTHONUNBUFFERED": "1",
           # A load test creates many games from few addresses: lift the creation limits only.
           "SNOWDONIA_GAMES_PER_MINUTE": "1000000", "SNOWDONIA_MAX_OPEN_GAMES": "1000000", **extra_env}
    proc = subprocess.Popen(
        [sys.executable, "-c", "from snowdonia.cli import main; main()", "serve", "--host", "127.0.0.1",
         "--port", str(port), "--database-url", db_url],
        stdout=log.open("wb"), stderr=subprocess.STDOUT, env=env, cwd=str(src.parent),
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"server exited: {log.read_text()[-2000:]}")
        try:
            if httpx.get(url + "/healthz", timeout=2).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    proc.kill()
    raise SystemExit("server did not start")


@dataclass
class Tally:
    post: list[float] = field(default_factory=list)
    get: list[float] = field(default_factory=list)
    moves: int = 0
    refused: dict[int, int] = field(default_factory=dict)
    log_lines: int = 0  # log lines received (whole logs and deltas)
    bytes_in: int = 0


@dataclass
class Game:
    gid: str
    tokens: dict[int, str]
    client: httpx.AsyncClient
    rng: random.Random
    held: dict[int, tuple[str, int]] = field(default_factory=dict)  # seat -> (log key, log length)
    turn: int = 0  # hot seat: the seat that decides, from the last view (public)


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return 1000 * s[min(len(s) - 1, int(q * len(s)))]


async def timed(g: Game, tally: Tally, bucket: list[float], method: str, url: str, **kw: Any) -> httpx.Response:
    for attempt in range(3):
        t0 = time.perf_counter()
        try:
            r = await g.client.request(method, url, **kw)
        except (httpx.ReadError, httpx.RemoteProtocolError, httpx.ConnectError):
            if attempt == 2:
                raise
            continue  # an idle keep-alive connection the server closed under us
        bucket.append(time.perf_counter() - t0)
        tally.bytes_in += len(r.content)
        return r
    raise AssertionError("unreachable")


def query(g: Game, seat: int, delta: bool) -> dict[str, str | int]:
    held = g.held.get(seat)
    return {} if not delta or held is None else {"key": held[0], "log": held[1]}


def take(g: Game, seat: int, view: dict[str, Any], tally: Tally) -> None:
    """What the client now holds for `seat`: the view's log key and its whole log's length."""
    new = view.get("log") or []
    start = int(view.get("log_from") or 0)
    tally.log_lines += len(new)
    g.held[seat] = (str(view.get("log_key", "")), start + len(new))


async def one_move(g: Game, tally: Tally, delta: bool, bot_seats: bool) -> bool:
    """The deciding seat looks at its view and makes a random legal move. False: game over."""
    auth_seat = 0 if bot_seats else None
    while True:
        seat = g.turn if auth_seat is None else auth_seat
        r = await timed(g, tally, tally.get, "GET", f"/api/games/{g.gid}",
                        headers={"Authorization": f"Bearer {g.tokens[seat]}"}, params=query(g, seat, delta))
        if r.status_code != 200:
            tally.refused[r.status_code] = tally.refused.get(r.status_code, 0) + 1
            await asyncio.sleep(0.5)
            continue
        view = r.json()
        take(g, seat, view, tally)
        if view["over"]:
            return False
        if not view["legal"]:
            decider = view["observation"].get("current_player")
            if bot_seats or decider is None or decider not in g.tokens:
                await asyncio.sleep(0.2)  # a bot is thinking
                continue
            g.turn = int(decider)
            continue
        choice = g.rng.choice(view["legal"])["text"]
        r = await timed(g, tally, tally.post, "POST", f"/api/games/{g.gid}/actions",
                        headers={"Authorization": f"Bearer {g.tokens[seat]}"}, params=query(g, seat, delta),
                        json={"action": choice, "move": view["move"], "revision": view["revision"]})
        if r.status_code == 200:
            after = r.json()
            take(g, seat, after, tally)
            tally.moves += 1
            nxt = after["observation"].get("current_player")
            if nxt is not None and not bot_seats:
                g.turn = int(nxt)
            return not after["over"]
        tally.refused[r.status_code] = tally.refused.get(r.status_code, 0) + 1
        if r.status_code not in (409, 429):
            raise RuntimeError(f"game {g.gid}: {r.status_code} {r.text[:300]}")
        await asyncio.sleep(0.2)


async def drive(g: Game, tally: Tally, until: float, think: tuple[float, float], delta: bool, bots: bool,
                new_game: Any) -> None:
    while time.monotonic() < until:
        if think[1] > 0:
            await asyncio.sleep(g.rng.uniform(*think))
            if time.monotonic() >= until:
                return
        if not await one_move(g, tally, delta, bots):
            fresh = await new_game(g.client)  # a finished game: the same player starts another
            g.gid, g.tokens, g.held, g.turn = fresh.gid, fresh.tokens, {}, 0


async def run(url: str, args: argparse.Namespace, pid: int) -> dict[str, Any]:
    clients = []
    for i in range(args.games):
        addr = f"127.0.{(i + 2) // 250}.{(i + 2) % 250 + 1}" if args.addresses else None
        transport = httpx.AsyncHTTPTransport(local_address=addr, limits=httpx.Limits(max_connections=2))
        clients.append(httpx.AsyncClient(base_url=url, timeout=120, transport=transport))
    seats = ["human"] * args.players if args.seats == "hotseat" else ["human"] + ["random"] * (args.players - 1)
    seq = iter(range(10**9))

    async def new_game(client: httpx.AsyncClient) -> Game:
        n = next(seq)
        for _ in range(20):
            r = await client.post("/api/games", json={"players": args.players, "seats": seats, "seed": args.seed + n})
            if r.status_code == 201:
                break
            await asyncio.sleep(1.0)
        else:
            raise RuntimeError(f"cannot create a game: {r.status_code} {r.text[:300]}")
        body = r.json()
        return Game(body["id"], {s["seat"]: s["token"] for s in body["seats"] if s.get("token")}, client, random.Random(args.seed + n))

    try:
        games = [await new_game(c) for c in clients]
        tally = Tally()
        think = (1.0, 2.0) if args.mode == "human" else (0.0, 0.0)
        # Warm-up: every game makes its first move, not counted.
        await asyncio.gather(*[one_move(g, Tally(), args.delta, args.seats == "bots") for g in games])
        cpu0, t0, own0 = cpu_seconds(pid), time.perf_counter(), time.process_time()
        until = time.monotonic() + args.seconds
        await asyncio.gather(*[drive(g, tally, until, think, args.delta, args.seats == "bots", new_game)
                               for g in games])
        wall = time.perf_counter() - t0
        cpu = cpu_seconds(pid) - cpu0
        own = time.process_time() - own0
    finally:
        for c in clients:
            await c.aclose()
    return {
        "mode": args.mode, "games": args.games, "seats": args.seats, "wall_s": round(wall, 1),
        "moves": tally.moves, "moves_per_s": round(tally.moves / wall, 1),
        "post_p50_ms": round(pct(tally.post, 0.50), 1), "post_p95_ms": round(pct(tally.post, 0.95), 1),
        "post_p99_ms": round(pct(tally.post, 0.99), 1), "post_max_ms": round(pct(tally.post, 1.0), 1),
        "get_p50_ms": round(pct(tally.get, 0.50), 1), "get_p99_ms": round(pct(tally.get, 0.99), 1),
        "server_cpu_share": round(cpu / wall, 2), "client_cpu_share": round(own / wall, 2), "server_cpu_ms_per_move": round(1000 * cpu / max(1, tally.moves), 2),
        "refused": tally.refused, "kib_in_per_move": round(tally.bytes_in / 1024 / max(1, tally.moves), 1),
        "log_lines_per_move": round(tally.log_lines / max(1, tally.moves), 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mode", choices=["human", "saturate"], default="human")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seats", choices=["hotseat", "bots"], default="hotseat")
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--runs", type=int, default=1, help="repeat with a fresh server each time")
    ap.add_argument("--src", type=Path, default=Path(__file__).resolve().parent.parent / "src",
                    help="the checkout whose code the server runs (default: this one)")
    ap.add_argument("--no-delta", dest="delta", action="store_false", help="always ask for whole logs")
    ap.add_argument("--one-address", dest="addresses", action="store_false",
                    help="all clients from 127.0.0.1 (the per-address fair shares then apply to all of them)")
    ap.add_argument("--env", action="append", default=[], metavar="NAME=VALUE", help="extra server environment")
    ap.add_argument("--json", action="store_true", help="print each run as one JSON line")
    ap.add_argument("--priority", type=int, default=None, metavar="NICE",
                    help="run the server and this client at this nice value (e.g. -10 as root: on a shared "
                         "machine, what the code does when it gets its CPU; report it with the figures)")
    args = ap.parse_args()
    extra = dict(e.split("=", 1) for e in args.env)
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory() as tmp:
            log = Path(tmp) / "server.log"
            proc, url = start_server(args.src.resolve(), f"sqlite:///{Path(tmp) / 'load.sqlite'}", log, extra)
            if args.priority is not None:
                os.setpriority(os.PRIO_PROCESS, proc.pid, args.priority)
                os.setpriority(os.PRIO_PROCESS, 0, args.priority)
            try:
                res = asyncio.run(run(url, args, proc.pid))
            except Exception:
                print("server log tail:\n" + log.read_text()[-3000:], file=sys.stderr)
                raise
            finally:
                proc.terminate()
                try:
                    proc.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    proc.kill()
        if args.json:
            print(json.dumps(res), flush=True)
            continue
        print(f"{res['mode']}: {res['games']} games ({res['seats']}), {res['moves']} moves in {res['wall_s']} s = "
              f"{res['moves_per_s']} moves/s; POST move p50 {res['post_p50_ms']} p95 {res['post_p95_ms']} "
              f"p99 {res['post_p99_ms']} max {res['post_max_ms']} ms; GET view p50 {res['get_p50_ms']} "
              f"p99 {res['get_p99_ms']} ms; server CPU {res['server_cpu_share']} of a core, "
              f"{res['server_cpu_ms_per_move']} ms/move (this client {res['client_cpu_share']}); {res['kib_in_per_move']} KiB and "
              f"{res['log_lines_per_move']} log lines received per move; refused {res['refused']}", flush=True)


if __name__ == "__main__":
    main()
