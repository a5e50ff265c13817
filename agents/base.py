"""The agent protocol shared by every bot, search agent and learned policy.

`act(observation, action_mask, infoset=None) -> int`: the observation is the env's float32
vector for the agent's seat, the mask an int8 vector of legal actions. Only agents that set
`wants_infoset = True` (search) receive an `speciesgym.agents.infoset.InfoSet`, which lets them draw
determinisations consistent with what their seat has seen; no agent reads the real state.
"""
# pyright: basic
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from speciesgym.agents.infoset import InfoSet


class Agent(ABC):
    """An agent sees only its own observation and the legal-action mask."""

    name = "agent"
    wants_infoset = False

    @abstractmethod
    def act(self, observation: NDArray[np.float32], action_mask: NDArray[np.int8],
            infoset: InfoSet | None = None) -> int:
        """The chosen action index (legal under action_mask)."""

    def act_batch(self, observations: NDArray[np.float32] | Sequence[NDArray[np.float32]],
                  action_masks: NDArray[np.int8] | Sequence[NDArray[np.int8]]
                  ) -> NDArray[np.int64]:
        """One action per row; agents with a faster batched form override this."""
        return np.array([self.act(o, m) for o, m in zip(observations, action_masks)])

    def reset(self, seat: int | None = None, num_players: int | None = None) -> None:
        """Called by the runner before each game; agents with per-game memory override it."""


def best_ties(scores, action_mask):
    """The legal actions of highest score (within 1e-9): best_legal draws uniformly among
    them, which is its whole action distribution."""
    legal = np.flatnonzero(action_mask)
    if legal.size == 0:
        raise ValueError("asked to act with an empty action mask")
    s = np.asarray(scores, dtype=np.float64)[legal]
    return legal[s >= s.max() - 1e-9]


def best_legal(scores, action_mask, rng):
    """Index of the highest score among legal actions, ties broken by `rng`."""
    top = best_ties(scores, action_mask)
    return int(top[0] if top.size == 1 else rng.choice(top))
