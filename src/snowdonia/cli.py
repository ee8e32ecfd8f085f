"""The `snowdonia` command. Each subcommand lives in the module that owns its job; this file
only wires them to Typer so `snowdonia --help` lists everything in one place.

Every word of the help is said in the terminal's language (issue 23): `main` chooses it from
`--lang` and the locale before `build_app` builds the app, because Typer renders help texts that
are fixed when the app is built (see `snowdonia.cli_words`)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable

import typer
from rich.console import Console
from rich.table import Table

from snowdonia.cli_words import cli_language, localised_group
from snowdonia.core.i18n import _, using
from snowdonia.core.i18n import say_exception as said

console = Console()


def _data_command() -> Callable[..., None]:
    def data(
        unverified: bool = typer.Option(False, "--unverified", help=_(
            "Only values not yet verified: inferred, assumed, provisional or contradicted.")),
        game: str | None = typer.Option(None, "--game", help=_("One title only (default: every title).")),
        as_json: bool = typer.Option(False, "--json", help=_("Print JSON instead of a table.")),
    ) -> None:
        _data(unverified, game, as_json)

    return data


def _data(unverified: bool, game: str | None, as_json: bool) -> None:
    from snowdonia.core.data import UNVERIFIED
    from snowdonia.registry import names, title

    games = [game] if game else names()
    rows = []
    for g in games:
        try:
            rows += title(g).provenance()
        except Exception as exc:  # an unknown --game: say which exist
            raise typer.BadParameter(said(exc)) from None
    if unverified:
        rows = [r for r in rows if r.tag in UNVERIFIED]
    if as_json:
        print(json.dumps([r.__dict__ for r in rows], indent=2))
        return
    heading = _("Unverified component values (inferred, assumed, provisional, contradicted)") if unverified \
        else _("Component data")
    table = Table(title=heading)
    # i18n: the provenance table's columns (the values stay as the data files write them)
    for col in (_("game"), _("file"), _("where"), _("field"), _("confidence"), _("reason")):
        table.add_column(col, overflow="fold")
    for r in rows:
        table.add_row(r.game, r.file, r.where, r.field, r.tag, r.reason)
    console.print(table)
    if unverified:
        per = {g: sum(1 for r in rows if r.game == g) for g in games}
        console.print(_("%(n)s values are not yet checked against printed components (%(per)s); correct them in "
                        "the TOML files of src/snowdonia/games/<game>/data and scenarios (no code change needed).",
                        n=len(rows), per=", ".join(f"{g}: {n}" for g, n in per.items())))




def _root_callback() -> Callable[..., None]:
    def root(
        ctx: typer.Context,
        version: bool = typer.Option(False, "--version", help=_(
            "Print the version and which engine build runs, then stop.")),
    ) -> None:
        if version:
            import snowdonia
            from snowdonia.bench import build

            print(f"snowdonia {snowdonia.__version__}; " + _("engine: %(build)s", build=build()))
            raise typer.Exit()
        if ctx.invoked_subcommand is None:
            print(ctx.get_help())
            raise typer.Exit()

    return root


def _bench_command() -> Callable[..., None]:
    def bench(
        players: str = typer.Option("", help=_("Player counts, comma separated (default: every count of the "
                                               "scenario).")),
        seconds: float = typer.Option(2.0, help=_("Seconds per measurement.")),
        compare: bool = typer.Option(False, "--compare", help=_(
            "Also: Catanatron interleaved with our engine in short CPU-time slices (median ratio and spread), "
            "and MCTS iterations per CPU-second of every title.")),
        slices: int = typer.Option(6, "--slices", min=1, max=100, help=_("Slice pairs of the --compare measurement.")),
        mcts_seconds: float = typer.Option(2.0, "--mcts-seconds", min=0.05, max=600.0,
                                           help=_("Search seconds per title and player count (--compare).")),
        game: str = typer.Option("snowdonia", "--game", help=_("The title: snowdonia or foothills.")),
        scenario: str | None = typer.Option(None, "--scenario", help=_("The title's scenario (default: its first).")),
        as_json: bool = typer.Option(False, "--json", help=_("Print JSON instead of a table.")),
        adapters: bool = typer.Option(False, "--adapters", help=_(
            "Instead: PettingZoo and Gymnasium vs the raw engine (steps per CPU-second, same process; needs the "
            "ai extra).")),
    ) -> None:
        _bench(players, seconds, compare, slices, mcts_seconds, game, scenario, as_json, adapters)

    return bench


def _bench(players: str, seconds: float, compare: bool, slices: int, mcts_seconds: float, game: str,
           scenario: str | None, as_json: bool, adapters: bool) -> None:
    if adapters:
        _bench_adapters(players, seconds, game, scenario, as_json)
        return
    from snowdonia.bench import run_bench
    from snowdonia.core.errors import SettingsError
    from snowdonia.registry import title

    try:
        allowed = title(game).scenario(scenario).players
    except (SettingsError, KeyError) as exc:
        raise typer.BadParameter(said(exc)) from None
    try:
        counts = [int(x) for x in players.split(",") if x.strip()] or list(allowed)
    except ValueError:
        raise typer.BadParameter(_("--players takes numbers like 1,2,3")) from None
    if any(c not in allowed for c in counts):
        raise typer.BadParameter(_("--players: %(game)s plays with %(counts)s players", game=game,
                                   counts=", ".join(map(str, allowed))))
    if not 0 < seconds <= 600:
        raise typer.BadParameter(_("--seconds must be more than 0 and at most 600"))
    results = run_bench(counts, seconds, compare, game=game, scenario=scenario, slices=slices,
                        mcts_seconds=mcts_seconds)
    if as_json:
        print(json.dumps(results, indent=2))
        return
    # The measurements' units (decisions/s, CPU-s, x) are written alike in every language.
    table = Table(title=_("snowdonia bench: %(game)s (random playouts, full rules checking)", game=game))
    for col in (_("players"), _("decisions/s"), _("games/s"), _("clones/s"), _("decisions/game")):
        table.add_column(col, justify="right")
    for r in results["rows"]:
        table.add_row(str(r["players"]), f"{r['decisions_per_s']:,.0f}", f"{r['games_per_s']:,.1f}",
                      f"{r['clones_per_s']:,.0f}", f"{r['decisions_per_game']:.0f}")
    console.print(table)
    console.print(_("engine build: %(build)s", build=results["build"]))
    console.print(_("baseline (same process): %(ops)s dict-copy ops/s; decisions/s at 3 players = %(ratio)s x baseline",
                    ops=format(results['baseline_ops_per_s'], ",.0f"), ratio=format(results['ratio_3p_to_baseline'], ".3f")))
    if compare:
        cat = results.get("catanatron")
        if not cat:
            console.print(_("Catanatron is not installed: %(command)s", command="pip install -e '.[bench]'"))
        else:
            po, cl = cat["playouts"]["ratio"], cat["clones"]["ratio"]
            console.print(
                _("vs Catanatron (%(slices)s interleaved slice pairs, CPU time, random 4-player games; %(game)s at "
                  "%(players)s players):", slices=cat["slices"], game=game, players=cat["players"]) + "\n  "
                + _("decisions per action: median %(median)sx (spread %(low)s-%(high)s); %(ours)s vs %(theirs)s per "
                    "CPU-s", median=format(po['median'], ".2f"), low=format(po['min'], ".2f"), high=format(po['max'], ".2f"),
                    ours=format(cat['playouts']['ours_per_cpu_s'], ",.0f"),
                    theirs=format(cat['playouts']['theirs_per_cpu_s'], ",.0f")) + "\n  "
                + _("clones per copy: median %(median)sx (spread %(low)s-%(high)s); %(ours)s vs %(theirs)s per CPU-s",
                    median=format(cl['median'], ".2f"), low=format(cl['min'], ".2f"), high=format(cl['max'], ".2f"),
                    ours=format(cat['clones']['ours_per_cpu_s'], ",.0f"), theirs=format(cat['clones']['theirs_per_cpu_s'], ",.0f"))
            )
        mt = Table(title=_("MCTS iterations per CPU-second (mcts:1s search, early stopping off)"))
        for col in (_("game"), _("scenario"), _("players"), _("playout depth"), _("iterations/CPU-s")):
            mt.add_column(col, justify="right")
        for r in results["mcts"]:
            mt.add_row(r["game"], r["scenario"], str(r["players"]),
                       _("to the end") if r["depth"] is None else str(r["depth"]), f"{r['iterations_per_cpu_s']:,.0f}")
        console.print(mt)


def _bench_adapters(players: str, seconds: float, game: str, scenario: str | None, as_json: bool) -> None:
    from snowdonia.adapters.speed import adapter_bench, report

    counts = [int(x) for x in players.split(",") if x.strip().isdigit()] or [3]
    for n in counts:
        for observation in ("raw", "learning"):
            results = adapter_bench(n, max(seconds, 1.0), game=game, scenario=scenario, observation=observation)
            print(json.dumps(results, indent=2) if as_json else report(results))


def build_app(optional: bool = True) -> typer.Typer:
    """The `snowdonia` app with every help text in the current language (the app speaks that
    language while it runs, see `cli_words.localised_group`); `optional`: also the subcommands
    of the other modules (play, replay, review, serve, db, tournament, simulate)."""
    built = typer.Typer(cls=localised_group(), add_completion=False, no_args_is_help=True,
                        help=_("Snowdonia: play, watch, simulate, research."))
    built.callback(invoke_without_command=True, help=_("Snowdonia: play, watch, simulate, research."))(
        _root_callback())
    built.command("data", help=_("Show the component data's provenance: every printed value with its confidence "
                                 "tag."))(_data_command())
    built.command("bench", help=_("Engine throughput: random-playout decisions/s, games/s and clones/s per player "
                                  "count."))(_bench_command())
    if optional:
        _register_optional(built)
    return built


# The app in the language of the moment it is imported (English unless a caller chose one);
# `main` builds its own in the terminal's language.
app = build_app(optional=False)


def main(argv: list[str] | None = None) -> None:
    """`snowdonia ...`: the app in the language of `--lang` or the locale, built in it."""
    from snowdonia.i18n import translator

    args = sys.argv[1:] if argv is None else argv
    with using(translator(cli_language(args))):
        build_app()(args=args, prog_name="snowdonia")


def _register_optional(target: typer.Typer | None = None) -> None:
    """Subcommands owned by other modules register themselves here (on `app` by default)."""
    for mod in ("snowdonia.tui.commands", "snowdonia.web.commands", "snowdonia.sim.commands",
                "snowdonia.analysis.commands"):
        try:
            module = __import__(mod, fromlist=["register"])
        except ImportError as exc:
            if exc.name and exc.name.startswith("snowdonia."):
                continue
            raise
        module.register(app if target is None else target)
