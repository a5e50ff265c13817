"""Dominant Species' glue for the compiled search: the rules' dispatchers, the compiled
determinisation, the victory points so far, the rollout policies and the compiled heuristic
bots (ds_heur_scores), registered under the common names of agents.search.kernels."""
import numpy as np
from numba import njit

from speciesgym.agents.mcts import DEFAULT_DEPTH, MARGIN_SCALE, PRIOR_WEIGHT
from speciesgym.agents.search import kernels
from speciesgym.agents.search.ds_greedy import greedy_action
from speciesgym.agents.search.ds_heur_parts import STYLE_TABLE
from speciesgym.agents.search.ds_heur_scores import score_actions
from speciesgym.agents.search.policy import best_actions
from speciesgym.agents.search.policy import random_legal
from speciesgym.envs.dominant_species.actions import N_ACTIONS
from speciesgym.envs.dominant_species.observe import OBS_SIZE, fill_observation
from speciesgym.envs.dominant_species.resample import redeal
from speciesgym.envs.dominant_species.rules import PH_OVER, legal_mask, step
from speciesgym.envs.dominant_species.state import STATE_DTYPE

GAME = "dominant_species"
DEPTH = DEFAULT_DEPTH[GAME]
SCALE = MARGIN_SCALE[GAME]
PRIOR = PRIOR_WEIGHT[GAME]


@njit(cache=True)
def to_move(st):
    return -1 if st.phase == PH_OVER else st.animal_seat[st.actor]


@njit(cache=True)
def vp_so_far(st, out):
    for p in range(st.num_players):
        out[p] = st.vp[st.seat_animal[p]]
    return st.num_players


@njit(cache=True)
def policy_action(st, mask, word, kind):
    if kind == 1:
        return greedy_action(st, mask, word)
    return random_legal(mask, word)


@njit(cache=True)
def bot_action(st, seat, mask, style):
    """The heuristic bot STYLES[style] (ds_heur_parts) for `seat`, from its observation: its
    best action if unique, else -1 (the Python agent breaks the tie with its generator)."""
    obs = np.zeros(OBS_SIZE, np.float32)
    fill_observation(st, seat, obs)
    scores = np.empty(N_ACTIONS, np.float64)
    score_actions(obs, mask, STYLE_TABLE[style], scores)
    top = np.empty(N_ACTIONS, np.int64)
    if best_actions(scores, mask, top) == 1:
        return top[0]
    return -1


kernels.register(STATE_DTYPE, to_move=to_move, legal_mask=legal_mask, step=step,
                 redeal=redeal, scores=vp_so_far, policy_action=policy_action,
                 observe=fill_observation,
                 bot_action=bot_action)
