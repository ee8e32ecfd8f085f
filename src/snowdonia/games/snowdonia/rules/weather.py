"""Check the Weather (seed 004 "Check the Weather")."""

from __future__ import annotations

from snowdonia.games.snowdonia.rules import bag
from snowdonia.games.snowdonia.rules.board import emit, excavation_rate, lay_track_rate
from snowdonia.games.snowdonia.rules.state import State


def check_weather(g: State) -> None:
    """"Move the Weather discs one space along to the left" - the disc on "!" is the current
    weather; "Look at the top (unrevealed) card of the Contract Card Deck, take a Weather disc
    in a colour matching the weather icon on the back of that card and place it in the lowest
    position"; apply the current disc to the work rates ("Don't go off either end of the
    tracks!"); fog blocks B and D for the coming round; the disc then returns to the supply."""
    cfg = g.cfg
    cur = g.weather_mid
    g.weather_mid = g.weather_last
    g.weather_last = bag.top_back(g)
    g.weather_current = cur
    if cur:
        eff = cfg.weather_effect[cur]
        g.exc_idx = max(0, min(len(cfg.exc_rates) - 1, g.exc_idx + eff["excavation"]))
        g.lay_idx = max(0, min(len(cfg.lay_rates) - 1, g.lay_idx + eff["lay_track"]))
    if g.journal is not None:
        emit(g, "weather", current=cur, excavate=excavation_rate(g), lay_track=lay_track_rate(g),
             forecast=[g.weather_mid, g.weather_last])
