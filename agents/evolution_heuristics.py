"""Evolution heuristic bots, written from how good players think; they read only the
observation vector (agents.evolution_view) and the mask.

Every decision scores each legal action and plays the best (ties at random):

- food card: give up the card worth least to the plan (a grazer prefers feeding the watering
  hole with a big number, a hunter starves it with a small one);
- play cards: pick the card whose best use is worth most, then its best use: a trait on the
  species it helps most (in an empty slot), +1 population where food will follow, +1 body,
  a new species while the row is short; done when nothing is worth a card;
- feeding: feed the hungriest species first (Foraging, Cooperation and Long Neck first
  since they bring more food), attack with the hungriest carnivore, and pick the prey that
  gives the most meat and hurts an opponent most (never an own species if avoidable).

The styles differ only in the weights (agents.evolution_compiled.styles): the grazer grows Long Neck / Foraging / Fat Tissue /
Cooperation herbivores; the hunter builds big carnivores with attack traits and shields its
herbivores with defensive traits. Every style (and the flyer, agents.evolution_flyer)
scores with the compiled twin of these methods (agents.evolution_compiled: the same terms,
the same floats), which the batched training env also moves inside its compiled step; the
Python methods are the reference the twin is tested against.
"""
import numpy as np

from speciesgym.agents.base import Agent, best_legal
from speciesgym.agents.evolution_compiled.styles import GRAZER, HUNTER, style_index, style_scores
from speciesgym.agents.evolution_view import EvolutionView, class_food, class_kind
from speciesgym.envs.evolution.actions import BLOCKS, N_ACTIONS
from speciesgym.envs.evolution.data import Kind
from speciesgym.envs.evolution.state import MAX_SPECIES, TRAIT_SLOTS, Pend, Phase, Source

S = MAX_SPECIES
K = Kind
DEFENSIVE = (K.CLIMBING, K.BURROWING, K.HARD_SHELL, K.HORNS, K.DEFENSIVE_HERDING,
             K.WARNING_CALL, K.SYMBIOSIS, K.CAMOUFLAGE)
ATTACKING = (K.AMBUSH, K.PACK_HUNTING, K.INTELLIGENCE, K.CLIMBING, K.GOOD_EYESIGHT)
FEEDING = (K.LONG_NECK, K.FORAGING, K.FAT_TISSUE, K.COOPERATION, K.FERTILE)


class EvolutionHeuristic(Agent):
    """Scores every legal action with style weights; subclasses set the weights."""

    style = "base"
    compiled = None         # name of the compiled twin (agents.evolution_compiled.styles)
    herbivore = {}          # trait kind -> value on a non-carnivore
    carnivore = {}          # trait kind -> value on a carnivore
    make_carnivore = 0.0    # value of the Carnivore trait on a herbivore
    food_card_weight = 0.0  # + prefers high food values for the watering hole
    body_herb, body_carn = 0.6, 1.8

    def __init__(self, seed=None):
        self.rng = np.random.default_rng(seed)
        self.name = f"heuristic:{self.style}"

    def act(self, observation, action_mask, infoset=None) -> int:
        if self.compiled is None:
            scores = self.python_scores(observation, action_mask)
        else:
            scores = np.empty(N_ACTIONS, np.float64)
            style_scores(np.asarray(observation, np.float32), np.asarray(action_mask, np.int8),
                         style_index(self.compiled), scores)
        return best_legal(scores, action_mask, self.rng)

    def python_scores(self, observation, action_mask):
        """Every legal action's score from the Python methods (the reference the compiled
        scores are tested against: agents.evolution_compiled computes the same terms)."""
        v = EvolutionView(observation)
        scores = np.full(N_ACTIONS, -1e6)
        for a in np.flatnonzero(action_mask):
            block, i = BLOCKS.decode(int(a))
            scores[a] = self.score(v, block, i)
        return scores

    # --- what things are worth --------------------------------------------------------------
    def threat(self, v):
        """How much opponents' carnivores threaten our herbivores (0..)."""
        opp = v.exists[1:v.n_players] & v.traits[1:v.n_players, :, K.CARNIVORE]
        return float(opp.sum())

    def is_carn(self, v, s):
        return v.has(0, s, K.CARNIVORE)

    def trait_value(self, v, kind, s):
        """Value of putting `kind` on own species s (before slot costs)."""
        if kind == K.CARNIVORE:
            if self.is_carn(v, s) or any(v.has(0, s, k) for k in (K.LONG_NECK, K.FORAGING,
                                                                  K.COOPERATION)):
                return -1.0
            carns = sum(self.is_carn(v, t) for t in range(v.n_species[0]))
            herbs = v.n_species[0] - carns
            if herbs <= 1:
                return -1.0
            return self.make_carnivore + 0.4 * v.body[0, s] - 1.5 * carns
        if self.is_carn(v, s):
            value = self.carnivore.get(kind, 0.3)
        else:
            value = self.herbivore.get(kind, 0.3)
            if kind in DEFENSIVE:
                value += 0.4 * min(self.threat(v), 3)
        if kind == K.COOPERATION and s + 1 >= v.n_species[0]:
            value -= 1.0
        if kind == K.FAT_TISSUE:
            value += 0.2 * v.body[0, s]
        if kind == K.PACK_HUNTING and self.is_carn(v, s):
            value += 0.3 * v.pop[0, s]
        if v.avian[0, s] and kind in (K.LONG_NECK, K.BURROWING, K.CLIMBING):
            value -= 1.0
        return value

    def card_worth(self, v, c):
        """Best use of card class c now (what we lose by giving it away)."""
        kind = class_kind(c)
        best = 1.0 if v.n_species[0] else 0.5
        if kind >= K.FLIGHT:
            return 0.4
        for s in range(v.n_species[0]):
            if not v.has(0, s, kind) and v.trait_count(0, s) < TRAIT_SLOTS:
                best = max(best, 1.0 + self.trait_value(v, kind, s))
        return best

    def pop_value(self, v, s):
        if v.pop[0, s] >= 6:
            return -1.0
        value = 1.6 - 0.25 * v.pop[0, s]
        if self.is_carn(v, s):
            value += 0.2 if v.body[0, s] >= 4 else -0.6
        else:
            if v.has(0, s, K.FORAGING) or v.has(0, s, K.LONG_NECK):
                value += 0.5
            if v.has(0, s, K.FERTILE):
                value -= 0.3
        if v.last_round:
            value += 0.5
        return value

    def body_value(self, v, s):
        if v.body[0, s] >= 6:
            return -1.0
        if self.is_carn(v, s):
            return self.body_carn - 0.15 * v.body[0, s]
        value = self.body_herb + 0.15 * min(self.threat(v), 3) - 0.1 * v.body[0, s]
        if v.has(0, s, K.FAT_TISSUE):
            value += 0.4
        return value

    def new_species_value(self, v):
        n = v.n_species[0]
        if v.last_round:
            return 0.6
        return 2.6 if n < 2 else 1.9 if n < 4 else 1.0 if n < 6 else 0.3

    # --- decisions --------------------------------------------------------------------------
    def score(self, v, block, i):
        phase, pend = v.phase, v.pend
        if phase == Phase.SELECT_FOOD:
            return -self.card_worth(v, i) + self.food_card_weight * class_food(i)
        if phase == Phase.PLAY and pend == Pend.NONE:
            if block == "DONE":
                return 0.05
            return self.card_worth(v, i) - 0.001 * class_food(i)
        if pend == Pend.USE_CARD:
            return self.use_card(v, block, i)
        if phase == Phase.EVENTS and pend == Pend.NONE:
            return 0.0 if block == "DONE" else -0.5
        if phase == Phase.FEEDING and pend == Pend.NONE:
            return self.feeding(v, block, i)
        if pend == Pend.TARGET:
            return self.target(v, i)
        if pend in (Pend.AVIAN_PAY, Pend.NEGATE_PAY, Pend.INTEL_PAY):
            return -self.card_worth(v, i)
        if pend == Pend.HORNS:
            return 0.0 if block == "DONE" else -self.card_worth(v, i) + 0.5
        if pend == Pend.NEST_SOURCE:
            return 1.0 if i == Source.BANK_PLANT else 0.0
        if pend == Pend.BROOD_FOOD:
            return 1.0 if i == Source.BANK_PLANT else 0.0
        if pend == Pend.DIVE_SOURCE:
            return {Source.BANK_PLANT: 2.0, Source.CLIFF: 1.0}.get(i, 0.0)
        if block == "ORDER":
            s, t = divmod(i, 6)
            return -0.01 * s - 0.1 * t
        return 0.0

    def use_card(self, v, block, i):
        kind = v.selected_kind
        if block == "TRAIT":
            s, k = divmod(i, TRAIT_SLOTS)
            occupied = v.trait_count(0, s) > k
            value = 1.0 + self.trait_value(v, kind, s)
            return value - (2.5 if occupied else 0.0)
        if block == "POP":
            return self.pop_value(v, i)
        if block == "BODY":
            return self.body_value(v, i)
        if block == "NEW_LAND":
            return self.new_species_value(v) + (0.01 if i == 1 else 0.0)
        if block == "NEW_AVIAN":
            return self.new_species_value(v) - 1.2
        return 0.0

    def feeding(self, v, block, i):
        if block == "DONE":
            return 0.0
        if block in ("FEED_WH", "FEED_CLIFF"):
            s = i
            hunger = v.hunger(0, s)
            room = v.body[0, s] - v.fat[0, s] if v.has(0, s, K.FAT_TISSUE) else 0
            if hunger == 0 and room <= 0:
                return 0.2
            value = 3.0 + hunger if hunger else 1.0
            if v.has(0, s, K.FORAGING):
                value += 0.8
            if v.has(0, s, K.COOPERATION):
                value += 0.5
            return value + (0.2 if block == "FEED_CLIFF" else 0.0)
        if block == "INTEL_FOOD":
            return 1.0 + 0.5 * v.hunger(0, i)
        if block == "ATTACK":
            hunger = v.hunger(0, i)
            return (3.5 + hunger) if hunger else 0.5
        return 0.0

    def target(self, v, i):
        rel, s = divmod(i, S)
        if rel >= v.n_players:
            return -10.0
        value = float(v.body[rel, s])
        if rel == 0:
            return value - 20.0
        if v.pop[rel, s] == 1:
            value += 1.0
        value += 0.3 * v.trait_count(rel, s)
        return value


class GrazerAgent(EvolutionHeuristic):
    """Herbivores that out-eat the table: Long Neck, Foraging, Fat Tissue, Cooperation,
    Fertile; big populations; high food cards to the watering hole (weights: styles.GRAZER)."""

    style = compiled = "grazer"
    herbivore, carnivore = GRAZER["herbivore"], GRAZER["carnivore"]
    make_carnivore, food_card_weight = GRAZER["make_carnivore"], GRAZER["food_card_weight"]
    body_herb, body_carn = GRAZER["body_herb"], GRAZER["body_carn"]


class HunterAgent(EvolutionHeuristic):
    """Big carnivores with attack traits (Ambush, Pack Hunting, Intelligence, Climbing),
    herbivores behind defensive traits, small food cards to starve the table (weights:
    styles.HUNTER)."""

    style = compiled = "hunter"
    herbivore, carnivore = HUNTER["herbivore"], HUNTER["carnivore"]
    make_carnivore, food_card_weight = HUNTER["make_carnivore"], HUNTER["food_card_weight"]
    body_herb, body_carn = HUNTER["body_herb"], HUNTER["body_carn"]
