"""EvolutionEngine: the Python face of the compiled rules for one set of options.

Every method takes a state array of shape (1,) and dtype STATE_DTYPE and checks that first.
The compiled entry points below (`*_at`) take that array and an index, never the record
`state[0]`: numba types a record argument of ~50 fields at every call (several
microseconds), an array and an int in a fraction of one.
`apply` and `observe` also check their integer argument's range (plain integer compares,
no mask computed), so a wrong seat or action is a ValueError, never a read or write past
the record. Whether an in-range action is *legal* is the caller's precondition: at a
boundary use `speciesgym.envs.core.engine.checked_step`, which checks the mask.
"""
import operator

import numpy as np
from numba import njit

from speciesgym.envs.core.engine import (ENV_NEW, ENV_OBSERVE, ENV_STEP, NO_MASK,
                                         NO_OBS, CompiledEngine)
from speciesgym.envs.core.rng import seed_word
from speciesgym.envs.core.stepper import list_legal, pack
from speciesgym.envs.evolution import rules
from speciesgym.envs.evolution.actions import N_ACTIONS
from speciesgym.envs.evolution.invariants import position_problem
from speciesgym.envs.evolution.names import action_name, phase_name
from speciesgym.envs.evolution.observe import OBS_SIZE, observe_into
from speciesgym.envs.evolution.render import render_text
from speciesgym.envs.evolution.rules.round import final_scores, winners
from speciesgym.envs.evolution.state import MAX_PLAYERS, STATE_DTYPE, Phase

OPTIONS = ("flight",)


@njit(cache=True)
def new_game_at(states, b, num_players, flight):
    rules.new_game(states[b], num_players, flight)


@njit(cache=True)
def to_move_at(states, b):
    return rules.to_move(states[b])


@njit(cache=True)
def mask_at(states, b, out):
    """Fill `out` with the legal mask of game b (zeros once over); return the seat to move
    (-1 once over)."""
    st = states[b]
    rules.legal_mask(st, out)
    return rules.to_move(st)


@njit(cache=True)
def step_at(states, b, action):
    """Apply `action` (trusted) to game b and return True, or return False and change
    nothing if that game is over."""
    st = states[b]
    if st.phase == Phase.OVER:
        return False
    rules.step(st, action)
    return True


@njit(cache=True)
def step_mask_at(states, b, action, out):
    """step_at then mask_at in one call (the env's one compiled call per decision); -2 and
    nothing changed if the game is over."""
    if not step_at(states, b, action):
        return -2
    return mask_at(states, b, out)


@njit(cache=True)
def observe_at(states, b, seat, out):
    observe_into(states[b], seat, out)


@njit(cache=True)
def decide_at(states, b, action, mask, legal, obs):
    """One decision of game b in one call (envs.core.stepper): apply `action` unless it is
    negative (-1 and nothing changed if `mask`, the caller's mask of this position, does not
    allow it), then fill `mask`, `legal` (see list_legal) and, if it is not empty, `obs` with
    what the seat to move may know (zeros once over); return pack(seat to move or -1
    once over, legal count)."""
    if action >= 0 and (action >= mask.shape[0] or mask[action] == 0
                        or not step_at(states, b, action)):
        return -1
    seat = mask_at(states, b, mask)
    n = list_legal(mask, legal)
    if obs.shape[0]:
        obs[:] = 0.0
        if seat >= 0:
            observe_into(states[b], seat, obs)
    return pack(seat, n)


@njit(cache=True)
def env_at(states, b, op, arg, flight, mask, obs):
    """The env's one entry point (ops in envs.core.engine): new_game_at (setup: `flight`
    0/1), mask_at, step_mask_at and observe_at in one compiled function."""
    st = states[b]
    if op == ENV_NEW:
        rules.new_game(st, arg, flight)
        return 0
    if op == ENV_OBSERVE:
        observe_into(st, arg, obs)
        return 0
    if op == ENV_STEP:
        if st.phase == Phase.OVER:
            return -2
        rules.step(st, arg)
    rules.legal_mask(st, mask)
    return rules.to_move(st)


@njit(cache=True)
def final_at(states, b, scores, traits):
    final_scores(states[b], scores, traits)


def check_players(num_players):
    if isinstance(num_players, bool) or not isinstance(num_players, (int, np.integer)) \
            or not 2 <= num_players <= MAX_PLAYERS:
        raise ValueError(f"num_players must be an integer from 2 to 6, got {num_players!r}")
    return int(num_players)


def check_state(state):
    """ValueError unless `state` is a (1,) state array of STATE_DTYPE (the dtype object is
    compared by identity first: comparing ~50 fields costs more than the kernels)."""
    if type(state) is not np.ndarray or state.shape != (1,) or (
            state.dtype is not STATE_DTYPE and state.dtype != STATE_DTYPE):
        what = (f"an array of dtype {state.dtype} and shape {state.shape}"
                if isinstance(state, np.ndarray) else type(state).__name__)
        raise ValueError(f"state must be an Evolution state array (shape (1,), STATE_DTYPE), "
                         f"got {what}")


def check_index(value, size, what):
    """`value` as an int in 0..size-1; ValueError naming `what` otherwise."""
    if type(value) is int and 0 <= value < size:
        return value
    try:
        i = operator.index(value)
    except TypeError:
        raise ValueError(f"{what} must be an integer, got {value!r}") from None
    if isinstance(value, (bool, np.bool_)) or not 0 <= i < size:
        raise ValueError(f"{what} {value!r} is outside 0..{size - 1}")
    return i


class EvolutionEngine(CompiledEngine):
    game = "evolution"
    num_actions = N_ACTIONS
    obs_size = OBS_SIZE
    state_dtype = STATE_DTYPE
    decide_kernel = decide_at
    env_kernel = staticmethod(env_at)
    to_move_kernel = staticmethod(to_move_at)
    no_setup = 0
    check_state = staticmethod(check_state)

    def __init__(self, num_players=4, flight=True):
        self.num_players = check_players(num_players)
        if not isinstance(flight, (bool, np.bool_)):
            raise ValueError(f"flight must be True or False, got {flight!r}")
        self.flight = bool(flight)

    def new_state(self, seed):
        state = np.zeros(1, STATE_DTYPE)
        state[0]["rng"] = seed_word(seed)
        env_at(state, 0, ENV_NEW, self.num_players, int(self.flight), NO_MASK, NO_OBS)
        return state

    def apply(self, state, action):
        """Apply `action` (precondition: legal now; range, type and game over are checked)."""
        check_state(state)
        action = check_index(action, N_ACTIONS, "action")
        if not step_at(state, 0, action):
            raise ValueError(f"action {action}: the game is over")

    def conservation_problem(self, state):
        """Every card in one place, the food ledger and the board supply (invariants module)."""
        check_state(state)
        return position_problem(state[0])

    def apply_then_mask(self, state, action, out):
        check_state(state)
        action = check_index(action, N_ACTIONS, "action")
        seat = env_at(state, 0, ENV_STEP, action, 0, out, NO_OBS)
        if seat == -2:
            raise ValueError(f"action {action}: the game is over")
        return int(seat)

    def observe(self, state, seat):
        check_state(state)
        seat = check_index(seat, self.num_players, "seat")
        out = np.zeros(OBS_SIZE, np.float32)
        env_at(state, 0, ENV_OBSERVE, seat, 0, NO_MASK, out)
        return out

    def final(self, state):
        check_state(state)
        scores = np.zeros(MAX_PLAYERS, np.int64)
        traits = np.zeros(MAX_PLAYERS, np.int64)
        final_at(state, 0, scores, traits)
        n = self.num_players
        scores, traits = scores[:n], traits[:n]
        return scores, winners(scores, traits), scores * 100 + traits

    def action_name(self, state, action):
        return action_name(state[0], action)

    def phase_name(self, state):
        return phase_name(state[0])

    def render_text(self, state, viewer=None, reveal=False):
        return render_text(state[0], viewer, reveal)
