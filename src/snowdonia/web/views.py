"""What one seat (or a spectator) is sent: the engine's observation, which is already free
of hidden information, plus the seat's own legal actions and the public game log.

Every payload the web app emits about a game is built here, so the secrecy review has one
place to look: no seed, no record, no generator state, no deck or bag order."""

from __future__ import annotations

from typing import Any

from snowdonia.bots import bot_kinds
from snowdonia.games.snowdonia.game import Game
from snowdonia.games.snowdonia.rules.actions import Action

COLOURS = ("yellow", "blue", "green", "pink", "purple")


def legal_payload(actions: list[Action]) -> list[dict[str, Any]]:
    """Legal actions with their structure, so the client can put each one on the board."""
    return [{"text": str(a), "kind": a.kind, "args": list(a.args)} for a in actions]


def seats_payload(seats: list[str]) -> list[dict[str, Any]]:
    return [
        {"seat": i, "kind": "human" if s == "human" else "bot", "bot": None if s == "human" else s,
         "colour": COLOURS[i]}
        for i, s in enumerate(seats)
    ]


def seat_view(game_id: str, seats: list[str], game: Game, seat: int | None, can_undo: bool) -> dict[str, Any]:
    deciding = seat is not None and game.current_player == seat
    view: dict[str, Any] = {
        "game": game_id,
        "seat": seat,
        "move": game.moves,
        "over": game.is_over,
        "seats": seats_payload(seats),
        "observation": game.observation(seat),
        "legal": legal_payload(game.legal_actions()) if deciding else [],
        "can_undo": can_undo,
        "log": list(game.log_lines),
    }
    if game.is_over:
        view["result"] = game.result()
    return view


def replay_view(game_id: str, seats: list[str], game: Game, total: int) -> dict[str, Any]:
    """A public position of a finished game, for stepping through it."""
    view = seat_view(game_id, seats, game, None, False)
    view["replay"] = {"move": game.moves, "total": total}
    if not game.is_over:
        view.pop("result", None)
    return view


def bot_levels() -> list[str]:
    """The bot choices a person is offered: every registered kind, and two budgets of the
    search bot when it is installed."""
    kinds = bot_kinds()
    out = [k for k in kinds if k != "mcts"]
    if "mcts" in kinds:
        out += ["mcts:200", "mcts:1s"]
    return out


def catalogue(game: Game) -> dict[str, Any]:
    """The printed components a client needs to label things (public: it is the box)."""
    cfg = game.cfg
    return {
        "contracts": {
            str(n): {"number": c.number, "area": c.area, "text": c.text, "bonus": c.bonus, "back": c.back}
            for n, c in cfg.contract.items()
        },
        "trains": {
            str(n): {"number": t.number, "name": t.name, "cost": t.cost, "coal": t.coal, "ability": t.ability}
            for n, t in cfg.train.items()
        },
        "colours": list(COLOURS),
        "excavation_rates": list(cfg.exc_rates),
        "lay_rates": list(cfg.lay_rates),
        "events": {str(k): v for k, v in cfg.events.items()},
    }
