"""Determinisation for search: a full state consistent with everything one seat knows, with
everything it cannot see drawn at random (other hands, other face-down food cards and
traits, the deck order, the Flight reserve, and the game's own generator word).

The result depends only on what the seat can see and on `rng`: two states that differ only
in the seat's hidden information give bit-identical samples for the same rng (a test
proves it). Search agents reach hidden information only through this function.
"""
import numpy as np

from envs.evolution.data import CLASS_KIND, IS_EVENT_KIND, N_CLASSES
from envs.evolution.state import Phase, TRAIT_SLOTS


def _unseen_pool(st, seat):
    """Sorted class ids of every card the seat cannot see (a multiset fixed by what it sees)."""
    n = int(st["n_players"])
    counts = np.zeros(N_CLASSES, np.int64)
    np.add.at(counts, st["deck"][: st["deck_n"]], 1)
    np.add.at(counts, st["reserve"][: st["reserve_n"]], 1)
    for p in range(n):
        if p == seat:
            continue
        counts += st["hand"][p]
        if st["food_card"][p] >= 0:
            counts[st["food_card"][p]] += 1
        for s in range(int(st["n_species"][p])):
            for k in range(TRAIT_SLOTS):
                if st["hidden"][p, s, k]:
                    counts[st["traits"][p, s, k]] += 1
    return np.repeat(np.arange(N_CLASSES), counts)


def _take_trait(pool, used, kinds_on_species):
    """First trait card in the pool whose name the species does not hold yet."""
    fallback = -1
    for i, c in enumerate(pool):
        if used[i] or IS_EVENT_KIND[CLASS_KIND[c]]:
            continue
        if fallback < 0:
            fallback = i
        if int(CLASS_KIND[c]) not in kinds_on_species:
            return i
    return fallback


def resample(state, seat, rng):
    """A determinised copy of `state` for `seat` (who must be the player to move)."""
    st0 = state[0]
    if st0["phase"] == Phase.OVER or int(st0["turn"]) != seat:
        raise ValueError(f"resample: seat {seat} is not the player to move")
    out = state.copy()
    st = out[0]
    n = int(st["n_players"])
    pool = _unseen_pool(st, seat)
    rng.shuffle(pool)
    used = np.zeros(pool.size, bool)
    for p in range(n):
        if p == seat:
            continue
        for s in range(int(st["n_species"][p])):
            for k in range(TRAIT_SLOTS):
                if not st["hidden"][p, s, k]:
                    continue
                kinds = {int(CLASS_KIND[st["traits"][p, s, j]]) for j in range(TRAIT_SLOTS)
                         if j != k and st["traits"][p, s, j] >= 0
                         and (not st["hidden"][p, s, j] or j < k)}
                i = _take_trait(pool, used, kinds)
                used[i] = True
                st["traits"][p, s, k] = pool[i]
    rest = list(pool[~used])
    for p in range(n):
        if p == seat:
            continue
        if st["food_card"][p] >= 0:
            st["food_card"][p] = rest.pop()
        size = int(st["hand"][p].sum())
        st["hand"][p] = 0
        for _ in range(size):
            st["hand"][p, rest.pop()] += 1
    r = int(st["reserve_n"])
    st["reserve"][:r] = [rest.pop() for _ in range(r)]
    st["deck"][: st["deck_n"]] = rest
    st["rng"] = np.uint64(rng.integers(1, 2**63))
    return out
