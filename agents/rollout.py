"""Playouts for search: random legal play from a state to the end of the game or a decision
cap, in the engines' own compiled kernels, then the current score of every seat.

The picker is a separate generator record (field `rng`), so the agent's choices do not
consume the game's own draws. Scores mid-game: Evolution counts bag + population + traits
as at the end (EVO-SCORE-01); Dominant Species counts the victory points so far.
"""
import numpy as np

from speciesgym.envs.core.rng import new_word
from speciesgym.envs.dominant_species.engine import random_playout as ds_random_playout
from speciesgym.envs.evolution.batch import play_random_batch
from speciesgym.envs.evolution.engine import final_at

def new_picker(seed):
    """The picker's own generator record (envs.core.rng.WORD_DTYPE), seeded by `seed`."""
    return new_word(seed)


def evolution_rollout(state, picker, max_decisions):
    """Play `state` (shape (1,), changed in place) randomly; the scores per seat now."""
    play_random_batch(state, picker, max_decisions)
    n = int(state[0]["n_players"])
    scores = np.zeros(6, np.int64)
    final_at(state, 0, scores, np.zeros(6, np.int64))
    return scores[:n]


def dominant_species_rollout(state, picker, max_decisions):
    """Play `state` (shape (1,), changed in place) randomly; the VP per seat now. The
    engine draws from a picker of its own state dtype (see its random_playout); the word
    goes back into `picker`."""
    ds_picker = np.zeros(1, state.dtype)
    ds_picker[0]["rng"] = picker[0]["rng"]
    ds_random_playout(state, ds_picker, max_decisions)
    picker[0]["rng"] = ds_picker[0]["rng"]
    st = state[0]
    return st["vp"][st["seat_animal"][: int(st["num_players"])]].astype(np.int64)


ROLLOUTS = {"evolution": evolution_rollout, "dominant_species": dominant_species_rollout}
