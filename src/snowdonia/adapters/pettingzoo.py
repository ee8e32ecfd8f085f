"""Every title as a PettingZoo AEC environment.

    from snowdonia.adapters.pettingzoo import env
    e = env(game="snowdonia", players=3)     # wrapped like PettingZoo's classic games
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are "player_0" .. "player_{n-1}" (the title's seats; the order of turns is the
game's). Actions are the title's catalogue ids. The observation is a Dict of "observation"
(float32 vector from the title's encoder: what that seat may see) and "action_mask" (int8,
ones on the legal ids when it is that agent's turn). Rewards come only at the end: final
scores, or +1 / -1 for winning / not winning with `returns="win_loss"`. Randomness is the
engine's own seeded generator: `reset(seed=s)` plays exactly the game
`snowdonia.new_game(players, seed=s, game=game, scenario=scenario, **settings)`.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from snowdonia.adapters.common import (
    MaskCache,
    Setup,
    check_returns,
    resolve,
    returns,
    score_range,
)
from snowdonia.adapters.features import Features, options
from snowdonia.core.protocol import Position


def env(**kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's usual safety wrappers (as its classic games)."""
    e: AECEnv = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


def describe_position(position: Position) -> str:
    """One line: the pending decision (or the end) and the scores so far."""
    scores = position.result()["scores"]
    decision = position.pending()
    if decision is None:
        return f"game over; scores {scores}"
    return f"player {decision.player + 1}: {decision.prompt}; scores {scores}"


class raw_env(AECEnv):  # noqa: N801 - PettingZoo's naming convention
    metadata = {"render_modes": ["human", "ansi"], "name": "snowdonia_v0", "is_parallelizable": False}

    def __init__(self, game: str = "snowdonia", scenario: str | None = None, players: int | None = None,
                 returns: str = "scores", render_mode: str | None = None, observation: str = "raw",
                 egocentric: bool | None = None, padded: bool | None = None, normalised: bool | None = None,
                 **settings: Any) -> None:
        super().__init__()
        self.returns = check_returns(returns)
        self.setup: Setup = resolve(game, players, scenario, **settings)
        self.metadata = {**type(self).metadata, "name": f"{self.setup.game}_v0"}
        self.players = self.setup.players
        self.render_mode = render_mode
        self._encoder = self.setup.encoder()
        opts = options(observation, egocentric=egocentric, padded=padded, normalised=normalised)  # type: ignore[arg-type]
        self.features = Features(self.setup.title, self.players, self.setup.scenario, self.setup.settings, opts)
        self._size = self.features.size
        self._buffers = [self.features.new_buffer(p) for p in range(self.players)]
        # An encoder that says what only one seat sees (`private_entries`) is brought up to
        # date once per move in one public buffer (seat -1); each seat's observation is that
        # buffer with the seat's few private entries written in, transformed, and taken out.
        private = getattr(self._encoder, "private_entries", None) if self.features.layout.incremental else None
        self._private = private if callable(private) else None
        self._shared = self.features.new_buffer(-1)
        self._gather = self.features.gather
        # The learning layout's usual case inlined in `observe` (when no clipping is needed).
        f = self.features
        self._baked = f.baked if not opts.raw and not f.clip else None
        self._scale = f.scale
        self._encode_changed: Any = getattr(self.features.layout.encoder, "encode_changed", None)
        self._rewards_set = True  # whether `rewards` may hold anything but zeros
        self._version = 0  # changes with every change of the game: what the caches key on
        self._mask_version = -1
        self._mask_seat = -1
        self._catalogue = self.setup.title.catalogue()
        self.game: Position = self.setup.new_game(0)
        self.possible_agents = [f"player_{p}" for p in range(self.players)]
        self._seat_of = {a: p for p, a in enumerate(self.possible_agents)}
        self._actions = list(self._catalogue.actions)  # catalogue id -> action
        self.agents = self.possible_agents[:]
        n_actions = self.setup.title.action_count(self.setup.scenario)
        self._action_spaces = {a: spaces.Discrete(n_actions) for a in self.possible_agents}
        self._n_actions = n_actions
        self._masks = MaskCache.shared(self._catalogue, n_actions)
        self._known_mask = self._masks.known.get
        self._mask = self._masks.mask([])
        self._no_mask = np.zeros(n_actions, np.int8)
        if opts.raw:
            box = spaces.Box(self._encoder.low, self._encoder.high, (self._size,), np.float32)
        else:
            box = spaces.Box(self.features.low, self.features.high, dtype=np.float32)
        self._observation_spaces = {
            a: spaces.Dict({"observation": box, "action_mask": spaces.Box(0, 1, (n_actions,), np.int8)})
            for a in self.possible_agents
        }
        # Seeds for resets without one: reproducible after the first seeded reset.
        self._seeder: random.Random | None = random.Random()
        self._seeder_seed: int | None = None

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    # ------------------------------------------------------------------ AEC API
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeder = None  # made from this seed at the first reset without one
            self._seeder_seed = seed
            game_seed = seed
        else:
            if self._seeder is None:
                self._seeder = random.Random(self._seeder_seed)
            game_seed = self._seeder.getrandbits(63)
        self.game = self.setup.new_game(game_seed)
        self._version += 1
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._rewards_set = True  # the first step clears them (to 0, as AECEnv does)
        seat = self.game.current_player
        self.agent_selection = self.possible_agents[seat if seat is not None else 0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's observation (only the views that changed since its last one are
        re-encoded) and its action mask (the legal ids computed once per position)."""
        seat = self._seat_of.get(agent)
        if seat is None:
            seat = self.possible_agents.index(agent)  # not an agent: list.index says so
        g = self.game
        version = self._version
        if self._private is not None:
            # The public buffer brought up to date once per move; the seat's private entries
            # are written into its own result (raw: a copy; learning: the gather), never into
            # the shared buffer.
            shared = self._shared
            if shared.version != version:  # SeatBuffer.update, without its frame
                self._encode_changed(g, -1, shared.views, shared.memo)
                shared.version = version
            entries = self._private(g, seat)
            baked = self._baked[seat] if self._baked is not None else None
            if baked is not None and entries == baked[0]:  # Features.gather's usual case, inline
                obs = shared.flat.take(baked[1], mode="clip")
                if self._scale is not None:
                    obs *= self._scale
            else:
                obs = self._gather(shared, seat, entries)
        else:
            buf = self._buffers[seat]
            buf.update(g, version)
            obs = self.features.transform(buf)
        if g.is_over or g.current_player != seat:
            return {"observation": obs, "action_mask": self._no_mask.copy()}
        if self._mask_version != version:  # the legal actions' mask once per position
            legal = g.legal_actions()
            mask = self._known_mask(tuple(legal))  # MaskCache.mask, without its frame
            self._mask = self._masks.mask(legal) if mask is None else mask
            self._mask_version = version
        # A fresh int8 array per call (the caller may keep or change it).
        return {"observation": obs, "action_mask": self._mask.copy()}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None
        self._cumulative_rewards[agent] = 0.0
        g = self.game
        i = int(action)  # an id inside the catalogue indexes it directly; from_id refuses the rest
        g.apply(self._actions[i] if 0 <= i < self._n_actions else self._catalogue.from_id(i))
        self._version += 1
        if self._rewards_set:
            self._clear_rewards()
        if g.is_over:
            final = returns(g.outcome(), self.players, self.returns, score_range(self._encoder))
            for p, a in enumerate(self.possible_agents):
                self.rewards[a] = final[p]
            self._rewards_set = True
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        else:
            # Rewards come only at the end: before it, the cleared rewards are all 0.0 and
            # accumulating them would change no cumulative reward.
            seat = g.current_player
            assert seat is not None
            self.agent_selection = self.possible_agents[seat]
        if self.render_mode == "human":
            self.render()

    def _clear_rewards(self) -> None:
        """AECEnv's (every reward to 0), skipped while they are all 0 already: rewards come
        only at the end."""
        if self._rewards_set:
            for agent in self.rewards:
                self.rewards[agent] = 0
            self._rewards_set = False

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        text = describe_position(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
