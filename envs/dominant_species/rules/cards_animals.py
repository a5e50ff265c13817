"""Dominance cards that act on animals, scores and pawns (DS-CARD-*): Biodiversity, Cold
Snap, Disease, Ecodiversity, Fertile, Ice Age, Immigrants, Instinct, Intelligence,
Metamorphosis, Niche Biomes, Nocturnal, Omnivore, Parasitism, Symbiotic. The taker is
`st.owner`."""
from speciesgym.envs.core.kernel import rule_kernel

from speciesgym.envs.dominant_species.actions import A_CELL, A_ELEM, A_OPTION, A_PLACE
from speciesgym.envs.dominant_species.data import (C_BIODIVERSITY, C_COLD_SNAP, C_DISEASE,
                                        C_ECODIVERSITY, C_FERTILE, C_ICE_AGE, C_IMMIGRANTS,
                                        C_INSTINCT, C_INTELLIGENCE, C_METAMORPHOSIS,
                                        C_NICHE_BIOMES, C_NOCTURNAL, C_OMNIVORE, C_PARASITISM,
                                        C_SYMBIOTIC, MAX_DISPLAY, N_SPACES, PRINTED, TERRAIN_VP,
                                        TUNDRA)
from speciesgym.envs.dominant_species.rules.board import (D_DISEASE, D_FERTILE, D_IMMI_ELEM,
                                               D_IMMI_OPTION, D_INSTINCT, D_META_IN,
                                               D_META_OUT, D_NONE, add_display, bonus_vp,
                                               display_total,
                                               dominant_on, draw_from_bag, gain_pawn,
                                               has_added, others_on, remove_cube,
                                               set_decision, swap_initiative)
from speciesgym.envs.dominant_species.rules.planning import space_vacant


@rule_kernel
def card_biodiversity(st):
    """DS-CARD-02: 1 VP per tile the taker shares with at least one other animal."""
    a = st.owner
    for c in range(st.terrain.shape[0]):
        if st.cubes[c, a] > 0 and others_on(st, c, a):
            st.vp[a] += 1


@rule_kernel
def card_cold_snap(st):
    """DS-CARD-06: every other animal loses one cube on every tundra tile it occupies."""
    for c in range(st.terrain.shape[0]):
        if st.terrain[c] == TUNDRA:
            for b in range(6):
                if b != st.owner and st.cubes[c, b] > 0:
                    remove_cube(st, c, b, False)


@rule_kernel
def card_ecodiversity(st):
    """DS-CARD-08: 1 VP per element on earth of a type on the taker's display (A3)."""
    a = st.owner
    for k in range(st.corner.shape[0]):
        e = st.corner[k]
        if e >= 0 and st.display[a, e] > 0:
            st.vp[a] += 1


@rule_kernel
def card_ice_age(st):
    """DS-CARD-14: every animal scores bonus VPs for the tiles it dominates; game ends."""
    for a in range(6):
        if st.animal_seat[a] < 0:
            continue
        n = 0
        for c in range(st.terrain.shape[0]):
            if dominant_on(st, c) == a:
                n += 1
        st.vp[a] += bonus_vp(n)
    st.ice_age = 1


@rule_kernel
def card_intelligence(st, above):
    """DS-CARD-18 (above) / DS-CARD-24 (below): the taker and every animal above (below)
    it in the food chain gain a pawn."""
    for a in range(6):
        if st.animal_seat[a] >= 0 and (a == st.owner or (above and a < st.owner)
                                       or (not above and a > st.owner)):
            gain_pawn(st, a)


@rule_kernel
def card_niche_biomes(st):
    """DS-CARD-21: animals with more VP lose the 1st-place value of the tile just scored."""
    loss = TERRAIN_VP[st.terrain[st.dom_cell], 0]
    mine = st.vp[st.owner]
    for a in range(6):
        if st.animal_seat[a] >= 0 and st.vp[a] > mine:
            st.vp[a] = max(0, st.vp[a] - loss)


@rule_kernel
def card_symbiotic(st):
    """DS-CARD-26: the taker and every animal with fewer elements draw one element."""
    mine = display_total(st, st.owner)
    for a in range(6):
        if st.animal_seat[a] < 0:
            continue
        n = display_total(st, a)
        if (a == st.owner or n < mine) and n < MAX_DISPLAY:
            t = draw_from_bag(st)
            if t >= 0:
                add_display(st, a, t, 1)


# --- Fertile ------------------------------------------------------------------------------
@rule_kernel
def legal_fertile(st, out):
    """DS-CARD-11: a tile with the taker's species; it scores the tile's cube total."""
    for c in range(st.terrain.shape[0]):
        if st.cubes[c, st.owner] > 0:
            out[A_CELL + c] = 1


@rule_kernel
def apply_fertile(st, c):
    for b in range(6):
        st.vp[st.owner] += st.cubes[c, b]
    st.sub = D_NONE


# --- Disease ------------------------------------------------------------------------------
@rule_kernel
def next_disease(st, first):
    """DS-CARD-07: in food-chain order each animal with more elements than the taker (and an
    added element) discards one added element of its choice (A20)."""
    mine = display_total(st, st.owner)
    for a in range(first, 6):
        if st.animal_seat[a] >= 0 and display_total(st, a) > mine and has_added(st, a):
            set_decision(st, D_DISEASE, a)
            return
    st.sub = D_NONE


@rule_kernel
def legal_added_elem(st, out):
    a = st.actor
    for t in range(6):
        if st.display[a, t] > PRINTED[a, t]:
            out[A_ELEM + t] = 1


@rule_kernel
def apply_disease(st, t):
    add_display(st, st.actor, t, -1)
    st.bag[t] += 1
    next_disease(st, st.actor + 1)


# --- Immigrants ---------------------------------------------------------------------------
@rule_kernel
def next_immigrant(st, first):
    """DS-CARD-16: in food-chain order every animal chooses its loss."""
    for a in range(first, 6):
        if st.animal_seat[a] >= 0:
            set_decision(st, D_IMMI_OPTION, a)
            return
    st.sub = D_NONE


@rule_kernel
def legal_immi_option(st, out):
    """DS-CARD-16: 0 an added element, 1 a pawn from supply, 2 all but one cube per tile."""
    a = st.actor
    if has_added(st, a):
        out[A_OPTION + 0] = 1
    if st.ap_supply[a] > 0:
        out[A_OPTION + 1] = 1
    out[A_OPTION + 2] = 1


@rule_kernel
def apply_immi_option(st, o):
    a = st.actor
    if o == 0:
        st.sub = D_IMMI_ELEM
        return
    if o == 1:
        st.ap_supply[a] -= 1
        st.ap_total[a] -= 1
    else:
        for c in range(st.terrain.shape[0]):
            while st.cubes[c, a] > 1:
                remove_cube(st, c, a, False)
    next_immigrant(st, a + 1)


@rule_kernel
def apply_immi_elem(st, t):
    add_display(st, st.actor, t, -1)
    st.bag[t] += 1
    next_immigrant(st, st.actor + 1)


# --- Instinct -----------------------------------------------------------------------------
@rule_kernel
def legal_instinct(st, out):
    """DS-CARD-17: a pawn from supply on any vacant pawn space (A7)."""
    if st.ap_supply[st.owner] <= 0:
        return
    for sp in range(N_SPACES):
        if space_vacant(st, sp):
            out[A_PLACE + sp] = 1


@rule_kernel
def apply_instinct(st, sp):
    st.space[sp] = st.owner
    st.ap_supply[st.owner] -= 1
    st.sub = D_NONE


# --- Metamorphosis ------------------------------------------------------------------------
@rule_kernel
def apply_meta_out(st, t):
    """DS-CARD-20: an added element goes to the bag, then one of any type comes from it."""
    add_display(st, st.owner, t, -1)
    st.bag[t] += 1
    st.sub = D_META_IN


@rule_kernel
def legal_bag_elem(st, out):
    for t in range(6):
        if st.bag[t] > 0:
            out[A_ELEM + t] = 1


@rule_kernel
def apply_meta_in(st, t):
    st.bag[t] -= 1
    add_display(st, st.owner, t, 1)
    st.sub = D_NONE


@rule_kernel
def begin_animal_card(st, card):
    """Start one of this module's cards; returns False if the card is not one of them."""
    a = st.owner
    st.sub = D_NONE
    if card == C_BIODIVERSITY:
        card_biodiversity(st)
    elif card == C_COLD_SNAP:
        card_cold_snap(st)
    elif card == C_DISEASE:
        next_disease(st, 0)
    elif card == C_ECODIVERSITY:
        card_ecodiversity(st)
    elif card == C_FERTILE:
        set_decision(st, D_FERTILE, a)
    elif card == C_ICE_AGE:
        card_ice_age(st)
    elif card == C_IMMIGRANTS:
        next_immigrant(st, 0)
    elif card == C_INSTINCT:
        set_decision(st, D_INSTINCT, a)
    elif card == C_INTELLIGENCE:
        card_intelligence(st, True)
    elif card == C_METAMORPHOSIS:
        if has_added(st, a):
            set_decision(st, D_META_OUT, a)
    elif card == C_NICHE_BIOMES:
        card_niche_biomes(st)
    elif card == C_NOCTURNAL:
        swap_initiative(st, a)           # DS-CARD-22 Nocturnal
    elif card == C_OMNIVORE:
        gain_pawn(st, a)                 # DS-CARD-23 Omnivore
    elif card == C_PARASITISM:
        card_intelligence(st, False)
    elif card == C_SYMBIOTIC:
        card_symbiotic(st)
    else:
        return False
    return True
