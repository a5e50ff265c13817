"""EvolutionEngine: the Python face of the compiled rules for one set of options.

Every method takes a state array of shape (1,) and dtype STATE_DTYPE and checks that first.
`apply` and `observe` also check their integer argument's range (plain integer compares,
no mask computed), so a wrong seat or action is a ValueError, never a read or write past
the record. Whether an in-range action is *legal* is the caller's precondition: at a
boundary use `envs.core.engine.checked_step`, which checks the mask.
"""
import operator

import numpy as np

from envs.core.engine import GameEngine
from envs.core.rng import seed_word
from envs.evolution import rules
from envs.evolution.actions import N_ACTIONS
from envs.evolution.names import action_name, phase_name
from envs.evolution.observe import OBS_SIZE, observe_into
from envs.evolution.render import render_text
from envs.evolution.rules.round import final_scores, winners
from envs.evolution.state import MAX_PLAYERS, STATE_DTYPE, Phase

OPTIONS = ("flight",)


def check_players(num_players):
    if isinstance(num_players, bool) or not isinstance(num_players, (int, np.integer)) \
            or not 2 <= num_players <= MAX_PLAYERS:
        raise ValueError(f"num_players must be an integer from 2 to 6, got {num_players!r}")
    return int(num_players)


def check_state(state):
    """The record of a (1,) state array of STATE_DTYPE; ValueError for anything else."""
    if not isinstance(state, np.ndarray) or state.dtype != STATE_DTYPE or state.shape != (1,):
        what = (f"an array of dtype {state.dtype} and shape {state.shape}"
                if isinstance(state, np.ndarray) else type(state).__name__)
        raise ValueError(f"state must be an Evolution state array (shape (1,), STATE_DTYPE), "
                         f"got {what}")
    return state[0]


def check_index(value, size, what):
    """`value` as an int in 0..size-1; ValueError naming `what` otherwise."""
    try:
        i = operator.index(value)
    except TypeError:
        raise ValueError(f"{what} must be an integer, got {value!r}") from None
    if isinstance(value, (bool, np.bool_)) or not 0 <= i < size:
        raise ValueError(f"{what} {value!r} is outside 0..{size - 1}")
    return i


class EvolutionEngine(GameEngine):
    game = "evolution"
    num_actions = N_ACTIONS
    obs_size = OBS_SIZE

    def __init__(self, num_players=4, flight=True):
        self.num_players = check_players(num_players)
        if not isinstance(flight, (bool, np.bool_)):
            raise ValueError(f"flight must be True or False, got {flight!r}")
        self.flight = bool(flight)

    def new_state(self, seed):
        state = np.zeros(1, STATE_DTYPE)
        state[0]["rng"] = seed_word(seed)
        rules.new_game(state[0], self.num_players, int(self.flight))
        return state

    def to_move(self, state):
        return int(rules.to_move(check_state(state)))

    def legal_mask(self, state):
        out = np.zeros(N_ACTIONS, np.int8)
        rules.legal_mask(check_state(state), out)
        return out

    def apply(self, state, action):
        """Apply `action` (precondition: legal now; range, type and game over are checked)."""
        st = check_state(state)
        action = check_index(action, N_ACTIONS, "action")
        if state["phase"][0] == Phase.OVER:
            raise ValueError(f"action {action}: the game is over")
        rules.step(st, action)

    def observe(self, state, seat):
        st = check_state(state)
        seat = check_index(seat, self.num_players, "seat")
        out = np.zeros(OBS_SIZE, np.float32)
        observe_into(st, seat, out)
        return out

    def final(self, state):
        scores = np.zeros(MAX_PLAYERS, np.int64)
        traits = np.zeros(MAX_PLAYERS, np.int64)
        final_scores(check_state(state), scores, traits)
        n = self.num_players
        scores, traits = scores[:n], traits[:n]
        return scores, winners(scores, traits), scores * 100 + traits

    def action_name(self, state, action):
        return action_name(state[0], action)

    def phase_name(self, state):
        return phase_name(state[0])

    def render_text(self, state, viewer=None):
        return render_text(state[0], viewer)
