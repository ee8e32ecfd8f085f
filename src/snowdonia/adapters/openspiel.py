"""Snowdonia as an OpenSpiel game: `python_snowdonia`, registered with pyspiel on import.

    import pyspiel
    import snowdonia.adapters.openspiel  # registers the game
    game = pyspiel.load_game("python_snowdonia", {"players": 3, "returns": "win_loss"})

Chance is explicit (see `chance.py` for every chance event and its probability); player
actions are the engine's fixed catalogue ids (`snowdonia.Action.id`), so
`num_distinct_actions` is the catalogue size at every player count. The structure follows
OpenSpiel's own Python games (open_spiel/python/games/kuhn_poker.py): a game type and info,
a Game factory, a State with the standard methods, and an Observer apart.

Information state of a seat: every decision (all public at the table) and every chance
outcome that seat saw, in order, followed by its current observation. The observation is
`Game.observation(seat)` as canonical JSON, and as a tensor with named views
(`encoding.py`).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from snowdonia.games.snowdonia.ai.chance import NUM_OUTCOMES, Table, outcome_name
from snowdonia.games.snowdonia.ai.encoding import Encoder, encoder
from snowdonia.games.snowdonia.data import components
from snowdonia.games.snowdonia.rules.actions import Action, catalogue
from snowdonia.games.snowdonia.rules.config import Config, make_settings

SHORT_NAME = "python_snowdonia"
RETURNS = ("scores", "win_loss")
_DEFAULTS: dict[str, Any] = {
    "players": 3,
    "edition": "original",
    "light_fog": False,
    "contracts_per_window": 0,
    "solo_train": 1,
    "deluxe_track_cards": False,
    "returns": "scores",
}
_ENGINE_SETTINGS = ("edition", "light_fog", "contracts_per_window", "solo_train", "deluxe_track_cards")

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Snowdonia",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=5,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


def _max_score(cfg: Config) -> int:
    """An upper bound on one player's final score: every site, the best track cards, the
    top surveyor and train bonus, and every contract's largest bonus."""
    comp = components()
    pool = sorted([*comp.track_rubble, *comp.deluxe_track_rubble], reverse=True)
    bound = sum(cfg.slot_vp) + sum(cfg.bsite_vp) + sum(pool[: cfg.n_tracks])
    bound += max(s.surveyor_vp for s in cfg.stations)
    bound += max(t.ability.get("end_vp", 0) for t in comp.trains)
    for c in comp.contracts:
        b = c.bonus
        if "coal_vp" in b:
            bound += b["coal_vp"] * comp.box["coal"]
        elif "surveyor_tiers" in b:
            bound += max(v for _, v in b["surveyor_tiers"])
        else:
            bound += b.get("vp", 0)
    return bound


def _max_length(cfg: Config) -> int:
    """An upper bound on player decisions: per round, hiring and placing (4 per player),
    the seven contract windows of each player plus every card play and its follow-up
    (3 per contract), one decision per action space, and maintenance for each of the ten
    event spaces; times the engine's round limit."""
    n = cfg.players
    per_round = 4 * n + 7 * n + 3 * len(cfg.contract_numbers) + cfg.n_space_slots + 10 * n + 10
    return cfg.settings.round_limit * per_round


class SnowdoniaGame(pyspiel.Game):
    """The game factory; parameters as in `_DEFAULTS`."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**_DEFAULTS, **(params or {})}
        if p["returns"] not in RETURNS:
            raise ValueError(f"returns must be one of {', '.join(RETURNS)}, not {p['returns']!r}")
        players = int(p["players"])
        settings = {k: p[k] for k in _ENGINE_SETTINGS}
        cfg = Config(players, "mount_snowdon", make_settings(players, "mount_snowdon", **settings))
        lo, hi = (-1.0, 1.0) if p["returns"] == "win_loss" else (0.0, float(_max_score(cfg)))
        info = pyspiel.GameInfo(
            num_distinct_actions=len(catalogue().actions),
            max_chance_outcomes=NUM_OUTCOMES,
            num_players=players,
            min_utility=lo,
            max_utility=hi,
            max_game_length=_max_length(cfg),
        )
        super().__init__(_GAME_TYPE, info, p)
        self.players = players
        self.settings = settings
        self.returns_mode = str(p["returns"])
        self.encoder: Encoder = encoder(cfg)
        # Set up once; every new state starts from a copy (Clone makes a new state each time).
        self._initial = Table.new(players, **settings)

    def new_initial_state(self) -> SnowdoniaState:
        return SnowdoniaState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> SnowdoniaObserver:
        # OpenSpiel calls make_py_observer(params) when no observation type is given.
        if isinstance(iig_obs_type, dict):
            iig_obs_type, params = None, iig_obs_type
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return SnowdoniaObserver(self.encoder, perfect_recall)


class SnowdoniaState(pyspiel.State):
    """One position. All Python-side data lives in `_t` (a `Table`), which knows how to copy
    itself cheaply (deepcopy, used by OpenSpiel's Clone) and how to pickle itself as the
    list of actions that reached it (used by OpenSpiel's serialize)."""

    def __init__(self, game: SnowdoniaGame) -> None:
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
        assert t.game is not None
        return t.game.decider

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
            return outcome_name(int(action))
        return str(Action.from_id(int(action)))

    def is_terminal(self) -> bool:
        return self.table.is_over

    def returns(self) -> list[float]:
        return self.table.returns(self._t.mode)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SnowdoniaState:
        """A state with the same information state for `player_id`: the contracts that
        seat has not seen are redistributed among the deck (keeping its public top back),
        the discards it did not see and other players' #5 draws (`Game.resample`). Called
        by OpenSpiel's Python ISMCTS bot; `probability_sampler()` gives floats in [0, 1)."""
        clone = self.clone()
        clone.table.resample(player_id, int(float(probability_sampler()) * 2**53))
        return clone

    def __str__(self) -> str:
        t = self.table
        g = t.game
        head = f"trace={len(t.trace)} pending={t.pending} chance={t.need.what if t.need else None}"
        if g is None:
            return head + " setting up"
        deck = ",".join(map(str, g.deck))
        return head + f" deck=[{deck}] discard={g.discard} " + json.dumps(
            g.observation(None), sort_keys=True, separators=(",", ":"))

    # ------------------------------------------------------------------ extras
    def engine_game(self) -> Any:
        """The engine position (None while the set-up is still drawing)."""
        return self.table.game


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
        return {"players": t.players, "settings": dict(t.settings), "trace": t.trace,
                "resamples": t.resamples, "mode": self.mode}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.table = Table.replay(state["players"], state["settings"], state["trace"], state["resamples"])
        self.mode = state["mode"]


class SnowdoniaObserver:
    """OpenSpiel's PyObserver interface: `tensor` with named views in `dict`, filled by
    `set_from`; `string_from` gives the observation (or, with perfect recall, the
    information state) as a string."""

    def __init__(self, enc: Encoder, perfect_recall: bool) -> None:
        self.encoder = enc
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(enc.size, np.float32)
        self.dict = enc.split(self.tensor)

    def set_from(self, state: SnowdoniaState, player: int) -> None:
        self.encoder.encode(state.table.game, player, self.dict)

    def string_from(self, state: SnowdoniaState, player: int) -> str:
        obs = observation_string(state.table, player)
        if not self.perfect_recall:
            return obs
        seen = " ".join(tk.text if tk.seen_by in (-1, player) else "?" for tk in state.table.tokens)
        return f"seat {player} | {seen} | {obs}"


def observation_string(t: Table, player: int) -> str:
    g = t.game
    if g is None:
        return f"seat {player}: setting up"
    return json.dumps(g.observation(player), sort_keys=True, separators=(",", ":"))


pyspiel.register_game(_GAME_TYPE, SnowdoniaGame)
