"""Stepper: one game played through one compiled call per decision, into buffers it holds.

The engine API (`to_move`, `legal_mask`, `observe`, `apply`) makes a compiled call and
allocates an array per question. A Stepper answers all of them in one call per decision:

    stepper = engine.stepper()            # or Stepper(engine)
    seat = stepper.reset(seed)            # or stepper.start(state) for a state of yours
    while seat >= 0:
        # stepper.mask: the legal mask (int8); stepper.obs: the observation of `seat`;
        # stepper.legal[:stepper.n_legal]: the legal actions in increasing order (int64)
        seat = stepper.step(action)

Buffers are overwritten by the next call: copy what you keep, and write none of them (the
next `step` checks its action against `mask`; a game may keep, after `obs` in the same
buffer, engine.obs_memo floats of memo of its earlier observations and rewrite only what
changed since). `step` refuses an action that is not an integer, outside the actions or not
in `mask` with a ValueError, and changes nothing then. Positions and observations are those
of the plain engine API (a test plays both side by side). `observe=False` leaves `obs` empty and skips that work.

Speed: the game's compiled `decide_at(states, b, action, mask, legal, obs)` (returning
`pack(seat, n_legal)`, or -1 for a refused action) is called through its compiled entry
point for the one signature a Stepper uses (`overloads[sig].entry_point`), which skips the
dispatcher's typing of each argument (about half the cost of a call). That entry point
trusts its argument types, so a Stepper passes only arrays it created or checked.
"""
import numpy as np
from numba import njit, typeof


@njit(cache=True)
def list_legal(mask, legal):
    """Write the indices of `mask`'s nonzero entries to the front of `legal`; return their
    count."""
    n = 0
    for i in range(mask.shape[0]):
        if mask[i]:
            legal[n] = i
            n += 1
    return n


@njit(cache=True)
def pack(seat, n_legal):
    """decide_at's answer as one int (one Python object, unpacked by Stepper): the seat to
    move (-1..5) and the number of legal actions."""
    return (seat + 1) | (n_legal << 3)


def entry_point(kernel, args):
    """The compiled entry point of `kernel` for the types of `args` (compiled or loaded from
    the cache now if needed), or the dispatcher itself if numba offers no entry point."""
    sig = tuple(typeof(a) for a in args)
    overload = kernel.overloads.get(sig)
    if overload is None:
        kernel.compile(sig)
        overload = kernel.overloads.get(sig)
    return getattr(overload, "entry_point", None) or kernel


class Stepper:
    """One game of `engine` (see the module docstring); `decide` is the game's compiled
    decide_at kernel (engines pass their own: `engine.stepper()`)."""

    def __init__(self, engine, decide=None, observe=True):
        self.engine = engine
        self.mask = np.zeros(engine.num_actions, np.int8)
        self.legal = np.zeros(engine.num_actions, np.int64)
        # obs and, after it, the game's memo for its next observations (engine.obs_memo)
        self._buffer = np.zeros(engine.obs_size + engine.obs_memo if observe else 0, np.float32)
        self.obs = self._buffer[:engine.obs_size]
        self.seat = -1
        self.n_legal = 0
        self._state = None
        self._check_state = engine.check_state
        self._num_actions = engine.num_actions
        decide = type(engine).decide_kernel if decide is None else decide
        probe = np.zeros(1, engine.state_dtype)
        self._decide = entry_point(decide, (probe, 0, -1, self.mask, self.legal, self._buffer))

    @property
    def state(self):
        """The state array of the game being played (shape (1,)); it is the Stepper's."""
        return self._state

    def reset(self, seed):
        """Start a fresh game from `seed`; return the seat to move."""
        return self.start(self.engine.new_state(seed))

    def start(self, state):
        """Play on from `state` (a (1,) state array of the engine's game, used in place);
        return the seat to move (-1 if that game is over)."""
        self._check_state(state)
        self._state = state
        return self._unpack(self._decide(state, 0, -1, self.mask, self.legal, self._buffer))

    def step(self, action):
        """Apply `action` (an integer allowed by `mask`), then refill the buffers for the
        next decision; return the seat to move (-1 once the game is over)."""
        if type(action) is not int:
            if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
                raise ValueError(f"action must be an integer index, got {action!r}")
            action = int(action)
        if not 0 <= action < self._num_actions:
            raise ValueError(f"illegal action {action}: outside 0..{self._num_actions - 1}")
        if self._state is None:
            raise ValueError("no game: call reset(seed) or start(state) first")
        packed = self._decide(self._state, 0, action, self.mask, self.legal, self._buffer)
        if packed < 0:
            raise ValueError(f"illegal action {action}: not in the legal mask"
                             + (" (the game is over)" if self.seat < 0 else ""))
        self.n_legal = packed >> 3
        self.seat = seat = (packed & 7) - 1
        return seat

    def _unpack(self, packed):
        self.n_legal = packed >> 3
        self.seat = seat = (packed & 7) - 1
        return seat

    def legal_actions(self):
        """The legal actions now, in increasing order (a view into `legal`)."""
        return self.legal[:self.n_legal]
