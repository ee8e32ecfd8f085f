"""Every title as an OpenSpiel game, `python_<game>`, registered with pyspiel on import.

    import pyspiel
    import snowdonia.adapters.openspiel  # registers python_snowdonia, python_foothills, ...
    game = pyspiel.load_game("python_snowdonia", {"players": 3, "returns": "win_loss"})

Parameters: `players`, `scenario`, every setting of the title's settings specs (with the
spec's default) and `returns` (`scores` or `win_loss`). Chance is explicit (`explicit.py`:
the title's own chance model, else the generic one); player actions are the title's
catalogue ids, so `num_distinct_actions` is the catalogue's size at every configuration.
The structure follows OpenSpiel's own Python games (open_spiel/python/games/kuhn_poker.py):
a game type and info, a Game factory, a State with the standard methods, an Observer apart.

Information state of a seat: every decision (all public at the table) and every chance
outcome that seat saw, in order, followed by its current observation. The observation is
`Position.observation(seat)` as canonical JSON, and as a tensor with named views (the
title's encoder).
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

import numpy as np
import pyspiel

from snowdonia.adapters.common import (
    Setup,
    check_returns,
    default_players,
    encode_into,
    layout_size,
    resolve,
    split,
    utility_bounds,
)
from snowdonia.adapters.explicit import Table, chance_model
from snowdonia.core.protocol import Encoder, Position, SettingSpec, Title
from snowdonia.registry import names
from snowdonia.registry import title as title_of

PREFIX = "python_"


def short_name(game: str) -> str:
    """The OpenSpiel name of a title: `python_<game>`."""
    return PREFIX + game


def _param_default(spec: SettingSpec) -> bool | int | float | str:
    """An OpenSpiel parameter holds a bool, int, float or str; a choice among values of
    several types (e.g. "random", 0, 1) is passed as text and read back by its spec."""
    d = spec.default
    if spec.choices and len({type(c) for c in spec.choices}) > 1:
        return str(d)
    if isinstance(d, bool | int | float | str):
        return d
    return str(d)


def parameters(t: Title) -> dict[str, Any]:
    """The OpenSpiel parameters of a title with their defaults."""
    params: dict[str, Any] = {"players": default_players(t), "scenario": t.scenarios[0].key}
    for spec in t.settings:
        if spec.key in ("players", "scenario", "returns"):
            raise ValueError(f"{t.name}'s setting {spec.key!r} clashes with an adapter parameter")
        params[spec.key] = _param_default(spec)
    params["returns"] = "scores"
    return params


def _game_type(t: Title) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name(t.name),
        long_name=f"Python {t.display_name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(t.player_counts),
        min_num_players=min(t.player_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters(t),
    )


def setup_from_params(t: Title, params: dict[str, Any]) -> Setup:
    """The configuration named by OpenSpiel parameters. A setting is passed to the title when
    it applies to the players and scenario or differs from its default (so the title can
    refuse it in words)."""
    p = {**parameters(t), **params}
    players, scenario = int(p["players"]), str(p["scenario"])
    settings: dict[str, Any] = {}
    for spec in t.settings:
        value = p[spec.key]
        applies = ((not spec.players or players in spec.players)
                   and (not spec.scenarios or scenario in spec.scenarios))
        if applies or value != _param_default(spec):
            settings[spec.key] = value
    return resolve(t.name, players, scenario, **settings)


class TitleGame(pyspiel.Game):
    """The game factory of one title (a subclass per title, made by `register`)."""

    title_name: ClassVar[str]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        t = title_of(self.title_name)
        p = {**parameters(t), **(params or {})}
        mode = check_returns(str(p["returns"]))
        self.setup = setup_from_params(t, p)
        self.encoder: Encoder = self.setup.encoder()
        self.model = chance_model(t)
        s = self.setup
        lo, hi = utility_bounds(self.encoder, mode)
        info = pyspiel.GameInfo(
            num_distinct_actions=t.action_count(s.scenario),
            max_chance_outcomes=self.model.max_outcomes(s.players, s.scenario, s.settings),
            num_players=s.players,
            min_utility=lo,
            max_utility=hi,
            max_game_length=self.encoder.max_decisions,
        )
        super().__init__(_GAME_TYPES[t.name], info, p)
        self.returns_mode = mode
        # Set up once; every new state starts from a copy.
        self._initial = Table.new(s, self.model)

    def new_initial_state(self) -> TitleState:
        return TitleState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> TitleObserver:
        # OpenSpiel calls make_py_observer(params) when no observation type is given.
        if isinstance(iig_obs_type, dict):
            iig_obs_type, params = None, iig_obs_type
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        return TitleObserver(self.encoder, iig_obs_type)


class TitleState(pyspiel.State):
    """One position. All Python-side data lives in `_t` (a `Table` in a `_Box`), which knows
    how to copy itself cheaply (deepcopy, used by OpenSpiel's Clone) and how to pickle
    itself as the list of actions that reached it (used by OpenSpiel's serialize)."""

    def __init__(self, game: TitleGame) -> None:
        super().__init__(game)
        self._t = _Box(game._initial.copy(), game.returns_mode)

    @property
    def table(self) -> Table:
        return self._t.table

    # ------------------------------------------------------------------ OpenSpiel API
    def current_player(self) -> int:
        t = self.table
        if t.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        if t.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = t.current_player
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        return self.table.legal_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        need = self.table.need
        return list(need.outcomes) if need is not None else []

    def _apply_action(self, action: int) -> None:
        t = self.table
        if t.is_chance:
            t.apply_chance(int(action))
        else:
            t.apply_decision(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return self.table.chance_label(int(action))
        return self.table.action_text(int(action))

    def is_terminal(self) -> bool:
        return self.table.is_over

    def returns(self) -> list[float]:
        return self.table.returns(self._t.mode)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TitleState:
        """A state with the same information state for `player_id`: what that seat has not
        seen is re-dealt (`Position.resample`). Called by OpenSpiel's Python ISMCTS bot;
        `probability_sampler()` gives floats in [0, 1)."""
        clone = self.clone()
        clone.table.resample(player_id, int(float(probability_sampler()) * 2**53))
        return clone

    def __str__(self) -> str:
        t = self.table
        pos = t.position
        head = f"trace={len(t.trace)} pending={t.pending} chance={t.need.what if t.need else None}"
        if pos is None:
            return head + " setting up"
        # The chance state tells worlds apart that look the same to everyone (a resample).
        return head + f" hidden={pos.chance_state()!r} " + json.dumps(
            pos.observation(None), sort_keys=True, separators=(",", ":"))

    # ------------------------------------------------------------------ extras
    def position(self) -> Position | None:
        """The engine position (None while the set-up is still drawing). While a decision
        waits for its chance outcomes, the position from before that decision."""
        return self.table.position

    engine_game = position


class _Box:
    """Holder of the Table in the state's __dict__: OpenSpiel deep-copies and pickles that
    dict, so this is where a cheap copy and a compact pickle are defined."""

    __slots__ = ("table", "mode")

    def __init__(self, table: Table, mode: str) -> None:
        self.table = table
        self.mode = mode

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return _Box(self.table.copy(), self.mode)

    def __getstate__(self) -> dict[str, Any]:
        t = self.table
        return {"setup": t.setup.describe(), "trace": t.trace, "resamples": t.resamples, "mode": self.mode}

    def __setstate__(self, state: dict[str, Any]) -> None:
        s = state["setup"]
        setup = resolve(s["game"], s["players"], s["scenario"], **s["settings"])
        self.table = Table.replay(setup, state["trace"], state["resamples"])
        self.mode = state["mode"]


class TitleObserver:
    """OpenSpiel's PyObserver interface, honouring the `IIGObservationType` asked for.

    - Private information of the observing seat (`PrivateInfoType.SINGLE_PLAYER`, the
      default): `tensor` (named views in `dict`, the title's encoder) and the string are what
      that seat sees (`Position.observation(seat)`).
    - Public information only (`PrivateInfoType.NONE`): every private fact is hidden - the
      string is the spectators' view (`Position.observation(None)`) and the tensor has the
      encoder's `private_views` (Snowdonia: the observer's seat and its #5 draw) zeroed, so
      two states that differ only in private facts give the same tensor and string.
    - Perfect recall: the string is a real information state - every decision (public at
      the table) and every chance outcome the seat saw ("?" for those it did not; with
      public information only, "?" for every private one), in order, then the observation.
      No information-state tensor is provided (the game type says so): `set_from` refuses
      in words rather than hand an algorithm the observation in its place.
    - The seat's private facts alone (`public_info=False`, `SINGLE_PLAYER`): the tensor holds
      only the encoder's `private_views`, the string their non-zero entries.
    - Every player's private information (`ALL_PLAYERS`) is not provided; asking for it is
      refused in words.
    """

    def __init__(self, enc: Encoder, iig_obs_type: pyspiel.IIGObservationType | None = None) -> None:
        self.encoder = enc
        if iig_obs_type is None:
            perfect_recall, public, private = False, True, pyspiel.PrivateInfoType.SINGLE_PLAYER
        else:
            perfect_recall = bool(iig_obs_type.perfect_recall)
            public, private = bool(iig_obs_type.public_info), iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("observations with every player's private information are not provided "
                             "(PrivateInfoType.ALL_PLAYERS); use SINGLE_PLAYER or NONE")
        self.perfect_recall = perfect_recall
        self.public = public
        self.private = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        if not public and (perfect_recall or not self.private):
            raise ValueError("observations without the public information are provided only as the "
                             "seat's private facts (public_info=False, SINGLE_PLAYER, no perfect recall)")
        hidden = getattr(enc, "private_views", None)
        if (not self.private or not public) and hidden is None:
            raise ValueError("this title's encoder does not say which of its views are private "
                             "(Encoder.private_views), so it offers no public-only or private-only observation")
        self.hidden: tuple[str, ...] = tuple(hidden or ())
        self.tensor: np.ndarray | None
        self._scratch: dict[str, np.ndarray] = {}
        if perfect_recall:
            self.tensor = None
            self.dict: dict[str, np.ndarray] = {}
        elif not public:  # only the private views
            shapes = dict(enc.views)
            self.tensor = np.zeros(sum(int(np.prod(shapes[n])) for n in self.hidden), np.float32)
            self.dict = {}
            i = 0
            for name in self.hidden:
                k = int(np.prod(shapes[name]))
                self.dict[name] = self.tensor[i:i + k].reshape(shapes[name])
                i += k
            self._scratch = split(enc, np.zeros(layout_size(enc), np.float32))
        else:
            self.tensor = np.zeros(layout_size(enc), np.float32)
            self.dict = split(enc, self.tensor)

    def set_from(self, state: TitleState, player: int) -> None:
        if self.tensor is None:
            raise RuntimeError("no information-state tensor is provided (the game type says "
                               "provides_information_state_tensor=False); use information_state_string, "
                               "or the observation tensor with an algorithm that expects one")
        if not self.public:
            encode_into(self.encoder, self._scratch, state.table.position, player)
            for name in self.hidden:
                self.dict[name][...] = self._scratch[name]
            return
        encode_into(self.encoder, self.dict, state.table.position, player)
        if not self.private:
            for name in self.hidden:
                self.dict[name].fill(0)

    def string_from(self, state: TitleState, player: int) -> str:
        t = state.table
        if not self.public:  # the seat's private facts: the non-zero entries of its private views
            self.set_from(state, player)
            facts = [f"{name}={np.flatnonzero(self.dict[name]).tolist()}" for name in self.hidden
                     if name != "observer"]
            return f"seat {player} private: " + (" ".join(facts) if facts else "nothing")
        obs = observation_string(t, player if self.private else None)
        if not self.perfect_recall:
            return obs
        if self.private:
            seen = " ".join(tk.text if tk.seen_by in (-1, player) else "?" for tk in t.tokens)
            return f"seat {player} | {seen} | {obs}"
        seen = " ".join(tk.text if tk.seen_by == -1 else "?" for tk in t.tokens)
        return f"public | {seen} | {obs}"


def observation_string(t: Table, player: int | None) -> str:
    """`Position.observation(player)` as canonical JSON (None: the spectators' view)."""
    pos = t.position
    if pos is None:
        return "setting up" if player is None else f"seat {player}: setting up"
    return json.dumps(pos.observation(player), sort_keys=True, separators=(",", ":"))


_GAME_TYPES: dict[str, pyspiel.GameType] = {}
GAMES: dict[str, type[TitleGame]] = {}


def register(t: Title) -> str:
    """Register a title with pyspiel as `python_<name>` (once); returns that name."""
    if t.name not in GAMES:
        _GAME_TYPES[t.name] = game_type = _game_type(t)
        name = f"{t.display_name.replace(' ', '')}Game"
        cls = type(name, (TitleGame,), {"title_name": t.name, "__module__": __name__, "__qualname__": name})
        globals()[name] = cls  # found by name, so a game pickles (OpenSpiel's games_sim_test)
        GAMES[t.name] = cls
        pyspiel.register_game(game_type, cls)
    return short_name(t.name)


SHORT_NAMES = [register(title_of(n)) for n in names()]
