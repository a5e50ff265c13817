"""Shared pieces of the compiled rollout policies: a uniform legal action (envs.core.rng's
random_legal, re-exported), and the best of scored actions with ties broken at random (both
drawing from the search's own word)."""
import numpy as np
from numba import njit

from speciesgym.envs.core.rng import random_legal, rng_below  # noqa: F401 (re-exported)


@njit(cache=True)
def best_scored(value, mask, word):
    """The legal action of highest value, ties broken uniformly at random."""
    best = -1e300
    n = 0
    for i in range(mask.shape[0]):
        if mask[i]:
            if value[i] > best + 1e-9:
                best = value[i]
                n = 1
            elif value[i] >= best - 1e-9:
                n += 1
    if n == 0:
        return -1
    k = rng_below(word, n)
    for i in range(mask.shape[0]):
        if mask[i] and value[i] >= best - 1e-9:
            if k == 0:
                return i
            k -= 1
    return -1


@njit(cache=True)
def best_actions(scores, mask, top):
    """The legal actions within 1e-9 of the best score (agents.base.best_legal's ties) into
    top[:n]; returns n (0 for an empty mask)."""
    best = -np.inf
    for a in range(mask.shape[0]):
        if mask[a] and scores[a] > best:
            best = scores[a]
    n = 0
    for a in range(mask.shape[0]):
        if mask[a] and scores[a] >= best - 1e-9:
            top[n] = a
            n += 1
    return n
