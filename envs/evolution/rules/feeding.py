"""Feeding turns (EVO-FEED, FLT-CLIFF-02/04): who may feed with what, the mandatory-feeding
rule, the plain feeding actions and Intelligence's food."""
from speciesgym.envs.core.kernel import rule_kernel

from speciesgym.envs.evolution.data import Kind
from speciesgym.envs.evolution.rules.attack import can_hunt
from speciesgym.envs.evolution.rules.cards import discard_from_hand, hand_total
from speciesgym.envs.evolution.rules.food import take_food
from speciesgym.envs.evolution.rules.species import has_trait, is_hungry
from speciesgym.envs.evolution.rules.triggers import run_scavengers
from speciesgym.envs.evolution.state import Pend, Phase, Source, Stage, state_kernel

CARNIVORE = Kind.CARNIVORE.value
INTELLIGENCE = Kind.INTELLIGENCE.value


@rule_kernel
def can_feed_wh(st, p, s):
    """EVO-FEED-06: a hungry non-carnivore takes from a watering hole with food."""
    return st.wh > 0 and not has_trait(st, p, s, CARNIVORE) and is_hungry(st, p, s)


@rule_kernel
def can_feed_cliff(st, p, s):
    """FLT-CLIFF-02: only an avian non-carnivore takes from the Cliff."""
    return (st.cliff > 0 and st.avian[p, s] == 1 and not has_trait(st, p, s, CARNIVORE)
            and is_hungry(st, p, s))


@rule_kernel
def can_intel_food(st, p, s):
    """EVO-TRAIT-07: a hungry non-carnivore with Intelligence and a card to discard."""
    return (has_trait(st, p, s, INTELLIGENCE) and not has_trait(st, p, s, CARNIVORE)
            and is_hungry(st, p, s) and hand_total(st, p) > 0)


@rule_kernel
def feeding_options(st, p):
    """(has an option without a discard, has any option) for seat p."""
    free = False
    any_opt = False
    for s in range(st.n_species[p]):
        if can_feed_wh(st, p, s) or can_feed_cliff(st, p, s):
            return True, True
        possible, costless = can_hunt(st, p, s)
        if costless:
            return True, True
        if possible or can_intel_food(st, p, s):
            any_opt = True
    return free, any_opt


@rule_kernel
def run_feeding(st):
    """EVO-FEED-01/07/08: turns go round from the first player; a player with nothing to
    do is skipped; feeding ends after a full cycle in which nobody fed."""
    if st.stage == Stage.ENTER:
        for p in range(st.n_players):
            st.passed[p] = 0
        st.turn = st.first
        st.stage = Stage.DECIDE
        return _next_feeder(st, st.first)
    if st.stage == Stage.SCAVENGE:
        if run_scavengers(st):
            return True
        st.turn = st.scav_seat
        fed(st)
    if st.stage == Stage.DONE:
        st.stage = Stage.DECIDE
        return _next_feeder(st, (st.turn + 1) % st.n_players)
    return True


@state_kernel
def _next_feeder(st, start):
    for i in range(st.n_players):
        p = (start + i) % st.n_players
        if st.passed[p]:
            continue
        if feeding_options(st, p)[1]:
            st.turn = p
            st.pend = Pend.NONE
            return True
    st.phase = Phase.CLEANUP
    st.stage = Stage.ENTER
    st.pend = Pend.NONE
    return False


@rule_kernel
def fed(st):
    """A feeding action happened: everyone who passed may act again (EVO-FEED-08)."""
    for p in range(st.n_players):
        st.passed[p] = 0
    st.stage = Stage.DONE


@rule_kernel
def apply_feed(st, s, source):
    take_food(st, st.turn, s, source, 1)
    fed(st)


@rule_kernel
def begin_intel(st, s):
    st.atk_sp = s
    st.pend = Pend.INTEL_PAY


@rule_kernel
def apply_intel_pay(st, c):
    p = st.turn
    discard_from_hand(st, p, c)
    st.pend = Pend.NONE
    take_food(st, p, st.atk_sp, Source.BANK_PLANT, 2)
    st.atk_sp = -1
    fed(st)


@rule_kernel
def apply_pass(st):
    """EVO-FEED-05: a pass gives up this turn only."""
    st.passed[st.turn] = 1
    st.stage = Stage.DONE
