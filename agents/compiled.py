"""The compiled rollout policies of agents.search as table agents: `greedy` (the game's
compiled greedy policy: agents/search/evolution_greedy.py, ds_greedy.py) and a compiled
uniform `random`.

Each agent draws from one generator word of its own (envs.core.rng), derived from its numpy
Generator by `word_from(rng)`; the batched training env (training.ppo.batched_env) moves these
policies inside its compiled step and derives each seat's word the same way from the same
seed, so a game against `CompiledPolicyAgent` objects in the per-game env is the same game
in the batched env.

The greedy policy reads a full state record. Here it reads a determinisation drawn from the
agent's InfoSet (never the real state); it uses only what the seat to move may see (its own
hand and species, the public table), so the action equals the one it would choose on the
real state (the batched env's equality test relies on this, and checks it).
"""
import numpy as np
from numba import njit

from speciesgym.agents.base import Agent
from speciesgym.agents.search import kernels
# POLICIES: index = the `kind` of kernels.policy_action; glue(game) imports the game's search
# glue, which registers its kernels by state type (shared with the search agent)
from speciesgym.agents.search.agent import POLICIES, glue as load_glue
from speciesgym.agents.search.policy import random_legal
from speciesgym.envs.core.rng import WORD_DTYPE, seed_word


def word_from(rng):
    """A generator word (uint64) drawn from a numpy Generator."""
    return seed_word(int(rng.integers(2**62)))


@njit(cache=True)
def policy_at(states, b, mask, words, w, kind):
    """The compiled policy `kind` for the seat to move in game b, from words[w]."""
    return kernels.policy_action(states[b], mask, words[w], kind)


class CompiledPolicyAgent(Agent):
    """Plays a compiled rollout policy ("greedy" or "random") of `game`."""

    def __init__(self, game, policy="greedy", seed=None):
        if policy not in POLICIES:
            raise ValueError(f"compiled policy must be one of {', '.join(POLICIES)}, "
                             f"got {policy!r}")
        load_glue(game)
        self.game, self.policy, self.kind = game, policy, POLICIES.index(policy)
        self.name = policy if policy == "greedy" else "compiled-random"
        self.wants_infoset = policy == "greedy"
        self.word = np.zeros(1, WORD_DTYPE)
        self.rng = np.random.default_rng(seed)

    @property
    def rng(self):
        return self._rng

    @rng.setter
    def rng(self, generator):
        """Reseeding (the opponent pool sets `rng` per episode) also redraws the word."""
        self._rng = generator
        self.word[0]["rng"] = word_from(generator)

    def act(self, observation, action_mask, infoset=None) -> int:
        mask = np.asarray(action_mask, np.int8)
        if not mask.any():
            raise ValueError(f"{self.name} agent asked to act with an empty action mask")
        if self.kind == 0:
            return int(random_at(mask, self.word, 0))
        if infoset is None:
            raise ValueError("the greedy agent needs an InfoSet (play it through agents.runner)")
        sample = infoset.sample(self._rng)
        return int(policy_at(sample, 0, mask, self.word, 0, self.kind))


@njit(cache=True)
def random_at(mask, words, w):
    """A uniform legal action from words[w] (the same draw as policy kind 0)."""
    return random_legal(mask, words[w])
