"""Dominance cards that place elements, species or tundra (DS-CARD-*): Aquatic, Habitat,
Hibernation, Ice Sheet. The taker is `st.owner`; it makes every choice of these cards."""
from speciesgym.envs.core.kernel import rule_kernel

from speciesgym.envs.dominant_species.actions import A_CELL, A_CORNER, A_COUNT
from speciesgym.envs.dominant_species.data import (C_AQUATIC, C_HABITAT, C_HIBERNATION, C_ICE_SHEET,
                                        CORNER_CELLS, SEA, WETLAND)
from speciesgym.envs.dominant_species.rules.board import (D_AQUA_CELL, D_AQUA_CORNER, D_AQUA_COUNT,
                                               D_AQUA_ELEM, D_HABITAT_CORNER, D_HABITAT_ELEM,
                                               D_HIB_CELL, D_HIB_COUNT, D_ICE_SHEET, D_NONE,
                                               add_cubes, any_vacant_corner, bag_total,
                                               place_from_gene, set_corner, set_decision)
from speciesgym.envs.dominant_species.rules.glaciation import can_glaciate, glaciate
from speciesgym.envs.dominant_species.state import state_kernel


@state_kernel
def is_watery(st, c):
    return c >= 0 and (st.terrain[c] == SEA or st.terrain[c] == WETLAND)


@rule_kernel
def watery_corner(st, k):
    """DS-CARD-01: a vacant corner touching a sea or wetland tile."""
    if st.corner[k] >= 0:
        return False
    for j in range(3):
        if is_watery(st, CORNER_CELLS[k, j]):
            return True
    return False


@rule_kernel
def aqua_cell_ok(st, c):
    if not is_watery(st, c):
        return False
    if st.ctx_corner < 0:
        return True
    for j in range(3):
        if CORNER_CELLS[st.ctx_corner, j] == c:
            return True
    return False


@rule_kernel
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


@rule_kernel
def aquatic_species(st):
    st.sub = D_NONE
    if st.gene[st.owner] <= 0:
        return
    for c in range(st.terrain.shape[0]):
        if aqua_cell_ok(st, c):
            set_decision(st, D_AQUA_CELL, st.owner)
            return


@rule_kernel
def apply_aqua_elem(st, t):
    st.ctx_elem = t
    st.sub = D_AQUA_CORNER


@rule_kernel
def legal_aqua_corner(st, out):
    for k in range(st.corner.shape[0]):
        if watery_corner(st, k):
            out[A_CORNER + k] = 1


@rule_kernel
def apply_aqua_corner(st, k):
    st.bag[st.ctx_elem] -= 1
    set_corner(st, k, st.ctx_elem)
    st.ctx_corner = k
    aquatic_species(st)


@rule_kernel
def legal_aqua_cell(st, out):
    for c in range(st.terrain.shape[0]):
        if aqua_cell_ok(st, c):
            out[A_CELL + c] = 1


@rule_kernel
def apply_aqua_cell(st, c):
    st.ctx_cell = c
    st.sub = D_AQUA_COUNT


@rule_kernel
def legal_count_upto(st, cap, out):
    for n in range(min(cap, st.gene[st.owner]) + 1):
        out[A_COUNT + n] = 1


@rule_kernel
def apply_aqua_count(st, n):
    place_from_gene(st, st.ctx_cell, st.owner, n)
    st.sub = D_NONE


# --- Habitat ------------------------------------------------------------------------------
@rule_kernel
def apply_habitat_elem(st, t):
    """DS-CARD-12: an element of any type from the bag on any vacant corner of earth."""
    st.ctx_elem = t
    st.sub = D_HABITAT_CORNER


@rule_kernel
def apply_habitat_corner(st, k):
    st.bag[st.ctx_elem] -= 1
    set_corner(st, k, st.ctx_elem)
    st.sub = D_NONE


# --- Hibernation --------------------------------------------------------------------------
@rule_kernel
def apply_hib_cell(st, c):
    """DS-CARD-13: up to 5 eliminated cubes return on one tile, safe from this Reset's
    Extinction (A18)."""
    st.ctx_cell = c
    st.sub = D_HIB_COUNT


@rule_kernel
def legal_hib_count(st, out):
    for n in range(min(5, st.elim[st.owner]) + 1):
        out[A_COUNT + n] = 1


@rule_kernel
def apply_hib_count(st, n):
    add_cubes(st, st.ctx_cell, st.owner, n)
    st.hib[st.ctx_cell, st.owner] += n
    st.elim[st.owner] -= n
    st.sub = D_NONE


# --- Ice Sheet ----------------------------------------------------------------------------
@rule_kernel
def apply_ice_sheet(st, c):
    """DS-CARD-15: a free Glaciation by the taker."""
    glaciate(st, c, st.owner)
    st.sub = D_NONE


@rule_kernel
def begin_placement_card(st, card):
    """Start one of this module's cards; returns False if the card is not one of them."""
    a = st.owner
    st.sub = D_NONE
    if card == C_AQUATIC:
        begin_aquatic(st)
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
    else:
        return False
    return True
