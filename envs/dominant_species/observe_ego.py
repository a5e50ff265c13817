"""The viewer's-eye block of the observation (observe.LAYOUT's ego_* pieces), in sections
that each write their own part of it onto zeros, so observe_memo can rewrite one section
(or one cell) alone when only what it reads has changed.

Offsets are relative to the start of the ego block (`o` below). The same float32 results as
the plain formulas: maxima are taken over the integers and divided once (rounding is
monotone), and sums skip zero terms but keep their order (adding +0.0 changes nothing;
reordering could change the last bit). Rivals are a bit mask (bit a: animal a is in the
game and is not the viewer), walked in increasing animal order.
"""
import numpy as np

from speciesgym.envs.core.kernel import rule_kernel
from speciesgym.envs.dominant_species.data import CELL_CORNERS, N_CELLS, N_SPACES
from speciesgym.envs.dominant_species.rules.board import tile_payout

EGO_CELL = 10                     # floats per cell of ego_cells
EGO_TYPES = N_CELLS * EGO_CELL    # ego_types: my display, best rival's, my use, rival use
EGO_SCALARS = EGO_TYPES + 24
EGO_SPACES = EGO_SCALARS + 8
EGO_SIZE = EGO_SPACES + N_SPACES * 2
# k / 20.0 for the capped cube counts of ego_use (a table read, no division: the same float64)
TWENTIETHS = np.arange(5) / 20.0


@rule_kernel
def rivals_of(st, me):
    """Bit a set: animal a is in the game and is not `me`."""
    rivals = 0
    for a in range(6):
        if a != me and st.animal_seat[a] >= 0:
            rivals |= 1 << a
    return rivals


@rule_kernel
def ego_cell(st, me, rivals, c, out, o):
    """Cell c: my cubes, the most cubes of a rival, all rivals' cubes, my matching, the best
    rival matching, I dominate, a rival dominates, my VP and the best rival VP if the tile
    were scored now, my species endangered. Reads terrain[c], cubes[c], the corners of c,
    dom[c] and every display."""
    if st.terrain[c] == 0:
        return
    display, cubes, corner = st.display, st.cubes, st.corner
    b = o + c * EGO_CELL
    mine = cubes[c, me]
    m = 0                                     # match_value(st, me, c)
    for j in range(6):
        e = corner[CELL_CORNERS[c, j]]
        if e >= 0:
            m += display[me, e]
    dom = st.dom[c]                           # kept current by update_dominance
    if mine:
        out[b] = mine / 5.0
        out[b + 7] = tile_payout(st, c, me) / 9.0
    out[b + 3] = m / 6.0
    out[b + 5] = dom == me
    out[b + 6] = dom >= 0 and dom != me
    out[b + 9] = mine > 0 and m == 0          # is_endangered
    most = best_match = best_pay = 0
    for a in range(6):
        if not (rivals >> a) & 1:
            continue
        m = 0
        for j in range(6):
            e = corner[CELL_CORNERS[c, j]]
            if e >= 0:
                m += display[a, e]
        best_match = max(best_match, m)
        n = cubes[c, a]
        if n:
            most = max(most, n)
            out[b + 2] += n / 10.0
            best_pay = max(best_pay, tile_payout(st, c, a))
    out[b + 1] = most / 5.0
    out[b + 4] = best_match / 6.0
    out[b + 8] = best_pay / 9.0


@rule_kernel
def ego_displays(st, me, rivals, out, o):
    """ego_types 0..11: my display and the best rival's, per type (writes all twelve).
    Reads display."""
    o += EGO_TYPES
    for t in range(6):
        out[o + t] = st.display[me, t] / 6.0
        most = 0
        for a in range(6):
            if (rivals >> a) & 1:
                most = max(most, st.display[a, t])
        out[o + 6 + t] = most / 6.0


@rule_kernel
def ego_use(st, me, rivals, out, o):
    """ego_types 12..23: elements of each type next to my species and next to rivals'
    (cubes per cell capped at 4, / 20), summed in cell, corner, animal order. Reads cubes and
    corner."""
    o += EGO_TYPES
    cubes, corner = st.cubes, st.corner
    for c in range(st.terrain.shape[0]):
        mine = min(cubes[c, me], 4)
        others = False
        for a in range(6):
            if (rivals >> a) & 1 and cubes[c, a] > 0:
                others = True
        if mine == 0 and not others:
            continue
        for j in range(6):
            e = corner[CELL_CORNERS[c, j]]
            if e < 0:
                continue
            if mine:
                out[o + 12 + e] += TWENTIETHS[mine]
            if others:
                for a in range(6):
                    if (rivals >> a) & 1:
                        n = cubes[c, a]
                        if n > 0:
                            out[o + 18 + e] += TWENTIETHS[min(n, 4)]


@rule_kernel
def ego_scalars(st, me, rivals, out, o):
    """ego_scalars: gene, VP, best rival VP, lead, pawns, initiative place, food chain."""
    o += EGO_SCALARS
    rival_vp = 0
    for a in range(6):
        if (rivals >> a) & 1:
            rival_vp = max(rival_vp, st.vp[a])
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


@rule_kernel
def ego_spaces(st, me, out, o):
    """ego_spaces: per action-display space, my pawn there, a rival's pawn there. Reads
    space."""
    o += EGO_SPACES
    for sp in range(st.space.shape[0]):
        if st.space[sp] >= 0:
            out[o + sp * 2 + (0 if st.space[sp] == me else 1)] = 1.0


@rule_kernel
def fill_ego(st, me, out, o):
    """The whole viewer's-eye block of animal `me` at out[o:], onto zeros; returns its end."""
    rivals = rivals_of(st, me)
    for c in range(st.terrain.shape[0]):
        ego_cell(st, me, rivals, c, out, o)
    ego_displays(st, me, rivals, out, o)
    ego_use(st, me, rivals, out, o)
    ego_scalars(st, me, rivals, out, o)
    ego_spaces(st, me, out, o)
    return o + EGO_SIZE
