"""Determinisation for search: a full Dominant Species state consistent with everything one
seat knows, with everything it cannot see drawn at random.

Hidden in Dominant Species (DS-SET-09, DS-SET-07): the order of the dominance deck (Ice Age
stays at the bottom, as the rules put it there), which face-down terrain tile lies where in
the three draw stacks (the multiset of face-down tiles is known by subtraction, not how it
is split between stacks), the draw order of the element bag (the bag holds counts, so its
order is the game's generator word), and that generator word itself. Everything else is on
the table.

The result depends only on what the seat can see and on `rng`: the hidden pieces are first
put in a canonical (sorted) order and then shuffled by `rng`, so two states that differ only
in hidden information give bit-identical samples for the same rng (a test proves it).
"""
import numpy as np

from envs.dominant_species.data import C_ICE_AGE, STACK_SIZE
from envs.dominant_species.rules import PH_OVER


def resample(state, seat, rng):
    """A determinised copy of `state` (record array of shape (1,)) for `seat`, who must be
    the player to move; `rng` is a numpy Generator."""
    st0 = state[0]
    if st0["phase"] == PH_OVER or int(st0["animal_seat"][st0["actor"]]) != seat:
        raise ValueError(f"resample: seat {seat} is not the player to move")
    out = state.copy()
    st = out[0]
    lo, hi = int(st["deck_ptr"]), int(st["deck_len"])
    if hi > lo:
        top = hi - 1 if st["deck"][hi - 1] == C_ICE_AGE else hi
        hidden = np.sort(st["deck"][lo:top])
        rng.shuffle(hidden)
        st["deck"][lo:top] = hidden
    counts = [STACK_SIZE - int(st["stack_next"][s]) for s in range(st["stack_tiles"].shape[0])]
    tiles = np.sort(np.concatenate([st["stack_tiles"][s, int(st["stack_next"][s]):]
                                    for s in range(len(counts))]))
    rng.shuffle(tiles)
    i = 0
    for s, n in enumerate(counts):
        st["stack_tiles"][s, STACK_SIZE - n:] = tiles[i:i + n]
        i += n
    st["rng"] = np.uint64(rng.integers(1, 2**63))
    return out
