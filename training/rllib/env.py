"""A game as an RLlib `MultiAgentEnv`: agents "player_0".."player_{P-1}", only the seat to
move observes (turn-based, as RLlib's turn-based examples), each observation a dict
{"observations": float32 vector, "action_mask": float32 0/1 per action} as RLlib's action
masking modules expect. Rewards (training.ppo.single_agent's modes: win, rank, score) come when
the game ends, to every seat at once, with every seat's last observation.

env_config: game, players, options (game options, e.g. {"flight": True}), reward, seed (the
first deal's seed; each reset without a seed draws the next deal from it).
"""
import gymnasium as gym
import numpy as np
from ray.rllib.env.multi_agent_env import MultiAgentEnv

from speciesgym.agents.runner import make_engine
from speciesgym.envs.core.rewards import check_reward_mode, final_rewards


def agent_ids(players):
    return [f"player_{i}" for i in range(players)]


class GameMultiAgentEnv(MultiAgentEnv):
    """One game of `env_config["game"]` at a time; see the module docstring."""

    def __init__(self, config=None):
        super().__init__()
        config = dict(config or {})
        self.game = config.get("game", "evolution")
        self.players = int(config.get("players", 2))
        self.reward_mode = check_reward_mode(config.get("reward", "win"))
        self.engine = make_engine(self.game, self.players, **dict(config.get("options") or {}))
        self.rng = np.random.default_rng(config.get("seed"))
        self.agents = self.possible_agents = agent_ids(self.players)
        space = gym.spaces.Dict({
            "observations": gym.spaces.Box(-np.inf, np.inf, (self.engine.obs_size,),
                                           np.float32),
            "action_mask": gym.spaces.Box(0.0, 1.0, (self.engine.num_actions,), np.float32),
        })
        self.observation_spaces = {a: space for a in self.agents}
        self.action_spaces = {a: gym.spaces.Discrete(self.engine.num_actions)
                              for a in self.agents}
        self.state = None
        self.seat = -1

    def _observation(self, seat, mask):
        return {"observations": np.asarray(self.engine.observe(self.state, seat), np.float32),
                "action_mask": mask.astype(np.float32)}

    def reset(self, *, seed=None, options=None):
        if seed is not None:
            self.rng = np.random.default_rng(seed)
        self.state = self.engine.new_state(int(self.rng.integers(2**31)))
        self.seat = self.engine.to_move(self.state)
        mask = self.engine.legal_mask(self.state)
        return {self.agents[self.seat]: self._observation(self.seat, mask)}, {}

    def step(self, action_dict):
        mover = self.agents[self.seat]
        if mover not in action_dict:
            raise ValueError(f"{mover} is to move; the actions given are for "
                             f"{', '.join(action_dict) or 'nobody'}")
        action = int(action_dict[mover])
        mask = self.engine.legal_mask(self.state)
        if not (0 <= action < mask.size and mask[action]):
            raise ValueError(f"{mover}: action {action} is not legal here")
        self.engine.apply(self.state, action)
        self.seat = self.engine.to_move(self.state)
        if self.seat >= 0:
            nxt = self.agents[self.seat]
            mask = self.engine.legal_mask(self.state)
            return ({nxt: self._observation(self.seat, mask)}, {mover: 0.0, nxt: 0.0},
                    {"__all__": False}, {"__all__": False}, {})
        scores, winners, key = self.engine.final(self.state)
        rewards = final_rewards(self.reward_mode, scores, winners, key)
        none = np.zeros(self.engine.num_actions, np.int8)
        obs = {a: self._observation(s, none) for s, a in enumerate(self.agents)}
        rew = {a: float(r) for a, r in zip(self.agents, rewards)}
        info = {a: {"score": float(scores[s])} for s, a in enumerate(self.agents)}
        return obs, rew, {"__all__": True}, {"__all__": False}, info
