"""A real `snowdonia serve` in a subprocess on a free loopback port (for the kill -9 and
browser tests)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    proc: subprocess.Popen[bytes]
    url: str
    log: Path


def start(db_url: str, log: Path, port: int | None = None, env: dict[str, str] | None = None,
          args: tuple[str, ...] = ()) -> Server:
    """`snowdonia serve` on `db_url`; `env` adds SNOWDONIA_* settings, `args` options."""
    port = port or free_port()
    full = {k: v for k, v in os.environ.items() if not k.startswith("SNOWDONIA_")}
    # The tests make many games from one address; the limits have their own tests.
    full.update({"PYTHONUNBUFFERED": "1", "SNOWDONIA_GAMES_PER_MINUTE": "100000",
                 "SNOWDONIA_MAX_OPEN_GAMES": "100000", **(env or {})})
    out = log.open("ab")
    proc = subprocess.Popen(
        [sys.executable, "-c", "from snowdonia.cli import main; main()", "serve",
         "--host", "127.0.0.1", "--port", str(port), "--database-url", db_url, *args],
        stdout=out, stderr=subprocess.STDOUT, env=full, start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}: {log.read_text()[-2000:]}")
        try:
            if httpx.get(f"{url}/api/meta", timeout=2).status_code == 200:
                return Server(proc, url, log)
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError(f"server did not start: {log.read_text()[-2000:]}")
        time.sleep(0.1)


def stop(server: Server) -> None:
    """Stop the server and its worker processes (its own process group)."""
    if server.proc.poll() is None:
        os.killpg(server.proc.pid, signal.SIGTERM)
        try:
            server.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            pass
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(server.proc.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        server.proc.wait(timeout=10)


def kill9(server: Server) -> None:
    """SIGKILL to the server and every process it started: no shutdown handler runs."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.proc.pid, signal.SIGKILL)
    server.proc.wait()


@contextmanager
def running(db_url: str, log: Path, **kw: Any) -> Iterator[Server]:
    server = start(db_url, log, **kw)
    try:
        yield server
    finally:
        stop(server)
