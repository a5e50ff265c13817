"""Dominant Species' glue for the compiled search: the rules' dispatchers, the compiled
determinisation, the victory points so far, what a game ending now would add (the search's
evaluation of a capped rollout), the rollout policies and the compiled heuristic bots
(ds_heur_scores), registered under the common names of agents.search.kernels."""
import numpy as np
from numba import njit

from speciesgym.agents.mcts import DEFAULT_DEPTH, MARGIN_SCALE, PRIOR_WEIGHT
from speciesgym.agents.search import kernels
from speciesgym.agents.search.ds_greedy import greedy_action
from speciesgym.agents.search.ds_heur_parts import STYLE_NAMES, STYLE_TABLE
from speciesgym.agents.search.ds_heur_scores import score_view
from speciesgym.agents.search.ds_heur_view import view_of_state
from speciesgym.agents.search.policy import best_actions, best_scored
from speciesgym.envs.dominant_species.actions import N_ACTIONS
from speciesgym.envs.dominant_species.observe import OBS_SIZE, fill_observation
from speciesgym.envs.dominant_species.resample import redeal
from speciesgym.envs.dominant_species.rules import PH_OVER, legal_mask, step
from speciesgym.envs.dominant_species.rules.board import tile_payout
from speciesgym.envs.dominant_species.state import STATE_DTYPE

GAME = "dominant_species"
DEPTH = DEFAULT_DEPTH[GAME]
SCALE = MARGIN_SCALE[GAME]
PRIOR = PRIOR_WEIGHT[GAME]
STYLES = STYLE_NAMES            # kernels.policy_action kind 2 + j plays STYLES[j]


@njit(cache=True)
def to_move(st):
    return -1 if st.phase == PH_OVER else st.animal_seat[st.actor]


@njit(cache=True)
def vp_so_far(st, out):
    for p in range(st.num_players):
        out[p] = st.vp[st.seat_animal[p]]
    return st.num_players


@njit(cache=True)
def ending_now(st, out):
    """Add to out[seat] what the game's end would pay now (DS-END-02: every tile scored
    once more; DS-SURV-02 is paid at every reset, so it is not counted): the capped
    rollout's evaluation. Nothing once the game is over (the final scoring is in the VP)."""
    if st.phase == PH_OVER:
        return
    for c in range(st.terrain.shape[0]):
        if st.terrain[c] != 0:
            for p in range(st.num_players):
                out[p] += tile_payout(st, c, st.seat_animal[p])


@njit(cache=True)
def style_action(st, mask, word, style):
    """The heuristic STYLES[style] for the seat to move, from what that seat sees of the
    (sampled) state (view_of_state: its observation's View); ties drawn from `word`."""
    values = np.empty(N_ACTIONS, np.float64)
    score_view(view_of_state(st, to_move(st)), mask, STYLE_TABLE[style], values)
    return best_scored(values, mask, word)


@njit(cache=True)
def bot_action(st, seat, mask, style):
    """The heuristic bot STYLES[style] (ds_heur_parts) for `seat`, from what it sees (the
    View of its observation): its best action if unique, else -1 (the Python agent breaks
    the tie with its generator)."""
    scores = np.empty(N_ACTIONS, np.float64)
    score_view(view_of_state(st, seat), mask, STYLE_TABLE[style], scores)
    top = np.empty(N_ACTIONS, np.int64)
    if best_actions(scores, mask, top) == 1:
        return top[0]
    return -1


kernels.register(STATE_DTYPE, to_move=to_move, legal_mask=legal_mask, step=step,
                 redeal=redeal, scores=vp_so_far, ending_now=ending_now,
                 style_action=style_action, greedy_action=greedy_action,
                 observe=fill_observation,
                 bot_action=bot_action)
