"""What an operator can set, with the defaults a small public server can run with.

Every setting is a field here, a `snowdonia serve` option and an environment variable
`SNOWDONIA_<NAME>` (upper case), so uvicorn's worker processes, which are started afresh,
read the same values. docs/web.md lists them.
"""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class ServerSettings:
    # ---- bots: bounded work
    bot_max_seconds: float = 1.0  # the strongest time level offered ("mcts:1s")
    bot_max_iterations: int = 200  # the iteration level offered ("mcts:200")
    bot_deadline_seconds: float = 5.0  # hard limit per bot move; then the next-lower level plays
    bot_processes: int = 0  # bot worker processes of this server process (0: one per core)
    bot_lease_seconds: float = 3.0  # a bot move's lease, renewed while it thinks; a dead process's expires
    # ---- clients
    games_per_minute: int = 10  # games one client may create per minute
    max_open_games: int = 30  # unfinished games one client created that moved in the last day
    max_body_bytes: int = 64 * 1024
    body_timeout_seconds: float = 15.0  # to send a whole request body
    header_timeout_seconds: float = 10.0  # to send a request's headers once connected
    keep_alive_seconds: int = 5  # an idle keep-alive connection is closed after this
    max_connections: int = 1000  # beyond: 503 (uvicorn's limit_concurrency)
    ws_idle_seconds: float = 600.0  # a socket with no message and no push for this long is closed
    ws_ping_seconds: float = 20.0  # protocol pings; a peer that does not answer in as long is dropped
    ws_first_message_seconds: float = 10.0  # to send {"token": ...} after connecting
    max_sockets_per_game: int = 50  # spectators of one game (seated players are counted apart)
    max_sockets_per_seat: int = 4  # sockets of one seat; a newer one replaces the oldest
    # ---- fair shares: one address (an IPv4 address, an IPv6 /64) against everyone else
    max_connections_per_address: int = 64  # open HTTP connections; beyond, new ones are closed at once
    max_requests_per_address: int = 32  # requests in progress; beyond: 429
    max_sockets_per_address: int = 128  # open websockets; beyond: closed with 4429
    allowed_hosts: tuple[str, ...] = ("*",)
    # Proxies (addresses or CIDRs) whose X-Forwarded-For names the client; others' is ignored.
    trusted_proxies: tuple[str, ...] = ()
    trust_proxy: bool = False  # older switch: believe X-Forwarded-For from any peer ("*")
    # ---- post-game reviews (issue 20; docs/analysis.md)
    review_budget: str = "quick"  # per decision: quick, normal, deep, search iterations ("1": cheap, for tests) or rollout:N
    review_deadline_seconds: float = 1800.0  # hard limit for one game's review; then it is reported failed
    review_max_waiting: int = 8  # reviews queued in one server process; beyond: 503 with Retry-After
    # ---- housekeeping
    sweep_seconds: float = 2.0  # clocks and orphaned bot moves are checked this often
    cache_size: int = 2000  # live games kept in memory
    extra: dict[str, Any] = field(default_factory=dict)

    @staticmethod
    def from_env(**overrides: Any) -> ServerSettings:
        """Defaults, then SNOWDONIA_* variables, then `overrides` (those not None)."""
        values: dict[str, Any] = {}
        for f in dataclasses.fields(ServerSettings):
            if f.name == "extra":
                continue
            raw = os.environ.get(f"SNOWDONIA_{f.name.upper()}")
            if raw is not None and raw != "":
                values[f.name] = _parse(f.name, raw)
        values.update({k: v for k, v in overrides.items() if v is not None})
        return ServerSettings(**values)

    def to_env(self) -> dict[str, str]:
        out = {}
        for f in dataclasses.fields(self):
            if f.name == "extra":
                continue
            v = getattr(self, f.name)
            out[f"SNOWDONIA_{f.name.upper()}"] = ",".join(v) if isinstance(v, tuple) else str(v)
        return out


def _parse(name: str, raw: str) -> Any:
    default = {f.name: f.default for f in dataclasses.fields(ServerSettings)}[name]
    if isinstance(default, bool):
        return raw.strip().lower() in ("1", "true", "yes", "on")
    if isinstance(default, int):
        return int(raw)
    if isinstance(default, float):
        return float(raw)
    if isinstance(default, tuple):
        return tuple(x.strip() for x in raw.split(",") if x.strip())
    return raw
