"""Evolution's glue for the compiled search: the rules' dispatchers, the compiled
determinisation, scores so far (EVO-SCORE-01: bag + population + traits, as at the end) and
the rollout policies, registered under the common names of agents.search.kernels."""
import numpy as np
from numba import njit

from speciesgym.agents.mcts import DEFAULT_DEPTH, MARGIN_SCALE, PRIOR_WEIGHT
from speciesgym.agents.evolution_compiled.styles import STYLES as STYLE_WEIGHTS
from speciesgym.agents.evolution_compiled.styles import style_action, style_scores
from speciesgym.agents.search import kernels
from speciesgym.agents.search.evolution_greedy import greedy_action
from speciesgym.agents.search.policy import best_actions
from speciesgym.envs.evolution import rules
from speciesgym.envs.evolution.actions import N_ACTIONS
from speciesgym.envs.evolution.observe import OBS_SIZE, observe_into
from speciesgym.envs.evolution.resample import redeal
from speciesgym.envs.evolution.rules.round import final_scores
from speciesgym.envs.evolution.state import STATE_DTYPE

GAME = "evolution"
DEPTH = DEFAULT_DEPTH[GAME]
SCALE = MARGIN_SCALE[GAME]
PRIOR = PRIOR_WEIGHT[GAME]
STYLES = tuple(STYLE_WEIGHTS)   # kernels.policy_action kind 2 + j plays STYLES[j]


@njit(cache=True)
def scores_so_far(st, out):
    sc = np.zeros(6, np.int64)
    traits = np.zeros(6, np.int64)
    final_scores(st, sc, traits)
    for p in range(st.n_players):
        out[p] = sc[p]
    return st.n_players


@njit(cache=True)
def ending_now(st, out):
    """Nothing to add: scores_so_far already counts the state as if the game ended now."""
    return


@njit(cache=True)
def bot_action(st, seat, mask, style):
    """The compiled twin of heuristic style `style` (agents.evolution_compiled.styles.STYLES
    order) for `seat`, from its observation: its best action if unique, else -1 (the Python
    agent breaks the tie with its generator, so the games stay the per-game env's)."""
    obs = np.zeros(OBS_SIZE, np.float32)
    observe_into(st, seat, obs)
    values = np.empty(N_ACTIONS, np.float64)
    style_scores(obs, mask, style, values)
    top = np.empty(N_ACTIONS, np.int64)
    if best_actions(values, mask, top) == 1:
        return top[0]
    return -1


kernels.register(STATE_DTYPE, to_move=rules.to_move, legal_mask=rules.legal_mask,
                 step=rules.step, redeal=redeal, scores=scores_so_far, ending_now=ending_now,
                 style_action=style_action, greedy_action=greedy_action, observe=observe_into, bot_action=bot_action)
