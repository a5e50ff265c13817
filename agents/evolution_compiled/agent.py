"""The compiled twin of a heuristic style as a table agent.

`heuristic:grazer` (agents.evolution_heuristics.GrazerAgent; likewise the hunter and the
flyer) scores with the compiled scorer and breaks ties with its numpy Generator; this twin makes the same choice whenever the best
score is unique, and draws among tied best actions from a generator word of its own
(envs.core.rng), derived from its Generator as agents.compiled.CompiledPolicyAgent does. The
batched training env moves `heuristic:grazer` / `hunter` / `flyer` opponents this way inside
its compiled step, so a per-game game against twins is the batched env's game.
"""
import numpy as np
from numba import njit

from speciesgym.agents.compiled import CompiledPolicyAgent
from speciesgym.agents.evolution_compiled.styles import style_choice, style_index
from speciesgym.envs.core.rng import WORD_DTYPE


@njit(cache=True)
def twin_at(obs, mask, style, words, w):
    return style_choice(obs, mask, style, words[w])


class CompiledTwinAgent(CompiledPolicyAgent):
    """Plays the compiled Evolution heuristic `style` ("grazer", "hunter" or "flyer")."""

    wants_infoset = False

    def __init__(self, style, seed=None):
        self.style = style_index(style)
        self.game, self.policy = "evolution", f"heuristic:{style}"
        self.name = f"compiled-{style}"
        self.word = np.zeros(1, WORD_DTYPE)
        self.rng = np.random.default_rng(seed)

    def act(self, observation, action_mask, infoset=None) -> int:
        mask = np.asarray(action_mask, np.int8)
        if not mask.any():
            raise ValueError(f"{self.name} agent asked to act with an empty action mask")
        return int(twin_at(np.asarray(observation, np.float32), mask, self.style, self.word, 0))
