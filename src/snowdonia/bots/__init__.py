"""Bots that fill any seat of any title.

A bot is anything with `choose(position) -> action` that reads only what its seat may see
(search bots go through `Position.resample`). The game-agnostic bots live here (`random`,
`mcts`, speaking only the protocol); a title adds bots that know its rules through
`Title.bots()` (Snowdonia's and Foothills' `greedy`). `make_bot("mcts:1s", game="foothills")`
turns a level string, as typed in any interface, into a bot.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from snowdonia.bots.levels import named_levels, resolve
from snowdonia.core.errors import refusal
from snowdonia.registry import title as title_of


class Bot(Protocol):
    name: str

    def choose(self, game: Any) -> Any: ...


Factory = Callable[[str, int], Bot]
_GENERIC: dict[str, Factory] = {}
# A kind that plays only some titles (`ppo`: those it has a trained network for).
_PLAYS: dict[str, Callable[[str], bool]] = {}


def register(kind: str, factory: Factory, plays: Callable[[str], bool] | None = None) -> None:
    """Add a game-agnostic bot kind; factory(level_text, seed) -> Bot. `plays(game)` says
    which titles it plays (default: all)."""
    _GENERIC[kind] = factory
    if plays is not None:
        _PLAYS[kind] = plays


def _factories(game: str) -> dict[str, Factory]:
    _load_builtin()
    out = {k: f for k, f in _GENERIC.items() if k not in _PLAYS or _PLAYS[k](game)}
    out.update(title_of(game).bots())
    return out


def bot_kinds(game: str = "snowdonia") -> list[str]:
    """Every bot kind that can play `game`."""
    return sorted(_factories(game))


def make_bot(spec: str, seed: int = 0, game: str = "snowdonia", scenario: str | None = None) -> Bot:
    """Build a bot from its level string: a named level ('beginner' .. 'expert', see
    `bots.levels`), or 'random', 'greedy', 'search:3000', 'mcts:200', 'mcts:1s', 'mcts-v1:1s'.
    A named level that stands for a string of its own in some scenario of `game` is built for
    `scenario`; without one it becomes a `ScenarioLevelBot`, which plays each scenario's string
    by the position it is asked about."""
    if not isinstance(spec, str):
        raise ValueError(refusal("a bot is named by a string such as 'greedy', not %(spec)s", spec=repr(spec)))
    named = spec.strip().lower()
    level = named_levels().get(named)
    if level is not None and scenario is None and level.scenarios(game):
        return ScenarioLevelBot(named, {k: make_bot(named, seed, game, k) for k in level.scenarios(game)},
                                _build(resolve(named, game), seed, game))
    bot = _build(resolve(named, game, scenario), seed, game)
    if level is not None:
        bot.name = named  # a named level plays under its name ("expert")
    return bot


def _build(spec: str, seed: int, game: str) -> Bot:
    """The bot of a level string that names no level."""
    factories = _factories(game)
    kind, _, level = spec.strip().partition(":")
    if kind not in factories and kind in _GENERIC:
        raise ValueError(refusal("the %(kind)s bot does not play %(title)s; known bots: %(bots)s", kind=kind,
                                 title=refusal(title_of(game).display_name), bots=", ".join(sorted(factories))))
    if kind not in factories:
        # i18n: the bots' names are typed as they are
        raise ValueError(refusal("unknown bot %(spec)s; known bots: %(bots)s", spec=repr(spec),
                                 bots=", ".join(sorted(factories))))
    bot = factories[kind](level, seed)
    configure = getattr(bot, "configure_for", None)
    if configure is not None:  # a game-agnostic bot tuned to the title (e.g. mcts's playout depth)
        configure(title_of(game))
    return bot


class ScenarioLevelBot:
    """A named level that stands for another level string in some scenarios of its title
    (`scenario_spec` in bots/levels.toml), made where the scenario was not said: it holds one
    bot per such scenario and one for the rest, and each decision is made by the bot of the
    asked position's scenario (`Position.scenario`), so it plays exactly as the level made for
    that scenario would. Whatever else is read of it (a search's `last_iterations`) is read of
    the bot that chose last."""

    def __init__(self, name: str, by_scenario: dict[str, Bot], others: Bot) -> None:
        self.name = name
        self.by_scenario = by_scenario
        self.others = others
        self.last: Bot = others
        others.name = name

    def bot_for(self, scenario: str) -> Bot:
        return self.by_scenario.get(scenario, self.others)

    def bots(self) -> list[Bot]:
        return [*self.by_scenario.values(), self.others]

    def choose(self, game: Any) -> Any:
        self.last = self.bot_for(game.scenario)
        return self.last.choose(game)

    def check(self, game: Any) -> None:
        check = getattr(self.bot_for(game.scenario), "check", None)
        if check is not None:
            check(game)

    def __getattr__(self, attr: str) -> Any:
        if attr in ("last", "by_scenario", "others"):  # not set yet (copying, unpickling)
            raise AttributeError(attr)
        return getattr(self.last, attr)


def check_bot(spec: str, position: Any) -> None:
    """Refuse in words, before play, a bot that cannot play this game's configuration (its
    scenario, player count or settings; e.g. `ppo` outside what its network was trained on).
    A bot says so through an optional `check(position)` that raises ValueError."""
    bot = make_bot(spec, game=position.title.name, scenario=position.scenario)
    check = getattr(bot, "check", None)
    if check is not None:
        check(position)


def is_bot_spec(spec: str, game: str = "snowdonia") -> bool:
    try:
        make_bot(spec, game=game)
    except ValueError:
        return False
    return True


def bot_levels(game: str = "snowdonia") -> list[str]:
    """The bot choices a person is offered: the named levels, every kind, and two budgets of
    the reference search bot."""
    kinds = bot_kinds(game)
    out = [name for name, lv in named_levels().items() if is_bot_spec(lv.spec_for(game), game)]
    # the search kinds need a budget; `parallel` also a level to run (and starts processes)
    out += [k for k in kinds if k not in ("mcts", "mcts-v1", "search", "parallel")]
    if "mcts" in kinds:
        out += ["mcts:200", "mcts:1s"]
    return out


def keeps_tree(spec: str, game: str = "snowdonia") -> bool:
    """True when a bot of this level learns between its decisions in a game (a search bot with
    tree reuse, `:r1`, alone or in every search of a `parallel` level, in any scenario of the
    title), so an interface should keep one bot for the whole game rather than make a fresh one
    for every move. False for any other level, or a level that is not a bot."""
    from snowdonia.bots.parallel import ParallelSearchBot
    from snowdonia.bots.search import SearchBot

    try:
        made = make_bot(spec, game=game)
    except ValueError:
        return False
    # a level that stands for other strings in some scenarios keeps its tree if any of them does
    for bot in made.bots() if isinstance(made, ScenarioLevelBot) else [made]:
        if isinstance(bot, ParallelSearchBot):
            bot = bot.bots[0]  # its searches are of one level (making it starts no process)
        if isinstance(bot, SearchBot) and bot.config.reuse:
            return True
    return False


def is_search_level(spec: str) -> bool:
    """True when the level searches (takes a noticeable time), False for the instant bots."""
    kind = resolve(spec.strip().lower()).partition(":")[0]
    return kind in ("mcts", "mcts-v1", "search", "parallel")


def _load_builtin() -> None:
    """Import the game-agnostic bots, which register themselves."""
    from snowdonia.bots import mcts, parallel, random_bot, search  # noqa: F401

    if "ppo" not in _GENERIC:
        from snowdonia.bots import ppo

        register("ppo", ppo.factory, ppo.supports)
