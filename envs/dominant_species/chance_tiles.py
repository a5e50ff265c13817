"""Chance events of Dominant Species: the terrain tiles turned from the stacks (DS-SET-07,
DS-RESET-08).

At setup the 24 terrain tiles are shuffled together and dealt into three stacks of eight
(the top of each turned face up), so the order of every face-down tile is one shuffle nobody
has seen: the next tile turned, on whichever stack, is a uniform draw from all face-down
tiles left (deferred decisions). A step turns the top tile of some stacks (`flips`, in the
order the rules turn them: ascending stack); its j-th turn is, given the j turns before it,
a uniform draw from the face-down tiles other than those j. Forcing an outcome swaps one
copy of the tile onto the stack's top, which leaves the tiles' contents (and every rule)
unchanged and only fixes which tile lies there.
"""
import numpy as np

from speciesgym.envs.core.chance import outcome_arrays, pile_force, pile_outcomes
from speciesgym.envs.dominant_species.data import N_STACKS, STACK_SIZE
from speciesgym.envs.dominant_species.engine import check_state

N_TILE_IDS = 16


def flipped_stacks(before, after):
    """The stacks whose top face-down tile the step from `before` to `after` turned."""
    check_state(before)
    check_state(after)
    a, b = before["stack_next"][0], after["stack_next"][0]
    return [s for s in range(N_STACKS) if int(b[s]) > int(a[s])]


def _check_flips(state, flips, j):
    nxt = state["stack_next"][0]
    if len(set(flips)) != len(flips) or any(
            not 0 <= int(s) < N_STACKS or int(nxt[s]) >= STACK_SIZE for s in flips):
        raise ValueError(f"flips must be distinct stacks with a face-down tile, got {flips!r}")
    if isinstance(j, bool) or not isinstance(j, (int, np.integer)) or not 0 <= j < len(flips):
        raise ValueError(f"turn index j must be in 0..{len(flips) - 1}, got {j!r}")


def unseen_cells(state, fixed=()):
    """The (stack, index) cells of the face-down tiles nobody has seen, the top tiles of the
    stacks in `fixed` (turns already fixed) left out."""
    nxt = state["stack_next"][0]
    taken = {(int(s), int(nxt[s])) for s in fixed}
    return [(s, i) for s in range(N_STACKS) for i in range(int(nxt[s]), STACK_SIZE)
            if (s, i) not in taken]


def _pool(state, flips, j):
    """(the flipped cell first, then the other cells the j-th turn may give) and their tiles."""
    s = int(flips[j])
    top = (s, int(state["stack_next"][0][s]))
    cells = [top] + [c for c in unseen_cells(state, flips[:j]) if c != top]
    tiles = np.array([state["stack_tiles"][0][c] for c in cells], np.int64)
    return cells, tiles


def tile_outcomes(state, flips, j=0):
    """(tile ids, probabilities) of the j-th turn of a step that turns the stacks `flips`."""
    check_state(state)
    _check_flips(state, flips, j)
    _, tiles = _pool(state, flips, j)
    vals, probs = outcome_arrays(N_TILE_IDS)
    m = pile_outcomes(tiles, 0, tiles.shape[0], vals, probs)
    return vals[:m].copy(), probs[:m].copy()


def turned_tile(state, flips, j=0):
    """The tile the j-th turn will give (what happens, read from the stack)."""
    check_state(state)
    _check_flips(state, flips, j)
    s = int(flips[j])
    return int(state["stack_tiles"][0][s, int(state["stack_next"][0][s])])


def force_tile(state, flips, j, tile):
    """Make the j-th turn give `tile` (one swap among the face-down tiles it may give)."""
    check_state(state)
    _check_flips(state, flips, j)
    cells, tiles = _pool(state, flips, j)
    if isinstance(tile, bool) or not isinstance(tile, (int, np.integer)) or not pile_force(
            tiles, 0, tiles.shape[0], 0, int(tile)):
        raise ValueError(f"tile {tile!r} is not among the face-down tiles this turn may give")
    for (s, i), t in zip(cells, tiles):
        state["stack_tiles"][0][s, i] = t
