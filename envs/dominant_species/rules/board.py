"""Shared board kernels: phase and decision codes, geometry queries, matching, endangerment
and dominance, element and cube movements, bonus VPs and tile scoring.

Every other rule module builds on these; this module calls no other rule module.
"""
import numpy as np
from speciesgym.envs.core.kernel import rule_kernel

from speciesgym.envs.dominant_species.state import state_kernel

from speciesgym.envs.core.rng import rng_below
from speciesgym.envs.dominant_species.actions import BLOCKS
from speciesgym.envs.dominant_species.data import (BONUS, CELL_CORNERS, CORNER_CELLS, EMPTY, MAX_PAWNS,
                                        NEIGHBORS, PRINTED, TERRAIN_VP, TUNDRA)

A_CELL_START = BLOCKS.start("cell")

# phases
PH_PLANNING, PH_EXECUTION, PH_RESET, PH_OVER = range(4)
PHASE_NAMES = ("planning", "execution", "reset", "game over")

# decisions in progress (state field `sub`); D_NONE = nobody must decide (engine advances)
(D_NONE, D_PLAN, D_INIT_PLACE, D_ADAPT, D_REGRESS, D_ABUND_ELEM, D_ABUND_CORNER, D_WASTE,
 D_DEPLETE, D_GLACIATE, D_SPEC_CORNER, D_SPEC_COUNT, D_SPEC_INSECT, D_WANDER_STACK,
 D_WANDER_CELL, D_WANDER_ELEM, D_WANDER_CORNER, D_WANDER_MOVE, D_MIG_FROM, D_MIG_TO,
 D_COMP_CELL, D_COMP_VICTIM, D_DOM_CELL, D_DOM_CARD, D_MAMMAL_SAVE, D_AQUA_ELEM,
 D_AQUA_CORNER, D_AQUA_CELL, D_AQUA_COUNT, D_BIOMASS, D_BLIGHT_CELL, D_BLIGHT_KEEP,
 D_CATA_CELL, D_CATA_SURVIVOR, D_CATA_ADJ, D_DISEASE, D_EVO_CELL, D_EVO_ANIMAL,
 D_FECUNDITY, D_FERTILE, D_HABITAT_ELEM, D_HABITAT_CORNER, D_HIB_CELL, D_HIB_COUNT,
 D_ICE_SHEET, D_IMMI_OPTION, D_IMMI_ELEM, D_INSTINCT, D_EXODUS_CELL, D_EXODUS_DEST,
 D_META_OUT, D_META_IN, D_PREDATOR) = range(53)
N_DECISIONS = 53
DECISION_NAMES = (
    "-", "Planning", "Initiative", "Adaptation", "Regression", "Abundance", "Abundance",
    "Wasteland", "Depletion", "Glaciation", "Speciation", "Speciation", "Speciation (insect)",
    "Wanderlust", "Wanderlust", "Wanderlust", "Wanderlust", "Wanderlust move", "Migration",
    "Migration", "Competition", "Competition", "Domination", "Domination card",
    "Extinction (mammal save)", "Aquatic", "Aquatic", "Aquatic", "Aquatic", "Biomass",
    "Blight", "Blight", "Catastrophe", "Catastrophe", "Catastrophe", "Disease", "Evolution",
    "Evolution", "Fecundity", "Fertile", "Habitat", "Habitat", "Hibernation", "Hibernation",
    "Ice Sheet", "Immigrants", "Immigrants", "Instinct", "Mass Exodus", "Mass Exodus",
    "Metamorphosis", "Metamorphosis", "Predator")


@rule_kernel
def bonus_vp(n):
    """DS-VP-01: the bonus table, n(n+1)/2 capped at 45."""
    return BONUS[min(n, 39)]


@rule_kernel
def in_play(st, a):
    return st.animal_seat[a] >= 0


@rule_kernel
def is_tile(st, c):
    return c >= 0 and st.terrain[c] != EMPTY


@rule_kernel
def corner_has_tile(st, k):
    """DS-MAP-03: a corner is a legal element spot when it touches at least one tile."""
    for j in range(3):
        c = CORNER_CELLS[k, j]
        if c >= 0 and st.terrain[c] != EMPTY:
            return True
    return False


@rule_kernel
def corner_touches_tundra(st, k):
    for j in range(3):
        c = CORNER_CELLS[k, j]
        if c >= 0 and st.terrain[c] == TUNDRA:
            return True
    return False


@rule_kernel
def tile_elem_total(st, c):
    n = 0
    for j in range(6):
        if st.corner[CELL_CORNERS[c, j]] >= 0:
            n += 1
    return n


@rule_kernel
def match_value(st, a, c):
    """DS-DOM-01: sum over types of (type on a's display) x (type on the corners of c)."""
    m = 0
    for j in range(6):
        e = st.corner[CELL_CORNERS[c, j]]
        if e >= 0:
            m += st.display[a, e]
    return m


@rule_kernel
def is_endangered(st, a, c):
    """DS-DOM-02: a's species on c are endangered when it has cubes there and matches 0."""
    return st.cubes[c, a] > 0 and match_value(st, a, c) == 0


@rule_kernel
def dominant_on(st, c):
    """DS-DOM-03: the animal with cubes on c whose match is strictly highest and >= 1; -1."""
    best = 0
    who = -1
    tie = False
    if st.terrain[c] == EMPTY:
        return -1
    for a in range(6):
        if st.cubes[c, a] > 0:
            m = match_value(st, a, c)
            if m > best:
                best = m
                who = a
                tie = False
            elif m == best and m > 0:
                tie = True
    if tie:
        return -1
    return who


# DS-DOM-04 kept incrementally: a rule that changes what a tile's dominance reads (its cubes,
# the elements on its corners, whether it holds a tile, the display of an animal with cubes
# on it) marks the tile stale through the setters below; `settle` ends with update_dominance,
# which recomputes the stale tiles only. A settled state holds no stale mark.
DOM_STALE = -2


@state_kernel
def touch_cell(st, c):
    st.dom[c] = DOM_STALE


@state_kernel
def touch_corner(st, k):
    """The (up to three) hexes around corner k read its element."""
    for j in range(3):
        c = CORNER_CELLS[k, j]
        if c >= 0:
            st.dom[c] = DOM_STALE


@state_kernel
def touch_animal(st, a):
    """a's display changed: the tiles where a has cubes (elsewhere a takes no part)."""
    for c in range(st.terrain.shape[0]):
        if st.cubes[c, a] > 0:
            st.dom[c] = DOM_STALE


@state_kernel
def set_corner(st, k, e):
    st.corner[k] = e
    touch_corner(st, k)


@state_kernel
def set_terrain(st, c, t):
    st.terrain[c] = t
    touch_cell(st, c)


@state_kernel
def add_cubes(st, c, a, n):
    st.cubes[c, a] += n
    touch_cell(st, c)


@state_kernel
def add_display(st, a, t, n):
    st.display[a, t] += n
    touch_animal(st, a)


@rule_kernel
def update_dominance(st):
    """DS-DOM-04: dominance is recomputed after every change (claimed automatically): the
    tiles marked stale since the last update."""
    for c in range(st.terrain.shape[0]):
        if st.dom[c] == DOM_STALE:
            st.dom[c] = dominant_on(st, c)


@rule_kernel
def recompute_dominance(st):
    """DS-DOM-04 for every tile (a new game, a loaded position)."""
    st.dom[:] = DOM_STALE
    update_dominance(st)


@state_kernel
def neighbour_tile(st, c, d):
    """Neighbour d of cell c if it holds a tile, else -1."""
    n = NEIGHBORS[c, d]
    if n >= 0 and st.terrain[n] != EMPTY:
        return n
    return -1


@rule_kernel
def has_adjacent_tile(st, c):
    for d in range(6):
        if neighbour_tile(st, c, d) >= 0:
            return True
    return False


@rule_kernel
def count_adjacent(st, c, terrain_only):
    """Tiles adjacent to c (terrain_only = TUNDRA counts only tundra tiles; 0 = all)."""
    n = 0
    for d in range(6):
        m = NEIGHBORS[c, d]
        if m >= 0 and st.terrain[m] != EMPTY:
            if terrain_only == 0 or st.terrain[m] == terrain_only:
                n += 1
    return n


@state_kernel
def display_total(st, a):
    n = 0
    for t in range(6):
        n += st.display[a, t]
    return n


@state_kernel
def has_added(st, a):
    for t in range(6):
        if st.display[a, t] > PRINTED[a, t]:
            return True
    return False


@rule_kernel
def bag_total(st):
    n = 0
    for t in range(6):
        n += st.bag[t]
    return n


@rule_kernel
def draw_from_bag(st):
    """DS-SET-08: one random element from the bag (removed from it), -1 if the bag is empty."""
    n = bag_total(st)
    if n == 0:
        return -1
    r = rng_below(st, n)
    for t in range(6):
        if r < st.bag[t]:
            st.bag[t] -= 1
            return t
        r -= st.bag[t]
    return -1


@state_kernel
def remove_corner_elem(st, k):
    """DS-ELEM-01: a removed element goes back to the bag."""
    e = st.corner[k]
    if e >= 0:
        st.bag[e] += 1
        set_corner(st, k, -1)


@state_kernel
def remove_cube(st, c, a, to_gene):
    """DS-CUBE-01: one cube of a leaves c, to the gene pool (Glaciation) or eliminated."""
    add_cubes(st, c, a, -1)
    if st.hib[c, a] > st.cubes[c, a]:
        st.hib[c, a] = st.cubes[c, a]
    if to_gene:
        st.gene[a] += 1
    else:
        st.elim[a] += 1


@state_kernel
def move_cube(st, src, dst, a):
    add_cubes(st, src, a, -1)
    if st.hib[src, a] > st.cubes[src, a]:
        st.hib[src, a] = st.cubes[src, a]
    add_cubes(st, dst, a, 1)


@state_kernel
def place_from_gene(st, c, a, n):
    m = min(n, st.gene[a])
    add_cubes(st, c, a, m)
    st.gene[a] -= m


@rule_kernel
def others_on(st, c, a):
    """True when some animal other than a has a cube on c."""
    for b in range(6):
        if b != a and st.cubes[c, b] > 0:
            return True
    return False


@state_kernel
def cubes_on(st, c):
    n = 0
    for a in range(6):
        n += st.cubes[c, a]
    return n


@state_kernel
def tile_place(st, c, a):
    """DS-DOMN-02: a's place on c when scored (0 = most cubes; ties go to the animal higher
    in the food chain, the lower index); -1 when a has no cubes there."""
    if st.cubes[c, a] == 0:
        return -1
    place = 0
    for b in range(6):
        if st.cubes[c, b] > st.cubes[c, a] or (b < a and st.cubes[c, b] == st.cubes[c, a]):
            place += 1
    return place


@state_kernel
def tile_payout(st, c, a):
    """The VP a would get if tile c were scored now."""
    place = tile_place(st, c, a)
    if place < 0 or place >= 4:
        return 0
    return TERRAIN_VP[st.terrain[c], place]


@rule_kernel
def score_tile(st, c):
    """DS-DOMN-02: rank animals on c by cubes (food chain breaks ties); pay the terrain table."""
    for a in range(6):
        st.vp[a] += tile_payout(st, c, a)


@state_kernel
def gain_pawn(st, a):
    """DS-PAWN-02: a new action pawn, up to the 10 cylinders of the colour (A8)."""
    if st.ap_total[a] < MAX_PAWNS:
        st.ap_total[a] += 1
        st.ap_supply[a] += 1


@rule_kernel
def swap_initiative(st, a):
    """DS-INIT-01: a's initiative marker swaps with the animal directly ahead of it."""
    for i in range(1, st.num_players):
        if st.init_order[i] == a:
            st.init_order[i] = st.init_order[i - 1]
            st.init_order[i - 1] = a
            return


@rule_kernel
def vacant_corner_on_earth(st, k):
    return st.corner[k] < 0 and corner_has_tile(st, k)


@rule_kernel
def any_vacant_corner(st):
    for k in range(st.corner.shape[0]):
        if vacant_corner_on_earth(st, k):
            return True
    return False


@rule_kernel
def legal_every_tile(st, out):
    """Every hex holding a tile (A_CELL block)."""
    for c in range(st.terrain.shape[0]):
        if st.terrain[c] != EMPTY:
            out[A_CELL_START + c] = 1


@state_kernel
def set_decision(st, sub, actor):
    st.sub = sub
    st.actor = actor
