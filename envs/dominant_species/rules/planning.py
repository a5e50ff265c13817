"""Planning (DS-PLAN-*) and the Initiative action (DS-INIT-*)."""
from speciesgym.envs.core.kernel import rule_kernel

from speciesgym.envs.dominant_species.actions import A_PLACE
from speciesgym.envs.dominant_species.data import (ACT_DEPLETION, ACT_REGRESSION, ACT_WANDERLUST,
                                        ACT_WASTELAND, BOX_DEPLETION, BOX_REGRESSION,
                                        BOX_WASTELAND, FREE_SPACE, N_SPACES, SP_INITIATIVE,
                                        SPACE_ACTION)
from speciesgym.envs.dominant_species.rules.board import (D_INIT_PLACE, D_NONE, D_PLAN, PH_EXECUTION,
                                               PH_PLANNING, set_decision, swap_initiative)


@rule_kernel
def space_vacant(st, sp):
    """DS-PLAN-02: a pawn goes on a vacant pawn space (never on an animal's free space)."""
    return FREE_SPACE[sp] == 0 and st.space[sp] < 0


@rule_kernel
def space_useful(st, sp):
    """DS-PLAN-04: with the option forbid_useless_spaces, planning skips Regression,
    Wasteland and Depletion while their box is empty, and Wanderlust with no face-up tile."""
    if st.opt_forbid_useless == 0:
        return True
    kind = SPACE_ACTION[sp]
    if kind == ACT_REGRESSION:
        return st.box[BOX_REGRESSION].sum() > 0
    if kind == ACT_WASTELAND:
        return st.box[BOX_WASTELAND].sum() > 0
    if kind == ACT_DEPLETION:
        return st.box[BOX_DEPLETION].sum() > 0
    if kind == ACT_WANDERLUST:
        return st.stack_face.sum() > 0
    return True


@rule_kernel
def plannable(st, sp):
    return space_vacant(st, sp) and space_useful(st, sp)


@rule_kernel
def next_planner(st, start):
    """DS-PLAN-01: from initiative position `start` on, the first animal with pawns; -1."""
    n = st.num_players
    for i in range(n):
        j = (start + i) % n
        a = st.init_order[j]
        if st.ap_supply[a] > 0:
            return j
    return -1


@rule_kernel
def enter_planning(st):
    """DS-PLAN-01: planning starts with the first animal on the initiative track."""
    st.phase = PH_PLANNING
    plan_from(st, 0)


@rule_kernel
def plan_from(st, j0):
    """DS-PLAN-01: the first animal from initiative position j0 on with pawns places next;
    with none left, or no vacant space, execution begins."""
    j = next_planner(st, j0)
    if j < 0 or not any_space_vacant(st):
        enter_execution(st)
        return
    st.plan_turn = j
    set_decision(st, D_PLAN, st.init_order[j])


@rule_kernel
def any_space_vacant(st):
    for sp in range(N_SPACES):
        if plannable(st, sp):
            return True
    return False


@rule_kernel
def enter_execution(st):
    """DS-EXEC-01: execution resolves the display from the top, spaces left to right."""
    st.phase = PH_EXECUTION
    st.cursor = 0
    st.sub = D_NONE


@rule_kernel
def legal_plan(st, out):
    """DS-PLAN-02: any vacant pawn space."""
    for sp in range(N_SPACES):
        if plannable(st, sp):
            out[A_PLACE + sp] = 1


@rule_kernel
def apply_plan(st, sp):
    """DS-PLAN-01: place one pawn, then the next animal in initiative order with pawns."""
    a = st.actor
    st.space[sp] = a
    st.ap_supply[a] -= 1
    plan_from(st, st.plan_turn + 1)


@rule_kernel
def begin_initiative(st, a):
    """DS-INIT-01: the owner may take Initiative (and must then re-place the pawn)."""
    set_decision(st, D_INIT_PLACE, a)


@rule_kernel
def legal_init_place(st, out):
    """DS-INIT-02: re-place on any vacant pawn space except Initiative itself (A15)."""
    for sp in range(N_SPACES):
        if sp != SP_INITIATIVE and space_vacant(st, sp):
            out[A_PLACE + sp] = 1


@rule_kernel
def apply_init_place(st, sp):
    """DS-INIT-01/02: move up one place on the track, then the pawn goes on space sp."""
    a = st.actor
    swap_initiative(st, a)
    st.space[sp] = a
    st.ap_supply[a] -= 1
    st.sub = D_NONE
