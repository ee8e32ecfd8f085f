"""The simulation report: PNG plots plus report.md and index.html that show them."""

from __future__ import annotations

import html
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # files only; no display on servers or in worker processes
import matplotlib.pyplot as plt  # noqa: E402

from snowdonia.sim.stats import wilson  # noqa: E402


def summary(table: Sequence[dict[str, Any]], counts: dict[str, int], stats: Sequence[str] = ()) -> dict[str, Any]:
    """The numbers the plots show, as plain data (also used by tests). `stats` are the
    per-seat statistics of the title (Snowdonia: "train"): win rate and mean score by value."""
    games = len({r["game"] for r in table})
    by_seat: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    by_stat: dict[str, dict[str, list[float]]] = {k: defaultdict(lambda: [0, 0, 0.0]) for k in stats}
    scores: dict[str, list[int]] = defaultdict(list)
    wins_bot: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    rounds: dict[int, int] = {}
    for r in table:
        s = by_seat[r["seat"]]
        s[0] += 1
        s[1] += bool(r["winner"])
        for k in stats:
            t = by_stat[k]["none" if r.get(k) is None else str(r[k])]
            t[0] += 1
            t[1] += bool(r["winner"])
            t[2] += r["score"]
        scores[r["bot"]].append(r["score"])
        b = wins_bot[r["bot"]]
        b[0] += 1
        b[1] += bool(r["winner"])
        if r["seat"] == 0 and r.get("rounds") is not None:
            rounds[r["game"]] = r["rounds"]

    def rate(n: float, w: float) -> dict[str, Any]:
        lo, hi = wilson(w, int(n))
        return {"n": int(n), "wins": int(w), "win_rate": w / n if n else 0.0, "ci95": [lo, hi]}

    return {
        "games": games,
        "by_seat": {k: rate(v[0], v[1]) for k, v in sorted(by_seat.items())},
        "by_stat": {k: {val: {**rate(v[0], v[1]), "mean_score": v[2] / v[0]}
                        for val, v in sorted(groups.items(), key=lambda kv: _order(kv[0]))}
                    for k, groups in by_stat.items()},
        "by_bot": {k: {**rate(v[0], v[1]), "mean_score": sum(scores[k]) / len(scores[k])}
                   for k, v in sorted(wins_bot.items())},
        "scores": dict(scores),
        "rounds": sorted(rounds.values()),
        "counts": counts,
    }


def _order(value: str) -> tuple[int, float | str]:
    try:
        return (0, float(value))
    except ValueError:
        return (1, value)


def _errbars(items: dict[Any, dict[str, Any]]) -> tuple[list[str], list[float], list[list[float]]]:
    labels = [str(k) for k in items]
    rates = [v["win_rate"] for v in items.values()]
    err = [[v["win_rate"] - v["ci95"][0] for v in items.values()],
           [v["ci95"][1] - v["win_rate"] for v in items.values()]]
    return labels, rates, err


def plots(s: dict[str, Any], out: Path) -> list[tuple[str, str]]:
    """Draw every plot into `out`; returns (file name, caption) pairs."""
    made: list[tuple[str, str]] = []

    def save(fig: Any, name: str, caption: str) -> None:
        fig.tight_layout()
        fig.savefig(out / name, dpi=90)
        plt.close(fig)
        made.append((name, caption))

    labels, rates, err = _errbars(s["by_seat"])
    fig, ax = plt.subplots(figsize=(5, 3.2))
    ax.bar([f"seat {x}" for x in labels], rates, yerr=err, capsize=4, color="#4c72b0")
    ax.set_ylabel("win rate")
    ax.set_title("Win rate by seat (95% Wilson interval)")
    save(fig, "win_rate_by_seat.png", "Win rate by seat, with 95% Wilson intervals.")

    for stat, groups in s["by_stat"].items():
        names = list(groups)
        _, rates, err = _errbars(groups)
        fig, (a1, a2) = plt.subplots(1, 2, figsize=(8, 3.2))
        a1.bar(names, rates, yerr=err, capsize=4, color="#55a868")
        a1.set_ylabel("win rate")
        a1.set_title(f"Win rate by {stat}")
        a2.bar(names, [v["mean_score"] for v in groups.values()], color="#c44e52")
        a2.set_ylabel("mean score")
        a2.set_title(f"Score by {stat}")
        save(fig, f"by_{stat}.png", f"Win rate (95% intervals) and mean score by {stat} (at the end of the game).")

    fig, ax = plt.subplots(figsize=(6, 3.2))
    bots = list(s["scores"])
    ax.boxplot([s["scores"][b] for b in bots], tick_labels=bots)
    ax.set_ylabel("final score (VP)")
    ax.set_title("Score distribution per bot")
    save(fig, "scores_by_bot.png", "Final score distribution of each bot.")

    fig, ax = plt.subplots(figsize=(5, 3.2))
    r = s["rounds"]
    if r:
        ax.hist(r, bins=range(min(r), max(r) + 2), align="left", color="#8172b2", rwidth=0.85)
    ax.set_xlabel("rounds")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    save(fig, "game_length.png", "Game length in rounds.")

    if s["counts"]:
        fig, ax = plt.subplots(figsize=(6, 3.2))
        ev = s["counts"]
        ax.bar(list(ev), list(ev.values()), color="#937860")
        ax.tick_params(axis="x", labelrotation=45)
        ax.set_ylabel("times")
        ax.set_title(f"How often, over {s['games']} games")
        save(fig, "counts.png", "How often each counted thing happened (Snowdonia: each event space fired).")
    return made


def _md_table(header: list[str], body: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in body]
    return "\n".join(lines)


def write_report(s: dict[str, Any], out: Path, title: str) -> list[Path]:
    """Plots, report.md and index.html in `out`; returns the files written."""
    made = plots(s, out)

    def pct(v: dict[str, Any]) -> list[str]:
        return [str(v["n"]), str(v["wins"]), f"{v['win_rate']:.3f}", f"[{v['ci95'][0]:.3f}, {v['ci95'][1]:.3f}]"]

    tables = [
        ("Win rate by seat", ["seat", "seats played", "wins", "win rate", "95% CI"],
         [[str(k), *pct(v)] for k, v in s["by_seat"].items()]),
        ("By bot", ["bot", "seats played", "wins", "win rate", "95% CI", "mean score"],
         [[k, *pct(v), f"{v['mean_score']:.1f}"] for k, v in s["by_bot"].items()]),
        *[(f"By {stat}", [stat, "seats", "wins", "win rate", "95% CI", "mean score"],
           [[str(k), *pct(v), f"{v['mean_score']:.1f}"] for k, v in groups.items()])
          for stat, groups in s["by_stat"].items()],
        ("How often", ["what", "times"], [[str(k), str(v)] for k, v in s["counts"].items()]),
    ]
    md = [f"# {title}", "", f"{s['games']} games.", ""]
    for name, head, body in tables:
        md += [f"## {name}", "", _md_table(head, body), ""]
    for name, caption in made:
        md += [f"![{caption}]({name})", ""]
    (out / "report.md").write_text("\n".join(md))

    h = [f"<!doctype html><meta charset=utf-8><title>{html.escape(title)}</title>",
         "<style>body{font-family:sans-serif;max-width:60em;margin:auto}td,th{padding:2px 8px;"
         "border-bottom:1px solid #ddd}</style>", f"<h1>{html.escape(title)}</h1><p>{s['games']} games.</p>"]
    for name, head, body in tables:
        h.append(f"<h2>{html.escape(name)}</h2><table><tr>" + "".join(f"<th>{html.escape(c)}</th>" for c in head) + "</tr>")
        for row in body:
            h.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>")
        h.append("</table>")
    for name, caption in made:
        h.append(f"<figure><img src='{name}' alt='{html.escape(caption)}'><figcaption>{html.escape(caption)}</figcaption></figure>")
    (out / "index.html").write_text("\n".join(h))
    return [out / n for n, _ in made] + [out / "report.md", out / "index.html"]
