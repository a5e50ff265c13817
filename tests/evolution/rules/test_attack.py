"""EVO-ATK: carnivore attacks (seeds/evolution.md). Each test builds an exact feeding position
and checks what the engine allows or what the attack leaves behind.

Positions keep the game waiting for a decision after the attack: usually player 1 has a
hungry non-carnivore and the watering hole has food, so after player 0's attack feeding
stops at player 1's turn with the result of the attack untouched.
"""
from speciesgym.envs.evolution.data import class_of, Kind
from speciesgym.envs.evolution.state import MAX_SPECIES
from tests.evolution.helpers import Game, hand_size, seat, sp
from tests.evolution.invariants import check_invariants

S = MAX_SPECIES


def feeding(seats, players=2, flight=False, watering_hole=5, **fields):
    """A feeding position with player 0 to act (unless `turn` is given)."""
    fields.setdefault("turn", 0)
    g = Game(players, seats=seats, phase="feeding", flight=flight,
             watering_hole=watering_hole, **fields)
    check_invariants(g.st)
    return g


def targets(g, a):
    """Choose species a of the player to move as attacker; return its reachable prey as
    (relative seat, slot) pairs."""
    g.act("ATTACK", a)
    return [(i // S, i % S) for i in g.legal("TARGET")]


def attack(g, a, rel, t):
    g.act("ATTACK", a)
    g.act("TARGET", rel * S + t)
    check_invariants(g.st)


def keeper():
    """A hungry non-carnivore no body-5 carnivore can reach: gives its owner a feeding
    option while the watering hole has food."""
    return sp(body=6, pop=6)


# EVO-ATK-01 -------------------------------------------------------------------------------

def test_EVO_ATK_01_may_attack_own_species_but_never_itself():
    g = feeding([
        seat(species=[sp(body=3, pop=3, traits=["Carnivore"]), sp(body=1, pop=3)]),
        seat(species=[keeper()]),
    ], watering_hole=0)
    assert targets(g, 0) == [(0, 1)]          # its own herbivore; not itself, not body 6
    g.act("TARGET", 1)
    assert g.field("pop", 0, 1) == 2 and g.field("food", 0, 0) == 1
    # Player 1 cannot feed (empty watering hole): the carnivore, still hungry, attacks again.
    assert g.turn == 0 and g.legal("ATTACK") == [0]
    attack(g, 0, 0, 1)
    assert g.field("pop", 0, 1) == 1 and g.field("food", 0, 0) == 2
    assert g.turn == 0 and g.legal("ATTACK") == [0]


def test_EVO_ATK_01_one_attack_is_one_feeding_action():
    g = feeding([
        seat(species=[sp(body=3, pop=3, traits=["Carnivore"])]),
        seat(species=[sp(body=1, pop=3), keeper()]),
    ])
    attack(g, 0, 1, 0)
    assert g.turn == 1 and g.phase == "FEEDING"   # the attack used player 0's turn
    g.act("FEED_WH", 1)
    assert g.turn == 0 and g.legal("ATTACK") == [0]
    attack(g, 0, 1, 0)
    assert g.field("pop", 1, 0) == 1 and g.field("food", 0, 0) == 2


# EVO-ATK-02 -------------------------------------------------------------------------------

def test_EVO_ATK_02_size_must_be_strictly_greater():
    # A body-3 carnivore can attack a body-2 species but not a body-3 one.
    g = feeding([
        seat(species=[sp(body=3, pop=3, traits=["Carnivore"])]),
        seat(species=[sp(body=2, pop=2), sp(body=3, pop=2)]),
    ], watering_hole=0)
    assert g.legal("ATTACK") == [0]
    g.act("ATTACK", 0)
    # TARGET index = relative seat * 12 + slot: seat 1's slot 0 only.
    assert g.legal("TARGET") == [12]
    g.act("TARGET", 12)
    assert g.field("pop", 1, 0) == 1
    # meat = prey body size 2; the carnivore (pop 3) is still hungry, so feeding goes on
    # and it is player 0's turn again.
    assert g.field("food", 0, 0) == 2
    assert g.turn == 0 and g.phase == "FEEDING"


# EVO-ATK-03 -------------------------------------------------------------------------------

def test_EVO_ATK_03_pack_hunting_adds_population_to_attacking_size():
    prey = [sp(body=4, pop=2), sp(body=5, pop=2)]
    g = feeding([seat(species=[sp(body=2, pop=3, traits=["Carnivore", "Pack Hunting"])]),
                 seat(species=prey)])
    assert targets(g, 0) == [(1, 0)]           # attacking size 2 + 3 = 5 > 4, not > 5
    g.act("TARGET", S + 0)
    assert g.field("pop", 1, 0) == 1
    # Without Pack Hunting the same body-2 carnivore reaches neither.
    g = feeding([seat(species=[sp(body=2, pop=3, traits=["Carnivore"])]), seat(species=prey)])
    assert g.legal("ATTACK") == []


# EVO-ATK-04 -------------------------------------------------------------------------------

def test_EVO_ATK_04_hard_shell_adds_4_to_defending_size():
    prey = [sp(body=2, pop=2, traits=["Hard Shell"]), sp(body=5, pop=2)]
    # body 6 vs defending 2 + 4 = 6: not strictly greater.
    g = feeding([seat(species=[sp(body=6, pop=2, traits=["Carnivore"])]), seat(species=prey)])
    assert targets(g, 0) == [(1, 1)]
    # Pack Hunting size 3 + 4 = 7 > 6 gets through.
    g = feeding([seat(species=[sp(body=3, pop=4, traits=["Carnivore", "Pack Hunting"])]),
                 seat(species=prey)])
    assert targets(g, 0) == [(1, 0), (1, 1)]
    g.act("TARGET", S + 0)
    assert g.field("pop", 1, 0) == 1


# EVO-ATK-05 -------------------------------------------------------------------------------

def test_EVO_ATK_05_burrowing_protects_only_a_fed_population():
    g = feeding([
        seat(species=[sp(body=4, pop=3, traits=["Carnivore"])]),
        seat(species=[
            sp(body=1, pop=2, food=2, traits=["Burrowing"]),                       # fed
            sp(body=1, pop=2, food=1, traits=["Burrowing"]),                       # hungry
            sp(body=1, pop=1, food=0, fat=1, traits=["Burrowing", "Fat Tissue"]),  # fat only
            sp(body=1, pop=1, food=1, fat=0, traits=["Burrowing", "Fat Tissue"]),  # fed
        ]),
    ])
    assert targets(g, 0) == [(1, 1), (1, 2)]


def test_EVO_ATK_05_burrowing_avian_upkeep_does_not_count():
    g = feeding([
        seat(species=[sp(body=3, pop=3, avian=True, traits=["Carnivore"])]),
        seat(species=[
            sp(body=1, pop=1, food=0, upkeep=1, avian=True, traits=["Burrowing"]),
            sp(body=1, pop=1, food=1, upkeep=0, avian=True, traits=["Burrowing"]),
            keeper(),
        ]),
    ], flight=True)
    assert targets(g, 0) == [(1, 0)]
    g.act("TARGET", S + 0)
    assert g.field("n_species", 1) == 2        # the upkeep-fed avian went extinct


# EVO-ATK-06 -------------------------------------------------------------------------------

def test_EVO_ATK_06_climbing_needs_a_climbing_carnivore():
    seats = [
        seat(species=[sp(body=4, pop=3, traits=["Carnivore"]),
                      sp(body=4, pop=3, traits=["Carnivore", "Climbing"])]),
        seat(species=[sp(body=1, pop=2, traits=["Climbing"]), sp(body=1, pop=2)]),
    ]
    g = feeding(seats)
    assert targets(g, 0) == [(1, 1)]
    g = feeding(seats)
    assert targets(g, 1) == [(1, 0), (1, 1)]
    g.act("TARGET", S + 0)
    assert g.field("pop", 1, 0) == 1


# EVO-ATK-07 -------------------------------------------------------------------------------

def test_EVO_ATK_07_defensive_herding_needs_a_larger_population():
    g = feeding([
        seat(species=[sp(body=4, pop=2, traits=["Carnivore"])]),
        seat(species=[sp(body=1, pop=2, traits=["Defensive Herding"]),
                      sp(body=1, pop=1, traits=["Defensive Herding"])]),
    ])
    assert targets(g, 0) == [(1, 1)]            # 2 > 1, but 2 is not > 2


# EVO-ATK-08 -------------------------------------------------------------------------------

def test_EVO_ATK_08_symbiosis_protects_when_the_right_neighbour_is_larger():
    g = feeding([
        seat(species=[sp(body=5, pop=3, traits=["Carnivore"])]),
        seat(species=[
            sp(body=2, pop=2, traits=["Symbiosis"]),   # right neighbour body 3 > 2: safe
            sp(body=3, pop=2, traits=["Symbiosis"]),   # right neighbour body 3, not larger
            sp(body=3, pop=2),
            sp(body=2, pop=2, traits=["Symbiosis"]),   # no right neighbour (left is larger)
        ]),
    ])
    assert targets(g, 0) == [(1, 1), (1, 2), (1, 3)]


# EVO-ATK-09 -------------------------------------------------------------------------------

def test_EVO_ATK_09_warning_call_protects_neighbours_against_non_ambush():
    row = [sp(body=1, pop=2), sp(body=1, pop=2, traits=["Warning Call"]),
           sp(body=1, pop=2), sp(body=1, pop=2)]
    g = feeding([seat(species=[sp(body=3, pop=3, traits=["Carnivore"])]), seat(species=row)])
    assert targets(g, 0) == [(1, 1), (1, 3)]    # its own species is not protected
    g = feeding([seat(species=[sp(body=3, pop=3, traits=["Carnivore", "Ambush"])]),
                 seat(species=row)])
    assert targets(g, 0) == [(1, 0), (1, 1), (1, 2), (1, 3)]
    g.act("TARGET", S + 0)
    assert g.field("pop", 1, 0) == 1


# EVO-ATK-10 -------------------------------------------------------------------------------

def test_EVO_ATK_10_intelligence_discards_a_card_to_negate_hard_shell_for_one_attack():
    horns1 = class_of(Kind.HORNS, 1)
    fertile2 = class_of(Kind.FERTILE, 2)
    g = feeding([
        seat(hand=["Horns:1", "Fertile:2"],
             species=[sp(body=3, pop=3, traits=["Carnivore", "Intelligence"])]),
        seat(species=[sp(body=1, pop=3, traits=["Hard Shell"]), keeper()]),
    ])
    assert targets(g, 0) == [(1, 0)]
    g.act("TARGET", S + 0)
    assert g.phase == "FEEDING/NEGATE_PAY" and g.turn == 0
    assert g.legal("CARD") == sorted([horns1, fertile2])
    g.act("CARD", horns1)
    check_invariants(g.st)
    assert g.field("pop", 1, 0) == 2 and g.field("food", 0, 0) == 1
    assert g.field("hand", 0, horns1) == 0 and g.field("discard", horns1) == 1
    # Negated for that attack only: the next attack on it costs a card again.
    assert g.turn == 1
    g.act("FEED_WH", 1)
    attack(g, 0, 1, 0)
    assert g.phase == "FEEDING/NEGATE_PAY" and g.legal("CARD") == [fertile2]
    g.act("CARD", fertile2)
    assert g.field("pop", 1, 0) == 1 and hand_size(g, 0) == 0


def test_EVO_ATK_10_intelligence_without_cards_cannot_negate():
    g = feeding([
        seat(species=[sp(body=3, pop=3, traits=["Carnivore", "Intelligence"])]),
        seat(species=[sp(body=1, pop=3, traits=["Hard Shell"])]),
    ])
    assert g.legal("ATTACK") == []


def test_EVO_ATK_10_each_protecting_trait_costs_one_card():
    prey = sp(body=1, pop=3, traits=["Hard Shell", "Climbing"])
    g = feeding([
        seat(hand=["Horns:1"],
             species=[sp(body=3, pop=3, traits=["Carnivore", "Intelligence"])]),
        seat(species=[prey]),
    ])
    assert g.legal("ATTACK") == []              # two protections, one card
    g = feeding([
        seat(hand=["Horns:1", "Horns:2"],
             species=[sp(body=3, pop=3, traits=["Carnivore", "Intelligence"])]),
        seat(species=[prey, keeper()]),
    ])
    attack(g, 0, 1, 0)
    assert g.phase == "FEEDING/NEGATE_PAY"
    g.card("Horns:1")
    assert g.phase == "FEEDING/NEGATE_PAY"
    g.card("Horns:2")
    assert g.field("pop", 1, 0) == 2 and hand_size(g, 0) == 0 and g.turn == 1


def test_EVO_ATK_10_warning_call_of_both_neighbours_costs_two_cards():
    g = feeding([
        seat(hand=["Horns:1", "Horns:2"],
             species=[sp(body=3, pop=3, traits=["Carnivore", "Intelligence"])]),
        seat(species=[sp(body=1, pop=2, traits=["Warning Call"]), sp(body=1, pop=2),
                      sp(body=1, pop=2, traits=["Warning Call"]), keeper()]),
    ])
    attack(g, 0, 1, 1)
    g.card("Horns:1")
    assert g.phase == "FEEDING/NEGATE_PAY"
    g.card("Horns:2")
    assert g.field("pop", 1, 1) == 1 and g.turn == 1


def test_EVO_ATK_10_intelligence_may_negate_horns():
    seats = [
        seat(hand=["Fertile:2"],
             species=[sp(body=4, pop=3, traits=["Carnivore", "Intelligence"])]),
        seat(species=[sp(body=2, pop=2, traits=["Horns"]), keeper()]),
    ]
    g = feeding(seats)
    attack(g, 0, 1, 0)
    assert g.phase == "FEEDING/HORNS"
    assert g.legal("CARD") == [class_of(Kind.FERTILE, 2)] and g.legal("DONE") == [0]
    g.card("Fertile:2")
    assert g.field("pop", 0, 0) == 3 and g.field("food", 0, 0) == 2
    assert g.field("pop", 1, 0) == 1 and hand_size(g, 0) == 0
    # Declining keeps the card and the attacker pays Horns.
    g = feeding(seats)
    attack(g, 0, 1, 0)
    g.act("DONE")
    assert g.field("pop", 0, 0) == 2 and g.field("food", 0, 0) == 2 and hand_size(g, 0) == 1


# EVO-ATK-11 -------------------------------------------------------------------------------

def test_EVO_ATK_11_target_loses_one_population():
    g = feeding([seat(species=[sp(body=3, pop=3, traits=["Carnivore"])]),
                 seat(species=[sp(body=1, pop=3)])])
    attack(g, 0, 1, 0)
    assert g.field("pop", 1, 0) == 2 and g.field("n_species", 1) == 1


def test_EVO_ATK_11_target_at_zero_goes_extinct_and_its_owner_draws():
    g = feeding([
        seat(species=[sp(body=3, pop=3, traits=["Carnivore"])]),
        seat(species=[sp(body=1, pop=1, traits=["Fertile", "Long Neck"]), keeper()]),
    ])
    discard_before = int(g.st["discard"].sum())
    attack(g, 0, 1, 0)
    assert g.field("n_species", 1) == 1 and g.field("body", 1, 0) == 6   # the row closed up
    assert hand_size(g, 1) == 2                                          # one card per trait
    assert int(g.st["discard"].sum()) == discard_before + 2
    assert g.field("food", 0, 0) == 1


def test_EVO_ATK_11_extinction_comes_before_the_attackers_cooperation():
    # The prey sits between the attacker and its Cooperation neighbour in the same row: it
    # is gone before the meat, so the attacker's Cooperation feeds the species beyond it.
    g = feeding([
        seat(species=[sp(body=3, pop=3, traits=["Carnivore", "Cooperation"]),
                      sp(body=1, pop=1),
                      sp(body=1, pop=2)]),
        seat(species=[keeper()]),
    ])
    attack(g, 0, 0, 1)
    assert g.field("n_species", 0) == 2
    assert g.field("food", 0, 0) == 1          # meat = prey body 1
    assert g.field("food", 0, 1) == 1          # Cooperation reached the new right neighbour


# EVO-ATK-12 -------------------------------------------------------------------------------

def test_EVO_ATK_12_prey_surplus_food_goes_to_the_bag():
    g = feeding([seat(species=[sp(body=3, pop=3, traits=["Carnivore"])]),
                 seat(species=[sp(body=1, pop=3, food=3), keeper()])])
    attack(g, 0, 1, 0)
    assert g.field("pop", 1, 0) == 2 and g.field("food", 1, 0) == 2 and g.field("bag", 1) == 1


def test_EVO_ATK_12_attacker_surplus_from_horns_goes_to_the_bag():
    # Fed population but an empty fat store: hungry. Horns cost it a population, the extra
    # food goes to the bag, then the meat fills the fat store.
    g = feeding([
        seat(species=[sp(body=3, pop=2, food=2, traits=["Carnivore", "Fat Tissue"])]),
        seat(species=[sp(body=2, pop=2, traits=["Horns"]), keeper()]),
    ])
    attack(g, 0, 1, 0)
    assert g.field("pop", 0, 0) == 1 and g.field("food", 0, 0) == 1
    assert g.field("bag", 0) == 1 and g.field("fat", 0, 0) == 2


# EVO-ATK-13 -------------------------------------------------------------------------------

def test_EVO_ATK_13_horns_cost_the_attacker_one_population():
    # pop 3 -> 2 before the meat: 3 meat capped at 2, nothing bagged.
    g = feeding([seat(species=[sp(body=4, pop=3, traits=["Carnivore"])]),
                 seat(species=[sp(body=3, pop=2, traits=["Horns"]), keeper()])])
    attack(g, 0, 1, 0)
    assert g.field("pop", 1, 0) == 1
    assert g.field("pop", 0, 0) == 2 and g.field("food", 0, 0) == 2 and g.field("bag", 0) == 0


def test_EVO_ATK_13_attacker_killed_by_horns_takes_no_meat_but_scavengers_eat():
    g = feeding([
        seat(species=[sp(body=3, pop=1, traits=["Carnivore", "Cooperation"]),
                      sp(body=1, pop=2)]),
        seat(species=[sp(body=1, pop=2, traits=["Horns"]),
                      sp(body=1, pop=2, traits=["Scavenger"])]),
    ])
    out_before = g.field("bank_out")
    attack(g, 0, 1, 0)
    assert g.field("pop", 1, 0) == 1
    assert g.field("n_species", 0) == 1 and g.field("body", 0, 0) == 1   # attacker gone
    assert hand_size(g, 0) == 2                   # drew for Carnivore and Cooperation
    assert g.field("food", 0, 0) == 0             # no meat, so no Cooperation
    assert g.field("food", 1, 1) == 1             # the Scavenger still ate
    assert g.field("bank_out") == out_before + 1


def test_EVO_ATK_13_horned_prey_and_attacker_both_die_in_one_row():
    # The prey (left of the attacker) goes extinct first, then Horns kills the attacker.
    g = feeding([
        seat(species=[sp(body=1, pop=1, traits=["Horns"]),
                      sp(body=2, pop=1, traits=["Carnivore"]),
                      sp(body=1, pop=2)]),
        seat(species=[keeper()]),
    ])
    attack(g, 1, 0, 0)
    assert g.field("n_species", 0) == 1
    assert (g.field("body", 0, 0), g.field("pop", 0, 0), g.field("food", 0, 0)) == (1, 2, 0)
    assert hand_size(g, 0) == 2


# EVO-ATK-14 -------------------------------------------------------------------------------

def test_EVO_ATK_14_meat_is_the_printed_body_size():
    # Attacking size 2 + 6 = 8 beats Hard Shell 1 + 4; the meat is still 1.
    g = feeding([seat(species=[sp(body=2, pop=6, traits=["Carnivore", "Pack Hunting"])]),
                 seat(species=[sp(body=1, pop=2, traits=["Hard Shell"]), sp(body=4, pop=2)])])
    attack(g, 0, 1, 0)
    assert g.field("food", 0, 0) == 1
    assert g.turn == 1
    g.act("FEED_WH", 1)
    attack(g, 0, 1, 1)
    assert g.field("food", 0, 0) == 5


def test_EVO_ATK_14_meat_is_capped_by_hunger():
    g = feeding([seat(species=[sp(body=5, pop=3, food=1, traits=["Carnivore"])]),
                 seat(species=[sp(body=4, pop=2), keeper()])])
    out_before = g.field("bank_out")
    attack(g, 0, 1, 0)
    assert g.field("food", 0, 0) == 3 and g.field("bank_out") == out_before + 2


# EVO-ATK-15 -------------------------------------------------------------------------------

def test_EVO_ATK_15_cooperation_and_every_hungry_scavenger_take_meat():
    g = feeding([
        seat(species=[sp(body=3, pop=3, traits=["Carnivore", "Cooperation"]),
                      sp(body=1, pop=2, traits=["Scavenger"])]),
        seat(species=[sp(body=2, pop=3),
                      sp(body=1, pop=2, traits=["Scavenger", "Cooperation"]),
                      sp(body=1, pop=2)]),
        seat(species=[sp(body=1, pop=1, food=1, traits=["Scavenger"])]),
    ], players=3)
    out_before = g.field("bank_out")
    attack(g, 0, 1, 0)
    assert g.field("food", 0, 0) == 2            # meat 2
    assert g.field("food", 0, 1) == 2            # Cooperation 1 + Scavenger 1
    assert g.field("food", 1, 1) == 1            # Scavenger
    assert g.field("food", 1, 2) == 1            # ... firing its own Cooperation
    assert g.field("food", 2, 0) == 1 and g.field("bag", 2) == 0   # fed: takes nothing
    assert g.field("bank_out") == out_before + 6
    assert g.turn == 1 and g.phase == "FEEDING"


def test_EVO_ATK_15_scavengers_resolve_in_turn_order_from_the_first_player():
    # Player 1 holds the first-player marker; player 0 attacks. Both players must order
    # their own Scavengers (a Cooperation is involved): player 1 is asked first.
    pair = [sp(body=1, pop=2, traits=["Scavenger", "Cooperation"]),
            sp(body=1, pop=2, traits=["Scavenger"])]
    g = feeding([
        seat(species=[sp(body=3, pop=3, traits=["Carnivore"])] + pair),
        seat(species=pair + [sp(body=1, pop=3)]),
    ], first=1)
    attack(g, 0, 1, 2)
    assert g.phase == "FEEDING/ORDER" and g.turn == 1
    assert g.field("food", 0, 1) == 0            # player 0's Scavengers have not eaten yet
    g.act("ORDER", g.legal("ORDER")[0])        # the other one then resolves by itself
    assert g.phase == "FEEDING/ORDER" and g.turn == 0
    assert [g.field("food", 1, s) for s in range(2)] == [1, 2]
    g.act("ORDER", g.legal("ORDER")[0])
    assert [g.field("food", 0, s) for s in range(3)] == [1, 1, 2]
    assert g.turn == 1 and g.phase == "FEEDING"
    check_invariants(g.st)
