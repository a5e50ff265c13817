"""A compiled greedy rollout policy for Dominant Species: the spreader's ideas (agents/
ds_heuristics.py) in a few array lookups, reading the sampled state of the animal to decide
(inside a simulation every seat plays it).

- planning: the action-display space whose action pays now (spreader weights): Speciation
  of an element type next to tiles we match, Adaptation while the box holds elements and
  our display has room, Glaciation while tundra is left, Wanderlust while a stack shows a
  tile, Domination, Migration, Competition; earlier slots of a row first;
- a tile to score: our dominance there, our cubes over the best rival's; a tile to spread
  on: one we match (and do not occupy yet); a tile to harm: rivals' cubes over ours;
- a count: as many cubes as allowed; an animal to hit: the leader, never ourselves;
- passing only where the decision is a harm we may decline; anything else uniform.
"""
import numpy as np
from numba import njit

from speciesgym.agents.search.policy import best_scored, random_legal
from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species.actions import (A_ANIMAL, A_CELL, A_COUNT, A_PASS, A_PLACE,
                                           N_ACTIONS)
from speciesgym.envs.dominant_species.rules import board as B

# planning weight per action kind (the spreader's), ACT_* order
PLAN_W = np.array([0.6, 2.4, 0.5, 1.4, 0.3, 0.3, 2.8, 3.0, 2.2, 1.8, 1.0, 2.0])
HARM = np.zeros(B.N_DECISIONS, np.bool_)
HARM[[B.D_BLIGHT_CELL, B.D_CATA_CELL, B.D_GLACIATE, B.D_ICE_SHEET, B.D_EXODUS_CELL]] = True
MAY_PASS = np.zeros(B.N_DECISIONS, np.bool_)
MAY_PASS[[B.D_GLACIATE, B.D_ICE_SHEET, B.D_DOM_CELL, B.D_DEPLETE, B.D_WASTE,
          B.D_WANDER_MOVE, B.D_MIG_FROM, B.D_EVO_CELL]] = True
VICTIM = np.zeros(B.N_DECISIONS, np.bool_)
VICTIM[[B.D_COMP_VICTIM, B.D_PREDATOR, B.D_CATA_SURVIVOR]] = True


@njit(cache=True)
def speciation_value(st, me, t):
    """Tiles next to corners of element t where we match: how many, 0 without cubes."""
    if st.gene[me] <= 0:
        return 0.0
    n = 0.0
    for k in range(D.N_CORNERS):
        if st.corner[k] != t:
            continue
        for j in range(3):
            c = D.CORNER_CELLS[k, j]
            if B.is_tile(st, c) and B.match_value(st, me, c) > 0:
                n += 1.0 if st.cubes[c, me] == 0 else 0.4
    return min(n, 6.0)


@njit(cache=True)
def plan_value(st, me, sp):
    act = D.SPACE_ACTION[sp]
    slot = D.SPACE_SLOT[sp]
    w = PLAN_W[act]
    if act == D.ACT_ADAPTATION:
        room = st.display[me].sum() < D.MAX_DISPLAY
        return w - 0.2 * slot if room and st.box[D.BOX_ADAPTATION].sum() > 0 else -1.0
    if act == D.ACT_ABUNDANCE:
        return w - 0.2 * slot if st.box[D.BOX_ABUNDANCE].sum() > 0 else -1.0
    if act == D.ACT_GLACIATION:
        return w - slot if st.tundra_left > 0 else -1.0
    if act == D.ACT_SPECIATION:
        if sp == D.SP_INSECT:
            return 0.0
        return w * (0.5 + 0.4 * speciation_value(st, me, slot))
    if act == D.ACT_WANDERLUST:
        return w - 0.3 * slot if st.stack_face.max() > 0 else -1.0
    if act == D.ACT_MIGRATION:
        return w - 0.1 * slot
    if act == D.ACT_DOMINATION:
        return w - 0.1 * slot
    return w


@njit(cache=True)
def cell_value(st, me, c, d):
    rival = 0
    for a in range(6):
        if a != me and st.cubes[c, a] > rival:
            rival = st.cubes[c, a]
    if d == B.D_DOM_CELL or d == B.D_COMP_CELL:
        return (3.0 if st.dom[c] == me else 0.0) + st.cubes[c, me] - 0.7 * rival \
            + 0.25 * D.TERRAIN_VP[st.terrain[c], 0]
    if HARM[d]:
        others = 0
        for a in range(6):
            if a != me:
                others += st.cubes[c, a]
        return 0.6 * others - st.cubes[c, me]
    if d == B.D_MIG_FROM:
        return 3.0 if B.match_value(st, me, c) == 0 else 0.5 * (st.cubes[c, me] - 2)
    value = 1.0 + D.TERRAIN_VP[st.terrain[c], 0] / 4.0
    value += 2.0 if B.match_value(st, me, c) > 0 else -2.0
    return value + (1.5 if st.cubes[c, me] == 0 else 0.0)


@njit(cache=True)
def greedy_action(st, mask, word):
    me = st.actor
    d = st.sub
    value = np.zeros(N_ACTIONS, np.float64)
    value[A_PASS] = 0.0 if MAY_PASS[d] else -5.0
    if d == B.D_PLAN:
        for sp in range(D.N_SPACES):
            if mask[A_PLACE + sp]:
                value[A_PLACE + sp] = plan_value(st, me, sp)
    elif mask[A_CELL:A_CELL + D.N_CELLS].any():
        for c in range(D.N_CELLS):
            if mask[A_CELL + c]:
                value[A_CELL + c] = cell_value(st, me, c, d)
    elif mask[A_COUNT:A_COUNT + 6].any():
        for i in range(6):
            value[A_COUNT + i] = i
    elif mask[A_ANIMAL:A_ANIMAL + 6].any():
        for a in range(6):
            if a == me:
                value[A_ANIMAL + a] = -10.0 if VICTIM[d] else 5.0
            else:
                value[A_ANIMAL + a] = st.vp[a] / 10.0
    else:
        return random_legal(mask, word)
    return best_scored(value, mask, word)
