"""Taking food: the one mechanic behind feeding, meat, Long Neck, Intelligence, Scavenger,
Good Eyesight, Dive-Bomb and Nesting, with Foraging and the Cooperation chain; and
population gains, which feed Nesting."""
from speciesgym.envs.core.kernel import rule_kernel

from speciesgym.envs.evolution.data import Kind
from speciesgym.envs.evolution.rules.species import has_trait, place_food, room
from speciesgym.envs.evolution.state import Pend, Source, state_kernel

CARNIVORE = Kind.CARNIVORE.value
COOPERATION = Kind.COOPERATION.value
FORAGING = Kind.FORAGING.value
NESTING = Kind.NESTING.value


@rule_kernel
def _available(st, source):
    if source == Source.WATERING_HOLE:
        return st.wh
    if source == Source.CLIFF:
        return st.cliff
    return 1 << 20   # EVO-SETUP-04: the food bank never runs out


@state_kernel
def _take_once(st, p, s, source, amount):
    """One take by one species, Foraging included; returns the food it got."""
    plant = source != Source.BANK_MEAT
    if plant and has_trait(st, p, s, CARNIVORE):
        return 0          # EVO-TRAIT-01: a carnivore never eats plant food
    if plant and has_trait(st, p, s, FORAGING):
        amount += 1       # EVO-TRAIT-04: Foraging takes one more of the same plant food
    n = min(amount, _available(st, source), room(st, p, s))
    if n <= 0:
        return 0
    if source == Source.WATERING_HOLE:
        st.wh -= n
    elif source == Source.CLIFF:
        st.cliff -= n
    else:
        st.bank_out += n
    return place_food(st, p, s, n)


@state_kernel
def take_food(st, p, s, source, amount):
    """Species s of seat p takes `amount` food from `source`, then Cooperation passes one
    food from the same source to the right, species after species (EVO-TRAIT-03;
    FLT-CLIFF-05: from the Cliff too, into a land species). Returns what s itself got."""
    first = _take_once(st, p, s, source, amount)
    got = first
    cur = s
    while got > 0 and cur + 1 < st.n_species[p] and has_trait(st, p, cur, COOPERATION):
        cur += 1
        got = _take_once(st, p, cur, source, 1)
    return first


@state_kernel
def gain_population(st, p, s, n):
    """+n population (capped at 6). FLT-TRAIT-07/08: Nesting takes food for each one
    gained: an avian 2 meat from the bank each; a land species 1 plant food each from the
    watering hole or the bank (a choice while the watering hole has food: the caller must
    ask, see `nest_pending`). Returns the population gained."""
    g = min(n, 6 - st.pop[p, s])
    if g <= 0:
        return 0
    st.pop[p, s] += g
    if has_trait(st, p, s, NESTING):
        if st.avian[p, s]:
            for _ in range(g):
                take_food(st, p, s, Source.BANK_MEAT, 2)
        elif not has_trait(st, p, s, CARNIVORE):   # EVO-TRAIT-01: plant food only
            st.nest_left = g
            st.nest_sp = s
            settle_nesting(st, p)
    return g


@state_kernel
def settle_nesting(st, p):
    """Land Nesting food still owed: from the bank while the watering hole is empty;
    otherwise leave pend = NEST_SOURCE for the owner to choose."""
    while st.nest_left > 0 and st.wh == 0:
        take_food(st, p, st.nest_sp, Source.BANK_PLANT, 1)
        st.nest_left -= 1
    if st.nest_left > 0:
        st.nest_ret = st.pend
        st.pend = Pend.NEST_SOURCE
        st.turn = p


@rule_kernel
def apply_nest_source(st, from_bank):
    """NEST_SOURCE answered: one Nesting food from the bank or the watering hole."""
    p = st.turn
    source = Source.BANK_PLANT if from_bank else Source.WATERING_HOLE
    st.nest_left -= 1
    st.pend = st.nest_ret
    take_food(st, p, st.nest_sp, source, 1)
    settle_nesting(st, p)
