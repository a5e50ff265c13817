"""Dominant Species heuristic bots, written from how good players think; they read only the
observation vector (agents.ds_view) and the mask, and score every legal action.

Planning values each action-display space by what it would do for us now: Adaptation when
the box holds elements that raise our matching where our species live, Speciation of an
element type that sits next to tiles we match, Domination when a tile would pay us more
than our best rival, Competition where we share tiles with rivals, Glaciation for the bonus
and to cut down crowded tiles, Wanderlust and Migration to spread. Execution decisions
follow the same ideas: raise our own matching and lower our rivals', place as many species
as the tile allows where we are not endangered, score the tile that pays us most over the
best rival, hit the leader.

- dominator: adapt, then speciate and dominate the best-scoring tiles (Adaptation,
  Speciation and Domination weigh most; big terrains preferred);
- spreader: wide presence, survival and glaciation (Speciation onto new tiles, Wanderlust,
  Migration, Glaciation and tundra weigh most).
"""
import numpy as np

from speciesgym.agents.base import Agent, best_legal
from speciesgym.agents.ds_view import DSView
from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species.actions import BLOCKS, N_ACTIONS
from speciesgym.envs.dominant_species.rules import board as B

HARMFUL_CELL = (B.D_BLIGHT_CELL, B.D_CATA_CELL, B.D_GLACIATE, B.D_ICE_SHEET)
OUT_ELEM = (B.D_DISEASE, B.D_IMMI_ELEM, B.D_META_OUT)
# dominance cards, roughly by how much they are worth to the animal that takes them
CARD_PREF = {D.C_BIODIVERSITY: 3, D.C_ECODIVERSITY: 3, D.C_NICHE_BIOMES: 3, D.C_SYMBIOTIC: 3,
             D.C_PARASITISM: 2.5, D.C_FERTILE: 2.5, D.C_FECUNDITY: 2.5, D.C_EVOLUTION: 2.5,
             D.C_INSTINCT: 2, D.C_INTELLIGENCE: 2, D.C_HABITAT: 2, D.C_AQUATIC: 2,
             D.C_OMNIVORE: 2, D.C_NOCTURNAL: 2, D.C_PREDATOR: 2, D.C_HIBERNATION: 1.5,
             D.C_BIOMASS: 1.5, D.C_BLIGHT: 1.5, D.C_CATASTROPHE: 1.5, D.C_DISEASE: 1.5,
             D.C_MASS_EXODUS: 1, D.C_METAMORPHOSIS: 1.5, D.C_ICE_SHEET: 1.5,
             D.C_COLD_SNAP: 1.5, D.C_IMMIGRANTS: 1, D.C_ICE_AGE: 1}


class DSHeuristic(Agent):
    """Scores every legal action with style weights; subclasses set the weights."""

    style = "base"
    w = {}   # action kind -> weight in planning

    def __init__(self, seed=None):
        self.rng = np.random.default_rng(seed)
        self.name = f"heuristic:{self.style}"

    def act(self, observation, action_mask, infoset=None) -> int:
        v = DSView(observation)
        scores = np.full(N_ACTIONS, -1e6)
        legal = np.flatnonzero(action_mask)
        for a in legal:
            block, i = BLOCKS.decode(int(a))
            scores[a] = self.score(v, block, i)
        return best_legal(scores, action_mask, self.rng)

    # --- evaluations ------------------------------------------------------------------------
    def tile_weight(self, v, c):
        """How much we care about presence on tile c."""
        return 1.0 + D.TERRAIN_VP[v.terrain[c], 0] / 4.0

    def spec_corner_value(self, v, k, t=None):
        """Cubes we could place around corner k (type t) where we match, weighted."""
        me = v.me
        total = 0.0
        gene = v.gene[me]
        for c in D.CORNER_CELLS[k]:
            if c < 0 or not v.is_tile[c]:
                continue
            m = v.match[c, me] + (v.display[me, t] if t is not None and v.corner[k] < 0 else 0)
            if m <= 0:
                continue
            n = min(D.SPECIATION_CAP[v.terrain[c]], gene)
            gene -= n
            fresh = 1.0 if v.cubes[c, me] == 0 else 0.0
            total += n * self.tile_weight(v, c) * 0.3 + fresh * self.spread
            dom = v.dominant(c)
            if dom == me:
                total += 0.5
        return total

    def corner_gain(self, v, k, t):
        """Element t on corner k: our matching gain minus rivals' (cube-weighted)."""
        me = v.me
        value = 0.0
        for c in D.CORNER_CELLS[k]:
            if c < 0 or not v.is_tile[c]:
                continue
            w = self.tile_weight(v, c)
            if v.cubes[c, me]:
                value += v.display[me, t] * (1 + 0.3 * v.cubes[c, me]) * w * 0.5
                if v.match[c, me] == 0:
                    value += 3.0
            for a in v.opponents:
                if v.cubes[c, a]:
                    value -= v.display[a, t] * 0.3 * w
        return value

    def dom_value(self, v, c):
        """Scoring tile c now: our VP minus the best rival's, plus the card if we dominate."""
        vp = v.tile_vp(c)
        rival = max((vp[a] for a in v.opponents), default=0)
        value = vp[v.me] - 0.7 * rival
        if v.dominant(c) == v.me:
            value += 3.0
        return value

    def harm_value(self, v, c, keep=1):
        """Cutting every animal down to `keep` cubes on c: rivals' losses minus ours."""
        loss = np.maximum(v.cubes[c] - keep, 0)
        mine = loss[v.me]
        rivals = sum(loss[a] for a in v.opponents)
        return 0.6 * rivals - 1.0 * mine

    def best_over_tiles(self, v, fn):
        vals = [fn(v, c) for c in range(D.N_CELLS) if v.is_tile[c] and not v.scored[c]]
        return max(vals, default=0.0)

    # --- planning ---------------------------------------------------------------------------
    def plan_value(self, v, sp):
        act = D.SPACE_ACTION[sp]
        slot = D.SPACE_SLOT[sp]
        me = v.me
        w = self.w
        if act == D.ACT_INITIATIVE:
            return w["initiative"]
        if act == D.ACT_ADAPTATION:
            if v.display[me].sum() >= D.MAX_DISPLAY or v.box[D.BOX_ADAPTATION].sum() == 0:
                return -1.0
            best = max((v.usefulness(t) for t in range(6) if v.box[D.BOX_ADAPTATION, t]),
                       default=0.0)
            return w["adapt"] * (1.0 + 0.15 * best) - 0.2 * slot
        if act == D.ACT_REGRESSION:
            threat = sum(max(v.display[me, t] - D.PRINTED[me, t], 0)
                         for t in range(6) if v.box[D.BOX_REGRESSION, t])
            return 1.2 * threat - 0.5
        if act == D.ACT_ABUNDANCE:
            if v.box[D.BOX_ABUNDANCE].sum() == 0:
                return -1.0
            return w["abundance"] - 0.2 * slot
        if act == D.ACT_WASTELAND or act == D.ACT_DEPLETION:
            return 0.3
        if act == D.ACT_GLACIATION:
            if v.tundra_left <= 0:
                return -1.0
            return w["glaciation"] - 1.0 * slot
        if act == D.ACT_SPECIATION:
            if sp == D.SP_INSECT or v.gene[me] <= 0:
                return 0.0
            t = int(slot)
            best = max((self.spec_corner_value(v, k) for k in range(D.N_CORNERS)
                        if v.corner[k] == t), default=0.0)
            return w["speciation"] * (0.5 + 0.4 * best)
        if act == D.ACT_WANDERLUST:
            if not (v.stack_face > 0).any():
                return -1.0
            return w["wanderlust"] - 0.3 * slot
        if act == D.ACT_MIGRATION:
            return w["migration"] - 0.1 * slot
        if act == D.ACT_COMPETITION:
            mask = D.COMPETITION_TERRAINS[slot]
            shared = 0
            for c in range(D.N_CELLS):
                if v.is_tile[c] and (mask >> v.terrain[c]) & 1 and v.cubes[c, me] > 0 \
                        and any(v.cubes[c, a] for a in v.opponents):
                    shared += 1
            return w["competition"] * min(shared, 3) * 0.6
        if act == D.ACT_DOMINATION:
            best = self.best_over_tiles(v, self.dom_value)
            return w["domination"] * (0.5 + 0.25 * best) - 0.1 * slot
        return 0.0

    # --- execution --------------------------------------------------------------------------
    def score(self, v, block, i):
        d = v.decision
        me = v.me
        if block == "pass":
            return self.pass_value(v, d)
        if block == "place":
            return self.plan_value(v, i)
        if block == "elem":
            if d == B.D_ADAPT or d in (B.D_AQUA_ELEM, B.D_HABITAT_ELEM, B.D_META_IN):
                return v.usefulness(i) + 0.5 * v.tile_elems[:, i].sum() * 0.1
            if d == B.D_REGRESS:
                return max(v.display[me, i] - D.PRINTED[me, i], 0)
            if d in (B.D_ABUND_ELEM, B.D_WANDER_ELEM):
                return v.display[me, i] * 2.0 - 0.5 * sum(v.display[a, i] for a in v.opponents)
            if d == B.D_WASTE:
                return v.usefulness(i) - 0.3 * sum(v.usefulness(i, a) for a in v.opponents)
            if d in OUT_ELEM:
                return -v.usefulness(i)
            return 0.0
        if block == "corner":
            if d == B.D_SPEC_CORNER:
                return self.spec_corner_value(v, i)
            if d == B.D_DEPLETE:
                return -self.corner_gain(v, i, v.corner[i])
            if d == B.D_BLIGHT_KEEP:
                return self.corner_gain(v, i, v.corner[i])
            t = v.ctx_elem if v.ctx_elem >= 0 else v.corner[i]
            return self.corner_gain(v, i, t)
        if block == "count":
            c = v.ctx_cell
            if c >= 0 and v.match[c, me] <= 0 and d == B.D_SPEC_COUNT:
                return -i
            return i
        if block == "stack":
            return D.TERRAIN_VP[v.stack_face[i], 0]
        if block == "card":
            return CARD_PREF.get(int(v.faceup[i]), 1.0)
        if block == "option":
            return -i
        if block == "animal":
            return self.victim_value(v, i, d)
        if block == "cell":
            return self.cell_value(v, i, d)
        return 0.0

    def pass_value(self, v, d):
        if d in (B.D_GLACIATE, B.D_ICE_SHEET, B.D_DOM_CELL, B.D_DEPLETE, B.D_WASTE,
                 B.D_WANDER_MOVE, B.D_MIG_FROM, B.D_EVO_CELL):
            return 0.0
        return -5.0

    def victim_value(self, v, a, d):
        if a == v.me:
            return -10.0 if d in (B.D_COMP_VICTIM, B.D_PREDATOR, B.D_CATA_SURVIVOR) else 5.0
        return v.vp[a] / 10.0 + (1.0 if a == v.leader() else 0.0)

    def cell_value(self, v, c, d):
        me = v.me
        if d == B.D_DOM_CELL:
            return self.dom_value(v, c)
        if d in (B.D_GLACIATE, B.D_ICE_SHEET):
            near = 0
            for n in D.NEIGHBORS[c]:
                if n >= 0 and v.terrain[n] == D.TUNDRA:
                    near += 1
            value = B.BONUS[near] * 0.5 + self.harm_value(v, c)
            return value + self.w["glaciation"] * 0.3
        if d in HARMFUL_CELL:
            return self.harm_value(v, c, keep=0)
        if d == B.D_COMP_CELL:
            most = max((v.cubes[c, a] for a in v.opponents), default=0)
            return self.tile_weight(v, c) + 0.1 * most
        if d == B.D_WANDER_CELL:
            near = sum(1 for n in D.NEIGHBORS[c] if n >= 0 and v.is_tile[n])
            mine = sum(v.cubes[n, me] for n in D.NEIGHBORS[c] if n >= 0 and v.is_tile[n])
            return B.BONUS[near] + 0.2 * mine
        if d == B.D_WANDER_MOVE:
            new = v.ctx_cell
            if new >= 0 and v.match[new, me] > 0 and v.cubes[c, me] > 1 and v.cubes[new, me] < 3:
                return 1.0 + (self.spread if v.cubes[new, me] == 0 else 0.0)
            return -1.0
        if d == B.D_MIG_FROM:
            if v.match[c, me] == 0:
                return 3.0
            return (v.cubes[c, me] - 2) * 0.5 - 0.5
        if d == B.D_MIG_TO:
            if v.match[c, me] == 0:
                return -3.0
            value = self.tile_weight(v, c) * 0.5 + (self.spread if v.cubes[c, me] == 0 else 0.0)
            vp = v.tile_vp(c)
            return value + 0.1 * (D.TERRAIN_VP[v.terrain[c], 0] - vp[me])
        # beneficial placements (Speciation by insect, Aquatic, Fecundity, Fertile,
        # Hibernation, Evolution, Mass Exodus destinations, mammal save)
        value = self.tile_weight(v, c) + (2.0 if v.match[c, me] > 0 else -2.0)
        if d in (B.D_FERTILE,):
            value += v.tile_vp(c)[me]
        if d == B.D_EXODUS_CELL:
            return self.harm_value(v, c, keep=0)
        return value + (self.spread if v.cubes[c, me] == 0 else 0.0)


class DominatorAgent(DSHeuristic):
    """Adapt, then speciate and dominate the best-scoring tiles."""

    style = "dominator"
    spread = 0.3
    w = {"initiative": 0.8, "adapt": 3.0, "abundance": 1.6, "glaciation": 1.0,
         "speciation": 2.6, "wanderlust": 1.0, "migration": 0.9, "competition": 1.6,
         "domination": 3.0}


class SpreaderAgent(DSHeuristic):
    """Wide presence, survival and glaciation."""

    style = "spreader"
    spread = 1.5
    w = {"initiative": 0.6, "adapt": 2.4, "abundance": 1.4, "glaciation": 2.8,
         "speciation": 3.0, "wanderlust": 2.2, "migration": 1.8, "competition": 1.0,
         "domination": 2.0}
