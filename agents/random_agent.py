"""Uniform choice among the legal actions."""
import numpy as np

from speciesgym.agents.base import Agent


class RandomAgent(Agent):
    name = "random"

    def __init__(self, seed=None):
        self.rng = np.random.default_rng(seed)

    def act(self, observation, action_mask, infoset=None) -> int:
        legal = np.flatnonzero(action_mask)
        if legal.size == 0:
            raise ValueError("random agent asked to act with an empty action mask")
        return int(self.rng.choice(legal))

    def act_batch(self, observations, action_masks):
        """One uniformly random legal action per row (vectorised: the largest random key
        among the legal actions)."""
        masks = np.asarray(action_masks) > 0
        if not masks.any(axis=1).all():
            raise ValueError("random agent asked to act with an empty action mask")
        keys = np.where(masks, self.rng.random(masks.shape), -1.0)
        return keys.argmax(axis=1)
