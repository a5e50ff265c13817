"""Carnivore attacks: who may attack whom, what it costs to negate protections, and the
attack itself (EVO-ATK, FLT-FLIGHT-03/04, FLT-TRAIT-03/05)."""
from speciesgym.envs.core.kernel import rule_kernel

from speciesgym.envs.evolution.data import Kind
from speciesgym.envs.evolution.rules.cards import hand_total
from speciesgym.envs.evolution.rules.food import take_food
from speciesgym.envs.evolution.rules.species import has_trait, is_hungry, lose_population
from speciesgym.envs.evolution.state import Source, Trig, state_kernel

CARNIVORE = Kind.CARNIVORE.value
AMBUSH = Kind.AMBUSH.value
BURROWING = Kind.BURROWING.value
CLIMBING = Kind.CLIMBING.value
DEF_HERDING = Kind.DEFENSIVE_HERDING.value
HARD_SHELL = Kind.HARD_SHELL.value
HORNS = Kind.HORNS.value
INTELLIGENCE = Kind.INTELLIGENCE.value
PACK_HUNTING = Kind.PACK_HUNTING.value
SCAVENGER = Kind.SCAVENGER.value
SYMBIOSIS = Kind.SYMBIOSIS.value
WARNING_CALL = Kind.WARNING_CALL.value
CAMOUFLAGE = Kind.CAMOUFLAGE.value
GOOD_EYESIGHT = Kind.GOOD_EYESIGHT.value
FLIGHT = Kind.FLIGHT.value
IMPOSSIBLE = -1


@state_kernel
def attack_cost(st, ap, a, tp, t):
    """Cards attacker (ap, a) must discard to attack (tp, t), or IMPOSSIBLE.

    EVO-ATK-02 size (Pack Hunting EVO-ATK-03, Hard Shell EVO-ATK-04); protections each
    cost one card to negate: Intelligence negates any (EVO-ATK-10), an avian carnivore's
    discard negates Climbing, Symbiosis and Warning Call (FLT-FLIGHT-04)."""
    if ap == tp and a == t:
        return IMPOSSIBLE                       # EVO-ATK-01: never itself
    size = st.body[ap, a]
    if has_trait(st, ap, a, PACK_HUNTING):
        size += st.pop[ap, a]
    prey = st.body[tp, t]
    if size <= prey:
        return IMPOSSIBLE
    only_intel = 0
    either = 0
    if has_trait(st, tp, t, HARD_SHELL) and size <= prey + 4:
        only_intel += 1
    if has_trait(st, tp, t, FLIGHT) and not has_trait(st, ap, a, FLIGHT):
        only_intel += 1                         # FLT-FLIGHT-03
    if has_trait(st, tp, t, CAMOUFLAGE) and not has_trait(st, ap, a, GOOD_EYESIGHT):
        only_intel += 1                         # FLT-TRAIT-03
    if has_trait(st, tp, t, BURROWING) and st.food[tp, t] >= st.pop[tp, t]:
        only_intel += 1                         # EVO-ATK-05
    if has_trait(st, tp, t, DEF_HERDING) and st.pop[ap, a] <= st.pop[tp, t]:
        only_intel += 1                         # EVO-ATK-07
    if has_trait(st, tp, t, CLIMBING) and not has_trait(st, ap, a, CLIMBING):
        either += 1                             # EVO-ATK-06
    n = st.n_species[tp]
    if has_trait(st, tp, t, SYMBIOSIS) and t + 1 < n and st.body[tp, t + 1] > prey:
        either += 1                             # EVO-ATK-08
    if not has_trait(st, ap, a, AMBUSH):        # EVO-ATK-09
        if t > 0 and has_trait(st, tp, t - 1, WARNING_CALL):
            either += 1
        if t + 1 < n and has_trait(st, tp, t + 1, WARNING_CALL):
            either += 1
    intel = has_trait(st, ap, a, INTELLIGENCE)
    if only_intel > 0 and not intel:
        return IMPOSSIBLE
    if either > 0 and not (intel or has_trait(st, ap, a, FLIGHT)):
        return IMPOSSIBLE
    cost = only_intel + either
    if cost > hand_total(st, ap):
        return IMPOSSIBLE
    return cost


@state_kernel
def can_hunt(st, ap, a):
    """(any target possible, any target free of cost) for a hungry carnivore."""
    if not has_trait(st, ap, a, CARNIVORE) or not is_hungry(st, ap, a):
        return False, False
    possible = False
    for tp in range(st.n_players):
        for t in range(st.n_species[tp]):
            cost = attack_cost(st, ap, a, tp, t)
            if cost == 0:
                return True, True
            if cost > 0:
                possible = True
    return possible, False


@rule_kernel
def horns_choice(st, ap, a, tp, t):
    """EVO-ATK-10: Intelligence may also negate Horns, at the cost of one card."""
    return (has_trait(st, tp, t, HORNS) and has_trait(st, ap, a, INTELLIGENCE)
            and hand_total(st, ap) > 0)


@rule_kernel
def resolve_attack(st, ap, a, tp, t, horns_off):
    """EVO-ATK-11..14: the prey loses 1 population and, at 0, goes extinct at once with its
    food back to the bank (its neighbours become adjacent before anything else, EVO-ATK-11,
    EVO-END-03); Horns then costs the attacker 1 population (EVO-ATK-13), which at 0 makes
    it extinct the same way, without meat; a surviving attacker takes meat equal to the
    prey's body size from the bank (capped by its hunger), which fires its Cooperation.
    Then every Scavenger is marked to take meat (resolved by the scavenger step,
    EVO-ATK-15)."""
    meat = st.body[tp, t]
    horns = has_trait(st, tp, t, HORNS) and not horns_off
    if lose_population(st, tp, t, 1) and ap == tp and a > t:
        a -= 1
    if not (horns and lose_population(st, ap, a, 1)):
        take_food(st, ap, a, Source.BANK_MEAT, meat)
    mark_scavengers(st)


@rule_kernel
def mark_scavengers(st):
    """EVO-TRAIT-06: after a successful attack every Scavenger is due one meat."""
    bit = 1 << Trig.SCAVENGER
    for p in range(st.n_players):
        for s in range(st.n_species[p]):
            if has_trait(st, p, s, SCAVENGER):
                st.trig[p, s] |= bit
