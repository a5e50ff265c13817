"""The execution walk (DS-EXEC-01): the action display is resolved space by space; each
occupied space starts its action, automatic parts (Regression's and Wasteland's board
effects, the single Glaciation) run between actions, and a taken card starts its effect."""
from speciesgym.envs.core.kernel import rule_kernel

from speciesgym.envs.dominant_species.state import state_kernel

from speciesgym.envs.dominant_species.data import (ACT_ABUNDANCE, ACT_ADAPTATION, ACT_COMPETITION,
                                        ACT_DEPLETION, ACT_DOMINATION, ACT_GLACIATION,
                                        ACT_INITIATIVE, ACT_MIGRATION, ACT_REGRESSION,
                                        ACT_SPECIATION, ACT_WANDERLUST, ACT_WASTELAND,
                                        FREE_SPACE, MIGRATION_RANGE, N_SPACES, SP_ABUNDANCE,
                                        SP_DEPLETION, SP_GLACIATION, SP_SPECIATION0,
                                        SPACE_ACTION, SPACE_SLOT)
from speciesgym.envs.dominant_species.rules import cards_animals as ca
from speciesgym.envs.dominant_species.rules import cards_earth as ce
from speciesgym.envs.dominant_species.rules import cards_placement as cp
from speciesgym.envs.dominant_species.rules import conflict as cf
from speciesgym.envs.dominant_species.rules import elements as el
from speciesgym.envs.dominant_species.rules import glaciation as gl
from speciesgym.envs.dominant_species.rules import planning as pl
from speciesgym.envs.dominant_species.rules import reset as rs
from speciesgym.envs.dominant_species.rules import species as sp


@state_kernel
def begin_space(st, c):
    """DS-EXEC-01: the pawn leaves its space (back to supply) and its action begins."""
    owner = st.space[c]
    st.space[c] = -1
    if FREE_SPACE[c] == 0:
        st.ap_supply[owner] += 1
    st.space_now = c
    st.owner = owner
    kind = SPACE_ACTION[c]
    slot = SPACE_SLOT[c]
    if kind == ACT_INITIATIVE:
        pl.begin_initiative(st, owner)
    elif kind == ACT_ADAPTATION:
        el.begin_adapt(st, owner)
    elif kind == ACT_REGRESSION:
        el.begin_regress(st, owner)
    elif kind == ACT_ABUNDANCE:
        el.begin_abundance(st, owner)
    elif kind == ACT_WASTELAND:
        el.begin_waste(st, owner)
    elif kind == ACT_DEPLETION:
        el.begin_deplete(st, owner)
    elif kind == ACT_GLACIATION:
        gl.begin_glaciation(st, owner)
    elif kind == ACT_SPECIATION:
        if slot == 6:
            sp.begin_insect(st, owner)
        else:
            sp.begin_speciation(st, owner, slot)
    elif kind == ACT_WANDERLUST:
        sp.begin_wanderlust(st, owner)
    elif kind == ACT_MIGRATION:
        cf.begin_migration(st, owner, MIGRATION_RANGE[slot])
    elif kind == ACT_COMPETITION:
        cf.begin_competition(st, owner, slot)
    elif kind == ACT_DOMINATION:
        cf.begin_domination(st, owner)


@rule_kernel
def advance_execution(st):
    """DS-EXEC-01: consider the next space; automatic parts run between actions."""
    c = st.cursor
    if c >= N_SPACES:
        rs.enter_reset(st)
        return
    st.cursor = c + 1
    if c == SP_ABUNDANCE[0]:
        el.resolve_regression(st)            # DS-REGR-01, after every Regression space
    if c == SP_DEPLETION:
        el.resolve_wasteland(st)             # DS-WAST-02, with or without a pawn there
    if c == SP_GLACIATION[0]:
        st.cursor = SP_SPECIATION0           # DS-GLAC-01: only the leftmost pawn resolves
        for g in SP_GLACIATION:
            if st.space[g] >= 0:
                begin_space(st, g)
                return
        return
    if st.space[c] >= 0:
        begin_space(st, c)


@rule_kernel
def begin_card(st, card):
    """DS-CARD-00: the taker resolves the card at once, as fully as possible."""
    if not ca.begin_animal_card(st, card):
        if not ce.begin_earth_card(st, card):
            cp.begin_placement_card(st, card)
