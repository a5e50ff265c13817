"""Element actions: Adaptation, Regression, Abundance, Wasteland, Depletion (DS-ADAPT-*,
DS-REGR-*, DS-ABUN-*, DS-WAST-*, DS-DEPL-*)."""
from speciesgym.envs.core.kernel import rule_kernel

from speciesgym.envs.dominant_species.actions import A_CORNER, A_ELEM
from speciesgym.envs.dominant_species.data import (BOX_ABUNDANCE, BOX_ADAPTATION, BOX_DEPLETION,
                                        BOX_REGRESSION, BOX_WASTELAND, MAX_DISPLAY, PRINTED)
from speciesgym.envs.dominant_species.rules.board import (D_ABUND_CORNER, D_ABUND_ELEM, D_ADAPT,
                                               D_DEPLETE, D_NONE, D_REGRESS, D_WASTE,
                                               add_display, any_vacant_corner, corner_touches_tundra,
                                               display_total, remove_corner_elem, set_corner,
                                               set_decision, vacant_corner_on_earth)


# --- Adaptation ---------------------------------------------------------------------------
@rule_kernel
def legal_adapt(st, out):
    """DS-ADAPT-01: an element type from the Adaptation box, if the display has room."""
    if display_total(st, st.actor) >= MAX_DISPLAY:
        return
    for t in range(6):
        if st.box[BOX_ADAPTATION, t] > 0:
            out[A_ELEM + t] = 1


@rule_kernel
def apply_adapt(st, t):
    """DS-ADAPT-01: the element moves from the box onto the animal's display."""
    st.box[BOX_ADAPTATION, t] -= 1
    add_display(st, st.actor, t, 1)
    st.sub = D_NONE


# --- Regression ---------------------------------------------------------------------------
@rule_kernel
def legal_regress(st, out):
    """DS-REGR-02: protect one type of the Regression box that the animal could lose."""
    a = st.actor
    for t in range(6):
        if (st.box[BOX_REGRESSION, t] > 0 and st.display[a, t] > PRINTED[a, t]
                and not (st.protect[a] >> t) & 1):
            out[A_ELEM + t] = 1


@rule_kernel
def apply_regress(st, t):
    st.protect[st.actor] |= 1 << t
    st.sub = D_NONE


@rule_kernel
def resolve_regression(st):
    """DS-REGR-01: every animal loses one added element of each type in the Regression box
    that it did not protect; removed elements return to the bag (A24)."""
    for a in range(6):
        if st.animal_seat[a] < 0:
            continue
        for t in range(6):
            if (st.box[BOX_REGRESSION, t] > 0 and st.display[a, t] > PRINTED[a, t]
                    and not (st.protect[a] >> t) & 1):
                add_display(st, a, t, -1)
                st.bag[t] += 1
        st.protect[a] = 0


# --- Abundance ----------------------------------------------------------------------------
@rule_kernel
def legal_abund_elem(st, out):
    """DS-ABUN-01: an element type from the Abundance box (when a corner is free)."""
    if not any_vacant_corner(st):
        return
    for t in range(6):
        if st.box[BOX_ABUNDANCE, t] > 0:
            out[A_ELEM + t] = 1


@rule_kernel
def apply_abund_elem(st, t):
    st.ctx_elem = t
    set_decision(st, D_ABUND_CORNER, st.actor)


@rule_kernel
def legal_any_vacant_corner(st, out):
    """DS-ABUN-02: any vacant corner touching at least one tile."""
    for k in range(st.corner.shape[0]):
        if vacant_corner_on_earth(st, k):
            out[A_CORNER + k] = 1


@rule_kernel
def apply_abund_corner(st, k):
    """DS-ABUN-02: the chosen element goes from the Abundance box to the corner."""
    st.box[BOX_ABUNDANCE, st.ctx_elem] -= 1
    set_corner(st, k, st.ctx_elem)
    st.sub = D_NONE


# --- Wasteland ----------------------------------------------------------------------------
@rule_kernel
def legal_waste(st, out):
    """DS-WAST-01: remove one element of the Wasteland box."""
    for t in range(6):
        if st.box[BOX_WASTELAND, t] > 0:
            out[A_ELEM + t] = 1


@rule_kernel
def apply_waste(st, t):
    st.box[BOX_WASTELAND, t] -= 1
    st.bag[t] += 1
    st.sub = D_NONE


@rule_kernel
def resolve_wasteland(st):
    """DS-WAST-02: every element touching tundra whose type is in the Wasteland box goes."""
    for k in range(st.corner.shape[0]):
        e = st.corner[k]
        if e >= 0 and st.box[BOX_WASTELAND, e] > 0 and corner_touches_tundra(st, k):
            remove_corner_elem(st, k)


# --- Depletion ----------------------------------------------------------------------------
@rule_kernel
def legal_deplete(st, out):
    """DS-DEPL-01: an element on earth whose type is in the Depletion box."""
    for k in range(st.corner.shape[0]):
        e = st.corner[k]
        if e >= 0 and st.box[BOX_DEPLETION, e] > 0:
            out[A_CORNER + k] = 1


@rule_kernel
def apply_deplete(st, k):
    remove_corner_elem(st, k)
    st.sub = D_NONE


@rule_kernel
def begin_adapt(st, a):
    set_decision(st, D_ADAPT, a)


@rule_kernel
def begin_regress(st, a):
    set_decision(st, D_REGRESS, a)


@rule_kernel
def begin_abundance(st, a):
    set_decision(st, D_ABUND_ELEM, a)


@rule_kernel
def begin_waste(st, a):
    set_decision(st, D_WASTE, a)


@rule_kernel
def begin_deplete(st, a):
    set_decision(st, D_DEPLETE, a)

