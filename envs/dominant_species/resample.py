"""Determinisation for search: a full Dominant Species state consistent with everything one
seat knows, with everything it cannot see drawn at random.

Hidden in Dominant Species (DS-SET-09, DS-SET-07): the order of the dominance deck (Ice Age
stays at the bottom, as the rules put it there), which face-down terrain tile lies where in
the three draw stacks (the multiset of face-down tiles is known by subtraction, not how it
is split between stacks), the draw order of the element bag (the bag holds counts, so its
order is the game's generator word), and that generator word itself. Everything else is on
the table.

The result depends only on what the seat can see and on the draw: the hidden pieces are
first put in a canonical (sorted) order and then shuffled from a separate generator word,
so two states that differ only in hidden information give bit-identical samples for the
same draw (a test proves it). `redeal` is the compiled kernel (the compiled search calls it
once per simulation); `resample` is its Python face for a numpy Generator.
"""
import numpy as np
from numba import njit

from speciesgym.envs.core.resample import resampler
from speciesgym.envs.core.rng import handed_on, shuffle_prefix
from speciesgym.envs.dominant_species.data import C_ICE_AGE, N_STACKS, STACK_SIZE
from speciesgym.envs.dominant_species.rules import PH_OVER



@njit(cache=True)
def redeal(st, seat, word):
    """Redraw, in place, what `seat` cannot see (deck order, face-down stack tiles, the
    generator word) from `word` (a record with an `rng` field); `seat` only documents whose
    view is kept: nothing it could see changes."""
    lo, hi = st.deck_ptr, st.deck_len
    if hi > lo:
        top = hi - 1 if st.deck[hi - 1] == C_ICE_AGE else hi
        hidden = np.sort(st.deck[lo:top].copy())
        shuffle_prefix(word, hidden, top - lo)
        for i in range(top - lo):
            st.deck[lo + i] = hidden[i]
    tiles = np.zeros(N_STACKS * STACK_SIZE, np.int8)
    m = 0
    for s in range(N_STACKS):
        for i in range(st.stack_next[s], STACK_SIZE):
            tiles[m] = st.stack_tiles[s, i]
            m += 1
    pool = np.sort(tiles[:m].copy())
    shuffle_prefix(word, pool, m)
    m = 0
    for s in range(N_STACKS):
        for i in range(st.stack_next[s], STACK_SIZE):
            st.stack_tiles[s, i] = pool[m]
            m += 1
    st.rng = handed_on(word)


@njit(cache=True)
def redeal_at(states, b, seat, words):
    """`redeal` of game b of `states` from the generator record words[0]."""
    redeal(states[b], seat, words[0])


def mover(st0):
    """The seat to move in record `st0`, -1 once the game is over."""
    return -1 if st0["phase"] == PH_OVER else int(st0["animal_seat"][st0["actor"]])


resample = resampler(redeal_at, mover)
