"""The observation rewritten only where the state changed since it was last written (the
Stepper's path, envs/core/stepper.py; the plain API writes it whole with fill_observation).

An observation is a function of the state and the viewer. The Stepper hands decide_at one
float32 buffer: the observation (OBS_SIZE) followed by MEMO_SIZE floats of memo, which this
module alone reads and writes:

- a copy of the state's bytes as of the last observation written to the buffer (the public
  pieces of the vector, everything before ego_cells, are the viewer's but for `me`);
- per animal, a copy of the state's bytes as of the last viewer's-eye block computed for it,
  and that block (ego_cells .. ego_spaces);
- a mark per copy that it has been written (a zeroed buffer, as at the end of a game, holds
  no marks, so the next observation is written whole).

Each piece is rewritten when a field it reads differs from the copy, bytewise (so any change
of the state counts, whoever made it: a move, `Stepper.start` with another state, or a
caller's edit); small pieces are rewritten always. Each section writes onto zeros exactly as
fill_observation does, so the bits are the same (tests/core/test_stepper.py).
"""
import numpy as np
from numba import njit

from speciesgym.envs.core.kernel import rule_kernel
from speciesgym.envs.dominant_species.data import CELL_CORNERS, N_CELLS
from speciesgym.envs.dominant_species.observe import (
    O_BOXES, O_CONTEXT, O_CORNER, O_CUBES, O_DISPLAY, O_DOMINANT, O_EGO, O_SCORED, O_SPACES, O_TERRAIN,
    OBS_SIZE, fill_animals, fill_corner, fill_cubes, fill_dominant, fill_head, fill_marks,
    fill_context, fill_spaces, fill_supply, fill_terrain)
from speciesgym.envs.dominant_species.observe_ego import (
    EGO_CELL, EGO_SCALARS, EGO_SIZE, EGO_SPACES, EGO_TYPES, ego_cell, ego_displays,
    ego_scalars, ego_spaces, ego_use, fill_ego, rivals_of)
from speciesgym.envs.dominant_species.state import STATE_DTYPE

STATE_BYTES = STATE_DTYPE.itemsize
SHADOW = -(-STATE_BYTES // 4)     # floats holding one copy of the state's bytes
EGO_AT = 7 * SHADOW               # copies: 0 = the public pieces, 1 + a = animal a's ego
MARK_AT = EGO_AT + 6 * EGO_SIZE   # then animal a's ego block at EGO_AT + a * EGO_SIZE
MEMO_SIZE = MARK_AT + 7           # then the marks, one per copy


def _bytes(name):
    """(offset, size) of a state field in the record's bytes."""
    dtype, offset = STATE_DTYPE.fields[name][:2]
    return offset, dtype.itemsize


TERRAIN_AT, TERRAIN_N = _bytes("terrain")
CUBES_AT, CUBES_N = _bytes("cubes")
CORNER_AT, CORNER_N = _bytes("corner")
DISPLAY_AT, DISPLAY_N = _bytes("display")
DOM_AT, DOM_N = _bytes("dom")
SPACE_AT, SPACE_N = _bytes("space")
SEATS_AT, SEATS_N = _bytes("animal_seat")
PLAYERS_AT = _bytes("num_players")[0]
# fill_animals reads display .. init_order, fill_supply box .. faceup (each a run of bytes)
ANIMALS_AT = DISPLAY_AT
ANIMALS_N = sum(_bytes(f)[1] for f in ("display", "gene", "elim", "vp", "ap_supply",
                                       "ap_total", "init_order"))
SUPPLY_AT = _bytes("box")[0]
SUPPLY_N = sum(_bytes(f)[1] for f in ("box", "bag", "stack_tiles", "stack_next", "stack_face",
                                      "tundra_left", "deck", "deck_ptr", "deck_len", "faceup"))
assert _bytes("init_order")[0] + 6 == ANIMALS_AT + ANIMALS_N
assert _bytes("faceup")[0] + _bytes("faceup")[1] == SUPPLY_AT + SUPPLY_N
CELL_CUBES = CUBES_N // N_CELLS   # bytes of one cell's row of cubes
# the bytes compared end before the stored mask's (never compared, so never copied)
LAST = max(CUBES_AT + CUBES_N, CORNER_AT + CORNER_N, ANIMALS_AT + ANIMALS_N, DOM_AT + DOM_N,
           SPACE_AT + SPACE_N, SEATS_AT + SEATS_N, TERRAIN_AT + TERRAIN_N,
           SUPPLY_AT + SUPPLY_N)
assert STATE_DTYPE.fields["terrain"][0].base.itemsize == 1
assert STATE_DTYPE.fields["dom"][0].base.itemsize == 1
assert STATE_DTYPE.fields["corner"][0].base.itemsize == 1


@rule_kernel
def _same(x, y, at, n):
    """Bytes at..at+n of x and y are equal (loops from 0 over slices: numba then needs no
    negative-index check and LLVM vectorises them)."""
    xs = x[at:at + n]
    ys = y[at:at + n]
    d = 0
    for i in range(xs.shape[0]):
        d |= xs[i] ^ ys[i]
    return d == 0


@rule_kernel
def _copy(x, y):
    """The state's bytes x into y (the last few bytes, never compared, left out)."""
    for i in range(LAST):
        y[i] = x[i]


@rule_kernel
def _cell_same(x, y, c):
    """What ego_cell reads of cell c is unchanged (its terrain, dominance, cubes and
    corners; every display is compared apart); x and y as bytes."""
    if x[TERRAIN_AT + c] != y[TERRAIN_AT + c] or x[DOM_AT + c] != y[DOM_AT + c]:
        return False
    for i in range(CUBES_AT + c * CELL_CUBES, CUBES_AT + (c + 1) * CELL_CUBES):
        if x[i] != y[i]:
            return False
    for j in range(6):
        k = CORNER_AT + CELL_CORNERS[c, j]
        if x[k] != y[k]:
            return False
    return True


@rule_kernel
def _public(st, seat, buf, x, y, fresh):
    """The pieces before ego_cells; y is the copy of the state they were written from (x
    and y as bytes)."""
    buf[:O_TERRAIN] = 0.0
    fill_head(st, seat, buf)
    if fresh or not _same(x, y, TERRAIN_AT, TERRAIN_N):
        buf[O_TERRAIN:O_CUBES] = 0.0
        fill_terrain(st, buf)
    if fresh or not _same(x, y, CUBES_AT, CUBES_N):
        buf[O_CUBES:O_DOMINANT] = 0.0
        fill_cubes(st, buf)
    if fresh or not _same(x, y, DOM_AT, DOM_N):
        buf[O_DOMINANT:O_SCORED] = 0.0
        fill_dominant(st, buf)
    fill_marks(st, buf)                       # writes each of its entries
    if fresh or not _same(x, y, CORNER_AT, CORNER_N):
        buf[O_CORNER:O_DISPLAY] = 0.0
        fill_corner(st, buf)
    if fresh or x[PLAYERS_AT] != y[PLAYERS_AT] or not _same(x, y, ANIMALS_AT, ANIMALS_N):
        buf[O_DISPLAY:O_SPACES] = 0.0
        fill_animals(st, buf)
    if fresh or not _same(x, y, SPACE_AT, SPACE_N):
        buf[O_SPACES:O_BOXES] = 0.0
        fill_spaces(st, buf)
    if fresh or not _same(x, y, SUPPLY_AT, SUPPLY_N):
        buf[O_BOXES:O_CONTEXT] = 0.0
        fill_supply(st, buf)
    buf[O_CONTEXT:O_EGO] = 0.0
    fill_context(st, buf)


@rule_kernel
def _ego(st, me, ego, x, y, fresh):
    """Animal me's viewer's-eye block (ego, from its start); y is the copy of the state it
    was computed from (x and y as bytes)."""
    if fresh:
        ego[:] = 0.0
        fill_ego(st, me, ego, 0)
        return
    rivals = rivals_of(st, me)
    every = not (_same(x, y, DISPLAY_AT, DISPLAY_N) and _same(x, y, SEATS_AT, SEATS_N))
    cubes = _same(x, y, CUBES_AT, CUBES_N)
    corner = _same(x, y, CORNER_AT, CORNER_N)
    if every or not (cubes and corner and _same(x, y, TERRAIN_AT, TERRAIN_N)
                     and _same(x, y, DOM_AT, DOM_N)):
        for c in range(N_CELLS):
            if every or not _cell_same(x, y, c):
                ego[c * EGO_CELL:(c + 1) * EGO_CELL] = 0.0
                ego_cell(st, me, rivals, c, ego, 0)
    if every:
        ego_displays(st, me, rivals, ego, 0)  # writes each of its entries
    if every or not (cubes and corner):
        ego[EGO_TYPES + 12:EGO_SCALARS] = 0.0
        ego_use(st, me, rivals, ego, 0)
    ego[EGO_SCALARS:EGO_SPACES] = 0.0
    ego_scalars(st, me, rivals, ego, 0)
    if not _same(x, y, SPACE_AT, SPACE_N):
        ego[EGO_SPACES:] = 0.0
        ego_spaces(st, me, ego, 0)


@njit(cache=True)
def fill_observation_memo(states, b, seat, buf):
    """What `seat` may know of game b in buf[:OBS_SIZE] (as fill_observation), using and
    updating the memo in buf[OBS_SIZE:] (OBS_SIZE + MEMO_SIZE floats in all)."""
    st = states[b]
    x = states[b:b + 1].view(np.uint8)
    memo = buf[OBS_SIZE:]
    marks = memo[MARK_AT:]
    y = memo[:SHADOW].view(np.uint8)
    _public(st, seat, buf, x, y, marks[0] == 0.0)
    _copy(x, y)
    marks[0] = 1.0
    me = st.seat_animal[seat]
    y = memo[(1 + me) * SHADOW:(2 + me) * SHADOW].view(np.uint8)
    ego = memo[EGO_AT + me * EGO_SIZE:EGO_AT + (me + 1) * EGO_SIZE]
    _ego(st, me, ego, x, y, marks[1 + me] == 0.0)
    _copy(x, y)
    marks[1 + me] = 1.0
    dst = buf[O_EGO:]
    for i in range(EGO_SIZE):
        dst[i] = ego[i]
