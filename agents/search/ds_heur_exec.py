"""Execution decisions of the compiled Dominant Species heuristics (ds_heur_scores): which
element, corner, cell or animal to pick once an action is being resolved. Raise our own
matching and lower our rivals', place as many species as the tile allows, score the tile
that pays us most over the best rival, hit the leader."""
from numba import njit

from speciesgym.agents.search.ds_heur_parts import (PRINTED, TERRAIN_VP, W_GLACIATION,
                                                      W_SPREAD, dom_value, dominant,
                                                      harm_value, leader, tile_vp,
                                                      tile_weight, usefulness)
from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species.rules import board as B

CORNER_CELLS = D.CORNER_CELLS
NEIGHBORS = D.NEIGHBORS
SPECIATION_CAP = D.SPECIATION_CAP


@njit(cache=True)
def spec_corner_value(v, k, spread):
    """Cubes we could place around corner k where we match, weighted by tile."""
    me = v.me
    total = 0.0
    gene = v.gene[me]
    for j in range(CORNER_CELLS.shape[1]):
        c = CORNER_CELLS[k, j]
        if c < 0 or v.terrain[c] == 0:
            continue
        if v.match[c, me] <= 0:
            continue
        n = min(SPECIATION_CAP[v.terrain[c]], gene)
        gene -= n
        fresh = 1.0 if v.cubes[c, me] == 0 else 0.0
        total += n * tile_weight(v, c) * 0.3 + fresh * spread
        if dominant(v, c) == me:
            total += 0.5
    return total


@njit(cache=True)
def corner_gain(v, k, t):
    """Element t on corner k: our matching gain minus rivals' (cube-weighted)."""
    if t < 0:
        t += 6                  # an empty corner reads the last type, as numpy's [-1] does
    me = v.me
    value = 0.0
    for j in range(CORNER_CELLS.shape[1]):
        c = CORNER_CELLS[k, j]
        if c < 0 or v.terrain[c] == 0:
            continue
        w = tile_weight(v, c)
        if v.cubes[c, me]:
            value += v.display[me, t] * (1 + 0.3 * v.cubes[c, me]) * w * 0.5
            if v.match[c, me] == 0:
                value += 3.0
        for a in v.opponents:
            if v.cubes[c, a]:
                value -= v.display[a, t] * 0.3 * w
    return value


@njit(cache=True)
def elem_value(v, i, d):
    """Choosing element type i in decision d."""
    me = v.me
    if d == B.D_ADAPT or d == B.D_AQUA_ELEM or d == B.D_HABITAT_ELEM or d == B.D_META_IN:
        on_tiles = 0
        for c in range(D.N_CELLS):
            on_tiles += v.tile_elems[c, i]
        return usefulness(v, i, me) + 0.5 * on_tiles * 0.1
    if d == B.D_REGRESS:
        return 1.0 * max(v.display[me, i] - PRINTED[me, i], 0)
    if d == B.D_ABUND_ELEM or d == B.D_WANDER_ELEM:
        theirs = 0
        for a in v.opponents:
            theirs += v.display[a, i]
        return v.display[me, i] * 2.0 - 0.5 * theirs
    if d == B.D_WASTE:
        theirs = 0.0
        for a in v.opponents:
            theirs += usefulness(v, i, a)
        return usefulness(v, i, me) - 0.3 * theirs
    if d == B.D_DISEASE or d == B.D_IMMI_ELEM or d == B.D_META_OUT:
        return -usefulness(v, i, me)
    return 0.0


@njit(cache=True)
def victim_value(v, a, d):
    """Choosing animal a in decision d: never ourselves where it hurts, else the leader."""
    if a == v.me:
        if d == B.D_COMP_VICTIM or d == B.D_PREDATOR or d == B.D_CATA_SURVIVOR:
            return -10.0
        return 5.0
    return v.vp[a] / 10.0 + (1.0 if a == leader(v) else 0.0)


@njit(cache=True)
def cell_value(v, c, d, w):
    """Choosing cell c in decision d (w: the style's weights)."""
    me = v.me
    spread = w[W_SPREAD]
    if d == B.D_DOM_CELL:
        return dom_value(v, c)
    if d == B.D_GLACIATE or d == B.D_ICE_SHEET:
        near = 0
        for n in NEIGHBORS[c]:
            if n >= 0 and v.terrain[n] == D.TUNDRA:
                near += 1
        value = B.BONUS[near] * 0.5 + harm_value(v, c, 1)
        return value + w[W_GLACIATION] * 0.3
    if d == B.D_BLIGHT_CELL or d == B.D_CATA_CELL:
        return harm_value(v, c, 0)
    if d == B.D_COMP_CELL:
        most = 0
        first = True
        for a in v.opponents:
            if first or v.cubes[c, a] > most:
                most, first = v.cubes[c, a], False
        return tile_weight(v, c) + 0.1 * most
    if d == B.D_WANDER_CELL:
        near = 0
        mine = 0
        for n in NEIGHBORS[c]:
            if n >= 0 and v.terrain[n] > 0:
                near += 1
                mine += v.cubes[n, me]
        return B.BONUS[near] + 0.2 * mine
    if d == B.D_WANDER_MOVE:
        new = v.ctx_cell
        if new >= 0 and v.match[new, me] > 0 and v.cubes[c, me] > 1 and v.cubes[new, me] < 3:
            return 1.0 + (spread if v.cubes[new, me] == 0 else 0.0)
        return -1.0
    if d == B.D_MIG_FROM:
        if v.match[c, me] == 0:
            return 3.0
        return (v.cubes[c, me] - 2) * 0.5 - 0.5
    if d == B.D_MIG_TO:
        if v.match[c, me] == 0:
            return -3.0
        value = tile_weight(v, c) * 0.5 + (spread if v.cubes[c, me] == 0 else 0.0)
        return value + 0.1 * (TERRAIN_VP[v.terrain[c], 0] - tile_vp(v, c)[me])
    if d == B.D_EXODUS_CELL:
        return harm_value(v, c, 0)
    # beneficial placements (Speciation by insect, Aquatic, Fecundity, Fertile, Hibernation,
    # Evolution, Mass Exodus destinations, mammal save)
    value = tile_weight(v, c) + (2.0 if v.match[c, me] > 0 else -2.0)
    if d == B.D_FERTILE:
        value += tile_vp(v, c)[me]
    return value + (spread if v.cubes[c, me] == 0 else 0.0)
