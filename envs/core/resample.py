"""The Python face of a game's determinisation kernel, shared by both games.

`resampler(redeal_at, to_move)` makes a game's `resample(state, seat, rng, out=None)` from
them. `resample_into(redeal_at, state, seat, rng, out)` copies `state` into `out` through a byte view
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


def resampler(redeal_at, to_move):
    """A game's `resample(state, seat, rng, out=None)`: a determinised copy of `state` for
    `seat`, who must be the player to move (`to_move(record)`: the seat to move, -1 once
    over; ValueError otherwise), written into `out` when given (a buffer of the same shape,
    reused across simulations); `rng` is a numpy Generator."""
    def resample(state, seat, rng, out=None):
        """A determinised copy of `state` for `seat`, the player to move, written into
        `out` when given; `rng` is a numpy Generator (envs.core.resample.resampler)."""
        if to_move(state[0]) != seat or seat < 0:
            raise ValueError(f"resample: seat {seat} is not the player to move")
        return resample_into(redeal_at, state, seat, rng, out)
    return resample
