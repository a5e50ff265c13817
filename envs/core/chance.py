"""Chance events of a pre-shuffled pile, seen as sequential uniform draws.

Drawing the top of a uniformly shuffled pile is the same as drawing uniformly from what is
left of it (deferred decisions). A pile is a slice arr[lo:hi] of small non-negative ids whose
order nobody has seen; its next card sits at arr[pos], pos inside the slice. The outcomes of
that draw are the distinct ids of the slice with probability count / (hi - lo); forcing an
outcome swaps one copy of the id into arr[pos], which leaves the pile's contents (and every
rule) unchanged and only fixes which card is on top.
"""
import numpy as np
from numba import njit

MAX_ID = 256


@njit(cache=True)
def pile_outcomes(arr, lo, hi, vals, probs):
    """Fill vals/probs with the distinct ids of arr[lo:hi] (ascending) and their chance of
    being drawn; return how many there are (0 for an empty slice)."""
    counts = np.zeros(MAX_ID, np.int64)
    for i in range(lo, hi):
        counts[arr[i]] += 1
    n = 0
    total = hi - lo
    for v in range(MAX_ID):
        if counts[v] > 0:
            vals[n] = v
            probs[n] = counts[v] / total
            n += 1
    return n


@njit(cache=True)
def pile_force(arr, lo, hi, pos, value):
    """Put a copy of `value` from arr[lo:hi] at arr[pos] by one swap; False if there is none."""
    if arr[pos] == value:
        return True
    for j in range(hi - 1, lo - 1, -1):
        if arr[j] == value:
            tmp = arr[pos]
            arr[pos] = arr[j]
            arr[j] = tmp
            return True
    return False


def outcome_arrays(n):
    """Scratch (vals, probs) arrays for up to n outcomes."""
    return np.zeros(n, np.int64), np.zeros(n, np.float64)
