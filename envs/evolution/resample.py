"""Determinisation for search: a full state consistent with everything one seat knows, with
everything it cannot see drawn at random (other hands, other face-down food cards and
traits, the deck order, the Flight reserve, and the game's own generator word).

The result depends only on what the seat can see and on `rng`: two states that differ only
in the seat's hidden information give bit-identical samples for the same rng (a test
proves it). Search agents reach hidden information only through this function.
"""
import numpy as np
from numba import njit

from speciesgym.envs.core.resample import resampler
from speciesgym.envs.core.rng import handed_on, shuffle_prefix
from speciesgym.envs.evolution.data import CLASS_KIND, DECK_CAP, IS_EVENT_KIND, N_CLASSES, N_KINDS
from speciesgym.envs.evolution.state import Phase, TRAIT_SLOTS

POOL_CAP = DECK_CAP


@njit(cache=True)
def _unseen_pool(st, seat, pool):
    """Fill pool with the sorted class ids of every card the seat cannot see (a multiset
    fixed by what it sees); return its size."""
    counts = np.zeros(N_CLASSES, np.int64)
    for i in range(st.deck_n):
        counts[st.deck[i]] += 1
    for i in range(st.reserve_n):
        counts[st.reserve[i]] += 1
    for p in range(st.n_players):
        if p == seat:
            continue
        for c in range(N_CLASSES):
            counts[c] += st.hand[p, c]
        if st.food_card[p] >= 0:
            counts[st.food_card[p]] += 1
        for s in range(st.n_species[p]):
            for k in range(TRAIT_SLOTS):
                if st.hidden[p, s, k]:
                    counts[st.traits[p, s, k]] += 1
    m = 0
    for c in range(N_CLASSES):
        for _ in range(counts[c]):
            pool[m] = c
            m += 1
    return m


@njit(cache=True)
def _take_trait(pool, used, m, banned):
    """First unused trait card in the pool whose name the species does not hold yet (or,
    failing that, the first unused trait card)."""
    fallback = -1
    for i in range(m):
        c = pool[i]
        if used[i] or IS_EVENT_KIND[CLASS_KIND[c]]:
            continue
        if fallback < 0:
            fallback = i
        if not banned[CLASS_KIND[c]]:
            return i
    return fallback


@njit(cache=True)
def redeal(st, seat, word):
    """Redraw, in place, everything `seat` cannot see from `word` (a record with an `rng`
    field): the compiled search calls it once per simulation."""
    pool = np.zeros(POOL_CAP, np.int16)
    m = _unseen_pool(st, seat, pool)
    shuffle_prefix(word, pool, m)
    used = np.zeros(m, np.bool_)
    banned = np.zeros(N_KINDS, np.bool_)
    for p in range(st.n_players):
        if p == seat:
            continue
        for s in range(st.n_species[p]):
            for k in range(TRAIT_SLOTS):
                if not st.hidden[p, s, k]:
                    continue
                banned[:] = False
                for j in range(TRAIT_SLOTS):
                    c = st.traits[p, s, j]
                    if j != k and c >= 0 and (st.hidden[p, s, j] == 0 or j < k):
                        banned[CLASS_KIND[c]] = True
                i = _take_trait(pool, used, m, banned)
                used[i] = True
                st.traits[p, s, k] = pool[i]
    rest = np.zeros(m, np.int16)
    n = 0
    for i in range(m):
        if not used[i]:
            rest[n] = pool[i]
            n += 1
    for p in range(st.n_players):
        if p == seat:
            continue
        if st.food_card[p] >= 0:
            n -= 1
            st.food_card[p] = rest[n]
        size = 0
        for c in range(N_CLASSES):
            size += st.hand[p, c]
            st.hand[p, c] = 0
        for _ in range(size):
            n -= 1
            st.hand[p, rest[n]] += 1
    for i in range(st.reserve_n):
        n -= 1
        st.reserve[i] = rest[n]
    for i in range(n):
        st.deck[i] = rest[i]
    st.rng = handed_on(word)


@njit(cache=True)
def redeal_at(states, b, seat, words):
    """`redeal` of game b of `states` from the generator record words[0]."""
    redeal(states[b], seat, words[0])


def mover(st0):
    """The seat to move in record `st0`, -1 once the game is over."""
    return -1 if st0["phase"] == Phase.OVER else int(st0["turn"])


resample = resampler(redeal_at, mover)
