"""Compiled invariant checks for long random-play sweeps (an independent re-statement of the
invariants of helpers.check_invariants, not a call into the rules)."""
import numpy as np
from numba import njit

from speciesgym.envs.core.rng import rng_below
from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species.rules import step

CORNER_CELLS = D.CORNER_CELLS
CELL_CORNERS = D.CELL_CORNERS
PRINTED = D.PRINTED
FREE_SPACE = D.FREE_SPACE
OK, BAD_CUBES, BAD_ELEMS, BAD_PAWNS, BAD_DOM, EMPTY_MASK, BAD_DISPLAY, BAD_TILES, STUCK = range(9)
ERRORS = ("ok", "cubes not conserved", "elements not conserved", "pawns not conserved",
          "dominance differs from its definition", "empty mask for the player to move",
          "display out of bounds", "tiles not conserved", "game did not end")


@njit(cache=True)
def check(st):
    p = st.num_players
    kept = 65 - 5 * p
    for a in range(6):
        if st.animal_seat[a] < 0:
            continue
        n = st.gene[a] + st.elim[a] + 1
        for c in range(35):
            if st.cubes[c, a] < 0 or st.hib[c, a] > st.cubes[c, a]:
                return BAD_CUBES
            if st.cubes[c, a] > 0 and st.terrain[c] == 0:
                return BAD_CUBES
            n += st.cubes[c, a]
        if n != kept or st.gene[a] < 0 or st.elim[a] < 0:
            return BAD_CUBES
        tot = 0
        for t in range(6):
            if st.display[a, t] < PRINTED[a, t]:
                return BAD_DISPLAY
            tot += st.display[a, t]
        if tot > 6:
            return BAD_DISPLAY
        placed = 0
        for s in range(44):
            if st.space[s] == a and FREE_SPACE[s] == 0:
                placed += 1
        if st.ap_supply[a] < 0 or st.ap_supply[a] + placed != st.ap_total[a] or st.ap_total[a] > 10:
            return BAD_PAWNS
    for t in range(6):
        n = st.bag[t]
        if st.bag[t] < 0:
            return BAD_ELEMS
        for b in range(6):
            n += st.box[b, t]
            if st.box[b, t] < 0:
                return BAD_ELEMS
        for k in range(92):
            if st.corner[k] == t:
                n += 1
        for a in range(6):
            if st.animal_seat[a] >= 0:
                n += st.display[a, t] - PRINTED[a, t]
        if n != 20:
            return BAD_ELEMS
    tiles = 0
    tundra = 0
    for c in range(35):
        if st.terrain[c] > 0:
            tiles += 1
        if st.terrain[c] == 8:
            tundra += 1
    for s in range(3):
        tiles += 8 - st.stack_next[s]
        if st.stack_face[s] > 0:
            tiles += 1
    if tiles != 31 or tundra + st.tundra_left != 12:
        return BAD_TILES
    for c in range(35):
        want = -1
        if st.terrain[c] > 0:
            best = 0
            ties = 0
            for a in range(6):
                if st.cubes[c, a] > 0:
                    m = 0
                    for j in range(6):
                        e = st.corner[CELL_CORNERS[c, j]]
                        if e >= 0:
                            m += st.display[a, e]
                    if m > best:
                        best = m
                        want = a
                        ties = 0
                    elif m == best:
                        ties += 1
            if ties > 0 or best == 0:
                want = -1
        if st.dom[c] != want:
            return BAD_DOM
    if st.phase != 3:
        k = 0
        for i in range(st.mask.shape[0]):
            k += st.mask[i]
        if k == 0:
            return EMPTY_MASK
    return OK


@njit(cache=True)
def play_checked(states, picker, max_steps):
    """Random masked play of every game with a check after every step; returns
    (error code, game, step, decisions) of the first failure or (OK, -1, -1, decisions)."""
    legal = np.zeros(states[0].mask.shape[0], np.int64)
    total = 0
    for g in range(states.shape[0]):
        st = states[g]
        code = check(st)
        if code != OK:
            return code, g, 0, total
        n = 0
        while st.phase != 3:
            if n >= max_steps:
                return STUCK, g, n, total
            k = 0
            for i in range(legal.shape[0]):
                if st.mask[i]:
                    legal[k] = i
                    k += 1
            step(st, legal[rng_below(picker, k)])
            n += 1
            code = check(st)
            if code != OK:
                return code, g, n, total
        total += n
    return OK, -1, -1, total
