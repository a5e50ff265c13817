"""The Python face of a game's determinisation kernel, shared by both games.

`resample_into(redeal_at, state, seat, rng, out)` copies `state` into `out` through a byte view
(a plain memory copy, several times cheaper than `state.copy()` of a record array) and
redraws what `seat` cannot see there with the game's compiled `redeal_at(states, b, seat,
words)`, which takes arrays and an index, never a record. Search agents
pass the same `out` buffer at every simulation.
"""
import numpy as np

from speciesgym.envs.core.rng import WORD_DTYPE, seed_word


def copy_state(state, out=None):
    """`state` (a record array) copied into `out` (same dtype and shape; made if None)."""
    if out is None:
        return state.copy()
    if out.dtype != state.dtype or out.shape != state.shape:
        raise ValueError(f"copy_state: out has dtype/shape {out.dtype}/{out.shape}, the state "
                         f"{state.dtype}/{state.shape}")
    out.view(np.uint8)[...] = state.view(np.uint8)
    return out


def resample_into(redeal_at, state, seat, rng, out=None):
    """A determinised copy of `state` for `seat` in `out` (or a new array); returns it."""
    out = copy_state(state, out)
    word = np.zeros(1, WORD_DTYPE)
    word[0]["rng"] = seed_word(int(rng.integers(0, 2**62)))
    redeal_at(out, 0, seat, word)
    return out
