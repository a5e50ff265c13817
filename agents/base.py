"""The agent protocol shared by every bot, search agent and learned policy."""
import numpy as np


class Agent:
    """An agent sees only its own observation and the legal-action mask."""

    name = "agent"

    def act(self, observation, action_mask) -> int:
        raise NotImplementedError

    def act_batch(self, observations, action_masks):
        """One action per row; agents with a faster batched form override this."""
        return np.array([self.act(o, m) for o, m in zip(observations, action_masks)])
