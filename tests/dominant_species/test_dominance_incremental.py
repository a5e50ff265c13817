"""DS-DOM-04 kept incrementally: after every decision of many seeded random games, the
dominance `settle` leaves (only the tiles a move marked stale recomputed, rules.board) equals
the full recomputation of every tile by DS-DOM-03's `dominant_on`, the kernel the engine ran
on all 35 hexes after each step before."""
import numpy as np
import pytest
from numba import njit

from speciesgym.envs.core.rng import rng_below, seed_word
from speciesgym.envs.dominant_species import make_engine
from speciesgym.envs.dominant_species.engine import new_game_at
from speciesgym.envs.dominant_species.rules import step
from speciesgym.envs.dominant_species.rules import board as B
from speciesgym.envs.dominant_species.state import STATE_DTYPE

# decisions whose choice changes what some tile's dominance reads: cubes (DS-SPEC, DS-WAND,
# DS-MIGR, DS-COMP, DS-GLAC, cards), corner elements (DS-ABUN, DS-WAST, DS-DEPL, DS-WAND,
# cards), an animal's display (DS-ADAPT, Disease, Metamorphosis), a new tile (DS-WAND-02)
BOARD_CHANGING = (B.D_ADAPT, B.D_ABUND_CORNER, B.D_WASTE, B.D_DEPLETE, B.D_GLACIATE,
                  B.D_SPEC_COUNT, B.D_SPEC_INSECT, B.D_WANDER_CELL, B.D_WANDER_CORNER,
                  B.D_WANDER_MOVE, B.D_MIG_TO, B.D_COMP_VICTIM, B.D_MAMMAL_SAVE,
                  B.D_DOM_CARD)


@njit(cache=True)
def first_difference(st):
    """The first hex whose stored dominance differs from dominant_on's, else -1."""
    for c in range(st.dom.shape[0]):
        if st.dom[c] != B.dominant_on(st, c):
            return c
    return -1


@njit(cache=True)
def play_against_full(states, picker, seen):
    """Random masked play of every game to its end; after every step compare each tile's
    stored dominance with dominant_on. Counts the decision kinds played in `seen`. Returns
    (game, step, cell) of the first difference, or (-1, decisions, -1)."""
    legal = np.zeros(states[0].mask.shape[0], np.int64)
    total = 0
    for g in range(states.shape[0]):
        st = states[g]
        n = 0
        c = first_difference(st)                 # a new game: every tile computed
        if c >= 0:
            return g, 0, c
        while st.phase != B.PH_OVER:
            k = 0
            for i in range(legal.shape[0]):
                if st.mask[i]:
                    legal[k] = i
                    k += 1
            seen[st.sub] += 1
            step(st, legal[rng_below(picker, k)])
            n += 1
            c = first_difference(st)
            if c >= 0:
                return g, n, c
        total += n
    return -1, total, -1


def _games(players, n_games, seed, **options):
    engine = make_engine(players, **options)
    states = np.zeros(n_games, STATE_DTYPE)
    for g in range(n_games):
        states[g]["rng"] = seed_word(seed + g)
        new_game_at(states, g, players, engine.animals, engine.forbid_useless)
    return states


@pytest.mark.parametrize("players,forbid", [(2, False), (3, False), (4, False), (4, True),
                                            (5, False), (6, False)])
def test_incremental_dominance_equals_full_recomputation_after_every_step(players, forbid):
    states = _games(players, 30, 500 + 10 * players, forbid_useless_spaces=forbid)
    picker = np.zeros(1, STATE_DTYPE)
    picker[0]["rng"] = seed_word(77 + players)
    seen = np.zeros(B.N_DECISIONS, np.int64)
    game, n, cell = play_against_full(states, picker[0], seen)
    assert game == -1, (f"game {game}, decision {n}: the dominance of hex {cell} differs "
                        f"from its full recomputation ({players} players)")
    assert (states["dom"] >= -1).all()                # no stale mark left (B.DOM_STALE)
    assert n > 30 * 200
    missing = [B.DECISION_NAMES[s] for s in BOARD_CHANGING if seen[s] == 0]
    assert not missing, f"random play never reached: {missing}"

