"""What one seat may know, as one flat float32 vector.

Everything on the table is public in Dominant Species except the order of the dominance
deck and of the face-down terrain stacks (the bag's contents are public by subtraction and
have no order). The vector holds the public board and the decision in progress; of the deck
only its size, of the stacks only their face-up tiles and sizes. Pieces, in order:
"""
import numpy as np
from numba import njit

from speciesgym.envs.core.kernel import rule_kernel
from speciesgym.envs.dominant_species.data import (CELL_CORNERS, N_CARDS, N_CELLS, N_CORNERS, N_FACEUP,
                                        N_SPACES, N_STACKS, STACK_SIZE)
from speciesgym.envs.dominant_species.observe_ego import EGO_CELL, EGO_SIZE, fill_ego
from speciesgym.envs.dominant_species.rules.board import N_DECISIONS

LAYOUT = (
    ("me", 6),                    # one-hot: the viewer's animal
    ("in_play", 6),               # animals in the game
    ("actor", 6),                 # one-hot: animal deciding now
    ("phase", 4),                 # one-hot phase
    ("decision", N_DECISIONS),    # one-hot decision in progress
    ("space_now", N_SPACES),      # one-hot space being resolved
    ("terrain", N_CELLS * 9),     # [cell, terrain] one-hot (0 = no tile)
    ("cubes", N_CELLS * 6),       # [cell, animal] cubes / 5
    ("dominant", N_CELLS * 6),    # [cell, animal] one-hot dominant animal
    ("scored", N_CELLS),          # scored by Domination this round
    ("flags", N_CELLS),           # per-cell marks of the decision in progress
    ("corner", N_CORNERS * 6),    # [corner, type] one-hot element
    ("display", 36),              # [animal, type] elements / 6
    ("gene", 6),                  # gene pool / 55
    ("elim", 6),                  # eliminated / 55
    ("vp", 6),                    # VP / 100
    ("pawns", 12),                # supply / 10, owned / 10
    ("initiative", 36),           # [animal, position] one-hot
    ("spaces", N_SPACES * 6),     # [space, animal] pawn there
    ("boxes", 36),                # [box, type] / 4
    ("bag", 6),                   # bag / 20
    ("stacks", N_STACKS * 10),    # per stack: face-up terrain one-hot (9), tiles left / 8
    ("tundra_left", 1),           # / 11
    ("faceup", N_FACEUP * N_CARDS),   # [slot, card] one-hot
    ("deck_left", 1),             # / 26
    ("context", N_CELLS + N_CORNERS + 6 + 2 + 16 + N_CARDS + 6 + N_CELLS + 2),
    ("protect", 36),              # [animal, type] Regression protection
    # the same public facts again, seen from the viewer's animal ("my" vs the best rival),
    # so that one policy serves whichever animal a seat is dealt
    ("ego_cells", N_CELLS * EGO_CELL),   # per cell: see fill_ego
    ("ego_types", 24),            # per type: my display, best rival's, my use, rival use
    ("ego_scalars", 8),           # gene, VP, rival VP, lead, pawns, initiative, food chain
    ("ego_spaces", N_SPACES * 2),  # per space: my pawn there, a rival's pawn there
)
OBS_SIZE = sum(n for _, n in LAYOUT)
OFFSET, _o = {}, 0                # piece name -> its first index
for _name, _n in LAYOUT:
    OFFSET[_name], _o = _o, _o + _n
# the sections below (each writes its pieces onto zeros; observe_memo rewrites them alone)
O_TERRAIN, O_CUBES, O_DOMINANT = OFFSET["terrain"], OFFSET["cubes"], OFFSET["dominant"]
O_SCORED, O_CORNER, O_DISPLAY = OFFSET["scored"], OFFSET["corner"], OFFSET["display"]
O_SPACES, O_BOXES, O_EGO = OFFSET["spaces"], OFFSET["boxes"], OFFSET["ego_cells"]
O_CONTEXT = OFFSET["context"]
assert OBS_SIZE - O_EGO == EGO_SIZE


@rule_kernel
def _onehot(out, off, i, n):
    if 0 <= i < n:
        out[off + i] = 1.0
    return off + n


@rule_kernel
def fill_head(st, seat, out):
    """me .. space_now (offset 0 to O_TERRAIN)."""
    o = _onehot(out, 0, st.seat_animal[seat], 6)
    for a in range(6):
        out[o + a] = 1.0 if st.animal_seat[a] >= 0 else 0.0
    o += 6
    o = _onehot(out, o, st.actor if st.phase != 3 else -1, 6)
    o = _onehot(out, o, st.phase, 4)
    o = _onehot(out, o, st.sub, N_DECISIONS)
    _onehot(out, o, st.space_now if st.phase == 1 else -1, N_SPACES)


@rule_kernel
def fill_terrain(st, out):
    for c in range(N_CELLS):
        out[O_TERRAIN + c * 9 + st.terrain[c]] = 1.0


@rule_kernel
def fill_cubes(st, out):
    for c in range(N_CELLS):                  # zeros stay as written before
        for a in range(6):
            if st.cubes[c, a]:
                out[O_CUBES + c * 6 + a] = st.cubes[c, a] / 5.0


@rule_kernel
def fill_dominant(st, out):
    for c in range(N_CELLS):
        if st.dom[c] >= 0:
            out[O_DOMINANT + c * 6 + st.dom[c]] = 1.0


@rule_kernel
def fill_marks(st, out):
    """scored and flags."""
    for c in range(N_CELLS):
        out[O_SCORED + c] = st.scored[c]
        out[O_SCORED + N_CELLS + c] = st.flags[c]


@rule_kernel
def fill_corner(st, out):
    for k in range(N_CORNERS):
        if st.corner[k] >= 0:
            out[O_CORNER + k * 6 + st.corner[k]] = 1.0


@rule_kernel
def fill_animals(st, out):
    """display .. initiative."""
    o = O_DISPLAY
    for a in range(6):
        for t in range(6):
            if st.display[a, t]:
                out[o + a * 6 + t] = st.display[a, t] / 6.0
    o += 36
    for a in range(6):
        out[o + a] = st.gene[a] / 55.0
        out[o + 6 + a] = st.elim[a] / 55.0
        out[o + 12 + a] = st.vp[a] / 100.0
        out[o + 18 + a] = st.ap_supply[a] / 10.0
        out[o + 24 + a] = st.ap_total[a] / 10.0
    o += 30
    for i in range(st.num_players):
        out[o + st.init_order[i] * 6 + i] = 1.0


@rule_kernel
def fill_spaces(st, out):
    for s in range(N_SPACES):
        if st.space[s] >= 0:
            out[O_SPACES + s * 6 + st.space[s]] = 1.0


@rule_kernel
def fill_supply(st, out):
    """boxes .. deck_left (offset O_BOXES to O_CONTEXT)."""
    o = O_BOXES
    for b in range(6):
        for t in range(6):
            if st.box[b, t]:
                out[o + b * 6 + t] = st.box[b, t] / 4.0
    o += 36
    for t in range(6):
        out[o + t] = st.bag[t] / 20.0
    o += 6
    for s in range(N_STACKS):
        out[o + s * 10 + st.stack_face[s]] = 1.0
        out[o + s * 10 + 9] = (STACK_SIZE - st.stack_next[s]) / 8.0
    o += N_STACKS * 10
    out[o] = st.tundra_left / 11.0
    o += 1
    for i in range(N_FACEUP):
        if st.faceup[i] >= 0:
            out[o + i * N_CARDS + st.faceup[i]] = 1.0
    o += N_FACEUP * N_CARDS
    out[o] = (st.deck_len - st.deck_ptr) / 26.0


@rule_kernel
def fill_context(st, out):
    """context and protect (offset O_CONTEXT to O_EGO)."""
    o = _onehot(out, O_CONTEXT, st.ctx_cell, N_CELLS)
    o = _onehot(out, o, st.ctx_corner, N_CORNERS)
    o = _onehot(out, o, st.ctx_elem, 6)
    out[o] = st.ctx_k / 6.0
    out[o + 1] = st.ctx_n / 7.0
    o += 2
    for j in range(16):
        out[o + j] = (st.ctx_bits >> j) & 1
    o += 16
    o = _onehot(out, o, st.card, N_CARDS)
    o = _onehot(out, o, st.owner, 6)
    o = _onehot(out, o, st.dom_cell, N_CELLS)
    out[o] = st.ice_age
    out[o + 1] = st.round / 40.0
    o += 2
    for a in range(6):
        for t in range(6):
            out[o + a * 6 + t] = (st.protect[a] >> t) & 1


@rule_kernel
def fill_observation(st, seat, out):
    out[:] = 0.0
    fill_head(st, seat, out)
    fill_terrain(st, out)
    fill_cubes(st, out)
    fill_dominant(st, out)
    fill_marks(st, out)
    fill_corner(st, out)
    fill_animals(st, out)
    fill_spaces(st, out)
    fill_supply(st, out)
    fill_context(st, out)
    return fill_ego(st, st.seat_animal[seat], out, O_EGO)


@njit(cache=True)
def observe_at(states, b, seat, out):
    return fill_observation(states[b], seat, out)


def observe(state, seat):
    out = np.zeros(OBS_SIZE, np.float32)
    observe_at(state, 0, seat, out)
    return out
