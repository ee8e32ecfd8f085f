"""The `snowdonia` command. Each subcommand lives in the module that owns its job; this file
only wires them to Typer so `snowdonia --help` lists everything in one place."""

from __future__ import annotations

import json

import typer
from rich.console import Console
from rich.table import Table

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Snowdonia: play, watch, simulate, research.")
console = Console()


@app.command()
def data(
    unverified: bool = typer.Option(False, "--unverified",
                                    help="Only values not yet verified: inferred, assumed, provisional or contradicted."),
    game: str | None = typer.Option(None, "--game", help="One title only (default: every title)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table."),
) -> None:
    """Show the component data's provenance: every printed value with its confidence tag."""
    from snowdonia.core.data import UNVERIFIED
    from snowdonia.registry import names, title

    games = [game] if game else names()
    rows = []
    for g in games:
        try:
            rows += title(g).provenance()
        except Exception as exc:  # an unknown --game: say which exist
            raise typer.BadParameter(str(exc).strip("'\"")) from None
    if unverified:
        rows = [r for r in rows if r.tag in UNVERIFIED]
    if as_json:
        print(json.dumps([r.__dict__ for r in rows], indent=2))
        return
    heading = "Unverified component values (inferred, assumed, provisional, contradicted)" if unverified \
        else "Component data"
    table = Table(title=heading)
    for col in ("game", "file", "where", "field", "confidence", "reason"):
        table.add_column(col, overflow="fold")
    for r in rows:
        table.add_row(r.game, r.file, r.where, r.field, r.tag, r.reason)
    console.print(table)
    if unverified:
        per = {g: sum(1 for r in rows if r.game == g) for g in games}
        console.print(
            f"{len(rows)} values are not yet checked against printed components "
            f"({', '.join(f'{g}: {n}' for g, n in per.items())}); correct them in the TOML files "
            "of src/snowdonia/games/<game>/data and scenarios (no code change needed)."
        )


@app.callback(invoke_without_command=True)
def _root(
    ctx: typer.Context,
    version: bool = typer.Option(False, "--version", help="Print the version and which engine build runs, then stop."),
) -> None:
    """Snowdonia: play, watch, simulate, research."""
    if version:
        import snowdonia
        from snowdonia.bench import build

        print(f"snowdonia {snowdonia.__version__}; engine: {build()}")
        raise typer.Exit()
    if ctx.invoked_subcommand is None:
        print(ctx.get_help())
        raise typer.Exit()


@app.command()
def bench(
    players: str = typer.Option("", help="Player counts, comma separated (default: every count of the scenario)."),
    seconds: float = typer.Option(2.0, help="Seconds per measurement."),
    compare: bool = typer.Option(False, "--compare",
                                 help="Also: Catanatron interleaved with our engine in short CPU-time slices "
                                      "(median ratio and spread), and MCTS iterations per CPU-second of every title."),
    slices: int = typer.Option(6, "--slices", min=1, max=100, help="Slice pairs of the --compare measurement."),
    mcts_seconds: float = typer.Option(2.0, "--mcts-seconds", min=0.05, max=600.0,
                                       help="Search seconds per title and player count (--compare)."),
    game: str = typer.Option("snowdonia", "--game", help="The title: snowdonia or foothills."),
    scenario: str | None = typer.Option(None, "--scenario", help="The title's scenario (default: its first)."),
    as_json: bool = typer.Option(False, "--json"),
    adapters: bool = typer.Option(False, "--adapters", help="Instead: PettingZoo and Gymnasium vs the raw engine "
                                  "(steps per CPU-second, same process; needs the ai extra)."),
) -> None:
    """Engine throughput: random-playout decisions/s, games/s and clones/s per player count."""
    if adapters:
        _bench_adapters(players, seconds, game, scenario, as_json)
        return
    from snowdonia.bench import run_bench
    from snowdonia.core.errors import SettingsError
    from snowdonia.registry import title

    try:
        allowed = title(game).scenario(scenario).players
    except (SettingsError, KeyError) as exc:
        raise typer.BadParameter(str(exc).strip("'\"")) from None
    try:
        counts = [int(x) for x in players.split(",") if x.strip()] or list(allowed)
    except ValueError:
        raise typer.BadParameter("--players takes numbers like 1,2,3") from None
    if any(c not in allowed for c in counts):
        raise typer.BadParameter(f"--players: {game} plays with {', '.join(map(str, allowed))} players")
    if not 0 < seconds <= 600:
        raise typer.BadParameter("--seconds must be more than 0 and at most 600")
    results = run_bench(counts, seconds, compare, game=game, scenario=scenario, slices=slices,
                        mcts_seconds=mcts_seconds)
    if as_json:
        print(json.dumps(results, indent=2))
        return
    table = Table(title=f"snowdonia bench: {game} (random playouts, full rules checking)")
    for col in ("players", "decisions/s", "games/s", "clones/s", "decisions/game"):
        table.add_column(col, justify="right")
    for r in results["rows"]:
        table.add_row(str(r["players"]), f"{r['decisions_per_s']:,.0f}", f"{r['games_per_s']:,.1f}",
                      f"{r['clones_per_s']:,.0f}", f"{r['decisions_per_game']:.0f}")
    console.print(table)
    console.print(f"engine build: {results['build']}")
    console.print(f"baseline (same process): {results['baseline_ops_per_s']:,.0f} dict-copy ops/s; "
                  f"decisions/s at 3 players = {results['ratio_3p_to_baseline']:.3f} x baseline")
    if compare:
        cat = results.get("catanatron")
        if not cat:
            console.print("Catanatron is not installed: pip install -e '.[bench]'")
        else:
            po, cl = cat["playouts"]["ratio"], cat["clones"]["ratio"]
            console.print(
                f"vs Catanatron ({cat['slices']} interleaved slice pairs, CPU time, random 4-player games; "
                f"{game} at {cat['players']} players):\n"
                f"  decisions per action: median {po['median']:.2f}x (spread {po['min']:.2f}-{po['max']:.2f}); "
                f"{cat['playouts']['ours_per_cpu_s']:,.0f} vs {cat['playouts']['theirs_per_cpu_s']:,.0f} per CPU-s\n"
                f"  clones per copy:      median {cl['median']:.2f}x (spread {cl['min']:.2f}-{cl['max']:.2f}); "
                f"{cat['clones']['ours_per_cpu_s']:,.0f} vs {cat['clones']['theirs_per_cpu_s']:,.0f} per CPU-s"
            )
        mt = Table(title="MCTS iterations per CPU-second (mcts:1s search, early stopping off)")
        for col in ("game", "scenario", "players", "playout depth", "iterations/CPU-s"):
            mt.add_column(col, justify="right")
        for r in results["mcts"]:
            mt.add_row(r["game"], r["scenario"], str(r["players"]), "to the end" if r["depth"] is None else str(r["depth"]),
                       f"{r['iterations_per_cpu_s']:,.0f}")
        console.print(mt)


def _bench_adapters(players: str, seconds: float, game: str, scenario: str | None, as_json: bool) -> None:
    from snowdonia.adapters.speed import adapter_bench, report

    counts = [int(x) for x in players.split(",") if x.strip().isdigit()] or [3]
    for n in counts:
        for observation in ("raw", "learning"):
            results = adapter_bench(n, max(seconds, 1.0), game=game, scenario=scenario, observation=observation)
            print(json.dumps(results, indent=2) if as_json else report(results))


def main() -> None:
    _register_optional()
    app()


def _register_optional() -> None:
    """Subcommands owned by other modules register themselves here."""
    for mod in ("snowdonia.tui.commands", "snowdonia.web.commands", "snowdonia.sim.commands",
                "snowdonia.analysis.commands"):
        try:
            module = __import__(mod, fromlist=["register"])
        except ImportError as exc:
            if exc.name and exc.name.startswith("snowdonia."):
                continue
            raise
        module.register(app)

