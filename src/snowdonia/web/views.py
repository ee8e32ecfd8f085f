"""What one seat (or a spectator) is sent: the title's observation, which is already free of
hidden information, plus the seat's own legal actions in the title's words and the public,
structured log (docs/web-api.md, "A game").

Every payload the web app emits about a game is built here from the protocol only
(`Position.observation`, `pending`, `legal_actions`, `log`, `result`; `Title.words`), so the
secrecy review has one place to look: no seed, no record, no generator state, no deck or bag
order."""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Sequence
from typing import Any

from snowdonia.core.i18n import _, ngettext
from snowdonia.core.protocol import Position
from snowdonia.web.hints import allowed as hints_allowed
from snowdonia.web.levels import Level

COLOURS = ("yellow", "blue", "green", "pink", "purple", "orange", "teal", "grey")


def default_name(seat: int, kind: str, levels: dict[str, Level]) -> str:
    if kind == "human":
        return _("Player %(n)s", n=seat + 1)
    lv = levels.get(kind)
    return lv.name if lv is not None else _("%(level)s bot", level=kind)


def seat_names(seats: Sequence[str], names: Sequence[str | None], levels: dict[str, Level]) -> list[str]:
    out = []
    for i, kind in enumerate(seats):
        given = names[i] if i < len(names) else None
        out.append(given or default_name(i, kind, levels))
    return out


def legal_payload(position: Position, actions: Sequence[Any]) -> list[dict[str, Any]]:
    """Legal actions with their structure, so the client can put each one on the board, and
    the title's words for each."""
    words = position.title.words
    out = []
    for a in actions:
        kind = getattr(a, "kind", str(a).split(" ", 1)[0])
        args = list(getattr(a, "args", ()))
        out.append({"text": str(a), "kind": kind, "args": args, "label": words.action(position, a)})
    return out


def log_payload(position: Position, names: Sequence[str], table: Sequence[dict[str, Any]] = (),
                texts: list[str] | None = None) -> list[dict[str, Any]]:
    """The engine's structured log, each event with its words, and the table's own events
    (takeovers, reclaims) placed after the engine's events of the same move. `texts`, when
    given, holds the words of the engine's first events already (in `names`), and is
    extended to all of them: an event's words depend only on the event, the names and the
    title's fixed data, so a live game computes each line once (`Live.whole_log`)."""
    words = position.title.words
    merged: list[dict[str, Any]] = []
    pending = sorted(table, key=lambda e: e["move"])
    j = 0
    events = position.log()
    if texts is None:
        texts = []
    for e in events[len(texts):]:
        texts.append(words.event(e, names, position))
    for e, said in zip(events, texts, strict=True):
        while j < len(pending) and pending[j]["move"] < e.get("move", 0):
            merged.append(pending[j])
            j += 1
        merged.append({**e, "text": said})
    merged.extend(pending[j:])
    return [{"i": i, **e} for i, e in enumerate(merged)]


def log_key_for(names: Sequence[str], table_events: Sequence[dict[str, Any]]) -> str:
    """What a log's earlier lines depend on besides the engine's events, which only ever
    grow but for an undo: the seats' names and the table's events (takeovers, reclaims,
    renames and undos, each of which adds one). Equal keys: the shorter log is the start of
    the longer one. The same in every server process (the database's data only)."""
    data = json.dumps([list(names), list(table_events)], sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.blake2b(data.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()



def table_event_text(e: dict[str, Any], names: Sequence[str]) -> str:
    who = names[e["seat"]] if 0 <= e.get("seat", -1) < len(names) else _("A player")
    t = e["type"]
    if t == "takeover":
        level = e["level_name"]
        if e.get("reason") == "clock":
            return _("%(who)s ran out of time: the %(level)s plays for them until they reclaim the seat", who=who, level=level)
        if e.get("reason") == "left":
            return _("%(who)s left the table: the %(level)s plays for them until they reclaim the seat", who=who, level=level)
        return _("%(who)s is away: the %(level)s plays for them until they reclaim the seat", who=who, level=level)
    if t == "reclaim":
        return _("%(who)s is back and plays their own seat again", who=who)
    if t == "undo":
        n = int(e.get("from", e["move"])) - int(e["move"])
        return (ngettext("%(who)s took back %(n)s decision: the game is back at move %(move)s",
                         "%(who)s took back %(n)s decisions: the game is back at move %(move)s", n, who=who,
                         move=e["move"]) if n > 0 else _("%(who)s took a move back", who=who))
    if t == "rename":
        return _("%(old)s is now called %(new)s", old=e.get("old") or _("A player"), new=e.get("new"))
    return f"{who}: {t}"


_NOT_LEGAL = " is not legal now: "


def refusal_reason(message: str, action: str, names: Sequence[str]) -> str:
    """The engine's reason for refusing `action`, alone and in the table's names: without the
    action's text in front, the note on who must decide, or the list of legal actions (the
    view carries those). `Position.apply` raises IllegalAction with a sentence shaped
    "<action> is not legal now: <reason> (<who> must decide: <kind>). Legal: …" or
    "… now: <who> must decide '<prompt>' (<reason>). Legal: …"; any other sentence is kept
    whole but for its "Legal:" tail. Seats the engine counts ("Player 2", "seat 1 (green)")
    become their display names."""
    text = message.strip()
    if text.startswith(action + _NOT_LEGAL):
        text = text[len(action + _NOT_LEGAL):]
    elif _NOT_LEGAL in text:
        text = text.split(_NOT_LEGAL, 1)[1]
    text = re.split(r"\.?\s+Legal: ", text, maxsplit=1)[0].strip()
    m = re.fullmatch(r"(.*?)\s*\([^()]*\bmust decide\b[^()]*\)\.?", text, flags=re.S)
    if m and m.group(1):
        text = m.group(1)
    else:
        m = re.fullmatch(r".*?\bmust decide '[^']*' \((.*)\)\.?", text, flags=re.S)
        if m:
            text = m.group(1)

    def named(i: int, fallback: str) -> str:
        return names[i] if 0 <= i < len(names) else fallback

    text = re.sub(r"\bPlayer (\d+)\b", lambda m: named(int(m.group(1)) - 1, m.group(0)), text)
    text = re.sub(r"\bseat (\d+) \([a-z]+\)", lambda m: named(int(m.group(1)), m.group(0)), text)
    return text.strip().rstrip(".")


def seats_payload(seats: Sequence[str], names: Sequence[str], seat_state: Sequence[dict[str, Any]],
                  connected: set[int], clocks: dict[int, int | None],
                  colours: Sequence[str] = COLOURS) -> list[dict[str, Any]]:
    out = []
    for i, s in enumerate(seats):
        state = seat_state[i] if i < len(seat_state) else {}
        left = clocks.get(i)
        out.append({
            "seat": i, "kind": "human" if s == "human" else "bot", "bot": None if s == "human" else s,
            "name": names[i], "colour": colours[i % len(colours)], "connected": i in connected,
            "taken_over_by": state.get("taken_over_by"), "clock": None if left is None else {"left_ms": left},
        })
    return out


def step_text(log: Sequence[dict[str, Any]], n: int, seat: int | None, fallback: str) -> str:
    """Decision `n` (1-based) in words: its first event by the seat that decided."""
    mine = [e for e in log if e.get("move") == n and "seat" in e and e.get("type") not in ("takeover", "reclaim")]
    pick = next((e for e in mine if e.get("seat") == seat), None) or (mine[0] if mine else None)
    if pick is None:
        pick = next((e for e in log if e.get("move") == n), None)
    return str(pick["text"]) if pick else fallback


def seat_view(
    *, game_id: str, row: Any, position: Position, seat: int | None, revision: int, names: Sequence[str],
    undo: dict[str, Any], table_events: Sequence[dict[str, Any]] = (), connected: set[int] | None = None,
    clocks: dict[int, int | None] | None = None, solo: dict[str, Any] | None = None,
    log: Sequence[dict[str, Any]] | None = None, log_from: int = 0, log_key: str | None = None,
    score: dict[str, Any] | None = None, legal: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """A seat's view. `log` is the whole log payload when the caller has it (else it is
    built); the view carries its lines from `log_from` on (0: all of them), with
    `log_from`, `log_total` (the whole log's length) and `log_key` (`log_key_for`: while it
    stays the same, the log only grows, so a client appends the lines after `log_from`).
    `score` and `legal`, when the caller has them, are the position's `result()` and the
    deciding seat's legal payload (the same for every view of this position)."""
    t = position.title
    deciding = seat is not None and position.current_player == seat and not position.is_over
    pending = position.pending(seat)
    if log is None:
        log = log_payload(position, names, [{**e, "text": table_event_text(e, names)} for e in table_events])
    view: dict[str, Any] = {
        "id": game_id,
        "game": t.name,
        "game_name": t.display_name,
        "scenario": position.scenario,
        "settings": position.settings,
        "private": bool(row.private),
        "seeded": bool(row.seeded),
        "hints": hints_allowed(row.table_opts, position.players),
        "seat": seat,
        "move": position.moves,
        "revision": revision,
        "over": position.is_over,
        "seats": seats_payload(row.seats, names, row.seat_state, connected or set(), clocks or {},
                               position.title.seat_colours(position.players, position.settings)),
        "observation": position.observation(seat),
        "decision": None if pending is None else pending.as_dict(),
        "legal": (legal if legal is not None else legal_payload(position, position.legal_actions())) if deciding else [],
        "can_undo": undo.get("to_move") is not None,
        "undo": undo,
        "log": list(log[log_from:]) if log_from else list(log),
        "log_from": log_from,
        "log_total": len(log),
        "log_key": log_key if log_key is not None else log_key_for(names, table_events),
        "score": score if score is not None else position.result(),
    }
    if position.is_over:
        view["result"] = view["score"]
    offer = (getattr(row, "table_opts", None) or {}).get("rematch")
    if offer:
        by = int(offer["by"])
        view["rematch"] = {"id": offer["id"], "by": by, "by_name": names[by] if by < len(names) else _("Player %(n)s", n=by + 1)}
    if solo is not None:
        view["solo"] = solo
    return view


def replay_view(base: dict[str, Any], n: int, total: int, step: str) -> dict[str, Any]:
    """A public position of a finished game, for stepping through it."""
    view = dict(base)
    view["replay"] = {"move": n, "total": total, "step": step}
    if n < total:
        view.pop("result", None)
    return view


def lobby_entry(row: Any, names: Sequence[str], title_name: str, turn: int | None,
                colours: Sequence[str] = COLOURS) -> dict[str, Any]:
    now = time.time()
    return {
        "id": row.id, "game": row.game, "game_name": title_name, "scenario": row.scenario, "settings": row.settings,
        "players": row.players,
        "seats": [{"seat": i, "kind": "human" if s == "human" else "bot", "bot": None if s == "human" else s,
                   "name": names[i], "colour": colours[i % len(colours)],
                   "open": s == "human" and not (row.names and i < len(row.names) and row.names[i])}
                  for i, s in enumerate(row.seats)],
        "move": row.move, "turn": turn, "turn_name": None if turn is None else names[turn], "over": row.over,
        "result": row.result and {"scores": row.result.get("scores"), "winners": row.result.get("winners")},
        "created_at": row.created_at, "updated_at": row.updated_at, "age_s": round(now - row.created_at, 1),
        "seeded": bool(row.seeded),
        "hints": hints_allowed(row.table_opts, row.players),
    }
