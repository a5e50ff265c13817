"""The engine's faster paths against the plain kernels they replaced, after every decision of
many seeded random games:

- DS-DOM-04 kept incrementally: the dominance `settle` leaves (only the tiles a move marked
  stale recomputed, rules.board) equals DS-DOM-03's `dominant_on` on every hex, the full
  recomputation the engine ran after each step before;
- DS-MIGR-01/02: the Migration masks (built from the source's neighbours) equal the masks of
  the former test of every hex against `migration_reaches`, restated below.
"""
import numpy as np
import pytest
from numba import njit

from speciesgym.envs.core.rng import rng_below, seed_word
from speciesgym.envs.dominant_species.actions import A_CELL
from speciesgym.envs.dominant_species.data import BIRD, EMPTY, NEIGHBORS
from speciesgym.envs.dominant_species.rules import step
from speciesgym.envs.dominant_species.rules import board as B
from speciesgym.envs.dominant_species.state import STATE_DTYPE
from tests.dominant_species.helpers import new_games

# decisions whose choice changes what some tile's dominance reads: cubes (DS-SPEC, DS-WAND,
# DS-MIGR, DS-COMP, DS-GLAC, cards), corner elements (DS-ABUN, DS-WAST, DS-DEPL, DS-WAND,
# cards), an animal's display (DS-ADAPT, Disease, Metamorphosis), a new tile (DS-WAND-02)
BOARD_CHANGING = (B.D_ADAPT, B.D_ABUND_CORNER, B.D_WASTE, B.D_DEPLETE, B.D_GLACIATE,
                  B.D_SPEC_COUNT, B.D_SPEC_INSECT, B.D_WANDER_CELL, B.D_WANDER_CORNER,
                  B.D_WANDER_MOVE, B.D_MIG_FROM, B.D_MIG_TO, B.D_COMP_VICTIM,
                  B.D_MAMMAL_SAVE, B.D_DOM_CARD)
BIRD_MIGRATION = B.N_DECISIONS                   # extra slot of `seen`: a bird's D_MIG_TO
DOM_DIFFERS, MIGRATION_DIFFERS = 1, 2


@njit(cache=True)
def migration_reaches(st, a, src, dst):
    """The former DS-MIGR-01/02 test of one destination."""
    if dst == src or st.terrain[dst] == EMPTY:
        return False
    for d in range(6):
        m = NEIGHBORS[src, d]
        if m < 0 or st.terrain[m] == EMPTY:
            continue
        if m == dst:
            return True
        if a == BIRD:
            for e in range(6):
                if NEIGHBORS[m, e] == dst:
                    return True
    return False


@njit(cache=True)
def first_difference(st):
    """(kind, hex) of the first difference from the reference kernels, else (0, -1)."""
    for c in range(st.dom.shape[0]):
        if st.dom[c] != B.dominant_on(st, c):
            return DOM_DIFFERS, c
    a = st.actor
    for c in range(st.terrain.shape[0]):
        if st.sub == B.D_MIG_FROM:
            want = False
            if st.cubes[c, a] - st.flags[c] > 0:
                for dst in range(st.terrain.shape[0]):
                    want = want or migration_reaches(st, a, c, dst)
        elif st.sub == B.D_MIG_TO:
            want = migration_reaches(st, a, st.ctx_cell, c)
        else:
            break
        if st.mask[A_CELL + c] != want:
            return MIGRATION_DIFFERS, c
    return 0, -1


@njit(cache=True)
def play_against_reference(states, picker, seen):
    """Random masked play of every game to its end, compared with the reference kernels
    after every step; counts the decision kinds played in `seen`. Returns (kind, game, step,
    hex) of the first difference, or (0, -1, decisions, -1)."""
    legal = np.zeros(states[0].mask.shape[0], np.int64)
    total = 0
    for g in range(states.shape[0]):
        st = states[g]
        n = 0
        kind, c = first_difference(st)             # a new game: every tile computed
        while kind == 0 and st.phase != B.PH_OVER:
            k = 0
            for i in range(legal.shape[0]):
                if st.mask[i]:
                    legal[k] = i
                    k += 1
            seen[st.sub] += 1
            if st.sub == B.D_MIG_TO and st.actor == BIRD:
                seen[BIRD_MIGRATION] += 1
            step(st, legal[rng_below(picker, k)])
            n += 1
            kind, c = first_difference(st)
        if kind:
            return kind, g, n, c
        total += n
    return 0, -1, total, -1


@pytest.mark.parametrize("players,forbid", [(2, False), (3, False), (4, False), (4, True),
                                            (5, False), (6, False)])
def test_fast_paths_equal_the_reference_kernels_after_every_step(players, forbid):
    states = new_games(players, 30, 500 + 10 * players, forbid_useless_spaces=forbid)
    picker = np.zeros(1, STATE_DTYPE)
    picker[0]["rng"] = seed_word(77 + players)
    seen = np.zeros(B.N_DECISIONS + 1, np.int64)
    kind, game, n, cell = play_against_reference(states, picker[0], seen)
    what = {DOM_DIFFERS: "the dominance (DS-DOM-04) differs from its full recomputation",
            MIGRATION_DIFFERS: "the Migration mask (DS-MIGR-01/02) differs from the reference"}
    assert kind == 0, f"game {game}, decision {n}, hex {cell}: {what[kind]} ({players} players)"
    assert (states["dom"] >= -1).all()                # no stale mark left (B.DOM_STALE)
    assert n > 30 * 200
    missing = [B.DECISION_NAMES[s] for s in BOARD_CHANGING if seen[s] == 0]
    assert not missing, f"random play never reached: {missing}"
    assert seen[BIRD_MIGRATION] > 0 or not (states["animal_seat"][:, BIRD] >= 0).any()
