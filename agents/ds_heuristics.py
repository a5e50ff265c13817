"""Dominant Species heuristic bots, written from how good players think; they read only the
observation vector and the mask, and score every legal action with compiled code
(agents.search.ds_heur_scores, which says what the scores value; the styles' weights are
agents.search.ds_heur_parts.STYLES).

- dominator: adapt, then speciate and dominate the best-scoring tiles (Adaptation,
  Speciation and Domination weigh most; big terrains preferred);
- spreader: wide presence, survival and glaciation (Speciation onto new tiles, Wanderlust,
  Migration, Glaciation and tundra weigh most).

A bot plays the best-scoring legal action; ties (within 1e-9) are broken by its numpy
generator (agents.base.best_legal). The batched training env moves these bots in compiled
code wherever the best action is unique and asks the bot itself on a tie, so both envs play
the same games (training.ppo.batched_env)."""
import numpy as np

from speciesgym.agents.base import Agent, best_legal
from speciesgym.agents.search.ds_heur_parts import STYLE_NAMES, STYLE_TABLE
from speciesgym.agents.search.ds_heur_scores import score_actions
from speciesgym.envs.dominant_species.actions import N_ACTIONS


class DSHeuristic(Agent):
    """Scores every legal action with its style's weights; subclasses name the style."""

    style = "base"

    def __init__(self, seed=None):
        self.rng = np.random.default_rng(seed)
        self.name = f"heuristic:{self.style}"
        self.weights = STYLE_TABLE[STYLE_NAMES.index(self.style)]
        self._scores = np.empty(N_ACTIONS, np.float64)

    def scores(self, observation, action_mask):
        """float64 (N_ACTIONS,): the score of every legal action (-1e6 elsewhere)."""
        score_actions(np.asarray(observation, np.float32), np.asarray(action_mask, np.int8),
                      self.weights, self._scores)
        return self._scores.copy()

    def act(self, observation, action_mask, infoset=None) -> int:
        return best_legal(self.scores(observation, action_mask), action_mask, self.rng)


class DominatorAgent(DSHeuristic):
    """Adapt, then speciate and dominate the best-scoring tiles."""

    style = "dominator"


class SpreaderAgent(DSHeuristic):
    """Wide presence, survival and glaciation."""

    style = "spreader"
