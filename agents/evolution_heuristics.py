"""Evolution heuristic bots, written from how good players think; they read only the
observation vector (agents.evolution_compiled.read) and the mask.

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
scores in compiled code (agents.evolution_compiled), which the batched training env also
moves inside its compiled step. The Python scoring these terms were first written in was
retired after its decisions were recorded (tests/agents/data/evo_heuristic_positions.npz,
6,956 decisions of 20 games; tests/agents/test_evolution_compiled.py replays them).
"""
import numpy as np

from speciesgym.agents.base import Agent, best_legal
from speciesgym.agents.evolution_compiled.styles import style_index, style_scores
from speciesgym.envs.evolution.actions import N_ACTIONS


class EvolutionHeuristic(Agent):
    """Scores every legal action with its style's compiled scorer and plays the best, ties
    drawn from its own numpy generator (so a seed replays a game)."""

    style = "base"

    def __init__(self, seed=None):
        self.rng = np.random.default_rng(seed)
        self.name = f"heuristic:{self.style}"
        self.index = style_index(self.style)

    def scores(self, observation, action_mask):
        """Every action's score (illegal ones are not meaningful)."""
        out = np.empty(N_ACTIONS, np.float64)
        style_scores(np.asarray(observation, np.float32), np.asarray(action_mask, np.int8),
                     self.index, out)
        return out

    def act(self, observation, action_mask, infoset=None) -> int:
        return best_legal(self.scores(observation, action_mask), action_mask, self.rng)


class GrazerAgent(EvolutionHeuristic):
    """Herbivores that out-eat the table: Long Neck, Foraging, Fat Tissue, Cooperation,
    Fertile; big populations; high food cards to the watering hole (weights: styles.GRAZER)."""

    style = "grazer"


class HunterAgent(EvolutionHeuristic):
    """Big carnivores with attack traits (Ambush, Pack Hunting, Intelligence, Climbing),
    herbivores behind defensive traits, small food cards to starve the table (weights:
    styles.HUNTER)."""

    style = "hunter"
