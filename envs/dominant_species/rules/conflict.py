"""Migration (DS-MIGR-*), Competition (DS-COMP-*) and Domination (DS-DOMN-*)."""
from speciesgym.envs.core.kernel import rule_kernel

from speciesgym.envs.dominant_species.actions import A_ANIMAL, A_CARD, A_CELL
from speciesgym.envs.dominant_species.data import BIRD, COMPETITION_TERRAINS, EMPTY, N_FACEUP
from speciesgym.envs.dominant_species.rules.board import (D_COMP_CELL, D_COMP_VICTIM, D_DOM_CARD,
                                               D_DOM_CELL, D_MIG_FROM, D_MIG_TO, D_NONE,
                                               cubes_on, dominant_on, has_adjacent_tile,
                                               move_cube, neighbour_tile, others_on,
                                               remove_cube, score_tile, set_decision)


# --- Migration ----------------------------------------------------------------------------
@rule_kernel
def begin_migration(st, a, n):
    """DS-MIGR-01: up to n own cubes, each moving once (flags count arrivals per tile)."""
    st.ctx_n = n
    st.flags[:] = 0
    set_decision(st, D_MIG_FROM, a)


@rule_kernel
def legal_mig_from(st, out):
    """DS-MIGR-01/03: a tile with a cube of the animal that has not moved this action and a
    tile next to it (every reach of DS-MIGR-01/02 passes an adjacent tile, itself a
    destination)."""
    a = st.actor
    for c in range(st.terrain.shape[0]):
        if st.cubes[c, a] - st.flags[c] > 0 and has_adjacent_tile(st, c):
            out[A_CELL + c] = 1


@rule_kernel
def apply_mig_from(st, c):
    st.ctx_cell = c
    st.sub = D_MIG_TO


@rule_kernel
def legal_mig_to(st, out):
    """DS-MIGR-01/02: an adjacent tile; birds also a tile two steps away through an adjacent
    tile (not the source)."""
    src = st.ctx_cell
    for d in range(6):
        m = neighbour_tile(st, src, d)
        if m < 0:
            continue
        out[A_CELL + m] = 1
        if st.actor == BIRD:
            for e in range(6):
                x = neighbour_tile(st, m, e)
                if x >= 0 and x != src:
                    out[A_CELL + x] = 1


@rule_kernel
def apply_mig_to(st, c):
    """DS-MIGR-03: a cube that arrived this action cannot move again."""
    move_cube(st, st.ctx_cell, c, st.actor)
    st.flags[c] += 1
    st.ctx_n -= 1
    st.sub = D_MIG_FROM if st.ctx_n > 0 else D_NONE


# --- Competition --------------------------------------------------------------------------
@rule_kernel
def begin_competition(st, a, slot):
    """DS-COMP-01: the space's terrains (plus tundra); slot 0 is the arachnid's (A2)."""
    st.ctx_bits = COMPETITION_TERRAINS[slot]
    st.ctx_k = slot
    set_decision(st, D_COMP_CELL, a)


@rule_kernel
def legal_comp_cell(st, out):
    """DS-COMP-02: a tile of a not yet used listed terrain shared with an opponent."""
    a = st.actor
    for c in range(st.terrain.shape[0]):
        t = st.terrain[c]
        if (t != EMPTY and (st.ctx_bits >> t) & 1 and st.cubes[c, a] > 0
                and others_on(st, c, a)):
            out[A_CELL + c] = 1


@rule_kernel
def apply_comp_cell(st, c):
    st.ctx_cell = c
    st.sub = D_COMP_VICTIM


@rule_kernel
def legal_opponent_on_cell(st, out):
    """DS-COMP-03: the acting animal picks which opponent loses a cube (A19)."""
    for b in range(6):
        if b != st.actor and st.cubes[st.ctx_cell, b] > 0:
            out[A_ANIMAL + b] = 1


@rule_kernel
def apply_comp_victim(st, b):
    """DS-COMP-03: one opposing cube is eliminated; one tile per listed terrain."""
    remove_cube(st, st.ctx_cell, b, False)
    if st.ctx_k == 0:
        st.sub = D_NONE
        return
    st.ctx_bits &= ~(1 << st.terrain[st.ctx_cell])
    st.sub = D_COMP_CELL


# --- Domination ---------------------------------------------------------------------------
@rule_kernel
def begin_domination(st, a):
    set_decision(st, D_DOM_CELL, a)


@rule_kernel
def legal_dom_cell(st, out):
    """DS-DOMN-01: a tile with species not yet scored this round (A12)."""
    for c in range(st.terrain.shape[0]):
        if st.terrain[c] != EMPTY and st.scored[c] == 0 and cubes_on(st, c) > 0:
            out[A_CELL + c] = 1


@rule_kernel
def any_faceup(st):
    for i in range(N_FACEUP):
        if st.faceup[i] >= 0:
            return True
    return False


@rule_kernel
def apply_dom_cell(st, c):
    """DS-DOMN-02/03: score the tile, then its dominant animal must take a face-up card."""
    st.scored[c] = 1
    st.dom_cell = c
    score_tile(st, c)
    d = dominant_on(st, c)
    if d >= 0 and any_faceup(st):
        set_decision(st, D_DOM_CARD, d)
    else:
        st.sub = D_NONE


@rule_kernel
def legal_dom_card(st, out):
    for i in range(N_FACEUP):
        if st.faceup[i] >= 0:
            out[A_CARD + i] = 1


@rule_kernel
def apply_dom_card(st, i):
    """DS-DOMN-03: the card leaves the display (not refilled before Reset) and resolves."""
    st.card_pending = st.faceup[i]
    st.faceup[i] = -1
    st.owner = st.actor
    st.sub = D_NONE
