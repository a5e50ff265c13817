"""Glaciation (DS-GLAC-*), also used by the Ice Sheet card."""
from speciesgym.envs.core.kernel import rule_kernel

from speciesgym.envs.dominant_species.actions import A_CELL
from speciesgym.envs.dominant_species.data import CORNER_CELLS, EMPTY, TUNDRA
from speciesgym.envs.dominant_species.rules.board import (D_GLACIATE, D_NONE, bonus_vp, count_adjacent,
                                               remove_corner_elem, remove_cube, set_decision,
                                               set_terrain)


@rule_kernel
def can_glaciate(st, c):
    """DS-GLAC-02: a non-tundra tile adjacent to a tundra tile, while tundra tiles remain."""
    if st.tundra_left <= 0:
        return False
    t = st.terrain[c]
    return t != EMPTY and t != TUNDRA and count_adjacent(st, c, TUNDRA) > 0


@rule_kernel
def legal_glaciate(st, out):
    for c in range(st.terrain.shape[0]):
        if can_glaciate(st, c):
            out[A_CELL + c] = 1


@rule_kernel
def begin_glaciation(st, a):
    """DS-GLAC-01: only the leftmost Glaciation pawn resolves (the engine picks it)."""
    set_decision(st, D_GLACIATE, a)


@rule_kernel
def glaciate(st, c, a):
    """DS-GLAC-03..05: tundra on c; bonus VPs for adjacent tundra; one cube per animal
    stays (the rest back to the gene pool); elements surrounded by three tundra go."""
    set_terrain(st, c, TUNDRA)
    st.tundra_left -= 1
    st.vp[a] += bonus_vp(count_adjacent(st, c, TUNDRA))
    for b in range(6):
        while st.cubes[c, b] > 1:
            remove_cube(st, c, b, True)
    for k in range(st.corner.shape[0]):
        if st.corner[k] < 0:
            continue
        n = 0
        for j in range(3):
            x = CORNER_CELLS[k, j]
            if x >= 0 and st.terrain[x] == TUNDRA:
                n += 1
        if n == 3:
            remove_corner_elem(st, k)


@rule_kernel
def apply_glaciate(st, c):
    glaciate(st, c, st.actor)
    st.sub = D_NONE
