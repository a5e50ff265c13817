"""Flight's event step after the reveal: Dive-Bomb and Seed Dispersal (FLT-EVENT)."""
from speciesgym.envs.core.kernel import rule_kernel

from speciesgym.envs.evolution.data import CLASS_KIND, Kind, N_CLASSES
from speciesgym.envs.evolution.rules.attack import can_hunt
from speciesgym.envs.evolution.rules.cards import discard_from_hand, draw_cards
from speciesgym.envs.evolution.rules.food import take_food
from speciesgym.envs.evolution.rules.hunt import begin_attack
from speciesgym.envs.evolution.rules.order import begin_order, order_seat
from speciesgym.envs.evolution.rules.species import has_trait, is_hungry
from speciesgym.envs.evolution.rules.triggers import run_scavengers
from speciesgym.envs.evolution.state import Pend, Phase, Stage, state_kernel

DIVE_BOMB = Kind.DIVE_BOMB.value
SEED_DISPERSAL = Kind.SEED_DISPERSAL.value
CARNIVORE = Kind.CARNIVORE.value


@state_kernel
def can_dive(st, p, s):
    """FLT-EVENT-03: a hungry own avian; a carnivore also needs a prey it can reach."""
    if not st.avian[p, s] or not is_hungry(st, p, s):
        return False
    if has_trait(st, p, s, CARNIVORE):
        return can_hunt(st, p, s)[0]
    return True


@state_kernel
def can_play_event(st, p, c):
    kind = CLASS_KIND[c]
    if st.hand[p, c] == 0:
        return False
    if kind == SEED_DISPERSAL:
        return True
    if kind == DIVE_BOMB:
        # FLT-EVENT-03: the Dive-Bomb card leaves the hand before the dive, so it cannot
        # also pay for a negation (EVO-ATK-10, FLT-FLIGHT-04): check without it.
        st.hand[p, c] -= 1
        ok = False
        for s in range(st.n_species[p]):
            if can_dive(st, p, s):
                ok = True
                break
        st.hand[p, c] += 1
        return ok
    return False


@rule_kernel
def _has_playable_event(st, p):
    for c in range(N_CLASSES):
        if can_play_event(st, p, c):
            return True
    return False


@rule_kernel
def run_events(st):
    """FLT-EVENT-02: in turn order each player may play events, one at a time."""
    if st.stage == Stage.ENTER:
        if not st.flight:
            st.phase = Phase.PRE_REVEAL
            return False
        begin_order(st)
    if st.stage == Stage.SCAVENGE:
        if run_scavengers(st):
            return True
        st.turn = st.scav_seat
        st.stage = Stage.DONE
    if st.stage == Stage.DONE:
        draw_cards(st, st.turn, 1)                # FLT-EVENT-06
        st.stage = Stage.DECIDE
    if st.pend != Pend.NONE:
        return True
    while st.order_i < st.n_players:
        p = order_seat(st)
        if _has_playable_event(st, p):
            st.turn = p
            return True
        st.order_i += 1
    st.phase = Phase.PRE_REVEAL
    st.stage = Stage.ENTER
    return False


@rule_kernel
def apply_event(st, c):
    p = st.turn
    discard_from_hand(st, p, c)
    if CLASS_KIND[c] == SEED_DISPERSAL:           # FLT-EVENT-07
        n = 0
        for q in range(st.n_players):
            for s in range(st.n_species[q]):
                n += st.avian[q, s]
        st.wh += n
        st.bank_out += n
        draw_cards(st, p, 1)
    else:
        st.pend = Pend.DIVE_SPECIES


@rule_kernel
def apply_dive(st, s):
    if has_trait(st, st.turn, s, CARNIVORE):      # FLT-EVENT-04
        begin_attack(st, s)
    else:
        st.atk_sp = s
        st.pend = Pend.DIVE_SOURCE


@rule_kernel
def apply_dive_source(st, source):
    """FLT-EVENT-05: 2 plant food from the chosen source."""
    st.pend = Pend.NONE
    take_food(st, st.turn, st.atk_sp, source, 2)
    st.atk_sp = -1
    st.stage = Stage.DONE


@rule_kernel
def end_event_turn(st):
    st.order_i += 1
