"""PettingZoo AEC environment over any GameEngine (the wrapper layer; no rules here).

Agents are "player_0".."player_{P-1}" for seats 0..P-1. The engine says who moves next, so
turns need not go round-robin. Observations are {"observation": float32, "action_mask":
int8}; the mask is all zeros for an agent that is not to move. Rewards are given once, when
the game ends (see envs.core.rewards). An illegal action raises ValueError and changes
nothing: the env checks the action against the mask it holds and then makes one engine call
(`apply_then_mask`) per decision, which also leaves the next mask in that buffer.

`env()` factories wrap the env in `EngineOrderEnforcingWrapper`: PettingZoo's order checks,
with the attributes a play loop reads each decision (`last`, `agents`, `agent_selection`)
served without the wrapper's `__getattr__` forwarding.

`reset(seed=..., options={"scenario": path_or_dict})` starts the episode from a scenario of
the env's game (see envs/<game>/scenario.py) instead of a fresh deal: its player count must be
the env's; the scenario's own game options (e.g. Flight on or off) hold for that episode.
A `seed` given to reset replaces the scenario's own seed (what is hidden and left to chance:
the unplaced cards' order, later draws), so seeds vary the scenario's hidden parts; without
one the scenario's seed holds, and the same scenario replays the same. Other keys of
`options` are ignored.
"""
# pyright: basic
from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import numpy as np
from numpy.typing import NDArray
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from speciesgym.envs.core.engine import GameEngine, check_action
from speciesgym.envs.core.rewards import check_reward_mode, final_rewards


Observation = dict[str, NDArray[Any]]    # {"observation": float32, "action_mask": int8}
Scenario = str | os.PathLike[str] | dict[str, Any]
ScenarioLoader = Callable[..., tuple[GameEngine, np.ndarray]]   # (scenario, seed=) -> both


class EngineAECEnv(AECEnv[str, Observation, int]):
    """AEC env over one game of an engine; subclasses build the engine from options."""

    metadata = {"render_modes": ["ansi", "rgb_array", "human"], "name": "speciesgym_base",
                "is_parallelizable": False}

    def __init__(self, engine: GameEngine, render_mode: str | None = None, reward: str = "win",
                 scenario_loader: ScenarioLoader | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi", "rgb_array", "human"):
            raise ValueError(f"unknown render_mode {render_mode!r}; use None, 'ansi', "
                             "'rgb_array' or 'human'")
        self.engine = engine
        self._table_engine = engine
        self._scenario_loader = scenario_loader
        self.render_mode = render_mode
        self.render_viewer = None     # render(): None = spectator's view, or a seat
        self._human_view = None       # render_mode="human": its window (envs.core.human_view)
        self.reward_mode = check_reward_mode(reward)
        self.possible_agents = [f"player_{i}" for i in range(engine.num_players)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (engine.obs_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (engine.num_actions,), np.int8),
        })
        act_space = spaces.Discrete(engine.num_actions)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: act_space for a in self.possible_agents}
        self.state_array: np.ndarray | None = None      # the game, once reset
        self._mask = np.zeros(engine.num_actions, np.int8)   # the mover's; zeros once over

    @property
    def _state(self) -> np.ndarray:
        if self.state_array is None:
            raise AttributeError("the env has no game before reset()")
        return self.state_array

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        scenario = self._scenario_option(options)
        if scenario is not None:
            engine, state = self._load(scenario, seed)
            self.engine, self.state_array = engine, state
        else:
            if seed is None:
                seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0]
                           >> np.uint64(1))
            self.engine = self._table_engine
            self.state_array = self.engine.new_state(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._mask = np.zeros(self.engine.num_actions, np.int8)
        self._after_move(self.engine.mask_into(self.state_array, self._mask))

    @staticmethod
    def _scenario_option(options):
        """The scenario named in reset's options, or None. Other keys are left alone:
        Gymnasium leaves options to each env, and PettingZoo's api_test passes its own."""
        if options is None:
            return None
        if not isinstance(options, dict):
            raise ValueError(f"reset options must be a dict, got {type(options).__name__}")
        return options.get("scenario")

    def _load(self, scenario, seed):
        if self._scenario_loader is None:
            raise ValueError(f"{type(self).__name__} cannot start from a scenario")
        engine, state = self._scenario_loader(scenario, seed=seed)
        if engine.game != self._table_engine.game:
            raise ValueError(f"reset option 'scenario': a {engine.game} position, this env "
                             f"plays {self._table_engine.game}")
        if engine.num_players != self._table_engine.num_players:
            raise ValueError(f"reset option 'scenario': {engine.num_players} players, this env "
                             f"has {self._table_engine.num_players}")
        return engine, state

    def _after_move(self, seat):
        """Select the agent of `seat`, or (seat -1: the game is over) give the rewards; the
        mask buffer already holds the new mask."""
        if seat >= 0:
            self.agent_selection = self.possible_agents[seat]
            return
        scores, winners, key = self.engine.final(self._state)
        rewards = final_rewards(self.reward_mode, scores, winners, key)
        for agent, seat_reward in zip(self.possible_agents, rewards):
            self.rewards[agent] = float(seat_reward)
            self.terminations[agent] = True
            self.infos[agent] = {"score": float(scores[self.agent_name_mapping[agent]])}
        self._accumulate_rewards()

    def observe(self, agent: str) -> Observation:
        seat = self.agent_name_mapping[agent]
        selected = agent == self.agent_selection and not self.terminations[agent]
        mask = self._mask.copy() if selected else np.zeros(self.engine.num_actions, np.int8)
        return {"observation": self.engine.observe(self._state, seat), "action_mask": mask}

    def action_mask(self) -> NDArray[np.int8]:
        """The legal-action mask of the agent to move (a copy)."""
        return self._mask.copy()

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state
        action = check_action(self.engine, state, action, self._mask)
        seat = self.engine.apply_then_mask(state, action, self._mask)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._after_move(seat)

    def action_name(self, action: int) -> str:
        return self.engine.action_name(self._state, int(action))

    def render(self) -> str | NDArray[np.uint8] | None:
        """ansi: the table as text; rgb_array: an HxWx3 uint8 picture of the fixed size of
        the game; human: that picture shown in a matplotlib window (returns None); all as
        `render_viewer` sees it (None: the spectator's view, the default)."""
        if self.render_mode is None:
            return None
        if self.render_mode == "ansi":
            return self.engine.render_text(self._state, viewer=self.render_viewer)
        picture = self.engine.render_image(self._state, viewer=self.render_viewer)
        if self.render_mode == "rgb_array":
            return picture
        if self._human_view is None:
            from speciesgym.envs.core.human_view import HumanView
            self._human_view = HumanView()
        self._human_view.show(picture)
        return None

    def close(self) -> None:
        """Closes the human window, if one is open."""
        if self._human_view is not None:
            self._human_view.close()
            self._human_view = None


class EngineOrderEnforcingWrapper(OrderEnforcingWrapper):
    """PettingZoo's OrderEnforcingWrapper, with `last`, `agents` and `agent_selection` read
    from the env directly instead of through `__getattr__` (a play loop reads them every
    decision). Before reset they fail as the base wrapper does."""

    def last(self, observe: bool = True
             ) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            raise AttributeError("last() cannot be called before reset")
        return self.env.last(observe)

    @property
    def agents(self) -> list[str]:
        if not self._has_reset:
            raise AttributeError("agents cannot be accessed before reset")
        return self.env.agents

    @property
    def agent_selection(self) -> str:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.agent_selection
