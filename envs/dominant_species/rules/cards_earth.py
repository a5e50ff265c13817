"""Dominance cards that strike species and elements on the earth (DS-CARD-*): Biomass,
Blight, Catastrophe, Evolution, Fecundity, Mass Exodus, Predator. The taker is `st.owner`;
it makes every choice of these cards."""
from speciesgym.envs.core.kernel import rule_kernel

from speciesgym.envs.dominant_species.actions import A_ANIMAL, A_CELL, A_CORNER
from speciesgym.envs.dominant_species.data import (C_BIOMASS, C_BLIGHT, C_CATASTROPHE, C_EVOLUTION,
                                        C_FECUNDITY, C_MASS_EXODUS, C_PREDATOR, CELL_CORNERS,
                                        EMPTY, NEIGHBORS)
from speciesgym.envs.dominant_species.rules.board import (D_BIOMASS, D_BLIGHT_CELL, D_BLIGHT_KEEP,
                                               D_CATA_ADJ, D_CATA_CELL, D_CATA_SURVIVOR,
                                               D_EVO_ANIMAL, D_EVO_CELL, D_EXODUS_CELL,
                                               D_EXODUS_DEST, D_FECUNDITY, D_NONE, D_PREDATOR,
                                               cubes_on, has_adjacent_tile, move_cube,
                                               others_on, place_from_gene, remove_corner_elem,
                                               remove_cube, set_decision, tile_elem_total)
from speciesgym.envs.dominant_species.state import state_kernel


# --- Biomass / Predator: one tile after the other ------------------------------------------
@rule_kernel
def next_biomass(st, first):
    """DS-CARD-03: each tile holding more cubes than elements loses one cube (taker picks)."""
    for c in range(first, st.terrain.shape[0]):
        if st.terrain[c] != EMPTY and cubes_on(st, c) > tile_elem_total(st, c):
            st.ctx_cell = c
            set_decision(st, D_BIOMASS, st.owner)
            return
    st.sub = D_NONE


@rule_kernel
def legal_animal_on_cell(st, c, out):
    for b in range(6):
        if st.cubes[c, b] > 0:
            out[A_ANIMAL + b] = 1


@rule_kernel
def apply_biomass(st, b):
    remove_cube(st, st.ctx_cell, b, False)
    next_biomass(st, st.ctx_cell + 1)


@rule_kernel
def next_predator(st, first):
    """DS-CARD-25: on every tile shared with an opponent, one opposing cube is eliminated."""
    a = st.owner
    for c in range(first, st.terrain.shape[0]):
        if st.cubes[c, a] > 0 and others_on(st, c, a):
            st.ctx_cell = c
            set_decision(st, D_PREDATOR, a)
            return
    st.sub = D_NONE


@rule_kernel
def apply_predator(st, b):
    remove_cube(st, st.ctx_cell, b, False)
    next_predator(st, st.ctx_cell + 1)


# --- Blight -------------------------------------------------------------------------------
@rule_kernel
def legal_blight_cell(st, out):
    """DS-CARD-04: a tile with at least two elements; all but one chosen element go."""
    for c in range(st.terrain.shape[0]):
        if st.terrain[c] != EMPTY and tile_elem_total(st, c) >= 2:
            out[A_CELL + c] = 1


@rule_kernel
def apply_blight_cell(st, c):
    st.ctx_cell = c
    st.sub = D_BLIGHT_KEEP


@rule_kernel
def legal_blight_keep(st, out):
    for j in range(6):
        k = CELL_CORNERS[st.ctx_cell, j]
        if st.corner[k] >= 0:
            out[A_CORNER + k] = 1


@rule_kernel
def apply_blight_keep(st, keep):
    for j in range(6):
        k = CELL_CORNERS[st.ctx_cell, j]
        if k != keep:
            remove_corner_elem(st, k)
    st.sub = D_NONE


# --- Catastrophe --------------------------------------------------------------------------
@rule_kernel
def apply_cata_cell(st, c):
    """DS-CARD-05: on any tile, all cubes but one (the taker picks its animal) are
    eliminated, then one cube on each adjacent tile with species."""
    st.ctx_cell = c
    st.ctx_k = 0
    if cubes_on(st, c) > 0:
        st.sub = D_CATA_SURVIVOR
    else:
        next_cata_adj(st)


@rule_kernel
def next_cata_adj(st):
    while st.ctx_k < 6:
        m = NEIGHBORS[st.ctx_cell, st.ctx_k]
        if m >= 0 and st.terrain[m] != EMPTY and cubes_on(st, m) > 0:
            st.sub = D_CATA_ADJ
            return
        st.ctx_k += 1
    st.sub = D_NONE


@rule_kernel
def apply_cata_survivor(st, b):
    c = st.ctx_cell
    for x in range(6):
        keep = 1 if x == b else 0
        while st.cubes[c, x] > keep:
            remove_cube(st, c, x, False)
    st.ctx_k = 0
    next_cata_adj(st)


@rule_kernel
def apply_cata_adj(st, b):
    remove_cube(st, NEIGHBORS[st.ctx_cell, st.ctx_k], b, False)
    st.ctx_k += 1
    next_cata_adj(st)


# --- Evolution ----------------------------------------------------------------------------
@state_kernel
def evo_victim_ok(st, c, b):
    return b != st.owner and st.cubes[c, b] > 0 and not (st.ctx_bits >> b) & 1


@rule_kernel
def legal_evo_cell(st, out):
    """DS-CARD-09: up to two different opponents each have one cube replaced by the taker's
    (the replaced cube is eliminated, A4)."""
    if st.gene[st.owner] <= 0 or st.ctx_n >= 2:
        return
    for c in range(st.terrain.shape[0]):
        for b in range(6):
            if evo_victim_ok(st, c, b):
                out[A_CELL + c] = 1
                break


@rule_kernel
def apply_evo_cell(st, c):
    st.ctx_cell = c
    st.sub = D_EVO_ANIMAL


@rule_kernel
def legal_evo_animal(st, out):
    for b in range(6):
        if evo_victim_ok(st, st.ctx_cell, b):
            out[A_ANIMAL + b] = 1


@rule_kernel
def apply_evo_animal(st, b):
    remove_cube(st, st.ctx_cell, b, False)
    place_from_gene(st, st.ctx_cell, st.owner, 1)
    st.ctx_bits |= 1 << b
    st.ctx_n += 1
    st.sub = D_EVO_CELL


# --- Fecundity ----------------------------------------------------------------------------
@rule_kernel
def legal_fecundity(st, out):
    """DS-CARD-10: one gene-pool cube on each tile the taker occupied (any it likes)."""
    if st.gene[st.owner] <= 0:
        return
    for c in range(st.terrain.shape[0]):
        if st.flags[c]:
            out[A_CELL + c] = 1


@rule_kernel
def apply_fecundity(st, c):
    place_from_gene(st, c, st.owner, 1)
    st.flags[c] = 0


# --- Mass Exodus --------------------------------------------------------------------------
@rule_kernel
def legal_exodus_cell(st, out):
    """DS-CARD-19: every cube of a tile moves to adjacent tiles, as the taker distributes."""
    for c in range(st.terrain.shape[0]):
        if st.terrain[c] != EMPTY and cubes_on(st, c) > 0 and has_adjacent_tile(st, c):
            out[A_CELL + c] = 1


@rule_kernel
def exodus_next_animal(st):
    for b in range(6):
        if st.cubes[st.ctx_cell, b] > 0:
            return b
    return -1


@rule_kernel
def apply_exodus_cell(st, c):
    st.ctx_cell = c
    st.sub = D_EXODUS_DEST


@rule_kernel
def legal_exodus_dest(st, out):
    for d in range(6):
        m = NEIGHBORS[st.ctx_cell, d]
        if m >= 0 and st.terrain[m] != EMPTY:
            out[A_CELL + m] = 1


@rule_kernel
def apply_exodus_dest(st, m):
    move_cube(st, st.ctx_cell, m, exodus_next_animal(st))
    st.sub = D_EXODUS_DEST if exodus_next_animal(st) >= 0 else D_NONE



@rule_kernel
def begin_earth_card(st, card):
    """Start one of this module's cards; returns False if the card is not one of them."""
    a = st.owner
    st.sub = D_NONE
    st.ctx_n = 0
    st.ctx_bits = 0
    if card == C_BIOMASS:
        next_biomass(st, 0)
    elif card == C_BLIGHT:
        set_decision(st, D_BLIGHT_CELL, a)
    elif card == C_CATASTROPHE:
        set_decision(st, D_CATA_CELL, a)          # any tile
    elif card == C_EVOLUTION:
        set_decision(st, D_EVO_CELL, a)
    elif card == C_FECUNDITY:
        for c in range(st.terrain.shape[0]):
            st.flags[c] = 1 if st.cubes[c, a] > 0 else 0
        set_decision(st, D_FECUNDITY, a)
    elif card == C_MASS_EXODUS:
        set_decision(st, D_EXODUS_CELL, a)
    elif card == C_PREDATOR:
        next_predator(st, 0)
    else:
        return False
    return True
