"""Dominance cards that act on the earth (DS-CARD-*): Aquatic, Biomass, Blight, Catastrophe,
Evolution, Fecundity, Habitat, Hibernation, Ice Sheet, Mass Exodus, Predator. The taker is
`st.owner`; it makes every choice of these cards."""
from numba import njit

from envs.dominant_species.actions import A_ANIMAL, A_CELL, A_CORNER, A_COUNT
from envs.dominant_species.data import (C_AQUATIC, C_BIOMASS, C_BLIGHT, C_CATASTROPHE,
                                        C_EVOLUTION, C_FECUNDITY, C_HABITAT, C_HIBERNATION,
                                        C_ICE_SHEET, C_MASS_EXODUS, C_PREDATOR, CELL_CORNERS,
                                        CORNER_CELLS, EMPTY, NEIGHBORS, SEA, WETLAND)
from envs.dominant_species.rules.board import (D_AQUA_CELL, D_AQUA_CORNER, D_AQUA_COUNT,
                                               D_AQUA_ELEM, D_BIOMASS, D_BLIGHT_CELL,
                                               D_BLIGHT_KEEP, D_CATA_ADJ, D_CATA_CELL,
                                               D_CATA_SURVIVOR, D_EVO_ANIMAL, D_EVO_CELL,
                                               D_EXODUS_CELL, D_EXODUS_DEST, D_FECUNDITY,
                                               D_HABITAT_ELEM, D_HIB_CELL, D_HIB_COUNT,
                                               D_ICE_SHEET, D_NONE, D_PREDATOR,
                                               D_HABITAT_CORNER, any_vacant_corner, bag_total,
                                               cubes_on, has_adjacent_tile, move_cube,
                                               others_on, place_from_gene, remove_corner_elem,
                                               remove_cube, set_decision, tile_elem_total,
                                               vacant_corner_on_earth)
from envs.dominant_species.rules.glaciation import can_glaciate, glaciate


@njit(cache=True)
def is_watery(st, c):
    return c >= 0 and (st.terrain[c] == SEA or st.terrain[c] == WETLAND)


@njit(cache=True)
def watery_corner(st, k):
    """DS-CARD-01: a vacant corner touching a sea or wetland tile."""
    if st.corner[k] >= 0:
        return False
    for j in range(3):
        if is_watery(st, CORNER_CELLS[k, j]):
            return True
    return False


@njit(cache=True)
def aqua_cell_ok(st, c):
    if not is_watery(st, c):
        return False
    if st.ctx_corner < 0:
        return True
    for j in range(3):
        if CORNER_CELLS[st.ctx_corner, j] == c:
            return True
    return False


@njit(cache=True)
def begin_aquatic(st):
    """DS-CARD-01: an element of any type from the bag on a sea/wetland corner, then up to 4
    cubes on a sea/wetland tile touching it (any sea/wetland tile if no element fitted)."""
    st.ctx_corner = -1
    if bag_total(st) > 0:
        for k in range(st.corner.shape[0]):
            if watery_corner(st, k):
                set_decision(st, D_AQUA_ELEM, st.owner)
                return
    aquatic_species(st)


@njit(cache=True)
def aquatic_species(st):
    st.sub = D_NONE
    if st.gene[st.owner] <= 0:
        return
    for c in range(st.terrain.shape[0]):
        if aqua_cell_ok(st, c):
            set_decision(st, D_AQUA_CELL, st.owner)
            return


@njit(cache=True)
def apply_aqua_elem(st, t):
    st.ctx_elem = t
    st.sub = D_AQUA_CORNER


@njit(cache=True)
def legal_aqua_corner(st, out):
    for k in range(st.corner.shape[0]):
        if watery_corner(st, k):
            out[A_CORNER + k] = 1


@njit(cache=True)
def apply_aqua_corner(st, k):
    st.bag[st.ctx_elem] -= 1
    st.corner[k] = st.ctx_elem
    st.ctx_corner = k
    aquatic_species(st)


@njit(cache=True)
def legal_aqua_cell(st, out):
    for c in range(st.terrain.shape[0]):
        if aqua_cell_ok(st, c):
            out[A_CELL + c] = 1


@njit(cache=True)
def apply_aqua_cell(st, c):
    st.ctx_cell = c
    st.sub = D_AQUA_COUNT


@njit(cache=True)
def legal_count_upto(st, cap, out):
    for n in range(min(cap, st.gene[st.owner]) + 1):
        out[A_COUNT + n] = 1


@njit(cache=True)
def apply_aqua_count(st, n):
    place_from_gene(st, st.ctx_cell, st.owner, n)
    st.sub = D_NONE


# --- Biomass / Predator: one tile after the other ------------------------------------------
@njit(cache=True)
def next_biomass(st, first):
    """DS-CARD-03: each tile holding more cubes than elements loses one cube (taker picks)."""
    for c in range(first, st.terrain.shape[0]):
        if st.terrain[c] != EMPTY and cubes_on(st, c) > tile_elem_total(st, c):
            st.ctx_cell = c
            set_decision(st, D_BIOMASS, st.owner)
            return
    st.sub = D_NONE


@njit(cache=True)
def legal_animal_on_cell(st, c, out):
    for b in range(6):
        if st.cubes[c, b] > 0:
            out[A_ANIMAL + b] = 1


@njit(cache=True)
def apply_biomass(st, b):
    remove_cube(st, st.ctx_cell, b, False)
    next_biomass(st, st.ctx_cell + 1)


@njit(cache=True)
def next_predator(st, first):
    """DS-CARD-25: on every tile shared with an opponent, one opposing cube is eliminated."""
    a = st.owner
    for c in range(first, st.terrain.shape[0]):
        if st.cubes[c, a] > 0 and others_on(st, c, a):
            st.ctx_cell = c
            set_decision(st, D_PREDATOR, a)
            return
    st.sub = D_NONE


@njit(cache=True)
def apply_predator(st, b):
    remove_cube(st, st.ctx_cell, b, False)
    next_predator(st, st.ctx_cell + 1)


# --- Blight -------------------------------------------------------------------------------
@njit(cache=True)
def legal_blight_cell(st, out):
    """DS-CARD-04: a tile with at least two elements; all but one chosen element go."""
    for c in range(st.terrain.shape[0]):
        if st.terrain[c] != EMPTY and tile_elem_total(st, c) >= 2:
            out[A_CELL + c] = 1


@njit(cache=True)
def apply_blight_cell(st, c):
    st.ctx_cell = c
    st.sub = D_BLIGHT_KEEP


@njit(cache=True)
def legal_blight_keep(st, out):
    for j in range(6):
        k = CELL_CORNERS[st.ctx_cell, j]
        if st.corner[k] >= 0:
            out[A_CORNER + k] = 1


@njit(cache=True)
def apply_blight_keep(st, keep):
    for j in range(6):
        k = CELL_CORNERS[st.ctx_cell, j]
        if k != keep:
            remove_corner_elem(st, k)
    st.sub = D_NONE


# --- Catastrophe --------------------------------------------------------------------------
@njit(cache=True)
def apply_cata_cell(st, c):
    """DS-CARD-05: on any tile, all cubes but one (the taker picks its animal) are
    eliminated, then one cube on each adjacent tile with species."""
    st.ctx_cell = c
    st.ctx_k = 0
    if cubes_on(st, c) > 0:
        st.sub = D_CATA_SURVIVOR
    else:
        next_cata_adj(st)


@njit(cache=True)
def next_cata_adj(st):
    while st.ctx_k < 6:
        m = NEIGHBORS[st.ctx_cell, st.ctx_k]
        if m >= 0 and st.terrain[m] != EMPTY and cubes_on(st, m) > 0:
            st.sub = D_CATA_ADJ
            return
        st.ctx_k += 1
    st.sub = D_NONE


@njit(cache=True)
def apply_cata_survivor(st, b):
    c = st.ctx_cell
    for x in range(6):
        keep = 1 if x == b else 0
        while st.cubes[c, x] > keep:
            remove_cube(st, c, x, False)
    st.ctx_k = 0
    next_cata_adj(st)


@njit(cache=True)
def apply_cata_adj(st, b):
    remove_cube(st, NEIGHBORS[st.ctx_cell, st.ctx_k], b, False)
    st.ctx_k += 1
    next_cata_adj(st)


# --- Evolution ----------------------------------------------------------------------------
@njit(cache=True)
def evo_victim_ok(st, c, b):
    return b != st.owner and st.cubes[c, b] > 0 and not (st.ctx_bits >> b) & 1


@njit(cache=True)
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


@njit(cache=True)
def apply_evo_cell(st, c):
    st.ctx_cell = c
    st.sub = D_EVO_ANIMAL


@njit(cache=True)
def legal_evo_animal(st, out):
    for b in range(6):
        if evo_victim_ok(st, st.ctx_cell, b):
            out[A_ANIMAL + b] = 1


@njit(cache=True)
def apply_evo_animal(st, b):
    remove_cube(st, st.ctx_cell, b, False)
    place_from_gene(st, st.ctx_cell, st.owner, 1)
    st.ctx_bits |= 1 << b
    st.ctx_n += 1
    st.sub = D_EVO_CELL


# --- Fecundity ----------------------------------------------------------------------------
@njit(cache=True)
def legal_fecundity(st, out):
    """DS-CARD-10: one gene-pool cube on each tile the taker occupied (any it likes)."""
    if st.gene[st.owner] <= 0:
        return
    for c in range(st.terrain.shape[0]):
        if st.flags[c]:
            out[A_CELL + c] = 1


@njit(cache=True)
def apply_fecundity(st, c):
    place_from_gene(st, c, st.owner, 1)
    st.flags[c] = 0


# --- Habitat ------------------------------------------------------------------------------
@njit(cache=True)
def apply_habitat_elem(st, t):
    """DS-CARD-12: an element of any type from the bag on any vacant corner of earth."""
    st.ctx_elem = t
    st.sub = D_HABITAT_CORNER


@njit(cache=True)
def apply_habitat_corner(st, k):
    st.bag[st.ctx_elem] -= 1
    st.corner[k] = st.ctx_elem
    st.sub = D_NONE


# --- Hibernation --------------------------------------------------------------------------
@njit(cache=True)
def legal_any_tile_owner(st, out):
    for c in range(st.terrain.shape[0]):
        if st.terrain[c] != EMPTY:
            out[A_CELL + c] = 1


@njit(cache=True)
def apply_hib_cell(st, c):
    """DS-CARD-13: up to 5 eliminated cubes return on one tile, safe from this Reset's
    Extinction (A18)."""
    st.ctx_cell = c
    st.sub = D_HIB_COUNT


@njit(cache=True)
def legal_hib_count(st, out):
    for n in range(min(5, st.elim[st.owner]) + 1):
        out[A_COUNT + n] = 1


@njit(cache=True)
def apply_hib_count(st, n):
    st.cubes[st.ctx_cell, st.owner] += n
    st.hib[st.ctx_cell, st.owner] += n
    st.elim[st.owner] -= n
    st.sub = D_NONE


# --- Ice Sheet ----------------------------------------------------------------------------
@njit(cache=True)
def apply_ice_sheet(st, c):
    """DS-CARD-15: a free Glaciation by the taker."""
    glaciate(st, c, st.owner)
    st.sub = D_NONE


# --- Mass Exodus --------------------------------------------------------------------------
@njit(cache=True)
def legal_exodus_cell(st, out):
    """DS-CARD-19: every cube of a tile moves to adjacent tiles, as the taker distributes."""
    for c in range(st.terrain.shape[0]):
        if st.terrain[c] != EMPTY and cubes_on(st, c) > 0 and has_adjacent_tile(st, c):
            out[A_CELL + c] = 1


@njit(cache=True)
def exodus_next_animal(st):
    for b in range(6):
        if st.cubes[st.ctx_cell, b] > 0:
            return b
    return -1


@njit(cache=True)
def apply_exodus_cell(st, c):
    st.ctx_cell = c
    st.sub = D_EXODUS_DEST


@njit(cache=True)
def legal_exodus_dest(st, out):
    for d in range(6):
        m = NEIGHBORS[st.ctx_cell, d]
        if m >= 0 and st.terrain[m] != EMPTY:
            out[A_CELL + m] = 1


@njit(cache=True)
def apply_exodus_dest(st, m):
    move_cube(st, st.ctx_cell, m, exodus_next_animal(st))
    st.sub = D_EXODUS_DEST if exodus_next_animal(st) >= 0 else D_NONE


@njit(cache=True)
def begin_earth_card(st, card):
    """Start one of this module's cards; returns False if the card is not one of them."""
    a = st.owner
    st.sub = D_NONE
    st.ctx_n = 0
    st.ctx_bits = 0
    if card == C_AQUATIC:
        begin_aquatic(st)
    elif card == C_BIOMASS:
        next_biomass(st, 0)
    elif card == C_BLIGHT:
        set_decision(st, D_BLIGHT_CELL, a)
    elif card == C_CATASTROPHE:
        set_decision(st, D_CATA_CELL, a)          # any tile (legal_any_tile_owner)
    elif card == C_EVOLUTION:
        set_decision(st, D_EVO_CELL, a)
    elif card == C_FECUNDITY:
        for c in range(st.terrain.shape[0]):
            st.flags[c] = 1 if st.cubes[c, a] > 0 else 0
        set_decision(st, D_FECUNDITY, a)
    elif card == C_HABITAT:
        if any_vacant_corner(st) and bag_total(st) > 0:
            set_decision(st, D_HABITAT_ELEM, a)
    elif card == C_HIBERNATION:
        if st.elim[a] > 0:
            set_decision(st, D_HIB_CELL, a)
    elif card == C_ICE_SHEET:
        for c in range(st.terrain.shape[0]):
            if can_glaciate(st, c):
                set_decision(st, D_ICE_SHEET, a)
                break
    elif card == C_MASS_EXODUS:
        set_decision(st, D_EXODUS_CELL, a)
    elif card == C_PREDATOR:
        next_predator(st, 0)
    else:
        return False
    return True


@njit(cache=True)
def legal_habitat_corner(st, out):
    for k in range(st.corner.shape[0]):
        if vacant_corner_on_earth(st, k):
            out[A_CORNER + k] = 1
