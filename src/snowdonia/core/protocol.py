"""The game protocol: what every layer outside a game may know about it.

A `Title` is a game in the box (Snowdonia, Foothills): its player counts, scenarios,
settings, decision kinds, words, bots' evaluation and optional research encoders. A
`Position` is one game in progress (OpenSpiel's Game/State split). Bots, the simulator,
the web app, the store, the terminal and the AI adapters speak only this protocol, never a
game's internals; a title passes `tests/conformance/` to join the platform.

Secrecy lives at one boundary per title: `Position.observation(seat)`, `Position.log()`,
`Position.pending()` and `Position.resample(seat, rng)` never carry what that seat could
not see at the table.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from snowdonia.core.actions import Action, Catalogue
from snowdonia.core.chance import ChanceHook, ChanceModel
from snowdonia.core.errors import refusal
from snowdonia.core.rng import randbelow

LogEvent = dict[str, Any]  # {"type": "place", "seat": 0, ...}: JSON-safe, public


@dataclass(frozen=True)
class SettingSpec:
    """One game setting as the lobby, the command line and the adapters offer it."""

    key: str
    label: str
    default: Any
    kind: str  # "bool", "int" or "choice"
    choices: tuple[Any, ...] = ()
    help: str = ""
    players: tuple[int, ...] = ()  # only offered at these player counts (empty: always)
    scenarios: tuple[str, ...] = ()  # only offered in these scenarios (empty: all)
    # Each choice in words, in the order of `choices` ("Player 1" for 0); empty: the values.
    choice_labels: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        labels = list(self.choice_labels) if self.choice_labels else [str(c) for c in self.choices]
        return {"key": self.key, "label": self.label, "default": self.default, "kind": self.kind,
                "choices": list(self.choices), "choice_labels": labels, "help": self.help,
                "players": list(self.players), "scenarios": list(self.scenarios)}


@dataclass(frozen=True)
class ScenarioInfo:
    key: str
    name: str
    players: tuple[int, ...]
    description: str = ""
    provisional: bool = False  # its component data is partly invented (tagged provisional)

    def as_dict(self) -> dict[str, Any]:
        return {"key": self.key, "name": self.name, "players": list(self.players),
                "description": self.description, "provisional": self.provisional}


@dataclass(frozen=True)
class DecisionKind:
    """One entry of a title's decision registry: the one list of the kinds of choice a
    player can face, read by the terminal, the web client and the encoders."""

    key: str
    prompt: str  # what the player is asked, in words
    actions: tuple[str, ...]  # the action kinds that answer it
    optional: bool = False  # "pass" is among the answers
    pass_text: str = ""  # what passing means here, in words


@dataclass(frozen=True)
class Decision:
    """The pending decision as data: who decides, what kind of choice, and the public facts
    that frame it (which area's window, how many cubes, ...). JSON-safe via `as_dict`."""

    kind: str
    player: int
    prompt: str
    context: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "prompt": self.prompt, **self.context}


@dataclass(frozen=True)
class Outcome:
    """The cheap end-of-game summary search bots need (full sheets: `Position.result`)."""

    scores: list[float]
    winners: list[int]


class Words(Protocol):
    """A title's words for what players see; one source for terminal, web and log."""

    def action(self, position: Position, action: Action) -> str:
        """One line for `action` as an option of the pending decision."""
        ...

    def event(self, event: LogEvent, names: Sequence[str], position: Position | None = None) -> str:
        """A log event in words; `names` are the seats' display names; `position` (any
        position of the same game) gives the printed names of its components."""
        ...

    def components(self, position: Position) -> dict[str, Any]:
        """The printed components and their rules in words (public: it is the box), keyed
        for the client's tooltips."""
        ...


@runtime_checkable
class Encoder(Protocol):
    """A fixed-size numeric view of a position for one seat, for the research adapters
    (`Title.encoder(players, scenario, **settings)`: one per configuration). Only what
    `Position.observation(seat)` shows may go in. The flat float32 vector is the `views`
    (name, shape) laid end to end, in order; their shapes depend only on the configuration."""

    @property
    def views(self) -> Sequence[tuple[str, tuple[int, ...]]]: ...

    low: float  # every encoded value lies in [low, high] (the observation space's bounds)
    high: float
    score_bounds: tuple[float, float]  # every final score lies in this range
    max_decisions: int  # no game of this configuration has more player decisions

    def encode(self, position: Position, seat: int, views: dict[str, Any]) -> None:
        """Fill `views` (numpy arrays of the views' shapes, zeroed) with what `seat` sees."""
        ...


class Position(ABC):
    """One game in progress. Mutable: `apply` changes it in place; `clone` is cheap."""

    __slots__ = ()

    # ---- identity
    @property
    @abstractmethod
    def title(self) -> Title: ...

    @property
    @abstractmethod
    def players(self) -> int: ...

    @property
    @abstractmethod
    def scenario(self) -> str: ...

    @property
    @abstractmethod
    def settings(self) -> dict[str, Any]:
        """The settings as given to `new_game` (JSON-safe)."""

    seed: int
    history: list[str]

    @property
    def chance(self) -> ChanceHook | None:
        """None in every game the engine runs itself; the research adapters set a hook here
        so that each random pick is asked of it (core/chance.py). A title's position holds
        it in a slot of its own, which takes the place of this property."""
        return None

    @chance.setter
    def chance(self, hook: ChanceHook | None) -> None:
        raise NotImplementedError(f"{type(self).__name__} cannot route its random picks through a chance hook")

    # ---- turn structure
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat that must decide now, or None when the game is over."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def moves(self) -> int:
        """How many decisions have been applied."""

    @abstractmethod
    def legal_actions(self) -> list[Any]:
        """The options of the pending decision, in a fixed order."""

    @abstractmethod
    def apply(self, action: Any) -> None:
        """Apply the current player's decision (an action or its string form). Raises
        IllegalAction, saying why and listing what is legal, and leaves the game unchanged."""

    @abstractmethod
    def step(self, action: Any) -> None:
        """Apply an action known to be legal (taken from `legal_actions`) without checking
        it or recording it: the fast path for search."""

    def playout(self, rng: random.Random, depth: int | None = None) -> int:
        """Uniformly random decisions -- `legal_actions()[randbelow(rng, len(...))]`, applied
        with `step` -- until the game is over or `depth` decisions were made; returns how many
        were made. The search bots' playout: a title may run the same loop in compiled code
        (same draws, same steps)."""
        steps = 0
        while not self.is_over and (depth is None or steps < depth):
            legal = self.legal_actions()
            self.step(legal[randbelow(rng, len(legal))])
            steps += 1
        return steps

    def search_playout(self, rng: random.Random, depth: int) -> int:
        """The `search` bot's truncated playout: up to `depth` decisions, each uniformly random
        (`randbelow(rng, len(legal))`) except a forced one (a single option), which is taken
        without a draw; stops at the end of the game. Returns how many decisions were made. A
        title may run the same loop in compiled code (same draws, same steps)."""
        steps = 0
        while steps < depth and not self.is_over:
            legal = self.legal_actions()
            n = len(legal)
            self.step(legal[0] if n == 1 else legal[randbelow(rng, n)])
            steps += 1
        return steps

    def policy_playout(self, rng: random.Random, depth: int | None = None, version: int = 1) -> int:
        """The `search` bot's playout by version `version` of the title's cheap playout policy
        (`:h1`, `:h2`): up to `depth` decisions (to the game's end when None); returns how many
        were made. A title without a policy plays them uniformly at random (`playout`)."""
        return self.playout(rng, depth)

    def policy_choices(self, rng: random.Random, count: int, version: int = 1) -> list[Any]:
        """The distinct options of `count` draws by version `version` of the title's playout
        policy at the pending decision, in the order first drawn (the `search` bot's narrowed
        replies, `:o3`); a forced decision is its one option, drawn from nothing. A title
        without a policy draws uniformly (`randbelow(rng, len(legal))`)."""
        legal = self.legal_actions()
        if len(legal) == 1:
            return legal
        out: list[Any] = []
        for _ in range(count):
            a = legal[randbelow(rng, len(legal))]
            if a not in out:
                out.append(a)
        return out

    @abstractmethod
    def pending(self, seat: int | None = None) -> Decision | None:
        """The pending decision as data (None when the game is over), as `seat` may see it:
        private facts (cards only the decider drew) only when `seat` is the decider."""

    # ---- copies and hidden information
    @abstractmethod
    def clone(self) -> Position: ...

    @abstractmethod
    def resample(self, seat: int, rng: random.Random | int) -> Position:
        """A full game consistent with what `seat` knows: whatever it cannot see is re-dealt."""

    @abstractmethod
    def chance_state(self) -> Hashable:
        """Changes whenever something random is revealed (a draw, a shuffle). Undo is offered
        only while it has not changed."""

    # ---- views
    @abstractmethod
    def observation(self, seat: int | None = None) -> dict[str, Any]:
        """A JSON-safe view of what `seat` may see (None: the public view)."""

    @abstractmethod
    def log(self) -> list[LogEvent]:
        """The structured, public log of the game so far (empty in clones made for search)."""

    @abstractmethod
    def result(self) -> dict[str, Any]:
        """`scores`, per-seat `breakdown` (with `lines` keyed by the title's score lines),
        `winners`, `final`. Before the end: the score so far."""

    @abstractmethod
    def outcome(self) -> Outcome:
        """Scores and winners, cheaply (search calls it at every playout's end)."""

    @abstractmethod
    def stats(self) -> dict[str, Any]:
        """Per-game statistics for the simulator: `rounds`, `per_seat` {name: [value per
        seat]} (categorical facts such as the train owned), `counts` {name: int}."""

    # ---- persistence
    @abstractmethod
    def record(self) -> dict[str, Any]:
        """Title, scenario, settings, seed and every decision: enough to rebuild the game."""

    @abstractmethod
    def snapshot(self) -> bytes:
        """The whole position as bytes (only ever read back by `Title.restore`)."""


BotFactory = Callable[[str, int], Any]  # (level text after ':', seed) -> bot


class Title(ABC):
    """A game on the platform. One instance per title, made once (module level) and shared."""

    name: str  # "snowdonia", "foothills": the `game=` of new_game
    display_name: str
    scenarios: tuple[ScenarioInfo, ...]
    settings: tuple[SettingSpec, ...]
    score_lines: tuple[str, ...]  # the keys of a breakdown's `lines`, in sheet order
    score_labels: Mapping[str, str] = {}  # each score line in words ("station sites")
    # A score line that can count in a solo game only with one train ({"train": 4}): a solo
    # sheet with another train leaves it out.
    solo_train_lines: Mapping[str, int] = {}
    decisions: Mapping[str, DecisionKind]
    words: Words
    # How many decisions a search bot's playout runs before the title's `evaluate` scores it;
    # None: playouts run to the end of the game (cheap enough in Snowdonia, not in Foothills,
    # whose random games are long and noisy).
    search_depth: int | None = None

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(sorted({n for s in self.scenarios for n in s.players}))

    def scenario(self, key: str | None) -> ScenarioInfo:
        """The scenario called `key` (None: the first); KeyError names the known ones."""
        if key is None:
            return self.scenarios[0]
        for s in self.scenarios:
            if s.key == key:
                return s
        raise KeyError(refusal("unknown scenario %(scenario)s of %(title)s; choose one of %(scenarios)s",
                               scenario=repr(key), title=self.name, scenarios=", ".join(s.key for s in self.scenarios)))

    def describe(self) -> dict[str, Any]:
        """What `snowdonia.titles()` lists for this title (JSON-safe)."""
        return {
            "name": self.name,
            "display_name": self.display_name,
            "players": list(self.player_counts),
            "scenarios": [s.as_dict() for s in self.scenarios],
            "settings": [s.as_dict() for s in self.settings],
            "score_lines": list(self.score_lines),
            "score_labels": {k: self.score_labels.get(k, k.replace("_", " ")) for k in self.score_lines},
            "solo_train_lines": dict(self.solo_train_lines),
            "seat_colours": {str(n): self.seat_colours(n) for n in self.player_counts},
            "decisions": {k: {"prompt": d.prompt, "actions": list(d.actions), "optional": d.optional,
                              "pass_text": d.pass_text} for k, d in self.decisions.items()},
        }

    def how_to_play(self, scenario: str | None = None) -> dict[str, Any]:
        """The rules summary of a scenario for a newcomer, shown by every front end (the web's
        *How to play*, the terminal's `rules`): `{"game", "scenario", "title", "source",
        "sections": [{"key", "heading", "text", "items": [str], "ordered": bool, "cite"}]}` with
        at least the sections goal, round (or turn), parts (or actions), end, scoring and tips."""
        raise NotImplementedError(f"{self.name} has no rules summary")

    def guide(self) -> dict[str, Any] | None:
        """A guided first game, or None: `{"title", "game": {"scenario", "players", "seed",
        "settings", "seats"}, "intro", "steps": {decision kind: {"do", "why"}}, "end"}`."""
        return None

    @abstractmethod
    def new_game(self, players: int, seed: int | None = None, scenario: str | None = None,
                 **settings: Any) -> Position:
        """Set up a game; raises SettingsError saying what is wrong."""

    @abstractmethod
    def replay(self, record: dict[str, Any], upto: int | None = None) -> Position:
        """Rebuild a game from its record; RecordError names the first bad decision."""

    @abstractmethod
    def restore(self, blob: bytes) -> Position:
        """The position a snapshot was taken of."""

    @abstractmethod
    def catalogue(self) -> Catalogue[Any]:
        """Every action of every scenario, in id order (ids never move)."""

    def seat_colours(self, players: int, settings: Mapping[str, Any] | None = None) -> list[str]:
        """Each seat's colour at the table (the pieces' colours in the box), for lobbies and
        boards."""
        palette = ("yellow", "blue", "green", "pink", "purple")
        return [palette[i % len(palette)] for i in range(players)]

    def action_count(self, scenario: str | None = None) -> int:
        """How many catalogue ids a scenario uses (ids 0 .. n-1): the size of its action space
        in the research adapters. A later scenario's actions are appended, so the ids of an
        earlier one never move."""
        return len(self.catalogue())

    def parse_action(self, text: str) -> Any:
        return self.catalogue().parse(text)

    @abstractmethod
    def evaluate(self, position: Position, seat: int) -> float:
        """A heuristic value of `position` for `seat` in VP, for truncated playouts and
        one-ply bots."""

    def search_evaluate(self, position: Position, seat: int) -> float:
        """The value in VP a search bot gives `seat` where it cuts a playout short; by default
        `evaluate`. A title may sharpen it for search without changing its one-ply bots."""
        return self.evaluate(position, seat)

    def search_actions(self, position: Position, legal: list[Any]) -> list[Any]:
        """The options a search bot considers among `legal` (the position's `legal_actions`):
        all of them, or a title's subset without options that are never better than another
        (never empty when `legal` is not)."""
        return legal

    def bots(self) -> dict[str, BotFactory]:
        """Bots that know this title's rules (e.g. `greedy`); game-agnostic bots come from
        `snowdonia.bots`."""
        return {}

    def bot_help(self) -> dict[str, str]:
        """A sentence per bot kind of this title, for the lobby."""
        return {}

    def new_chance_game(self, players: int, chance: ChanceHook, scenario: str | None = None,
                        **settings: Any) -> Position:
        """Set up a game whose every random pick, set-up included, is asked of `chance`
        instead of the seeded generator (the research adapters' explicit chance nodes). The
        hook stays in `Position.chance`; NeedChance raised by it propagates."""
        raise NotImplementedError(f"{self.name} cannot set a game up through a chance hook")

    def encoder(self, players: int, scenario: str | None = None, **settings: Any) -> Encoder | None:
        """The fixed-size numeric encoder of a configuration for OpenSpiel, PettingZoo and
        Gymnasium (None: the title offers no tensors)."""
        return None

    def chance_model(self) -> ChanceModel | None:
        """The title's own explicit-chance model for OpenSpiel (None: every random pick is
        public when it happens, and the adapters' generic model serves)."""
        return None

    def provenance(self) -> list[Any]:
        """Every tagged component value (core.data.Provenance) of this title's data files."""
        return []

    def web_board(self) -> str | None:
        """Path of the title's web board module (an ES module file), served to the client."""
        return None

    def terminal_board(self, position: Position, seat: int | None, seat_kinds: list[str] | None = None,
                       width: int = 160) -> Any:
        """A Rich renderable of the whole table as `seat` sees it (None: the public view), for
        a terminal `width` columns wide; `seat_kinds` label the seats ("human", "greedy")."""
        return None

    def score_sheet(self, position: Position, seat_kinds: list[str]) -> Any:
        """A Rich renderable of the score sheet (every line of `result()`), or None to let the
        terminal draw a plain one from `score_lines`."""
        return None
