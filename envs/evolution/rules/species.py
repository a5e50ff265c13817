"""Species rows: trait queries, hunger, food placement, growth and extinction.

The shared mechanics every phase uses (EVO-FEED hunger, FLT-AVIAN upkeep, EVO-END
extinction). Only face-up traits act; a trait played face down waits for the reveal.
"""
from speciesgym.envs.core.kernel import rule_kernel

from speciesgym.envs.evolution.data import CLASS_KIND, FLIGHT_CLASS, Kind
from speciesgym.envs.evolution.rules.cards import discard_card, draw_cards
from speciesgym.envs.evolution.state import TRAIT_SLOTS, state_kernel

FAT = Kind.FAT_TISSUE.value
FLIGHT = Kind.FLIGHT.value


@state_kernel
def has_trait(st, p, s, kind):
    """True if species s of seat p shows a face-up trait of this kind."""
    for k in range(TRAIT_SLOTS):
        c = st.traits[p, s, k]
        if c >= 0 and st.hidden[p, s, k] == 0 and CLASS_KIND[c] == kind:
            return True
    return False


@rule_kernel
def holds_kind(st, p, s, kind, skip_slot):
    """True if any trait slot but skip_slot holds this kind, face up or down."""
    for k in range(TRAIT_SLOTS):
        c = st.traits[p, s, k]
        if k != skip_slot and c >= 0 and CLASS_KIND[c] == kind:
            return True
    return False


@rule_kernel
def trait_count(st, p, s):
    n = 0
    for k in range(TRAIT_SLOTS):
        if st.traits[p, s, k] >= 0:
            n += 1
    return n


@rule_kernel
def max_body(st, p, s):
    """EVO-PLAY-05 / FLT-AVIAN-02: land species grow to 6, avian species to 3."""
    return 3 if st.avian[p, s] else 6


@state_kernel
def room(st, p, s):
    """Food this species can still take: upkeep, then population, then Fat Tissue."""
    r = st.pop[p, s] - st.food[p, s]
    if st.avian[p, s]:
        r += st.body[p, s] - st.upkeep[p, s]
    if has_trait(st, p, s, FAT):
        r += st.body[p, s] - st.fat[p, s]
    return r


@rule_kernel
def is_hungry(st, p, s):
    """EVO-FEED-02: hungry while any food space (upkeep, population, fat) is empty."""
    return room(st, p, s) > 0


@state_kernel
def place_food(st, p, s, n):
    """Put up to n food on the species (upkeep first, then population, then fat);
    return how many were placed. FLT-AVIAN-03: upkeep is always paid first."""
    placed = 0
    if st.avian[p, s]:
        u = min(n - placed, st.body[p, s] - st.upkeep[p, s])
        if u > 0:
            st.upkeep[p, s] += u
            placed += u
    f = min(n - placed, st.pop[p, s] - st.food[p, s])
    if f > 0:
        st.food[p, s] += f
        placed += f
    if placed < n and has_trait(st, p, s, FAT):
        t = min(n - placed, st.body[p, s] - st.fat[p, s])
        if t > 0:
            st.fat[p, s] += t
            placed += t
    return placed


@state_kernel
def lose_population(st, p, s, n):
    """Lower the population by n (not below 0); return True if the species went extinct.

    The one path by which a population falls (attack, Horns, starvation). At 0 the species
    goes extinct at once and all its food (population, upkeep, fat) returns to the bank
    (EVO-ATK-11, EVO-END-03). A species that survives with more population food than
    population puts the surplus straight into its owner's bag (EVO-ATK-12)."""
    st.pop[p, s] = max(0, st.pop[p, s] - n)
    if st.pop[p, s] == 0:
        go_extinct(st, p, s)
        return True
    extra = st.food[p, s] - st.pop[p, s]
    if extra > 0:
        st.food[p, s] -= extra
        st.bag[p] += extra
    return False


@rule_kernel
def grow_body(st, p, s):
    """+1 body size. FLT-TRAIT-09: an avian's larger upkeep is filled by moving food from
    its population track."""
    st.body[p, s] += 1
    if st.avian[p, s]:
        move = min(st.body[p, s] - st.upkeep[p, s], st.food[p, s])
        if move > 0:
            st.food[p, s] -= move
            st.upkeep[p, s] += move


@rule_kernel
def return_food(st, n):
    """n food tokens go back to the bank."""
    st.bank_out -= n


@rule_kernel
def _clear_slot(st, p, s):
    st.body[p, s] = 0
    st.pop[p, s] = 0
    st.food[p, s] = 0
    st.upkeep[p, s] = 0
    st.fat[p, s] = 0
    st.avian[p, s] = 0
    st.trig[p, s] = 0
    for k in range(TRAIT_SLOTS):
        st.traits[p, s, k] = -1
        st.hidden[p, s, k] = 0


@rule_kernel
def _copy_slot(st, p, dst, src):
    st.body[p, dst] = st.body[p, src]
    st.pop[p, dst] = st.pop[p, src]
    st.food[p, dst] = st.food[p, src]
    st.upkeep[p, dst] = st.upkeep[p, src]
    st.fat[p, dst] = st.fat[p, src]
    st.avian[p, dst] = st.avian[p, src]
    st.trig[p, dst] = st.trig[p, src]
    for k in range(TRAIT_SLOTS):
        st.traits[p, dst, k] = st.traits[p, src, k]
        st.hidden[p, dst, k] = st.hidden[p, src, k]


@state_kernel
def add_species(st, p, right_end, avian):
    """EVO-PLAY-07 / FLT-AVIAN-01: a new species (body 1, population 1) at the left or
    right end of the row, taking a board from the supply; an avian one brings Flight."""
    n = st.n_species[p]
    if right_end:
        s = n
    else:
        for i in range(n, 0, -1):
            _copy_slot(st, p, i, i - 1)
        s = 0
    _clear_slot(st, p, s)
    st.body[p, s] = 1
    st.pop[p, s] = 1
    st.n_species[p] = n + 1
    if avian:
        st.avian[p, s] = 1
        st.avian_left -= 1
        st.traits[p, s, 0] = FLIGHT_CLASS
    else:
        st.land_left -= 1
    return s


@state_kernel
def remove_trait_card(st, p, s, k):
    """Take the card out of trait slot k (to the discard pile, or Flight to its supply)."""
    c = st.traits[p, s, k]
    if c != FLIGHT_CLASS:
        discard_card(st, c)
    if CLASS_KIND[c] == FAT:
        return_food(st, st.fat[p, s])   # EVO-PLAY-06: stored fat goes back to the bank
        st.fat[p, s] = 0
    st.traits[p, s, k] = -1
    st.hidden[p, s, k] = 0


@state_kernel
def go_extinct(st, p, s):
    """EVO-END-02/03: the species leaves play: its traits are discarded, the owner draws one
    card per trait, its food returns to the bank and the row closes the gap."""
    n_traits = 0
    for k in range(TRAIT_SLOTS):
        if st.traits[p, s, k] >= 0:
            remove_trait_card(st, p, s, k)
            n_traits += 1
    if st.avian[p, s]:
        st.avian_left += 1
    else:
        st.land_left += 1
    return_food(st, st.food[p, s] + st.upkeep[p, s] + st.fat[p, s])
    n = st.n_species[p]
    for i in range(s, n - 1):
        _copy_slot(st, p, i, i + 1)
    _clear_slot(st, p, n - 1)
    st.n_species[p] = n - 1
    draw_cards(st, p, n_traits)
