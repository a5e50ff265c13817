"""A compiled greedy rollout policy for Dominant Species (placeholder: uniform)."""
from numba import njit

from agents.search.policy import random_legal


@njit(cache=True)
def greedy_action(st, mask, word):
    return random_legal(mask, word)
