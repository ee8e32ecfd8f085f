"""Openskill (Plackett-Luce) ratings from finished games, with win counts and intervals."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from snowdonia.sim.stats import wilson


@dataclass
class BotStanding:
    bot: str
    games: int = 0
    wins: int = 0  # games in which the bot was among the winners
    mu: float = 25.0
    sigma: float = 25.0 / 3.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def ordinal(self) -> float:
        """A conservative skill estimate: mu - 3 sigma (what openskill sorts on)."""
        return self.mu - 3.0 * self.sigma

    def as_dict(self) -> dict[str, Any]:
        lo, hi = self.interval
        return {
            "bot": self.bot, "games": self.games, "wins": self.wins, "win_rate": self.win_rate,
            "win_rate_ci95": [lo, hi],
            "rating": {"mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal},
        }


def rate(results: Sequence[dict[str, Any]]) -> list[BotStanding]:
    """Ratings after every game in order (the order is fixed, so ratings are reproducible).

    A bot that fills several seats of one game is rated once per seat and its new rating
    is the mean of those updates: each copy is a separate competitor in that game, but
    they share one skill."""
    model = PlackettLuce()
    standings: dict[str, BotStanding] = {}
    for res in results:
        bots: list[str] = res["bots"]
        for b in set(bots):
            standings.setdefault(b, BotStanding(b))
        scores: list[float] = res["scores"]
        winners = set(res["winners"])
        # Rank by score; the declared winner(s) rank first even when a tie-break decided it.
        key = [(0 if s in winners else 1, -scores[s]) for s in range(len(bots))]
        distinct = sorted(set(key))
        ranks: list[float] = [float(distinct.index(k) + 1) for k in key]
        teams = [[model.rating(mu=standings[b].mu, sigma=standings[b].sigma)] for b in bots]
        new = model.rate(teams, ranks=ranks)
        acc: dict[str, list[tuple[float, float]]] = {}
        for seat, b in enumerate(bots):
            acc.setdefault(b, []).append((new[seat][0].mu, new[seat][0].sigma))
            st = standings[b]
            st.games += 1
            st.wins += seat in winners
        for b, vals in acc.items():
            standings[b].mu = sum(v[0] for v in vals) / len(vals)
            standings[b].sigma = sum(v[1] for v in vals) / len(vals)
    return sorted(standings.values(), key=lambda s: -s.ordinal)
