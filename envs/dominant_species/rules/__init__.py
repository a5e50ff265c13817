"""The only dispatchers of the rules: `step(st, action)` applies one legal action and
advances the game until someone must decide; `legal_mask(st, out)` writes the legal actions.

`settle` runs the automatic steps (the execution walk of rules.execution, Reset, a taken
card's start) until a player must decide. A decision whose only legal choice is "pass" (or
that has no legal choice left) is resolved as a pass without asking (DS-EXEC-03).
"""
from speciesgym.envs.core.kernel import rule_kernel

from speciesgym.envs.dominant_species.actions import (A_ANIMAL, A_CARD, A_CELL, A_CORNER, A_COUNT,
                                           A_ELEM, A_OPTION, A_PASS, A_PLACE, A_STACK,
                                           N_ACTIONS)
from speciesgym.envs.dominant_species.data import NEIGHBORS
from speciesgym.envs.dominant_species.rules import cards_animals as ca
from speciesgym.envs.dominant_species.rules import cards_earth as ce
from speciesgym.envs.dominant_species.rules import cards_placement as cp
from speciesgym.envs.dominant_species.rules import conflict as cf
from speciesgym.envs.dominant_species.rules import elements as el
from speciesgym.envs.dominant_species.rules import execution as ex
from speciesgym.envs.dominant_species.rules import glaciation as gl
from speciesgym.envs.dominant_species.rules import planning as pl
from speciesgym.envs.dominant_species.rules import reset as rs
from speciesgym.envs.dominant_species.rules import species as sp
from speciesgym.envs.dominant_species.rules.board import *  # noqa: F401,F403  (phase/decision codes)
from speciesgym.envs.dominant_species.rules.board import legal_every_tile, update_dominance

# decisions the player may decline ("pass" in the mask)
_VOLUNTARY = (D_INIT_PLACE, D_ADAPT, D_REGRESS, D_ABUND_ELEM, D_WASTE, D_DEPLETE, D_GLACIATE,
              D_SPEC_CORNER, D_SPEC_INSECT, D_WANDER_STACK, D_WANDER_ELEM, D_WANDER_MOVE,
              D_MIG_FROM, D_COMP_CELL, D_DOM_CELL, D_EVO_CELL, D_FECUNDITY)


@rule_kernel
def fill_legal(st, out):
    """Write the legal actions of the decision in progress into out (zeroed first)."""
    out[:] = 0
    s = st.sub
    if st.phase == PH_OVER or s == D_NONE:
        return
    if s == D_PLAN:
        pl.legal_plan(st, out)
    elif s == D_INIT_PLACE:
        pl.legal_init_place(st, out)
    elif s == D_ADAPT:
        el.legal_adapt(st, out)
    elif s == D_REGRESS:
        el.legal_regress(st, out)
    elif s == D_ABUND_ELEM:
        el.legal_abund_elem(st, out)
    elif s == D_ABUND_CORNER or s == D_HABITAT_CORNER:
        el.legal_any_vacant_corner(st, out)
    elif s == D_WASTE:
        el.legal_waste(st, out)
    elif s == D_DEPLETE:
        el.legal_deplete(st, out)
    elif s == D_GLACIATE or s == D_ICE_SHEET:
        gl.legal_glaciate(st, out)
    elif s == D_SPEC_CORNER:
        sp.legal_spec_corner(st, out)
    elif s == D_SPEC_COUNT:
        sp.legal_spec_count(st, out)
    elif s == D_SPEC_INSECT:
        sp.legal_any_tile(st, out)
    elif s == D_WANDER_STACK:
        sp.legal_wander_stack(st, out)
    elif s == D_WANDER_CELL:
        sp.legal_wander_cell(st, out)
    elif s == D_WANDER_ELEM:
        sp.legal_wander_elem(st, out)
    elif s == D_WANDER_CORNER:
        sp.legal_wander_corner(st, out)
    elif s == D_WANDER_MOVE:
        sp.legal_wander_move(st, out)
    elif s == D_MIG_FROM:
        cf.legal_mig_from(st, out)
    elif s == D_MIG_TO:
        cf.legal_mig_to(st, out)
    elif s == D_COMP_CELL:
        cf.legal_comp_cell(st, out)
    elif s == D_COMP_VICTIM or s == D_PREDATOR:
        cf.legal_opponent_on_cell(st, out)
    elif s == D_DOM_CELL:
        cf.legal_dom_cell(st, out)
    elif s == D_DOM_CARD:
        cf.legal_dom_card(st, out)
    elif s == D_MAMMAL_SAVE:
        rs.legal_mammal_save(st, out)
    elif s == D_AQUA_ELEM or s == D_HABITAT_ELEM or s == D_META_IN:
        ca.legal_bag_elem(st, out)
    elif s == D_AQUA_CORNER:
        cp.legal_aqua_corner(st, out)
    elif s == D_AQUA_CELL:
        cp.legal_aqua_cell(st, out)
    elif s == D_AQUA_COUNT:
        cp.legal_count_upto(st, 4, out)
    elif s == D_BIOMASS or s == D_CATA_SURVIVOR:
        ce.legal_animal_on_cell(st, st.ctx_cell, out)
    elif s == D_CATA_ADJ:
        ce.legal_animal_on_cell(st, NEIGHBORS[st.ctx_cell, st.ctx_k], out)
    elif s == D_BLIGHT_CELL:
        ce.legal_blight_cell(st, out)
    elif s == D_BLIGHT_KEEP:
        ce.legal_blight_keep(st, out)
    elif s == D_CATA_CELL:
        legal_every_tile(st, out)
    elif s == D_DISEASE or s == D_IMMI_ELEM or s == D_META_OUT:
        ca.legal_added_elem(st, out)
    elif s == D_EVO_CELL:
        ce.legal_evo_cell(st, out)
    elif s == D_EVO_ANIMAL:
        ce.legal_evo_animal(st, out)
    elif s == D_FECUNDITY:
        ce.legal_fecundity(st, out)
    elif s == D_FERTILE:
        ca.legal_fertile(st, out)
    elif s == D_HIB_CELL:
        legal_every_tile(st, out)
    elif s == D_HIB_COUNT:
        cp.legal_hib_count(st, out)
    elif s == D_IMMI_OPTION:
        ca.legal_immi_option(st, out)
    elif s == D_INSTINCT:
        ca.legal_instinct(st, out)
    elif s == D_EXODUS_CELL:
        ce.legal_exodus_cell(st, out)
    elif s == D_EXODUS_DEST:
        ce.legal_exodus_dest(st, out)
    if s in _VOLUNTARY:
        out[A_PASS] = 1


@rule_kernel
def apply_choice(st, s, i):
    """Apply index i of the block that decision s reads."""
    if s == D_PLAN:
        pl.apply_plan(st, i)
    elif s == D_INIT_PLACE:
        pl.apply_init_place(st, i)
    elif s == D_ADAPT:
        el.apply_adapt(st, i)
    elif s == D_REGRESS:
        el.apply_regress(st, i)
    elif s == D_ABUND_ELEM:
        el.apply_abund_elem(st, i)
    elif s == D_ABUND_CORNER:
        el.apply_abund_corner(st, i)
    elif s == D_WASTE:
        el.apply_waste(st, i)
    elif s == D_DEPLETE:
        el.apply_deplete(st, i)
    elif s == D_GLACIATE:
        gl.apply_glaciate(st, i)
    elif s == D_SPEC_CORNER:
        sp.apply_spec_corner(st, i)
    elif s == D_SPEC_COUNT:
        sp.apply_spec_count(st, i)
    elif s == D_SPEC_INSECT:
        sp.apply_insect(st, i)
    elif s == D_WANDER_STACK:
        sp.apply_wander_stack(st, i)
    elif s == D_WANDER_CELL:
        sp.apply_wander_cell(st, i)
    elif s == D_WANDER_ELEM:
        sp.apply_wander_elem(st, i)
    elif s == D_WANDER_CORNER:
        sp.apply_wander_corner(st, i)
    elif s == D_WANDER_MOVE:
        sp.apply_wander_move(st, i)
    elif s == D_MIG_FROM:
        cf.apply_mig_from(st, i)
    elif s == D_MIG_TO:
        cf.apply_mig_to(st, i)
    elif s == D_COMP_CELL:
        cf.apply_comp_cell(st, i)
    elif s == D_COMP_VICTIM:
        cf.apply_comp_victim(st, i)
    elif s == D_DOM_CELL:
        cf.apply_dom_cell(st, i)
    elif s == D_DOM_CARD:
        cf.apply_dom_card(st, i)
    elif s == D_MAMMAL_SAVE:
        rs.apply_mammal_save(st, i)
    elif s == D_AQUA_ELEM:
        cp.apply_aqua_elem(st, i)
    elif s == D_AQUA_CORNER:
        cp.apply_aqua_corner(st, i)
    elif s == D_AQUA_CELL:
        cp.apply_aqua_cell(st, i)
    elif s == D_AQUA_COUNT:
        cp.apply_aqua_count(st, i)
    elif s == D_BIOMASS:
        ce.apply_biomass(st, i)
    elif s == D_BLIGHT_CELL:
        ce.apply_blight_cell(st, i)
    elif s == D_BLIGHT_KEEP:
        ce.apply_blight_keep(st, i)
    elif s == D_CATA_CELL:
        ce.apply_cata_cell(st, i)
    elif s == D_CATA_SURVIVOR:
        ce.apply_cata_survivor(st, i)
    elif s == D_CATA_ADJ:
        ce.apply_cata_adj(st, i)
    elif s == D_DISEASE:
        ca.apply_disease(st, i)
    elif s == D_EVO_CELL:
        ce.apply_evo_cell(st, i)
    elif s == D_EVO_ANIMAL:
        ce.apply_evo_animal(st, i)
    elif s == D_FECUNDITY:
        ce.apply_fecundity(st, i)
    elif s == D_FERTILE:
        ca.apply_fertile(st, i)
    elif s == D_HABITAT_ELEM:
        cp.apply_habitat_elem(st, i)
    elif s == D_HABITAT_CORNER:
        cp.apply_habitat_corner(st, i)
    elif s == D_HIB_CELL:
        cp.apply_hib_cell(st, i)
    elif s == D_HIB_COUNT:
        cp.apply_hib_count(st, i)
    elif s == D_ICE_SHEET:
        cp.apply_ice_sheet(st, i)
    elif s == D_IMMI_OPTION:
        ca.apply_immi_option(st, i)
    elif s == D_IMMI_ELEM:
        ca.apply_immi_elem(st, i)
    elif s == D_INSTINCT:
        ca.apply_instinct(st, i)
    elif s == D_EXODUS_CELL:
        ce.apply_exodus_cell(st, i)
    elif s == D_EXODUS_DEST:
        ce.apply_exodus_dest(st, i)
    elif s == D_META_OUT:
        ca.apply_meta_out(st, i)
    elif s == D_META_IN:
        ca.apply_meta_in(st, i)
    elif s == D_PREDATOR:
        ce.apply_predator(st, i)


@rule_kernel
def apply_pass(st):
    """DS-EXEC-02: decline (or forfeit what is impossible) the decision in progress."""
    s = st.sub
    if s == D_PLAN:
        j = pl.next_planner(st, st.plan_turn + 1)
        if j < 0 or j == st.plan_turn:
            pl.enter_execution(st)
        else:
            st.plan_turn = j
            set_decision(st, D_PLAN, st.init_order[j])
    elif s == D_WANDER_ELEM or s == D_WANDER_CORNER:
        sp.start_wander_moves(st)
    elif s == D_WANDER_MOVE:
        sp.pass_wander_move(st)
    elif s == D_MIG_TO:
        st.sub = D_MIG_FROM
    elif s == D_MAMMAL_SAVE:
        rs.finish_reset(st, -1)
    elif s == D_AQUA_ELEM or s == D_AQUA_CORNER:
        cp.aquatic_species(st)
    elif s == D_BIOMASS:
        ce.next_biomass(st, st.ctx_cell + 1)
    elif s == D_PREDATOR:
        ce.next_predator(st, st.ctx_cell + 1)
    elif s == D_CATA_ADJ:
        st.ctx_k += 1
        ce.next_cata_adj(st)
    elif s == D_CATA_SURVIVOR:
        st.ctx_k = 0
        ce.next_cata_adj(st)
    elif s == D_DISEASE:
        ca.next_disease(st, st.actor + 1)
    elif s == D_IMMI_ELEM or s == D_IMMI_OPTION:
        ca.next_immigrant(st, st.actor + 1)
    else:
        st.sub = D_NONE


@rule_kernel
def only_pass(out):
    for i in range(A_PASS):
        if out[i]:
            return False
    return True


@rule_kernel
def settle(st):
    """Run automatic steps until a player must choose; store the mask and dominance."""
    while True:
        if st.phase == PH_OVER:
            st.mask[:] = 0
            break
        if st.sub == D_NONE:
            if st.card_pending >= 0:
                st.card = st.card_pending
                st.card_pending = -1
                ex.begin_card(st, st.card)
                continue
            st.card = -1
            if st.phase == PH_EXECUTION:
                ex.advance_execution(st)
            elif st.phase == PH_PLANNING:
                pl.enter_planning(st)
            else:
                rs.enter_reset(st)
            continue
        fill_legal(st, st.mask)
        if only_pass(st.mask):
            apply_pass(st)
            continue
        break
    update_dominance(st)


@rule_kernel
def step(st, action):
    """Apply one legal action of the player to move, then advance the game."""
    s = st.sub
    if action == A_PASS:
        apply_pass(st)
    elif action >= A_OPTION:
        apply_choice(st, s, action - A_OPTION)
    elif action >= A_CARD:
        apply_choice(st, s, action - A_CARD)
    elif action >= A_STACK:
        apply_choice(st, s, action - A_STACK)
    elif action >= A_COUNT:
        apply_choice(st, s, action - A_COUNT)
    elif action >= A_ANIMAL:
        apply_choice(st, s, action - A_ANIMAL)
    elif action >= A_CELL:
        apply_choice(st, s, action - A_CELL)
    elif action >= A_CORNER:
        apply_choice(st, s, action - A_CORNER)
    elif action >= A_ELEM:
        apply_choice(st, s, action - A_ELEM)
    else:
        apply_choice(st, s, action - A_PLACE)
    settle(st)


@rule_kernel
def legal_mask(st, out):
    """The legal actions of the player to move (all zero once the game is over)."""
    for i in range(N_ACTIONS):
        out[i] = st.mask[i]


# Every integer-argument helper is defined by now; each compiles once, on first use
# (envs.core.kernel).
from speciesgym.envs.dominant_species.state import state_kernel  # noqa: E402

state_kernel.close()
