"""A post-game review: every decision of the chosen seats, the option the analysis ranks
best, what the chosen option cost in VP, and a verdict, for any title's record.

Seats are numbered from 1 here, as `snowdonia replay --seat` numbers them; `move` is the
number of decisions made before the one reviewed (`snowdonia replay GAME.json --to MOVE`
shows the position it was made in). Forced decisions (one legal option) are skipped.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from snowdonia.analysis.engine import Analysis, Budget, Evaluator, analyse, default_evaluator
from snowdonia.core.errors import RecordError, refusal
from snowdonia.core.protocol import Position, Title
from snowdonia.core.records import check_record, record_game
from snowdonia.registry import title as title_named

# Loss thresholds in VP (best value - chosen value), the first that the loss reaches wins;
# below the last one the decision is "fine". See docs/analysis.md.
THRESHOLDS: tuple[tuple[str, float], ...] = (("blunder", 8.0), ("mistake", 4.0), ("inaccuracy", 1.5))
VERDICTS = ("fine", "inaccuracy", "mistake", "blunder")
BIGGEST = 5  # how many rows "biggest" lists

Progress = Callable[[int, int], None]


def verdict(loss_vp: float) -> str:
    for name, at_least in THRESHOLDS:
        if loss_vp >= at_least:
            return name
    return "fine"


@dataclass(frozen=True)
class ReviewRow:
    move: int
    seat: int  # numbered from 1
    round: int | None
    chosen: str
    chosen_label: str
    best: str
    best_label: str
    loss_vp: float
    verdict: str
    options: list[dict[str, Any]]

    def as_dict(self) -> dict[str, Any]:
        return {"move": self.move, "seat": self.seat, "round": self.round, "chosen": self.chosen,
                "chosen_label": self.chosen_label, "best": self.best, "best_label": self.best_label,
                "loss_vp": round(self.loss_vp, 2), "verdict": self.verdict, "options": self.options}


@dataclass(frozen=True)
class Review:
    game: str
    seats: list[int]  # numbered from 1
    budget: Budget
    rows: list[ReviewRow]
    forced: int  # decisions of the chosen seats skipped because they had one option
    evaluator: str = "search"

    @property
    def biggest(self) -> list[ReviewRow]:
        """The rows that cost most, biggest loss first (ties: earlier first), at most BIGGEST."""
        costly = [r for r in self.rows if r.loss_vp > 0]
        return sorted(costly, key=lambda r: (-r.loss_vp, r.move))[:BIGGEST]

    def summary(self) -> dict[int, dict[str, Any]]:
        out: dict[int, dict[str, Any]] = {}
        for s in self.seats:
            rows = [r for r in self.rows if r.seat == s]
            counts = {v: sum(1 for r in rows if r.verdict == v) for v in VERDICTS}
            total = sum(r.loss_vp for r in rows)
            out[s] = {"decisions": len(rows), **counts, "loss_vp": round(total, 2),
                      "mean_loss_vp": round(total / len(rows), 2) if rows else 0.0}
        return out

    def as_dict(self) -> dict[str, Any]:
        return {"game": self.game, "seats": self.seats, "budget": str(self.budget),
                "evaluator": self.evaluator, "forced": self.forced,
                "thresholds": {name: at for name, at in THRESHOLDS},
                "summary": {str(k): v for k, v in self.summary().items()},
                "decisions": [r.as_dict() for r in self.rows], "biggest": [r.as_dict() for r in self.biggest]}


def unwrap(data: dict[str, Any]) -> tuple[dict[str, Any], list[str] | None]:
    """The record in a file and who sat where: a record as `play --save` writes it (seats
    under "seats"), or a golden test file that holds one under "record" (seats under "bots")."""
    if "actions" not in data and isinstance(data.get("record"), dict):
        seats = data.get("bots")
        return data["record"], _seat_list(seats)
    return data, _seat_list(data.get("seats"))


def _seat_list(seats: Any) -> list[str] | None:
    if isinstance(seats, list) and seats and all(isinstance(s, str) for s in seats):
        return seats
    return None


def default_seats(players: int, seat_kinds: Sequence[str] | None) -> list[int]:
    """Every human seat of the record (numbered from 1), or every seat if none is human."""
    if seat_kinds and len(seat_kinds) == players:
        humans = [i + 1 for i, k in enumerate(seat_kinds) if k.strip().lower() == "human"]
        if humans:
            return humans
    return list(range(1, players + 1))


def round_of(position: Position) -> int | None:
    """The round as the table shows it (the public observation's "round")."""
    r = position.observation(None).get("round")
    return int(r) if isinstance(r, int) else None


def review_record(record: dict[str, Any], seats: Sequence[int] | None = None, budget: Budget | str | int | None = None,
                  seed: int = 0, evaluator: Evaluator | None = None, progress: Progress | None = None,
                  seat_kinds: Sequence[str] | None = None) -> Review:
    """Review every decision of `seats` (numbered from 1; default: `default_seats`).
    RecordError if the record does not replay; ValueError for a seat out of range."""
    check_record(record)
    t: Title = title_named(record_game(record))
    b = budget if isinstance(budget, Budget) else Budget.parse(budget)
    ev = evaluator or default_evaluator(b)
    position = t.replay(record, upto=0)
    players = position.players
    chosen_seats = sorted(set(seats)) if seats else default_seats(players, seat_kinds)
    for s in chosen_seats:
        if not 1 <= s <= players:
            raise ValueError(refusal("seat %(seat)s is not at this table: seats are numbered 1..%(n)s", seat=s,
                                     n=players))
    actions = [str(a) for a in record["actions"]]
    # First pass (cheap): find the decisions to review, so the progress bar knows its length.
    todo: list[int] = []
    forced = 0
    probe = position.clone()
    for m, text in enumerate(actions):
        p = probe.current_player
        if p is None:
            raise RecordError(refusal("decision %(n)s (%(action)s) comes after the end of the game", n=m + 1,
                                      action=repr(text)))
        if p + 1 in chosen_seats:
            if len(probe.legal_actions()) > 1:
                todo.append(m)
            else:
                forced += 1
        _apply(probe, text, m)
    rows: list[ReviewRow] = []
    wanted = set(todo)
    done = 0
    if progress is not None:
        progress(0, len(todo))
    for m, text in enumerate(actions):
        if m in wanted:
            seat = position.current_player
            assert seat is not None
            rows.append(review_decision(position, text, b, seed * 1_000_003 + m, ev))
            done += 1
            if progress is not None:
                progress(done, len(todo))
        _apply(position, text, m)
    return Review(t.name, chosen_seats, b, rows, forced, ev.name)


def _apply(position: Position, text: str, m: int) -> None:
    try:
        position.apply(text)
    except Exception as exc:
        reason = getattr(exc, "reason", None) or (exc.args[0] if len(exc.args) == 1 else str(exc))
        raise RecordError(refusal("decision %(n)s (%(action)s) does not replay: %(error)s", n=m + 1,
                                  action=repr(text), error=reason)) from exc


def review_decision(position: Position, chosen: Any, budget: Budget | str | int | None = None, seed: int = 0,
                    evaluator: Evaluator | None = None) -> ReviewRow:
    """The review of one decision: the deciding seat chose `chosen` (an action or its text)
    in `position`. ValueError if `chosen` is not one of its legal options."""
    text = str(chosen)
    if text not in {str(a) for a in position.legal_actions()}:
        raise ValueError(f"{text!r} is not a legal option here")
    b = budget if isinstance(budget, Budget) else Budget.parse(budget)
    a = analyse(position, None, b, seed=seed, evaluator=evaluator, must=[text])
    return _row(a, position, text)


def _row(a: Analysis, position: Position, chosen: str) -> ReviewRow:
    mine = a.find(chosen)
    assert mine is not None, f"{chosen!r} is not among the options analysed"
    best = a.best
    # rounded as printed, so the verdict always agrees with the loss shown
    loss = round(max(0.0, best.value_vp - mine.value_vp), 2)
    return ReviewRow(
        move=a.move, seat=a.seat + 1, round=round_of(position), chosen=mine.text, chosen_label=mine.label,
        best=best.text, best_label=best.label, loss_vp=loss, verdict=verdict(loss),
        options=[{"text": o.text, "label": o.label, "value_vp": round(o.value_vp, 2),
                  "win_chance": round(o.win_chance, 3), "samples": o.samples} for o in a.options])
