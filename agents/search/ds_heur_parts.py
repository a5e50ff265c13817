"""Public quantities of a Dominant Species position that the compiled heuristic scoring
(ds_heur_scores) builds on, computed from a ds_heur_view.View: tile weights, dominance, what
a tile would pay if scored now, element usefulness, harm done by cutting a tile down. The
styles' weights (STYLES) and their layout (W_*) live here too."""
import numpy as np
from numba import njit

from speciesgym.envs.dominant_species import data as D

# the entries of a style's weight vector (float64): planning weight of each action kind,
# then the bonus for a tile where we have no cube yet
(W_INITIATIVE, W_ADAPT, W_ABUNDANCE, W_GLACIATION, W_SPECIATION, W_WANDERLUST, W_MIGRATION,
 W_COMPETITION, W_DOMINATION, W_SPREAD) = range(10)
WEIGHT_NAMES = ("initiative", "adapt", "abundance", "glaciation", "speciation", "wanderlust",
                "migration", "competition", "domination", "spread")

# the styles: dominator adapts, then speciates and dominates the best-scoring tiles;
# spreader wants wide presence, survival and glaciation
STYLES = {"dominator": dict(initiative=0.8, adapt=3.0, abundance=1.6, glaciation=1.0,
                            speciation=2.6, wanderlust=1.0, migration=0.9, competition=1.6,
                            domination=3.0, spread=0.3),
          "spreader": dict(initiative=0.6, adapt=2.4, abundance=1.4, glaciation=2.8,
                           speciation=3.0, wanderlust=2.2, migration=1.8, competition=1.0,
                           domination=2.0, spread=1.5)}
STYLE_NAMES = tuple(STYLES)
STYLE_TABLE = np.array([[STYLES[s][k] for k in WEIGHT_NAMES] for s in STYLE_NAMES])

TERRAIN_VP = D.TERRAIN_VP.astype(np.int64)
PRINTED = D.PRINTED.astype(np.int64)


@njit(cache=True)
def tile_weight(v, c):
    """How much we care about presence on tile c (big terrains more)."""
    return 1.0 + TERRAIN_VP[v.terrain[c], 0] / 4.0


@njit(cache=True)
def dominant(v, c):
    """The animal dominating tile c (highest matching among those with cubes), -1 if none
    or tied."""
    best, who, tie = 0, -1, False
    for a in range(6):
        if v.cubes[c, a] > 0:
            m = v.match[c, a]
            if m > best:
                best, who, tie = m, a, False
            elif m == best and m > 0:
                tie = True
    return -1 if tie else who


@njit(cache=True)
def tile_vp(v, c):
    """VP per animal if tile c were scored now (rank by cubes, food-chain tie-break)."""
    out = np.zeros(6, np.int64)
    taken = np.zeros(6, np.bool_)
    for rank in range(4):
        who = -1
        for a in range(6):
            if v.cubes[c, a] > 0 and not taken[a] and (who < 0 or v.cubes[c, a] > v.cubes[c, who]):
                who = a
        if who < 0:
            break
        taken[who] = True
        out[who] = TERRAIN_VP[v.terrain[c], rank]
    return out


@njit(cache=True)
def usefulness(v, t, a):
    """How much one more element of type t on a's display would raise its matching on tiles
    where it has cubes (weighted by cubes, at most 4 per tile)."""
    total = 0
    for c in range(D.N_CELLS):
        total += v.tile_elems[c, t] * min(v.cubes[c, a], 4)
    return float(total)


@njit(cache=True)
def harm_value(v, c, keep):
    """Cutting every animal down to `keep` cubes on c: rivals' losses minus ours."""
    rivals = 0
    for a in v.opponents:
        rivals += max(v.cubes[c, a] - keep, 0)
    return 0.6 * rivals - 1.0 * max(v.cubes[c, v.me] - keep, 0)


@njit(cache=True)
def dom_value(v, c):
    """Scoring tile c now: our VP minus the best rival's, plus the card if we dominate."""
    vp = tile_vp(v, c)
    rival = 0
    first = True
    for a in v.opponents:
        if first or vp[a] > rival:
            rival, first = vp[a], False
    value = vp[v.me] - 0.7 * rival
    if dominant(v, c) == v.me:
        value += 3.0
    return value


@njit(cache=True)
def best_dom_value(v):
    """The best dom_value over the tiles not yet scored this round (0.0 if none)."""
    best = 0.0
    first = True
    for c in range(D.N_CELLS):
        if v.terrain[c] > 0 and not v.scored[c]:
            x = dom_value(v, c)
            if first or x > best:
                best, first = x, False
    return best


@njit(cache=True)
def leader(v):
    """The opponent with the most VP (the first in food-chain order on a tie), -1 if none."""
    who = -1
    for a in v.opponents:
        if who < 0 or v.vp[a] > v.vp[who]:
            who = a
    return who
