"""The bot levels the web offers: a short server-side list of named levels per title.

Nothing else is accepted from the web: a level string such as `mcts:1e9s` is refused at
creation, so no request can make a bot think for ever. Each level has a label, a name for the
seat ("Greedy bot"), a sentence for the lobby, and the next-lower level a game falls back to
when its bot fails or misses its deadline (the weakest, `random`, is instant and runs
in-process, so a game never stalls).
"""

from __future__ import annotations

from dataclasses import dataclass

from snowdonia.bots import bot_kinds, is_bot_spec
from snowdonia.bots.levels import named_levels
from snowdonia.core.i18n import N_, _
from snowdonia.registry import title


@dataclass(frozen=True)
class Level:
    level: str  # what seats store: "random", "greedy", "mcts:200", "mcts:1s", "expert"
    label: str
    name: str  # the seat's default display name
    help: str
    seconds: float  # the most it may think (its own budget; the deadline adds a grace)

    def as_dict(self) -> dict[str, str]:
        return {"level": self.level, "label": self.label, "help": self.help}


GENERIC_HELP = {
    "random": N_("plays a random legal move"),
    "mcts": N_("searches many possible futures (information-set Monte Carlo tree search)"),
}


def _search_levels(max_seconds: float, max_iterations: int) -> list[tuple[str, str, str, str, float]]:
    out = []
    its = min(200, max_iterations)
    out.append((f"mcts:{its}", _("Search, %(n)s iterations", n=its), _("Search bot (%(n)s)", n=its),
                _("%(n)s iterations a move (a fraction of a second)", n=its), 1.0))
    secs = min(1.0, max_seconds)
    out.append((f"mcts:{secs:g}s", _("Search, %(s)s s a move", s=format(secs, "g")), _("Search bot (%(s)s s)", s=format(secs, "g")),
                _("%(s)s s a move (the reference of earlier versions)", s=format(secs, "g")), secs))
    return out


def levels(game: str, max_seconds: float = 1.0, max_iterations: int = 200) -> list[Level]:
    """The levels offered for `game`, weakest first (the order of fallbacks)."""
    t = title(game)
    kinds = bot_kinds(game)
    helps = {**GENERIC_HELP, **t.bot_help()}
    instant = " " + _("(instant)")
    rand = _(helps["random"]) + ("" if "instant" in helps["random"] else instant)
    out: list[Level] = [Level("random", _("Random"), _("Random bot"), rand, 0.0)]
    for kind in sorted(t.bots()):
        text = helps.get(kind, N_("a bot that knows this game's rules"))
        text = _(text) + ("" if "instant" in text else instant)
        label = _(kind.replace("_", " ").capitalize())
        out.append(Level(kind, label, _("%(level)s bot", level=label), text, 0.5))
    if "ppo" in kinds:  # the learned policy (docs/ai.md): a network, instant
        from snowdonia.bots.ppo import describe

        out.append(Level("ppo", "PPO", _("%(level)s bot", level="PPO"), describe(game), 0.5))
    if "mcts" in kinds:
        for level, label, name, extra, secs in _search_levels(max_seconds, max_iterations):
            out.append(Level(level, label, name, f"{_(helps['mcts'])}: {extra}", secs))
    # The named levels (issue 19): iteration budgets, so each plays alike on every machine; the
    # web's deadline is their only clock. Their sentence carries the ladder's figures.
    for lv in named_levels().values():
        if lv.spec_for(game) in ("random",) or not is_bot_spec(lv.spec_for(game), game):
            continue
        label = _(lv.name.capitalize())
        fig = lv.evidence.get(game, "")
        help_text = _(lv.help) + (f" ({_(fig)})" if fig else "")
        out.append(Level(lv.name, label, _("%(level)s bot", level=label), help_text, 2.0))
    return out


def level_map(game: str, max_seconds: float = 1.0, max_iterations: int = 200) -> dict[str, Level]:
    return {lv.level: lv for lv in levels(game, max_seconds, max_iterations)}


def fallback(game: str, level: str, max_seconds: float = 1.0, max_iterations: int = 200) -> str | None:
    """The next-lower level of `level` (None below the weakest): a named level falls back to
    the named level below it (the weakest to `random`), the other levels in their own order.
    A stored level that is no longer offered falls back to the strongest one offered."""
    names = [lv.level for lv in levels(game, max_seconds, max_iterations)]
    if level not in names:
        return names[-1]
    named = [n for n in names if n in named_levels()]
    if level in named:  # a named level falls back to the one below it, the weakest to random
        i = named.index(level)
        return named[i - 1] if i > 0 else "random"
    # ppo is never a fallback: it plays only the scenario its network was trained on
    raw = [n for n in names if n not in named and (n != "ppo" or level == "ppo")]
    i = raw.index(level)
    return raw[i - 1] if i > 0 else None
