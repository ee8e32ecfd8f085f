"""Every title and scenario as a single-agent Gymnasium environment: the learner takes one
seat, bots of a chosen level play the others.

    import gymnasium
    import snowdonia.adapters.gymnasium  # registers snowdonia/Snowdonia-v0, snowdonia/Foothills-v0, ...
    env = gymnasium.make("snowdonia/Snowdonia-v0", players=3, opponents="greedy")

or, with no import of ours (Gymnasium's "module:id" form; Gymnasium 1.0 removed the
entry-point plugins that once registered third-party environments on `import gymnasium`):

    env = gymnasium.make("snowdonia.adapters.gymnasium:snowdonia/Snowdonia-v0", players=3)

An id per title (`snowdonia/<Title>-v0`, its first scenario unless `scenario=` says
otherwise) and per scenario (`snowdonia/<Title>-<Scenario>-v0`, e.g.
`snowdonia/Snowdonia-MountSnowdon-v0`). The observation is the title's encoder vector
(float32 Box) for the learner's seat; actions are the title's catalogue ids (Discrete);
`action_masks()` gives the legal ones as sb3-contrib's MaskablePPO expects, and `info`
carries the same mask as "action_mask". The reward comes at the end only: the learner's
final score (`returns="scores"`) or +1 / -1 for winning / not (`"win_loss"`). An illegal
action ends the episode with `illegal_reward` (default: the lowest possible return) and
`info["illegal_action"]`; nothing is applied to the game.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from snowdonia.adapters.common import (
    MaskCache,
    Setup,
    check_returns,
    resolve,
    returns,
    score_range,
    utility_bounds,
)
from snowdonia.adapters.features import Features, SeatBuffer, options
from snowdonia.adapters.pettingzoo import describe_position
from snowdonia.bots import Bot, make_bot
from snowdonia.core.protocol import Position, Title
from snowdonia.registry import names
from snowdonia.registry import title as title_of

NAMESPACE = "snowdonia"
ENTRY_POINT = "snowdonia.adapters.gymnasium:SeatEnv"


class SeatEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One seat of a game of any title against bots.

    `seat`: the learner's seat, or "random" for a seat drawn at each reset. `opponents`:
    one bot level for every other seat ("random", "greedy", "mcts:200", ...) or a list, one
    per other seat in seat order; an entry may also be a callable taking a seed and
    returning a bot (a learned policy, a pool of past checkpoints). Settings as for `snowdonia.new_game`."""

    metadata = {"render_modes": ["human", "ansi"], "render_fps": 4}

    def __init__(self, game: str = "snowdonia", scenario: str | None = None, players: int | None = None,
                 opponents: str | Sequence[str | Callable[[int], Bot]] = "random", seat: int | str = 0, returns: str = "scores",
                 illegal_reward: float | None = None, render_mode: str | None = None,
                 observation: str = "raw", egocentric: bool | None = None, padded: bool | None = None,
                 normalised: bool | None = None, **settings: Any) -> None:
        self.returns_mode = check_returns(returns)
        self.setup: Setup = resolve(game, players, scenario, **settings)
        n = self.setup.players
        if seat != "random" and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n):
            raise ValueError(f"seat must be 0..{n - 1} or 'random', not {seat!r}")
        specs = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != n - 1:
            raise ValueError(f"{n} players need {n - 1} opponents, not {len(specs)}: {specs}")
        for spec in specs:
            if not callable(spec):
                make_bot(spec, 0, game=self.setup.game)  # a clear error now, not at the first reset
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.opponents = specs
        self.seat_choice = seat
        self.render_mode = render_mode
        self._encoder = self.setup.encoder()
        self._catalogue = self.setup.title.catalogue()
        opts = options(observation, egocentric=egocentric, padded=padded, normalised=normalised)  # type: ignore[arg-type]
        self.features = Features(self.setup.title, n, self.setup.scenario, self.setup.settings, opts)
        self._buffers: dict[int, SeatBuffer] = {}
        self._version = 0  # changes with every change of the game: what the caches key on
        self._score_range = score_range(self._encoder)
        if opts.raw:
            self.observation_space = spaces.Box(self._encoder.low, self._encoder.high, (self.features.size,),
                                                np.float32)
        else:
            self.observation_space = spaces.Box(self.features.low, self.features.high, dtype=np.float32)
        self._n_actions = self.setup.title.action_count(self.setup.scenario)
        self.action_space = spaces.Discrete(self._n_actions)
        self._masks = MaskCache.shared(self._catalogue, self._n_actions, np.bool_)
        self._no_mask = self._masks.mask([])
        self._mask = self._no_mask
        self._mask_version = -1
        lo, hi = utility_bounds(self._encoder, self.returns_mode)
        self.reward_range = (lo, hi)
        self.illegal_reward = lo if illegal_reward is None else float(illegal_reward)
        self.seat = 0 if seat == "random" else int(seat)
        self.game: Position = self.setup.new_game(0)
        self.bots: dict[int, Bot] = {}

    # ------------------------------------------------------------------ Gymnasium API
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None,
              ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        rng = self.np_random
        game_seed = int(rng.integers(2**63)) if seed is None else seed
        self.game = self.setup.new_game(game_seed)
        self._version += 1
        n = self.setup.players
        self.seat = int(rng.integers(n)) if self.seat_choice == "random" else int(self.seat_choice)
        others = [p for p in range(n) if p != self.seat]
        self.bots = {p: self._make_bot(spec, (game_seed + 1 + i) % 2**63)
                     for i, (p, spec) in enumerate(zip(others, self.opponents, strict=True))}
        self._play_bots()
        return self._observation(), self._info()

    def step(self, action: np.int64 | int) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        g = self.game
        if g.is_over:
            raise RuntimeError("the game is over: call reset()")
        a = int(action)
        if not (0 <= a < self._n_actions and self._legal_mask()[a]):
            info = self._info()
            info["illegal_action"] = a
            return self._observation(), self.illegal_reward, True, False, info
        g.apply(self._catalogue.from_id(a))
        self._version += 1
        self._play_bots()
        reward = 0.0
        if g.is_over:
            reward = returns(g.outcome(), self.setup.players, self.returns_mode, self._score_range)[self.seat]
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, g.is_over, False, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as booleans over the catalogue (sb3-contrib's MaskablePPO):
        a fresh array per call."""
        return self._legal_mask().copy()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        text = f"seat {self.seat}: " + describe_position(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    # ------------------------------------------------------------------ helpers
    def _legal_mask(self) -> np.ndarray:
        """The learner's legal actions (read-only booleans), computed once per position."""
        if self._mask_version != self._version:
            g = self.game
            self._mask = (self._no_mask if g.is_over or g.current_player != self.seat
                          else self._masks.mask(g.legal_actions()))
            self._mask_version = self._version
        return self._mask

    def _make_bot(self, spec: str | Callable[[int], Bot], seed: int) -> Bot:
        if callable(spec):
            return spec(seed)
        return make_bot(spec, seed=seed, game=self.setup.game, scenario=self.setup.scenario)

    def _play_bots(self) -> None:
        g = self.game
        while not g.is_over and g.current_player != self.seat:
            seat = g.current_player
            assert seat is not None
            g.apply(self.bots[seat].choose(g))
            self._version += 1

    def _observation(self) -> np.ndarray:
        buf = self._buffers.get(self.seat)
        if buf is None:
            buf = self._buffers[self.seat] = self.features.new_buffer(self.seat)
        buf.update(self.game, self._version)
        return self.features.gather(buf, self.seat)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self.action_masks(), "seat": self.seat}
        if self.game.is_over:
            out = self.game.outcome()
            info["scores"] = list(out.scores)
            info["winners"] = list(out.winners)
        return info


def _camel(text: str) -> str:
    return "".join(w[:1].upper() + w[1:] for w in re.split(r"[^0-9A-Za-z]+", text) if w)


def env_ids(t: Title) -> dict[str, dict[str, Any]]:
    """The Gymnasium ids of a title, with the keyword arguments each one fixes."""
    base = _camel(t.display_name)
    out: dict[str, dict[str, Any]] = {f"{NAMESPACE}/{base}-v0": {"game": t.name}}
    for sc in t.scenarios:
        out[f"{NAMESPACE}/{base}-{_camel(sc.name)}-v0"] = {"game": t.name, "scenario": sc.key}
    return out


def register_all() -> list[str]:
    """Register every title and scenario with Gymnasium (idempotent); returns the ids."""
    ids = []
    for name in names():
        for env_id, kwargs in env_ids(title_of(name)).items():
            if env_id not in gymnasium.registry:
                gymnasium.register(id=env_id, entry_point=ENTRY_POINT, kwargs=kwargs)
            ids.append(env_id)
    return ids


ENV_IDS = register_all()
