"""Speciation (DS-SPEC-*) and Wanderlust (DS-WAND-*): species and tiles enter the earth."""
from speciesgym.envs.core.kernel import rule_kernel

from speciesgym.envs.dominant_species.state import state_kernel

from speciesgym.envs.dominant_species.actions import A_CELL, A_CORNER, A_COUNT, A_ELEM, A_STACK
from speciesgym.envs.dominant_species.data import (BOX_WANDERLUST, CELL_CORNERS, CORNER_CELLS, EMPTY,
                                        N_STACKS, NEIGHBORS, SPECIATION_CAP)
from speciesgym.envs.dominant_species.rules.board import (D_NONE, D_SPEC_CORNER, D_SPEC_COUNT,
                                               D_SPEC_INSECT, D_WANDER_CELL, D_WANDER_CORNER,
                                               D_WANDER_ELEM, D_WANDER_MOVE, D_WANDER_STACK,
                                               bonus_vp, corner_has_tile, count_adjacent,
                                               has_adjacent_tile, move_cube, place_from_gene,
                                               set_corner, set_decision, set_terrain)


# --- Speciation ---------------------------------------------------------------------------
@rule_kernel
def begin_speciation(st, a, t):
    """DS-SPEC-01: the space of type t lets its owner seed around one element of type t."""
    st.ctx_elem = t
    set_decision(st, D_SPEC_CORNER, a)


@rule_kernel
def legal_spec_corner(st, out):
    """DS-SPEC-01: any element of the space's type on earth (cubes left in the gene pool)."""
    if st.gene[st.actor] <= 0:
        return
    for k in range(st.corner.shape[0]):
        if st.corner[k] == st.ctx_elem and corner_has_tile(st, k):
            out[A_CORNER + k] = 1


@rule_kernel
def next_spec_tile(st):
    """Ask for the next tile around the chosen element, or finish."""
    k = st.ctx_corner
    while st.ctx_k < 3:
        c = CORNER_CELLS[k, st.ctx_k]
        if c >= 0 and st.terrain[c] != EMPTY and st.gene[st.actor] > 0:
            st.ctx_cell = c
            st.sub = D_SPEC_COUNT
            return
        st.ctx_k += 1
    st.sub = D_NONE


@rule_kernel
def apply_spec_corner(st, k):
    st.ctx_corner = k
    st.ctx_k = 0
    next_spec_tile(st)


@rule_kernel
def legal_spec_count(st, out):
    """DS-SPEC-02: 0 up to the tile's cap (tundra 1) cubes from the gene pool."""
    cap = min(SPECIATION_CAP[st.terrain[st.ctx_cell]], st.gene[st.actor])
    for n in range(cap + 1):
        out[A_COUNT + n] = 1


@rule_kernel
def apply_spec_count(st, n):
    place_from_gene(st, st.ctx_cell, st.actor, n)
    st.ctx_k += 1
    next_spec_tile(st)


@rule_kernel
def begin_insect(st, a):
    set_decision(st, D_SPEC_INSECT, a)


@rule_kernel
def legal_any_tile(st, out):
    """DS-SPEC-03: the insect's free space seeds one cube on any tile."""
    if st.gene[st.actor] <= 0:
        return
    for c in range(st.terrain.shape[0]):
        if st.terrain[c] != EMPTY:
            out[A_CELL + c] = 1


@rule_kernel
def apply_insect(st, c):
    place_from_gene(st, c, st.actor, 1)
    st.sub = D_NONE


# --- Wanderlust ---------------------------------------------------------------------------
@rule_kernel
def placeable_hex(st, c):
    """DS-WAND-02: an empty hex of the earth next to at least one tile."""
    return st.terrain[c] == EMPTY and has_adjacent_tile(st, c)


@rule_kernel
def begin_wanderlust(st, a):
    set_decision(st, D_WANDER_STACK, a)


@rule_kernel
def legal_wander_stack(st, out):
    """DS-WAND-01: the face-up tile of any stack that shows one (A21)."""
    room = False
    for c in range(st.terrain.shape[0]):
        if placeable_hex(st, c):
            room = True
            break
    if not room:
        return
    for s in range(N_STACKS):
        if st.stack_face[s] > 0:
            out[A_STACK + s] = 1


@rule_kernel
def apply_wander_stack(st, s):
    st.ctx_k = s
    st.sub = D_WANDER_CELL


@rule_kernel
def legal_wander_cell(st, out):
    for c in range(st.terrain.shape[0]):
        if placeable_hex(st, c):
            out[A_CELL + c] = 1


@rule_kernel
def apply_wander_cell(st, c):
    """DS-WAND-02/03: the tile goes on c; its placer scores bonus VPs for adjacent tiles."""
    s = st.ctx_k
    set_terrain(st, c, st.stack_face[s])
    st.stack_face[s] = 0
    st.vp[st.actor] += bonus_vp(count_adjacent(st, c, 0))
    st.ctx_cell = c
    st.sub = D_WANDER_ELEM


@rule_kernel
def legal_wander_elem(st, out):
    """DS-WAND-04: an element of the Wanderlust box, for a vacant corner of the new tile."""
    free = False
    for j in range(6):
        if st.corner[CELL_CORNERS[st.ctx_cell, j]] < 0:
            free = True
    if not free:
        return
    for t in range(6):
        if st.box[BOX_WANDERLUST, t] > 0:
            out[A_ELEM + t] = 1


@rule_kernel
def apply_wander_elem(st, t):
    st.ctx_elem = t
    st.sub = D_WANDER_CORNER


@rule_kernel
def legal_wander_corner(st, out):
    for j in range(6):
        k = CELL_CORNERS[st.ctx_cell, j]
        if st.corner[k] < 0:
            out[A_CORNER + k] = 1


@rule_kernel
def apply_wander_corner(st, k):
    st.box[BOX_WANDERLUST, st.ctx_elem] -= 1
    set_corner(st, k, st.ctx_elem)
    start_wander_moves(st)


@state_kernel
def can_move_in(st, a):
    for d in range(6):
        m = NEIGHBORS[st.ctx_cell, d]
        if m >= 0 and st.terrain[m] != EMPTY and st.cubes[m, a] > 0:
            return True
    return False


@state_kernel
def next_wander_mover(st, first):
    """DS-WAND-05: in food-chain order, each animal with cubes next to the new tile."""
    for a in range(first, 6):
        if st.animal_seat[a] >= 0 and can_move_in(st, a):
            set_decision(st, D_WANDER_MOVE, a)
            return
    st.sub = D_NONE


@rule_kernel
def start_wander_moves(st):
    next_wander_mover(st, 0)


@rule_kernel
def legal_wander_move(st, out):
    """DS-WAND-05: move one own cube from an adjacent tile onto the new tile (or stop)."""
    a = st.actor
    for d in range(6):
        m = NEIGHBORS[st.ctx_cell, d]
        if m >= 0 and st.terrain[m] != EMPTY and st.cubes[m, a] > 0:
            out[A_CELL + m] = 1


@rule_kernel
def apply_wander_move(st, src):
    move_cube(st, src, st.ctx_cell, st.actor)
    if not can_move_in(st, st.actor):
        next_wander_mover(st, st.actor + 1)


@rule_kernel
def pass_wander_move(st):
    next_wander_mover(st, st.actor + 1)
