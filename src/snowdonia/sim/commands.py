"""`snowdonia tournament` and `snowdonia simulate` (picked up by cli._register_optional)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from snowdonia.core.i18n import _
from snowdonia.core.i18n import say_exception as _said
from snowdonia.sim.runner import GameSpec

console = Console(stderr=True)
_OUT = Path("sim-out")


def _bots(text: str, game: str) -> list[str]:
    from snowdonia.bots import make_bot

    bots = [b.strip() for b in text.split(",") if b.strip()]
    for b in bots:
        try:
            make_bot(b, game=game)
        except ValueError as exc:
            raise typer.BadParameter(_said(exc), param_hint="--bots") from None
    return bots




def settings_from(game: str, sets: list[str], **shortcuts: Any) -> dict[str, Any]:
    """The settings of the command line: Snowdonia's shortcut flags when given, then every
    `--set key=value` (value parsed as JSON when it can be: true, 1, "deluxe")."""
    from snowdonia.registry import title

    out = {k: v for k, v in shortcuts.items() if v is not None}
    known = {spec.key for spec in title(game).settings}
    for item in sets:
        key, eq, raw = item.partition("=")
        if not eq or not key.strip():
            raise typer.BadParameter(_("write settings as key=value, not %(item)s", item=repr(item)), param_hint="--set")
        key = key.strip()
        if key not in known:
            raise typer.BadParameter(_("%(game)s has no setting %(key)s; known: %(known)s", game=game, key=repr(key),
                                       known=", ".join(sorted(known))),
                                     param_hint="--set")
        try:
            out[key] = json.loads(raw)
        except ValueError:
            out[key] = raw
    return out


def _run(specs: list[GameSpec], workers: int, ray: str | None, quiet: bool) -> list[dict[str, Any]]:
    from snowdonia.sim.executor import run_games

    if quiet:
        return run_games(specs, workers, ray)
    # i18n: the progress bar's words: games played, time elapsed, time left
    columns = (TextColumn("[bold]" + _("games")), BarColumn(), MofNCompleteColumn(), TextColumn(_("elapsed")),
               TimeElapsedColumn(), TextColumn(_("left")), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=False) as bar:
        task = bar.add_task("games", total=len(specs))
        return run_games(specs, workers, ray, progress=lambda k: bar.advance(task, k))


def _check_settings(players: int, settings: dict[str, Any], game: str, scenario: str | None,
                    bots: list[str] | None = None) -> None:
    from snowdonia.bots import check_bot
    from snowdonia.core.errors import SettingsError
    from snowdonia.registry import title

    try:
        position = title(game).new_game(players, seed=0, scenario=scenario, **settings)
    except (SettingsError, ValueError, TypeError, KeyError) as exc:
        raise typer.BadParameter(_said(exc)) from None
    for b in bots or []:  # a bot that cannot play this configuration (e.g. ppo in another scenario)
        try:
            check_bot(b, position)
        except ValueError as exc:
            raise typer.BadParameter(_said(exc), param_hint="--bots") from None


def register(app: typer.Typer) -> None:
    # Built here, in the language of the app being built (issue 23).
    _GAME = typer.Option("snowdonia", "--game", help=_("The title: snowdonia or foothills."))
    _SCENARIO = typer.Option(None, "--scenario", help=_("The title's scenario (default: its first)."))
    _SET = typer.Option([], "--set", help=_("A setting of the title as key=value (repeatable)."))
    _OUT_OPTION: Path = typer.Option(_OUT, "--out", help=_("Directory for the table and the report."))

    @app.command(help=_("Round robin of bots with seat rotation: wins, 95 per cent intervals and openskill ratings."))
    def tournament(
        players: int = typer.Option(3, "--players", help=_("Seats per game.")),
        bots: str = typer.Option("random,greedy", "--bots", help=_("Bots, comma separated, e.g. random,greedy,mcts:200.")),
        games: int = typer.Option(60, "--games", help=_("Games in all (a multiple of players x lineups is fairest).")),
        seed: int = typer.Option(0, "--seed", help=_("Seed of the first deal.")),
        workers: int = typer.Option(1, "--workers", help=_("Processes to play on.")),
        ray: str | None = typer.Option(None, "--ray", help=_("Run on a Ray cluster: its address, or 'auto'.")),
        game: str = _GAME,
        scenario: str | None = _SCENARIO,
        sets: list[str] = _SET,
        edition: str | None = typer.Option(None, "--edition", help=_("Snowdonia: original or deluxe.")),
        light_fog: bool | None = typer.Option(None, "--light-fog/--no-light-fog", help=_("Snowdonia: Light Fog.")),
        contracts_per_window: int | None = typer.Option(None, "--contracts-per-window", help=_("Snowdonia: 0 or 1.")),
        as_json: bool = typer.Option(False, "--json", help=_("Print one JSON object instead of a table.")),
    ) -> None:
        """Round robin of bots with seat rotation: wins, 95% intervals and openskill ratings."""
        from snowdonia.sim.ratings import rate
        from snowdonia.sim.tournament import schedule

        names = _bots(bots, game)
        settings = settings_from(game, sets, edition=edition, light_fog=light_fog,
                                 contracts_per_window=contracts_per_window)
        _check_settings(players, settings, game, scenario, names)
        try:
            specs = schedule(names, players, games, seed, settings, game=game, scenario=scenario)
        except ValueError as exc:
            raise typer.BadParameter(_said(exc), param_hint="--bots") from None
        results = _run(specs, workers, ray, quiet=as_json)
        standings = rate(results)
        if as_json:
            print(json.dumps({"game": game, "scenario": scenario, "players": players, "games": games,
                              "seed": seed, "settings": settings,
                              "bots": [s.as_dict() for s in standings]}))
            return
        table = Table(title=_("Tournament: %(games)s games, %(players)s players, seed %(seed)s", games=games,
                              players=players, seed=seed))
        # "mu-3σ" is openskill's ordinal (the conservative estimate the table is sorted by).
        # i18n: the tournament table's columns; mu, σ and mu-3σ are openskill's symbols (kept)
        for i, col in enumerate((_("bot"), _("games"), _("wins"), _("win rate"), _("95% CI"), "mu", "σ",
                                 "mu-3σ")):
            table.add_column(col, justify="left" if i == 0 else "right", no_wrap=True)
        for s in standings:
            lo, hi = s.interval
            table.add_row(s.bot, str(s.games), str(s.wins), f"{s.win_rate:.3f}", f"[{lo:.3f}, {hi:.3f}]",
                          f"{s.mu:.1f}", f"{s.sigma:.1f}", f"{s.ordinal:.1f}")
        Console().print(table)

    @app.command(help=_("Play N games on every core; write one row per game and player plus a report with plots."))
    def simulate(
        players: int = typer.Option(3, "--players", help=_("Seats per game.")),
        bots: str = typer.Option("greedy", "--bots",
                                 help=_("One bot for every seat, or one per seat (rotated each game).")),
        games: int = typer.Option(100, "--games", help=_("Games in all.")),
        seed: int = typer.Option(0, "--seed", help=_("Game i uses seed + i.")),
        workers: int = typer.Option(0, "--workers", help=_("Processes (0 = every core).")),
        out: Path = _OUT_OPTION,
        fmt: str = typer.Option("csv", "--format", help=_("csv or parquet.")),
        ray: str | None = typer.Option(None, "--ray", help=_("Run on a Ray cluster: its address, or 'auto'.")),
        rotate: bool = typer.Option(True, "--rotate/--no-rotate", help=_("Rotate the bots' seats game by game.")),
        game: str = _GAME,
        scenario: str | None = _SCENARIO,
        sets: list[str] = _SET,
        edition: str | None = typer.Option(None, "--edition", help=_("Snowdonia: original or deluxe.")),
        light_fog: bool | None = typer.Option(None, "--light-fog/--no-light-fog", help=_("Snowdonia: Light Fog.")),
        contracts_per_window: int | None = typer.Option(None, "--contracts-per-window", help=_("Snowdonia: 0 or 1.")),
    ) -> None:
        """Play N games on every core; write one row per game and player plus a report with plots."""
        from snowdonia.registry import title
        from snowdonia.sim.executor import default_workers
        from snowdonia.sim.report import summary, write_report
        from snowdonia.sim.table import counts, rows, write

        if fmt not in ("csv", "parquet"):
            raise typer.BadParameter(_("use csv or parquet"), param_hint="--format")
        names = _bots(bots, game)
        if len(names) == 1:
            names = names * players
        if len(names) != players:
            raise typer.BadParameter(_("give one bot or %(players)s bots, not %(n)s", players=players, n=len(names)),
                                     param_hint="--bots")
        settings = settings_from(game, sets, edition=edition, light_fog=light_fog,
                                 contracts_per_window=contracts_per_window)
        _check_settings(players, settings, game, scenario, names)
        specs = simulate_specs(names, games, seed, settings, rotate, game=game, scenario=scenario)
        results = _run(specs, workers or default_workers(), ray, quiet=False)
        out.mkdir(parents=True, exist_ok=True)
        table = rows(results)
        data = write(table, out / f"games.{fmt}", fmt)
        stat_keys = sorted({k for r in results for k in r.get("per_seat", {})})
        t = title(game)
        where = f" ({t.scenario(scenario).name})" if len(t.scenarios) > 1 else ""
        files = write_report(summary(table, counts(results), stat_keys), out,
                             f"{t.display_name}{where} simulation: {games} games of {', '.join(names)}")
        console.print(_("wrote %(data)s (%(rows)s rows) and %(files)s report files in %(out)s", data=str(data),
                        rows=len(table), files=len(files), out=str(out)))


def simulate_specs(names: list[str], games: int, seed: int, settings: dict[str, Any],
                   rotate: bool = True, game: str = "snowdonia", scenario: str | None = None) -> list[GameSpec]:
    n = len(names)
    specs = []
    for i in range(games):
        r = i % n if rotate else 0
        seats = tuple(names[(s - r) % n] for s in range(n))
        specs.append(GameSpec(seats, seed + i, dict(settings), index=i, game=game, scenario=scenario))
    return specs
