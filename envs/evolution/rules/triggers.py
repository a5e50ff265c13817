"""Simultaneous triggers: the before-reveal effects and Scavengers after an attack.

Triggers wait as bits in `trig[p, s]` (state.Trig). They resolve player by player in turn
order (EVO-TIME-01); a player orders their own only where the order can change the outcome
(EVO-TIME-02), otherwise species left to right, bits low to high (EVO-REVEAL-02).
"""
from speciesgym.envs.core.kernel import rule_kernel

from speciesgym.envs.evolution.data import Kind
from speciesgym.envs.evolution.rules.food import gain_population, take_food
from speciesgym.envs.evolution.rules.species import has_trait, is_hungry, place_food
from speciesgym.envs.evolution.state import N_TRIG, Pend, Source, Trig, state_kernel

CARNIVORE = Kind.CARNIVORE.value
COOPERATION = Kind.COOPERATION.value
NESTING = Kind.NESTING.value
FAT_TISSUE = Kind.FAT_TISSUE.value
FERTILE = Kind.FERTILE.value
LONG_NECK = Kind.LONG_NECK.value
GOOD_EYESIGHT = Kind.GOOD_EYESIGHT.value
BROOD_PARASITE = Kind.BROOD_PARASITE.value


@rule_kernel
def other_avian(st, p, s):
    for i in range(st.n_species[p]):
        if i != s and st.avian[p, i]:
            return True
    return False


@rule_kernel
def mark_before_reveal(st):
    """EVO-REVEAL-01: every before-reveal trait triggers at one moment."""
    for p in range(st.n_players):
        for s in range(st.n_species[p]):
            bits = 0
            if st.fat[p, s] > 0 and has_trait(st, p, s, FAT_TISSUE):
                bits |= 1 << Trig.FAT_TISSUE
            if has_trait(st, p, s, FERTILE):
                bits |= 1 << Trig.FERTILE
            herbivore = not has_trait(st, p, s, CARNIVORE)
            if herbivore and has_trait(st, p, s, LONG_NECK):
                bits |= 1 << Trig.LONG_NECK
            if herbivore and st.flight and has_trait(st, p, s, GOOD_EYESIGHT):
                bits |= 1 << Trig.GOOD_EYESIGHT
            if st.avian[p, s] and has_trait(st, p, s, BROOD_PARASITE) and other_avian(st, p, s):
                bits |= 1 << Trig.BROOD_PARASITE
            st.trig[p, s] = bits


@rule_kernel
def _order_matters(st, p):
    """EVO-TIME-02: order can change the outcome only if two pending triggers share a
    species, a take can spill over (Cooperation) or grow food (Nesting), or two of them
    touch the watering hole (Fertile reads it, Good Eyesight takes from it)."""
    count = 0
    wh_users = 0
    for s in range(st.n_species[p]):
        bits = st.trig[p, s]
        if bits == 0:
            continue
        n = 0
        for t in range(N_TRIG):
            if bits & (1 << t):
                n += 1
        if n > 1:
            return True
        count += 1
        if bits & ((1 << Trig.FERTILE) | (1 << Trig.GOOD_EYESIGHT)):
            wh_users += 1
    if count < 2:
        return False
    if wh_users > 1:
        return True
    for s in range(st.n_species[p]):
        if has_trait(st, p, s, COOPERATION) or has_trait(st, p, s, NESTING):
            return True
    return False


@state_kernel
def resolve_trigger(st, p, s, t):
    """Resolve one pending trigger; conditions are read now (EVO-TIME-03)."""
    st.trig[p, s] &= ~(1 << t)
    if t == Trig.FAT_TISSUE:                    # EVO-REVEAL-03
        n = st.fat[p, s]
        st.fat[p, s] = 0
        place_food(st, p, s, n)
    elif t == Trig.FERTILE:                     # EVO-REVEAL-04
        if st.wh >= 1:
            gain_population(st, p, s, 1)
    elif t == Trig.LONG_NECK:                   # EVO-REVEAL-05
        take_food(st, p, s, Source.BANK_PLANT, 1)
    elif t == Trig.GOOD_EYESIGHT:               # FLT-TRAIT-04
        take_food(st, p, s, Source.WATERING_HOLE, 2)
    elif t == Trig.BROOD_PARASITE:              # FLT-TRAIT-01/02
        gain_population(st, p, s, 1)
        _brood_food(st, p, s)
    else:                                       # EVO-TRAIT-06
        take_food(st, p, s, Source.BANK_MEAT, 1)


@state_kernel
def _brood_food(st, p, s):
    """FLT-TRAIT-01: plant or meat from the bank. Meat is forced for a carnivore; for a
    non-carnivore the choice matters only when its Cooperation could feed a carnivore
    neighbour, so only then is the owner asked (pend BROOD_FOOD)."""
    if has_trait(st, p, s, CARNIVORE):
        take_food(st, p, s, Source.BANK_MEAT, 1)
        return
    asks = (has_trait(st, p, s, COOPERATION) and s + 1 < st.n_species[p]
            and has_trait(st, p, s + 1, CARNIVORE) and is_hungry(st, p, s))
    if asks and st.pend == Pend.NONE:
        st.brood_sp = s
        st.pend = Pend.BROOD_FOOD
        st.turn = p
        return
    take_food(st, p, s, Source.BANK_PLANT, 1)


@rule_kernel
def apply_brood_food(st, source):
    st.pend = Pend.NONE
    take_food(st, st.turn, st.brood_sp, source, 1)


@rule_kernel
def apply_order(st, s, t):
    """ORDER answered: resolve trigger t of species s now."""
    st.pend = Pend.NONE
    resolve_trigger(st, st.turn, s, t)


@rule_kernel
def run_player_triggers(st, p):
    """Resolve seat p's pending triggers; return True while waiting for p's decision."""
    st.turn = p
    while True:
        if st.pend != Pend.NONE:
            return True
        first_s = -1
        first_t = -1
        for s in range(st.n_species[p]):
            if st.trig[p, s]:
                for t in range(N_TRIG):
                    if st.trig[p, s] & (1 << t):
                        first_s = s
                        first_t = t
                        break
                break
        if first_s < 0:
            return False
        if _order_matters(st, p):
            st.pend = Pend.ORDER
            return True
        resolve_trigger(st, p, first_s, first_t)


@rule_kernel
def run_scavengers(st):
    """EVO-ATK-15: Scavengers take their meat player by player in turn order from the
    first player. Returns True while waiting for a player's decision."""
    while st.scav_i < st.n_players:
        p = (st.first + st.scav_i) % st.n_players
        if run_player_triggers(st, p):
            return True
        st.scav_i += 1
    return False
