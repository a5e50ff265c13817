"""The scoring of the Dominant Species heuristic bots (agents.ds_heuristics) in compiled
code: one source of truth for the Python agents and the batched training env's compiled
opponents (training.ppo.batched_kernels).

`score_actions(obs, mask, weights, out)` writes a score for every legal action of the seat
whose observation `obs` is (`score_view` the same from its View, e.g. ds_heur_view's
view_of_state); the bot plays the best, ties within 1e-9 of the best broken by
its generator (agents.base.best_legal). `weights` (float64, W_*) holds a style: the planning
weight of each action kind and the bonus for a tile where we have no cube yet (`spread`).

Planning values each action-display space by what it would do for us now: Adaptation when
the box holds elements that raise our matching where our species live, Speciation of an
element type that sits next to tiles we match, Domination when a tile would pay us more
than our best rival, Competition where we share tiles with rivals, Glaciation for the bonus
and to cut down crowded tiles, Wanderlust and Migration to spread. Execution decisions
follow the same ideas: raise our own matching and lower our rivals', place as many species
as the tile allows, score the tile that pays us most over the best rival, hit the leader.
"""
import numpy as np
from numba import njit

from speciesgym.agents.search.ds_heur_exec import (cell_value, corner_gain, elem_value,
                                                     spec_corner_value, victim_value)
from speciesgym.agents.search.ds_heur_parts import (PRINTED, TERRAIN_VP, W_ABUNDANCE,
                                                      W_ADAPT, W_COMPETITION, W_DOMINATION,
                                                      W_GLACIATION, W_INITIATIVE, W_MIGRATION,
                                                      W_SPECIATION, W_SPREAD, W_WANDERLUST,
                                                      best_dom_value, usefulness)
from speciesgym.agents.search.ds_heur_view import read_view
from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species.actions import (A_ANIMAL, A_CARD, A_CELL, A_CORNER,
                                                      A_COUNT, A_ELEM, A_OPTION, A_PASS,
                                                      A_PLACE, A_STACK)
from speciesgym.envs.dominant_species.rules import board as B

# dominance cards, roughly by how much they are worth to the animal that takes them
CARD_PREF = np.ones(D.N_CARDS + 1)      # the last entry: an empty slot
for _cards, _value in (
        ((D.C_BIODIVERSITY, D.C_ECODIVERSITY, D.C_NICHE_BIOMES, D.C_SYMBIOTIC), 3.0),
        ((D.C_PARASITISM, D.C_FERTILE, D.C_FECUNDITY, D.C_EVOLUTION), 2.5),
        ((D.C_INSTINCT, D.C_INTELLIGENCE, D.C_HABITAT, D.C_AQUATIC, D.C_OMNIVORE,
          D.C_NOCTURNAL, D.C_PREDATOR), 2.0),
        ((D.C_HIBERNATION, D.C_BIOMASS, D.C_BLIGHT, D.C_CATASTROPHE, D.C_DISEASE,
          D.C_METAMORPHOSIS, D.C_ICE_SHEET, D.C_COLD_SNAP), 1.5),
        ((D.C_MASS_EXODUS, D.C_IMMIGRANTS, D.C_ICE_AGE), 1.0)):
    for _c in _cards:
        CARD_PREF[_c] = _value

SPACE_ACTION = D.SPACE_ACTION.astype(np.int64)
SPACE_SLOT = D.SPACE_SLOT.astype(np.int64)
COMPETITION_TERRAINS = D.COMPETITION_TERRAINS.astype(np.int64)


@njit(cache=True)
def plan_value(v, sp, w, memo):
    """Placing an action pawn on space sp. memo[0]: best_dom_value(v) once it is known (NaN
    before), the same for every Domination space of one decision, so computed once."""
    act = SPACE_ACTION[sp]
    slot = SPACE_SLOT[sp]
    me = v.me
    if act == D.ACT_INITIATIVE:
        return w[W_INITIATIVE]
    if act == D.ACT_ADAPTATION:
        if v.display[me].sum() >= D.MAX_DISPLAY or v.box[D.BOX_ADAPTATION].sum() == 0:
            return -1.0
        best = 0.0
        first = True
        for t in range(6):
            if v.box[D.BOX_ADAPTATION, t]:
                u = usefulness(v, t, me)
                if first or u > best:
                    best, first = u, False
        return w[W_ADAPT] * (1.0 + 0.15 * best) - 0.2 * slot
    if act == D.ACT_REGRESSION:
        threat = 0
        for t in range(6):
            if v.box[D.BOX_REGRESSION, t]:
                threat += max(v.display[me, t] - PRINTED[me, t], 0)
        return 1.2 * threat - 0.5
    if act == D.ACT_ABUNDANCE:
        if v.box[D.BOX_ABUNDANCE].sum() == 0:
            return -1.0
        return w[W_ABUNDANCE] - 0.2 * slot
    if act == D.ACT_WASTELAND or act == D.ACT_DEPLETION:
        return 0.3
    if act == D.ACT_GLACIATION:
        if v.tundra_left <= 0:
            return -1.0
        return w[W_GLACIATION] - 1.0 * slot
    if act == D.ACT_SPECIATION:
        if sp == D.SP_INSECT or v.gene[me] <= 0:
            return 0.0
        best = 0.0
        first = True
        for k in range(D.N_CORNERS):
            if v.corner[k] == slot:
                s = spec_corner_value(v, k, w[W_SPREAD])
                if first or s > best:
                    best, first = s, False
        return w[W_SPECIATION] * (0.5 + 0.4 * best)
    if act == D.ACT_WANDERLUST:
        if not (v.stack_face > 0).any():
            return -1.0
        return w[W_WANDERLUST] - 0.3 * slot
    if act == D.ACT_MIGRATION:
        return w[W_MIGRATION] - 0.1 * slot
    if act == D.ACT_COMPETITION:
        terrains = COMPETITION_TERRAINS[slot]
        shared = 0
        for c in range(D.N_CELLS):
            if v.terrain[c] > 0 and (terrains >> v.terrain[c]) & 1 and v.cubes[c, me] > 0:
                for a in v.opponents:
                    if v.cubes[c, a]:
                        shared += 1
                        break
        return w[W_COMPETITION] * min(shared, 3) * 0.6
    if act == D.ACT_DOMINATION:
        if np.isnan(memo[0]):
            memo[0] = best_dom_value(v)
        return w[W_DOMINATION] * (0.5 + 0.25 * memo[0]) - 0.1 * slot
    return 0.0


@njit(cache=True)
def score_action(v, a, w, memo):
    """The score of legal action a (flat index) in the decision in progress (memo: see
    plan_value)."""
    d = v.decision
    me = v.me
    if a >= A_PASS:
        if d in (B.D_GLACIATE, B.D_ICE_SHEET, B.D_DOM_CELL, B.D_DEPLETE, B.D_WASTE,
                 B.D_WANDER_MOVE, B.D_MIG_FROM, B.D_EVO_CELL):
            return 0.0
        return -5.0
    if a >= A_OPTION:
        return -1.0 * (a - A_OPTION)
    if a >= A_CARD:
        return CARD_PREF[v.faceup[a - A_CARD]]       # -1 (empty) reads the last entry: 1.0
    if a >= A_STACK:
        return 1.0 * TERRAIN_VP[v.stack_face[a - A_STACK], 0]
    if a >= A_COUNT:
        i = a - A_COUNT
        c = v.ctx_cell
        if c >= 0 and v.match[c, me] <= 0 and d == B.D_SPEC_COUNT:
            return -1.0 * i
        return 1.0 * i
    if a >= A_ANIMAL:
        return victim_value(v, a - A_ANIMAL, d)
    if a >= A_CELL:
        return cell_value(v, a - A_CELL, d, w)
    if a >= A_CORNER:
        k = a - A_CORNER
        if d == B.D_SPEC_CORNER:
            return spec_corner_value(v, k, w[W_SPREAD])
        if d == B.D_DEPLETE:
            return -corner_gain(v, k, v.corner[k])
        if d == B.D_BLIGHT_KEEP:
            return corner_gain(v, k, v.corner[k])
        return corner_gain(v, k, v.ctx_elem if v.ctx_elem >= 0 else v.corner[k])
    if a >= A_ELEM:
        return elem_value(v, a - A_ELEM, d)
    return plan_value(v, a - A_PLACE, w, memo)


@njit(cache=True)
def score_view(v, mask, w, out):
    """out[a] = the score of each legal a (others -1e6) for the seat whose View is v."""
    memo = np.full(1, np.nan)
    for a in range(mask.shape[0]):
        out[a] = score_action(v, a, w, memo) if mask[a] else -1e6


@njit(cache=True)
def score_actions(obs, mask, w, out):
    """out[a] = the score of each legal a (others -1e6) for the seat that sees obs."""
    score_view(read_view(obs), mask, w, out)


