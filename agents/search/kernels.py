"""The game kernels the search loop calls, under common names, chosen by the state's type.

The loop (`speciesgym.agents.search.uct`) is written once and calls `to_move(st)`, `legal_mask(st,
out)`, `step(st, a)`, `redeal(st, seat, word)`, `scores(st, out)`, `ending_now(st, out)` and
`policy_action(st, mask, word, kind)` (written once here, from the game's `style_action`
and `greedy_action`); the batched training env (`speciesgym.training.ppo.batched_kernels`) also calls
`observe(st, seat, out)` and `bot_action(st, seat, mask, style)`. Each game's glue module
(`speciesgym.agents.search.evolution`, `speciesgym.agents.search.dominant_species`) registers
its compiled kernels for its state record type; numba resolves each name by that type when it
compiles the loop (`numba.extending.overload`).

Why not pass the kernels to the loop as arguments: numba types a dispatcher argument by the
identity of the dispatcher object, so a function taking one misses the disk cache in every
new process and recompiles (measured: `cache_misses` on each run, numba 0.68). Resolving by
record type keeps `cache=True` working: the second process loads the compiled loop.
"""
from numba import from_dtype, njit
from numba.extending import overload

from speciesgym.envs.core.rng import random_legal

NAMES = ("to_move", "legal_mask", "step", "redeal", "scores", "ending_now", "style_action",
         "greedy_action", "observe", "bot_action")
_IMPL = {}


def register(state_dtype, **kernels):
    """Register a game's compiled kernels (one per name in NAMES) for its state dtype."""
    missing = set(NAMES) - set(kernels)
    if missing:
        raise ValueError(f"register: missing kernels {', '.join(sorted(missing))}")
    rec = from_dtype(state_dtype)
    for name, fn in kernels.items():
        if name not in NAMES:
            raise ValueError(f"register: unknown kernel name {name!r}")
        _IMPL[(rec, name)] = fn


def _find(st, name):
    return _IMPL.get((st, name))


def to_move(st):
    """Seat to decide now, -1 once the game is over."""
    raise RuntimeError("only callable from compiled code (numba overload)")


def legal_mask(st, out):
    """Write the legal actions of the seat to move into out (int8, the game's N_ACTIONS)."""
    raise RuntimeError("only callable from compiled code (numba overload)")


def step(st, action):
    """Apply a legal action and advance the game until someone must decide."""
    raise RuntimeError("only callable from compiled code (numba overload)")


def redeal(st, seat, word):
    """Redraw in place everything `seat` cannot see (the game's compiled resample)."""
    raise RuntimeError("only callable from compiled code (numba overload)")


def scores(st, out):
    """Write each seat's score so far into out (float64); return the number of players."""
    raise RuntimeError("only callable from compiled code (numba overload)")


def ending_now(st, out):
    """Add to out (float64, per seat) what the game's end would still pay if it ended now
    (nothing where `scores` already counts it): the evaluation of a capped rollout."""
    raise RuntimeError("only callable from compiled code (numba overload)")


def style_action(st, mask, word, style):
    """The game's compiled heuristic STYLES[style] (its glue's STYLES) for the seat to move,
    from what that seat sees; ties drawn from `word`."""
    raise RuntimeError("only callable from compiled code (numba overload)")


def greedy_action(st, mask, word):
    """The game's one-step greedy action for the seat to move; ties drawn from `word`."""
    raise RuntimeError("only callable from compiled code (numba overload)")


@njit(cache=True)
def policy_action(st, mask, word, kind):
    """A rollout action for the seat to move: kind 0 uniform over the mask, 1 greedy,
    2 + j the game's compiled heuristic STYLES[j] (its glue's STYLES)."""
    if kind >= 2:
        return style_action(st, mask, word, kind - 2)
    if kind == 1:
        return greedy_action(st, mask, word)
    return random_legal(mask, word)


def observe(st, seat, out):
    """Write what `seat` may know into out (float32, the game's OBS_SIZE), as engine.observe."""
    raise RuntimeError("only callable from compiled code (numba overload)")


def bot_action(st, seat, mask, style):
    """The action of the game's compiled heuristic bot `style` (an index into the game's
    list of compiled bots) for `seat` (the seat to move), read from that seat's observation
    only; -1 where the bot would break a tie with its own generator (its Python agent must
    choose) or the game has no compiled bots."""
    raise RuntimeError("only callable from compiled code (numba overload)")


@overload(to_move)
def _to_move(st):
    fn = _find(st, "to_move")
    if fn is not None:
        return lambda st: fn(st)


@overload(legal_mask)
def _legal_mask(st, out):
    fn = _find(st, "legal_mask")
    if fn is not None:
        return lambda st, out: fn(st, out)


@overload(step)
def _step(st, action):
    fn = _find(st, "step")
    if fn is not None:
        return lambda st, action: fn(st, action)


@overload(redeal)
def _redeal(st, seat, word):
    fn = _find(st, "redeal")
    if fn is not None:
        return lambda st, seat, word: fn(st, seat, word)


@overload(scores)
def _scores(st, out):
    fn = _find(st, "scores")
    if fn is not None:
        return lambda st, out: fn(st, out)


@overload(ending_now)
def _ending_now(st, out):
    fn = _find(st, "ending_now")
    if fn is not None:
        return lambda st, out: fn(st, out)


@overload(style_action)
def _style_action(st, mask, word, style):
    fn = _find(st, "style_action")
    if fn is not None:
        return lambda st, mask, word, style: fn(st, mask, word, style)


@overload(greedy_action)
def _greedy_action(st, mask, word):
    fn = _find(st, "greedy_action")
    if fn is not None:
        return lambda st, mask, word: fn(st, mask, word)


@overload(observe)
def _observe(st, seat, out):
    fn = _find(st, "observe")
    if fn is not None:
        return lambda st, seat, out: fn(st, seat, out)


@overload(bot_action)
def _bot_action(st, seat, mask, style):
    fn = _find(st, "bot_action")
    if fn is not None:
        return lambda st, seat, mask, style: fn(st, seat, mask, style)
