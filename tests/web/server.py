"""A real `snowdonia serve` in a subprocess on a free loopback port (for the kill -9 and
browser tests)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

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


def start(db_url: str, log: Path, port: int | None = None) -> Server:
    port = port or free_port()
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    env.pop("SNOWDONIA_DATABASE_URL", None)
    out = log.open("ab")
    proc = subprocess.Popen(
        [sys.executable, "-c", "from snowdonia.cli import main; main()", "serve",
         "--host", "127.0.0.1", "--port", str(port), "--database-url", db_url],
        stdout=out, stderr=subprocess.STDOUT, env=env,
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
    if server.proc.poll() is None:
        server.proc.terminate()
        try:
            server.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.proc.kill()
            server.proc.wait()


@contextmanager
def running(db_url: str, log: Path) -> Iterator[Server]:
    server = start(db_url, log)
    try:
        yield server
    finally:
        stop(server)
