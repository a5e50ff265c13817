"""Select Food and Play Cards (EVO-FOOD, EVO-PLAY, FLT-AVIAN-01/07/08): legality of each
card use, the uses themselves, and the simultaneous reveal that closes the phase."""
from speciesgym.envs.core.kernel import rule_kernel

from speciesgym.envs.evolution.data import CLASS_KIND, FLIGHT_CLASS, IS_EVENT_KIND, N_CLASSES
from speciesgym.envs.evolution.rules.cards import discard_from_hand, hand_total
from speciesgym.envs.evolution.rules.food import gain_population
from speciesgym.envs.evolution.rules.order import begin_order, next_card_holder
from speciesgym.envs.evolution.rules.species import (add_species, grow_body, holds_kind, max_body,
                                          remove_trait_card, return_food, trait_count)
from speciesgym.envs.evolution.state import MAX_SPECIES, Pend, Phase, Stage, TRAIT_SLOTS


@rule_kernel
def run_select_food(st):
    """EVO-FOOD-01 / EVO-DEC-03: each player with cards places one, in turn order."""
    if st.stage == Stage.ENTER:
        begin_order(st)
    if next_card_holder(st):
        return True
    st.phase = Phase.PLAY
    st.stage = Stage.ENTER
    return False


@rule_kernel
def apply_food_card(st, c):
    p = st.turn
    st.hand[p, c] -= 1
    st.food_card[p] = c
    st.order_i += 1


@rule_kernel
def run_play(st):
    """EVO-PLAY-01: one turn each in turn order; a player with no card left is done."""
    if st.stage == Stage.ENTER:
        begin_order(st)
    if st.pend != Pend.NONE or next_card_holder(st):
        return True
    reveal_traits(st)
    st.phase = Phase.EVENTS
    st.stage = Stage.ENTER
    return False


@rule_kernel
def reveal_traits(st):
    """EVO-PLAY-10: every face-down trait turns face up at once."""
    for p in range(st.n_players):
        for s in range(st.n_species[p]):
            for k in range(TRAIT_SLOTS):
                st.hidden[p, s, k] = 0


@rule_kernel
def can_place_trait(st, p, s, k, c):
    """EVO-PLAY-02..05: trait c into slot k of own species s (k = trait count adds a
    trait below the limit; an occupied k replaces); no second trait of one name."""
    kind = CLASS_KIND[c]
    if IS_EVENT_KIND[kind] or c == FLIGHT_CLASS:
        return False                              # FLT-EVENT-01
    n = trait_count(st, p, s)
    if k > n or k >= st.trait_limit:
        return False
    if holds_kind(st, p, s, kind, k):
        return False
    if k < n and st.traits[p, s, k] == FLIGHT_CLASS and st.land_left <= 0:
        return False                              # EVO-DEC-02: the swap needs a land board
    return True


@rule_kernel
def can_new_species(st, p, avian):
    if st.n_species[p] >= MAX_SPECIES:
        return False                              # EVO-DEC-01
    if avian:
        return st.flight == 1 and st.avian_left > 0 and hand_total(st, p) >= 2
    return st.land_left > 0


@rule_kernel
def card_has_use(st, p, c):
    """A card may be selected only if some use of it is legal now."""
    if can_new_species(st, p, False) or can_new_species(st, p, True):
        return True
    for s in range(st.n_species[p]):
        if st.body[p, s] < max_body(st, p, s) or st.pop[p, s] < 6:
            return True
        for k in range(TRAIT_SLOTS):
            if can_place_trait(st, p, s, k, c):
                return True
    return False


@rule_kernel
def apply_trait(st, s, k):
    p = st.turn
    c = st.sel_card
    if k < trait_count(st, p, s):
        if st.traits[p, s, k] == FLIGHT_CLASS:
            _land_from_avian(st, p, s)
        remove_trait_card(st, p, s, k)
    st.hand[p, c] -= 1
    st.traits[p, s, k] = c
    st.hidden[p, s, k] = 1
    st.pend = Pend.NONE


@rule_kernel
def _land_from_avian(st, p, s):
    """FLT-AVIAN-07/08: the avian board is exchanged for a land board; upkeep food moves
    onto the population spaces as far as they have room, the rest to the bank."""
    st.avian[p, s] = 0
    st.avian_left += 1
    st.land_left -= 1
    move = max(0, min(st.upkeep[p, s], st.pop[p, s] - st.food[p, s]))
    st.food[p, s] += move
    return_food(st, st.upkeep[p, s] - move)
    st.upkeep[p, s] = 0


@rule_kernel
def apply_body(st, s):
    discard_from_hand(st, st.turn, st.sel_card)
    st.pend = Pend.NONE
    grow_body(st, st.turn, s)                     # EVO-PLAY-07


@rule_kernel
def apply_pop(st, s):
    discard_from_hand(st, st.turn, st.sel_card)
    st.pend = Pend.NONE
    gain_population(st, st.turn, s, 1)            # EVO-PLAY-08, FLT-TRAIT-08


@rule_kernel
def apply_new_land(st, right_end):
    discard_from_hand(st, st.turn, st.sel_card)
    st.pend = Pend.NONE
    add_species(st, st.turn, right_end, False)   # EVO-PLAY-09


@rule_kernel
def apply_new_avian(st, right_end):
    st.sel_pos = right_end
    st.pend = Pend.AVIAN_PAY


@rule_kernel
def can_pay_avian(st, c):
    return st.hand[st.turn, c] - (1 if c == st.sel_card else 0) >= 1


@rule_kernel
def apply_avian_pay(st, c):
    """FLT-AVIAN-01: both cards are discarded; the avian species comes with Flight."""
    p = st.turn
    discard_from_hand(st, p, st.sel_card)
    discard_from_hand(st, p, c)
    st.pend = Pend.NONE
    add_species(st, p, st.sel_pos == 1, True)


@rule_kernel
def card_choice_mask(st, p, out, base, need_use):
    """CARD actions for the cards in p's hand (optionally only those with a legal use)."""
    for c in range(N_CLASSES):
        if st.hand[p, c] > 0 and (not need_use or card_has_use(st, p, c)):
            out[base + c] = 1
