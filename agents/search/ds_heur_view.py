"""A Dominant Species observation vector read back into named arrays in compiled code, for
the heuristic bots (ds_heur_scores), plus the matching of every animal on every tile.

`read_view(obs)` reads only the observation (envs.dominant_species.observe LAYOUT), so a
bot built on it sees what its seat sees and nothing else. Counts come back from the scaled
floats by rounding, as DSView does (cubes x5, display x6, gene x55, VP x100, boxes x4).

`view_of_state(st, seat)` builds the same View straight from a state record, for the compiled
bots that hold one (search rollouts, the batched training env's opponents): it reads only
the public fields the observation encodes, skipping the vector's fill and decode (about half
of a bot's decision). tests/agents/test_ds_view_of_state.py checks it equals
read_view(observe(state, seat)) field by field, every seat, across games of 2-6 players."""
from collections import namedtuple

import numpy as np
from numba import njit

from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species.observe import LAYOUT

View = namedtuple("View", (
    "me",          # the viewer's animal (food-chain index)
    "decision",    # the decision in progress (rules.board D_*), -1 if none
    "opponents",   # int64 (k,): the other animals in play, ascending
    "terrain",     # int64 (cell,): 0 = no tile
    "cubes",       # int64 (cell, animal)
    "scored",      # bool (cell,): scored by Domination this round
    "corner",      # int64 (corner,): element type, -1 = empty
    "display",     # int64 (animal, type)
    "gene",        # int64 (animal,)
    "vp",          # int64 (animal,)
    "box",         # int64 (box, type): elements in the action display boxes
    "stack_face",  # int64 (stack,): face-up terrain
    "faceup",      # int64 (slot,): face-up dominance card, -1 = none
    "tundra_left",  # int
    "ctx_cell",    # the cell of the decision's context, -1 if none
    "ctx_elem",    # the element of the decision's context, -1 if none
    "tile_elems",  # int64 (cell, type): elements on the cell's corners
    "match",       # int64 (cell, animal): matching of each animal on each cell
))

OFFSETS = {}                       # piece name -> (offset, length) in the vector
for _name, _n in LAYOUT:
    OFFSETS[_name] = (sum(n for _, n in OFFSETS.values()), _n)
_O = {name: off for name, (off, _) in OFFSETS.items()}
O_ME, O_IN_PLAY, O_DECISION = _O["me"], _O["in_play"], _O["decision"]
N_DECISIONS = OFFSETS["decision"][1]
O_TERRAIN, O_CUBES, O_SCORED = _O["terrain"], _O["cubes"], _O["scored"]
O_CORNER, O_DISPLAY, O_GENE, O_VP = _O["corner"], _O["display"], _O["gene"], _O["vp"]
O_BOXES, O_STACKS, O_FACEUP = _O["boxes"], _O["stacks"], _O["faceup"]
O_TUNDRA, O_CONTEXT = _O["tundra_left"], _O["context"]
N_CELLS, N_CORNERS, N_STACKS = D.N_CELLS, D.N_CORNERS, D.N_STACKS
N_FACEUP, N_CARDS = D.N_FACEUP, D.N_CARDS
CELL_CORNERS = D.CELL_CORNERS.astype(np.int64)


@njit(cache=True)
def onehot_at(obs, off, n):
    """Index of the first nonzero of obs[off:off + n] (its argmax for a one-hot), -1 if none."""
    best, who = 0.0, -1
    for i in range(n):
        if obs[off + i] != 0.0 and (who < 0 or obs[off + i] > best):
            best, who = obs[off + i], i
    return who


@njit(cache=True)
def argmax_at(obs, off, n):
    """np.argmax of obs[off:off + n] (0 when all are zero)."""
    who = 0
    for i in range(1, n):
        if obs[off + i] > obs[off + who]:
            who = i
    return who


@njit(cache=True)
def counts_at(obs, off, n, scale):
    out = np.empty(n, np.int64)
    for i in range(n):
        out[i] = np.int64(np.rint(obs[off + i] * scale))
    return out


@njit(cache=True)
def matching(corner, display):
    """(tile_elems, match): the elements on each cell's corners by type, and each animal's
    matching on each cell (its display times those elements)."""
    tile_elems = np.zeros((N_CELLS, 6), np.int64)
    for c in range(N_CELLS):
        for j in range(6):
            e = corner[CELL_CORNERS[c, j]]
            if e >= 0:
                tile_elems[c, e] += 1
    match = np.zeros((N_CELLS, 6), np.int64)
    for c in range(N_CELLS):
        for a in range(6):
            for t in range(6):
                match[c, a] += tile_elems[c, t] * display[a, t]
    return tile_elems, match


@njit(cache=True)
def read_view(obs):
    """The View of one observation vector (float32, OBS_SIZE)."""
    me = onehot_at(obs, O_ME, 6)
    k = 0
    for a in range(6):
        if obs[O_IN_PLAY + a] > 0.5 and a != me:
            k += 1
    opponents = np.empty(k, np.int64)
    k = 0
    for a in range(6):
        if obs[O_IN_PLAY + a] > 0.5 and a != me:
            opponents[k] = a
            k += 1
    terrain = np.empty(N_CELLS, np.int64)
    scored = np.empty(N_CELLS, np.bool_)
    for c in range(N_CELLS):
        terrain[c] = argmax_at(obs, O_TERRAIN + 9 * c, 9)
        scored[c] = obs[O_SCORED + c] > 0.5
    corner = np.empty(N_CORNERS, np.int64)
    for q in range(N_CORNERS):
        corner[q] = onehot_at(obs, O_CORNER + 6 * q, 6)
    stack_face = np.empty(N_STACKS, np.int64)
    for s in range(N_STACKS):
        stack_face[s] = argmax_at(obs, O_STACKS + 10 * s, 9)
    faceup = np.empty(N_FACEUP, np.int64)
    for s in range(N_FACEUP):
        faceup[s] = onehot_at(obs, O_FACEUP + N_CARDS * s, N_CARDS)
    cubes = counts_at(obs, O_CUBES, N_CELLS * 6, 5).reshape(N_CELLS, 6)
    display = counts_at(obs, O_DISPLAY, 36, 6).reshape(6, 6)
    tile_elems, match = matching(corner, display)
    ctx = O_CONTEXT
    return View(me, onehot_at(obs, O_DECISION, N_DECISIONS), opponents, terrain, cubes,
                scored, corner, display, counts_at(obs, O_GENE, 6, 55),
                counts_at(obs, O_VP, 6, 100), counts_at(obs, O_BOXES, 36, 4).reshape(6, 6),
                stack_face, faceup, np.int64(np.rint(obs[O_TUNDRA] * 11)),
                onehot_at(obs, ctx, N_CELLS),
                onehot_at(obs, ctx + N_CELLS + N_CORNERS, 6), tile_elems, match)


@njit(cache=True)
def _index_or_none(i, n):
    """A one-hot piece read back: i when it is in [0, n), else -1 (nothing written)."""
    return np.int64(i) if 0 <= i < n else np.int64(-1)


@njit(cache=True)
def view_of_state(st, seat):
    """read_view(observe(st, seat)) without the vector: the public fields of the state
    record that the observation encodes, as the View's int64 arrays."""
    me = _index_or_none(st.seat_animal[seat], 6)
    k = 0
    for a in range(6):
        if st.animal_seat[a] >= 0 and a != me:
            k += 1
    opponents = np.empty(k, np.int64)
    k = 0
    for a in range(6):
        if st.animal_seat[a] >= 0 and a != me:
            opponents[k] = a
            k += 1
    terrain = np.empty(N_CELLS, np.int64)
    scored = np.empty(N_CELLS, np.bool_)
    cubes = np.empty((N_CELLS, 6), np.int64)
    for c in range(N_CELLS):
        terrain[c] = st.terrain[c]
        scored[c] = st.scored[c] > 0
        for a in range(6):
            cubes[c, a] = st.cubes[c, a]
    corner = np.empty(N_CORNERS, np.int64)
    for q in range(N_CORNERS):
        corner[q] = _index_or_none(st.corner[q], 6)
    stack_face = np.empty(N_STACKS, np.int64)
    for s in range(N_STACKS):
        stack_face[s] = st.stack_face[s]
    faceup = np.empty(N_FACEUP, np.int64)
    for s in range(N_FACEUP):
        faceup[s] = _index_or_none(st.faceup[s], N_CARDS)
    display = np.empty((6, 6), np.int64)
    box = np.empty((6, 6), np.int64)
    gene = np.empty(6, np.int64)
    vp = np.empty(6, np.int64)
    for a in range(6):
        gene[a] = st.gene[a]
        vp[a] = st.vp[a]
        for t in range(6):
            display[a, t] = st.display[a, t]
            box[a, t] = st.box[a, t]
    tile_elems, match = matching(corner, display)
    return View(me, _index_or_none(st.sub, N_DECISIONS), opponents, terrain, cubes, scored,
                corner, display, gene, vp, box, stack_face, faceup, np.int64(st.tundra_left),
                _index_or_none(st.ctx_cell, N_CELLS), _index_or_none(st.ctx_elem, 6),
                tile_elems, match)
