"""What one seat may know, as one flat float32 vector.

Everything on the table is public in Dominant Species except the order of the dominance
deck and of the face-down terrain stacks (the bag's contents are public by subtraction and
have no order). The vector holds the public board and the decision in progress; of the deck
only its size, of the stacks only their face-up tiles and sizes. Pieces, in order:
"""
import numpy as np
from numba import njit

from speciesgym.envs.dominant_species.data import (CELL_CORNERS, N_CARDS, N_CELLS, N_CORNERS, N_FACEUP,
                                        N_SPACES, N_STACKS, STACK_SIZE)
from speciesgym.envs.dominant_species.rules.board import N_DECISIONS, tile_payout

EGO_CELL = 10

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


@njit(cache=True)
def _onehot(out, off, i, n):
    if 0 <= i < n:
        out[off + i] = 1.0
    return off + n


@njit(cache=True)
def fill_observation(st, seat, out):
    out[:] = 0.0
    o = 0
    o = _onehot(out, o, st.seat_animal[seat], 6)
    for a in range(6):
        out[o + a] = 1.0 if st.animal_seat[a] >= 0 else 0.0
    o += 6
    o = _onehot(out, o, st.actor if st.phase != 3 else -1, 6)
    o = _onehot(out, o, st.phase, 4)
    o = _onehot(out, o, st.sub, N_DECISIONS)
    o = _onehot(out, o, st.space_now if st.phase == 1 else -1, N_SPACES)
    for c in range(N_CELLS):
        out[o + c * 9 + st.terrain[c]] = 1.0
    o += N_CELLS * 9
    for c in range(N_CELLS):                  # zeros stay as written by out[:] = 0.0
        for a in range(6):
            if st.cubes[c, a]:
                out[o + c * 6 + a] = st.cubes[c, a] / 5.0
    o += N_CELLS * 6
    for c in range(N_CELLS):
        if st.dom[c] >= 0:
            out[o + c * 6 + st.dom[c]] = 1.0
    o += N_CELLS * 6
    for c in range(N_CELLS):
        out[o + c] = st.scored[c]
        out[o + N_CELLS + c] = st.flags[c]
    o += 2 * N_CELLS
    for k in range(N_CORNERS):
        if st.corner[k] >= 0:
            out[o + k * 6 + st.corner[k]] = 1.0
    o += N_CORNERS * 6
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
    o += 36
    for s in range(N_SPACES):
        if st.space[s] >= 0:
            out[o + s * 6 + st.space[s]] = 1.0
    o += N_SPACES * 6
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
    o += 1
    o = _onehot(out, o, st.ctx_cell, N_CELLS)
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
    o += 36
    return fill_ego(st, st.seat_animal[seat], out, o)


@njit(cache=True)
def fill_ego(st, me, out, o):
    """The viewer's-eye block. Per cell: my cubes, the most cubes of a rival, all rivals'
    cubes, my matching, the best rival matching, I dominate, a rival dominates, my VP and the
    best rival VP if the tile were scored now, my species endangered.

    Written for speed with the same float32 results as the plain formulas: maxima are taken
    over the integers and divided once (rounding is monotone), and sums skip zero terms but
    keep their order (adding +0.0 changes nothing; reordering could change the last bit)."""
    elems = np.empty(6, np.int64)             # elements on the corners of one cell
    rivals = np.empty(6, np.int64)            # the other animals in the game
    nr = 0
    for a in range(6):
        if a != me and st.animal_seat[a] >= 0:
            rivals[nr] = a
            nr += 1
    display, cubes, corner = st.display, st.cubes, st.corner
    for c in range(st.terrain.shape[0]):
        if st.terrain[c] == 0:
            continue
        b = o + c * EGO_CELL
        ne = 0
        for j in range(6):
            e = corner[CELL_CORNERS[c, j]]
            if e >= 0:
                elems[ne] = e
                ne += 1
        mine = cubes[c, me]
        m = 0                                 # match_value(st, me, c)
        for j in range(ne):
            m += display[me, elems[j]]
        dom = st.dom[c]                       # kept current by update_dominance
        if mine:
            out[b] = mine / 5.0
            out[b + 7] = tile_payout(st, c, me) / 9.0
        out[b + 3] = m / 6.0
        out[b + 5] = dom == me
        out[b + 6] = dom >= 0 and dom != me
        out[b + 9] = mine > 0 and m == 0      # is_endangered
        most = best_match = best_pay = 0
        for i in range(nr):
            a = rivals[i]
            m = 0
            for j in range(ne):
                m += display[a, elems[j]]
            best_match = max(best_match, m)
            n = cubes[c, a]
            if n:
                most = max(most, n)
                out[b + 2] += n / 10.0
                best_pay = max(best_pay, tile_payout(st, c, a))
        out[b + 1] = most / 5.0
        out[b + 4] = best_match / 6.0
        out[b + 8] = best_pay / 9.0
    o += st.terrain.shape[0] * EGO_CELL
    for t in range(6):
        out[o + t] = display[me, t] / 6.0
        most = 0
        for i in range(nr):
            most = max(most, display[rivals[i], t])
        out[o + 6 + t] = most / 6.0
    for c in range(st.terrain.shape[0]):      # use: elements of a type next to my species
        mine = min(cubes[c, me], 4)
        others = False
        for i in range(nr):
            others = others or cubes[c, rivals[i]] > 0
        if mine == 0 and not others:
            continue
        for j in range(6):
            e = corner[CELL_CORNERS[c, j]]
            if e < 0:
                continue
            if mine:
                out[o + 12 + e] += mine / 20.0
            if others:
                for i in range(nr):
                    n = cubes[c, rivals[i]]
                    if n > 0:
                        out[o + 18 + e] += min(n, 4) / 20.0
    o += 24
    rival_vp = 0
    for i in range(nr):
        rival_vp = max(rival_vp, st.vp[rivals[i]])
    out[o] = st.gene[me] / 55.0
    out[o + 1] = st.vp[me] / 100.0
    out[o + 2] = rival_vp / 100.0
    out[o + 3] = (st.vp[me] - rival_vp) / 50.0
    out[o + 4] = st.ap_supply[me] / 10.0
    out[o + 5] = st.ap_total[me] / 10.0
    for i in range(st.num_players):
        if st.init_order[i] == me:
            out[o + 6] = i / 6.0
    for a in range(me):
        if st.animal_seat[a] >= 0:
            out[o + 7] += 1.0 / 6.0
    o += 8
    for sp in range(st.space.shape[0]):
        if st.space[sp] >= 0:
            out[o + sp * 2 + (0 if st.space[sp] == me else 1)] = 1.0
    o += st.space.shape[0] * 2
    return o


@njit(cache=True)
def observe_at(states, b, seat, out):
    return fill_observation(states[b], seat, out)


def observe(state, seat):
    out = np.zeros(OBS_SIZE, np.float32)
    observe_at(state, 0, seat, out)
    return out
