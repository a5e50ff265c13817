"""The Dominant Species engine: options, new games, the compiled step and mask, batched
random play for the benchmark. No rules here beyond calling the kernels.

The compiled entry points (`*_at`) take the state array and an index, never the record
`state[0]`: numba types a record argument at every call (several microseconds), an array
and an int in a fraction of one."""
import time

import numpy as np
from numba import njit

from speciesgym.envs.core.engine import (ENV_NEW, ENV_OBSERVE, ENV_STEP, NO_MASK,
                                         NO_OBS, CompiledEngine)
from speciesgym.envs.core.kernel import rule_kernel
from speciesgym.envs.core.rng import rng_below, seed_word
from speciesgym.envs.core.stepper import list_legal, pack
from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species.actions import N_ACTIONS
from speciesgym.envs.dominant_species.conservation import conservation_problem
from speciesgym.envs.dominant_species.observe import OBS_SIZE, fill_observation, observe_at
from speciesgym.envs.dominant_species.observe_memo import MEMO_SIZE, fill_observation_memo
from speciesgym.envs.dominant_species.rules import PH_OVER, legal_mask, settle, step
from speciesgym.envs.dominant_species.rules.board import PHASE_NAMES
from speciesgym.envs.dominant_species.rules.setup import setup_game
from speciesgym.envs.dominant_species.state import STATE_DTYPE

_START_CELLS = np.array([D.cell_index(*qr) for qr in D.START_TILES], np.int8)
_START_TERRAIN = np.array(list(D.START_TILES.values()), np.int8)
_TUNDRA_CELL = D.cell_index(*D.START_TUNDRA)
_START_CORNERS = np.array([(D.corner_index(cells), t) for t, pair in D.START_ELEMENTS.items()
                           for cells in pair], np.int16)
_START_SPECIES = np.zeros((6, 3, 2), np.int8)
for _a, _rows in D.START_SPECIES.items():
    for _i, (_qr, _n) in enumerate(_rows):
        _START_SPECIES[_a, _i] = (D.cell_index(*_qr), _n)

OPTIONS = ("num_players", "animals", "forbid_useless_spaces")


def parse_animals(animals, num_players):
    """A list of animal names (or food-chain indices), one per seat; None = drawn at random."""
    if animals is None:
        return np.full(6, -1, np.int8)
    if isinstance(animals, str):
        animals = [x for x in animals.split(",") if x]
    try:
        animals = list(animals)
    except TypeError:
        raise ValueError(f"animals must be a list of animal names, got {animals!r}") from None
    if len(animals) != num_players:
        raise ValueError(f"animals: {len(animals)} given for {num_players} players")
    out = np.full(6, -1, np.int8)
    for s, a in enumerate(animals):
        if isinstance(a, str) and a.lower() in D.ANIMAL_NAMES:
            idx = D.ANIMAL_NAMES.index(a.lower())
        elif isinstance(a, (int, np.integer)) and not isinstance(a, bool) and 0 <= a < 6:
            idx = int(a)
        else:
            raise ValueError(f"animals: unknown animal {a!r}; choose from {', '.join(D.ANIMAL_NAMES)}")
        if idx in out[:s]:
            raise ValueError(f"animals: {D.ANIMAL_NAMES[idx]} chosen twice")
        out[s] = idx
    return out


@rule_kernel
def new_game(st, num_players, animals, forbid_useless):
    setup_game(st, num_players, animals, _START_CELLS, _START_TERRAIN, _TUNDRA_CELL,
               _START_CORNERS, _START_SPECIES, forbid_useless)
    settle(st)


@njit(cache=True)
def new_game_at(states, b, num_players, animals, forbid_useless):
    new_game(states[b], num_players, animals.copy(), forbid_useless)


@njit(cache=True)
def to_move_at(states, b):
    """The seat to move in game b, or -1 once it is over."""
    st = states[b]
    if st.phase == PH_OVER:
        return -1
    return st.animal_seat[st.actor]


@njit(cache=True)
def mask_at(states, b, out):
    """Copy game b's stored legal mask into `out` (zeros once over); return the seat to
    move (-1 once over)."""
    st = states[b]
    legal_mask(st, out)
    return to_move_at(states, b)


@njit(cache=True)
def step_legal_at(states, b, action):
    """Apply `action` to game b if its stored mask allows it (True), else change nothing
    (False)."""
    st = states[b]
    if action < 0 or action >= N_ACTIONS or st.mask[action] == 0:
        return False
    step(st, action)
    return True


@njit(cache=True)
def step_mask_at(states, b, action, out):
    """step_legal_at then mask_at in one call (the env's one compiled call per decision);
    -2 and nothing changed if the stored mask does not allow `action`."""
    if not step_legal_at(states, b, action):
        return -2
    return mask_at(states, b, out)


@njit(cache=True)
def random_playout(states, pickers, max_steps):
    """Random masked play of every game of the batch to the end; returns decisions made.
    `pickers` is a separate state record array (shape (1,), STATE_DTYPE) whose generator
    alone is used, so the games' own draws are untouched by the agents' choices. It must be
    of the state dtype: a one-field record would make numba type the shared generator
    kernels for two record types (NumbaExperimentalFeatureWarning, record subtyping)."""
    picker = pickers[0]
    total = 0
    legal = np.zeros(N_ACTIONS, np.int64)
    mask = np.zeros(N_ACTIONS, np.int8)
    for b in range(states.shape[0]):
        st = states[b]
        n = 0
        while st.phase != PH_OVER and n < max_steps:
            legal_mask(st, mask)
            k = 0
            for i in range(N_ACTIONS):
                if mask[i]:
                    legal[k] = i
                    k += 1
            step(st, legal[rng_below(picker, k)])
            n += 1
        total += n
    return total


@njit(cache=True)
def decide_at(states, b, action, mask, legal, obs):
    """One decision of game b in one call (envs.core.stepper): apply `action` unless it is
    negative (-1 and nothing changed if the stored mask does not allow it), then fill `mask`,
    `legal` (see list_legal) and, if it is not empty, `obs` with what the seat to move may
    know (zeros once over); return pack(seat to move or -1 once over, legal count). An `obs`
    of OBS_SIZE + MEMO_SIZE floats (the Stepper's) holds the memo of observe_memo after the
    observation."""
    if action >= 0 and not step_legal_at(states, b, action):
        return -1
    seat = mask_at(states, b, mask)
    n = list_legal(mask, legal)
    if obs.shape[0]:
        if seat < 0:
            obs[:] = 0.0                      # the memo too: the next game starts afresh
        elif obs.shape[0] == OBS_SIZE + MEMO_SIZE:
            fill_observation_memo(states, b, seat, obs)
        else:
            fill_observation(states[b], seat, obs)
    return pack(seat, n)


@njit(cache=True)
def env_at(states, b, op, arg, setup, mask, obs):
    """The env's one entry point (ops in envs.core.engine): new_game_at (setup:
    [forbid_useless, animal per seat (6)]), mask_at, step_mask_at (-2: the stored mask
    refuses the action) and observe_at in one compiled function."""
    st = states[b]
    if op == ENV_NEW:
        new_game(st, arg, setup[1:].copy(), np.int64(setup[0]))
        return 0
    if op == ENV_OBSERVE:
        fill_observation(st, arg, obs)
        return 0
    if op == ENV_STEP:
        if arg < 0 or arg >= N_ACTIONS or st.mask[arg] == 0:
            return -2
        step(st, arg)
    legal_mask(st, mask)
    return to_move_at(states, b)


def check_state(state):
    """ValueError unless `state` is a (1,)-shaped record array of STATE_DTYPE: the kernels
    index the record blindly, so anything else would be read or written out of bounds."""
    if type(state) is not np.ndarray or state.shape != (1,) or (
            state.dtype is not STATE_DTYPE and state.dtype != STATE_DTYPE):
        raise ValueError("state must be a Dominant Species record array of shape (1,) "
                         f"(engine.new_state), got {type(state).__name__} "
                         f"{getattr(state, 'dtype', '')}{getattr(state, 'shape', '')}")


class DominantSpeciesEngine(CompiledEngine):
    """Dominant Species for 2..6 players, one animal each.

    The fast API checks what would reach past the record with integer compares only: a state
    of the wrong dtype or shape, a seat outside the table, an action outside 0..N-1 or not in
    the stored legal mask (a lookup, nothing recomputed) is a ValueError. `checked_step`
    (envs.core.engine) adds the readable messages for agents and envs."""

    game = "dominant_species"
    state_dtype = STATE_DTYPE
    decide_kernel = decide_at
    env_kernel = staticmethod(env_at)
    to_move_kernel = staticmethod(to_move_at)
    no_setup = NO_MASK
    check_state = staticmethod(check_state)

    def __init__(self, num_players=4, animals=None, forbid_useless_spaces=False):
        if isinstance(num_players, bool) or not isinstance(num_players, (int, np.integer)):
            raise ValueError(f"num_players must be an int 2..6, got {num_players!r}")
        if not D.MIN_PLAYERS <= num_players <= D.MAX_PLAYERS:
            raise ValueError(f"num_players must be 2..6, got {num_players}")
        self.num_players = int(num_players)
        self.animals = parse_animals(animals, self.num_players)
        if not isinstance(forbid_useless_spaces, (bool, np.bool_)):
            raise ValueError(f"forbid_useless_spaces must be true or false, got {forbid_useless_spaces!r}")
        self.forbid_useless = int(forbid_useless_spaces)
        self.num_actions = N_ACTIONS
        self.obs_size = OBS_SIZE
        self.obs_memo = MEMO_SIZE

    def new_state(self, seed):
        state = np.zeros(1, STATE_DTYPE)
        state[0]["rng"] = seed_word(seed)
        setup = np.empty(7, np.int8)
        setup[0] = self.forbid_useless
        setup[1:] = self.animals
        env_at(state, 0, ENV_NEW, self.num_players, setup, NO_MASK, NO_OBS)
        return state

    def apply(self, state, action):
        check_state(state)
        if type(action) is not int:
            if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
                raise ValueError(f"action must be an integer index, got {action!r}")
            action = int(action)
        if not step_legal_at(state, 0, action):
            raise ValueError(f"action {action} is not legal now (0..{N_ACTIONS - 1}, "
                             "legal in the stored mask)")

    def conservation_problem(self, state):
        """Cubes, elements, pawns, tiles and cards conserved (see the conservation module)."""
        check_state(state)
        return conservation_problem(state)

    def apply_then_mask(self, state, action, out):
        """`apply` then `mask_into` in one compiled call; the legality check against the
        stored mask is kept (an integer compare), so a stale mask cannot slip through."""
        check_state(state)
        if type(action) is not int:
            if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
                raise ValueError(f"action must be an integer index, got {action!r}")
            action = int(action)
        seat = env_at(state, 0, ENV_STEP, action, NO_MASK, out, NO_OBS)
        if seat == -2:
            raise ValueError(f"action {action} is not legal now (0..{N_ACTIONS - 1}, "
                             "legal in the stored mask)")
        return int(seat)

    def observe(self, state, seat):
        check_state(state)
        if type(seat) is not int or not 0 <= seat < self.num_players:
            if isinstance(seat, (bool, np.bool_)) or not isinstance(seat, (int, np.integer)) \
                    or not 0 <= seat < self.num_players:
                raise ValueError(f"seat must be 0..{self.num_players - 1}, got {seat!r}")
            seat = int(seat)
        out = np.zeros(OBS_SIZE, np.float32)
        env_at(state, 0, ENV_OBSERVE, seat, NO_MASK, NO_MASK, out)
        return out

    def final(self, state):
        check_state(state)
        st = state[0]
        p = self.num_players
        animals = st["seat_animal"][:p]
        scores = np.array([st["vp"][a] for a in animals], np.float64)
        key = np.array([st["vp"][a] * 8 + (6 - a) for a in animals], np.float64)
        winners = key == key.max()
        return scores, winners, key

    def action_name(self, state, action):
        from speciesgym.envs.dominant_species.names import action_name
        return action_name(state, int(action))

    def phase_name(self, state):
        from speciesgym.envs.dominant_species.names import decision_label
        return f"{PHASE_NAMES[state[0]['phase']]}: {decision_label(state)}"

    def render_text(self, state, viewer=None, reveal=False):
        """The table as text. It shows only the board, which every seat sees alike (the
        deck's order and the bag are never in it), so viewer and reveal change nothing; a
        viewer that is not a seat is refused as everywhere (envs.core.viewer)."""
        from speciesgym.envs.core.viewer import check_viewer
        from speciesgym.envs.dominant_species.render import render_text
        check_viewer(viewer, self.num_players)
        return render_text(state)


def bench_engine(engine, n_games, seed):
    """(decisions, seconds) of random masked play of n_games full games on one core."""
    states = np.zeros(n_games, STATE_DTYPE)
    for g in range(n_games):
        states[g]["rng"] = seed_word(seed + g)
    picker = np.zeros(1, STATE_DTYPE)             # only its generator word is used
    picker[0]["rng"] = seed_word(seed ^ 0x5EED)
    start = time.perf_counter()
    for g in range(n_games):
        new_game_at(states, g, engine.num_players, engine.animals, engine.forbid_useless)
    decisions = random_playout(states, picker, 100000)
    return int(decisions), time.perf_counter() - start
