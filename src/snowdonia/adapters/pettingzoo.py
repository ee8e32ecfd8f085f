"""Snowdonia as a PettingZoo AEC environment.

    from snowdonia.adapters.pettingzoo import env
    e = env(players=3)              # wrapped like PettingZoo's classic games
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are "player_0" .. "player_{n-1}" (engine seats). Actions are the engine's fixed
catalogue ids (`snowdonia.Action.from_id`). The observation is a Dict of "observation"
(float32 vector, `encoding.py`, what that seat may see) and "action_mask" (int8, ones on
the legal ids when it is that agent's turn). Rewards come only at the end: final scores, or
+1 / -1 for winning / not winning with `returns="win_loss"`. Randomness is the engine's own
seeded generator: `reset(seed=s)` plays exactly the game `snowdonia.new_game(players, seed=s)`.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from snowdonia.games.snowdonia.ai.encoding import encoder
from snowdonia.games.snowdonia.game import Game, new_game
from snowdonia.games.snowdonia.rules.actions import Action, catalogue

RETURNS = ("scores", "win_loss")
OBS_HIGH = 255.0  # every count in the observation is far below this (rubble supply: 90)


def env(**kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's usual safety wrappers (as its classic games)."""
    e: AECEnv = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv):  # noqa: N801 - PettingZoo's naming convention
    metadata = {"render_modes": ["human", "ansi"], "name": "snowdonia_v0", "is_parallelizable": False}

    def __init__(
        self, players: int = 3, returns: str = "scores", render_mode: str | None = None, **settings: Any
    ) -> None:
        super().__init__()
        if returns not in RETURNS:
            raise ValueError(f"returns must be one of {', '.join(RETURNS)}, not {returns!r}")
        self.players = players
        self.settings = settings
        self.returns = returns
        self.render_mode = render_mode
        probe = new_game(players, seed=0, **settings)  # validates the settings, sizes the spaces
        self._encoder = encoder(probe.cfg)
        self.game: Game = probe
        self.possible_agents = [f"player_{p}" for p in range(players)]
        self.agents = self.possible_agents[:]
        n_actions = len(catalogue().actions)
        self._action_spaces = {a: spaces.Discrete(n_actions) for a in self.possible_agents}
        self._observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, OBS_HIGH, (self._encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (n_actions,), np.int8),
            })
            for a in self.possible_agents
        }
        # Seeds for resets without one: reproducible after the first seeded reset.
        self._seeder = random.Random()

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    # ------------------------------------------------------------------ AEC API
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeder = random.Random(seed)
            game_seed = seed
        else:
            game_seed = self._seeder.getrandbits(63)
        self.game = new_game(self.players, seed=game_seed, **self.settings)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._agent(self.game.decider)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        obs = np.zeros(self._encoder.size, np.float32)
        self._encoder.encode(self.game, seat, self._encoder.split(obs))
        mask = np.zeros(len(catalogue().actions), np.int8)
        g = self.game
        if not g.over and g.decider == seat:
            for a in g.legal_actions():
                mask[a.id] = 1
        return {"observation": obs, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None
        self._cumulative_rewards[agent] = 0.0
        g = self.game
        g.apply(Action.from_id(int(action)))
        self._clear_rewards()
        if g.over:
            res = g.result()
            for p, a in enumerate(self.possible_agents):
                if self.returns == "win_loss":
                    self.rewards[a] = 1.0 if p in res["winners"] else -1.0
                else:
                    self.rewards[a] = float(res["scores"][p])
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._agent(g.decider)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        g = self.game
        res = g.result()
        text = f"round {g.round}: {g.describe_decision()}; scores {res['scores']}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    # ------------------------------------------------------------------ helpers
    def _agent(self, seat: int) -> str:
        return self.possible_agents[seat]
