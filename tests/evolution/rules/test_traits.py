"""EVO-TRAIT: carnivore diet, Cooperation, Foraging, Scavenger, Intelligence food and Fat
Tissue."""
from speciesgym.envs.evolution.data import Kind, class_of
from tests.evolution.helpers import Game, seat, sp


def test_EVO_TRAIT_01_cooperation_from_plant_gives_a_carnivore_nothing():
    g = Game(2, phase="feeding", turn=0, watering_hole=5, seats=[
        seat(species=[sp(body=2, pop=3, traits=["Cooperation"]),
                      sp(body=2, pop=2, traits=["Carnivore"])]),
        seat(species=[sp(body=2, pop=3)]),
    ])
    g.act("FEED_WH", 0)
    assert g.field("food", 0, 0) == 1
    assert g.field("food", 0, 1) == 0
    assert g.field("wh") == 4


def test_EVO_TRAIT_01_no_plant_route_for_a_carnivore():
    # Long Neck, Good Eyesight and the Cliff do nothing for a carnivore; it cannot feed
    # from the hole or the Cliff, nor use Intelligence for plant food.
    g = Game(3, phase="pre_reveal", watering_hole=5, cliff=3, seats=[
        seat(hand=["Horns"], species=[
            sp(body=2, pop=3, traits=["Carnivore", "Long Neck", "Intelligence"]),
            sp(body=2, pop=3, traits=["Carnivore", "Good Eyesight"]),
            sp(body=2, pop=3, avian=True, traits=["Carnivore"]),
            sp(body=2, pop=3),                     # a herbivore, so player 0 has a turn
        ]),
        seat(species=[sp(body=6, pop=3)]),
        seat(),
    ])
    assert [g.field("food", 0, s) for s in range(3)] == [0, 0, 0]
    assert g.field("wh") == 5
    assert g.phase == "FEEDING" and g.turn == 0
    assert g.legal("FEED_WH") == [3] and g.legal("FEED_CLIFF") == []
    assert g.legal("INTEL_FOOD") == [] and g.legal("ATTACK") == []


def test_EVO_TRAIT_02_carnivore_takes_meat_by_cooperation_and_scavenger():
    # Carnivore 0 (Cooperation) attacks: its meat fires Cooperation into carnivore 1 (meat
    # from the bank); carnivore 2 with Scavenger takes 1 meat for the successful attack.
    g = Game(3, phase="feeding", turn=0, watering_hole=0, seats=[
        seat(species=[sp(body=4, pop=3, traits=["Carnivore", "Cooperation"]),
                      sp(body=1, pop=3, traits=["Carnivore"]),
                      sp(body=1, pop=3, traits=["Carnivore", "Scavenger"])]),
        seat(species=[sp(body=2, pop=3)]),
        seat(),
    ])
    g.act("ATTACK", 0)
    g.act("TARGET", 12)
    assert g.field("food", 0, 0) == 2
    assert g.field("food", 0, 1) == 1
    assert g.field("food", 0, 2) == 1


def test_EVO_TRAIT_03_cooperation_takes_from_the_same_source():
    g = Game(2, phase="feeding", turn=0, watering_hole=5, seats=[
        seat(species=[sp(pop=3, traits=["Cooperation"]), sp(pop=3)]),
        seat(species=[sp(pop=3)]),
    ])
    out = g.field("bank_out")
    g.act("FEED_WH", 0)
    assert g.field("food", 0, 0) == 1 and g.field("food", 0, 1) == 1
    assert g.field("wh") == 3                     # both tokens from the Watering Hole
    assert g.field("bank_out") == out


def test_EVO_TRAIT_03_cooperation_after_meat_takes_meat_from_the_bank():
    # A non-carnivore neighbour of an attacking carnivore gets meat from the bank.
    g = Game(2, phase="feeding", turn=0, watering_hole=4, seats=[
        seat(species=[sp(body=3, pop=3, traits=["Carnivore", "Cooperation"]),
                      sp(pop=3)]),
        seat(species=[sp(body=2, pop=3)]),
    ])
    g.act("ATTACK", 0)
    g.act("TARGET", 12)
    assert g.field("food", 0, 0) == 2
    assert g.field("food", 0, 1) == 1
    assert g.field("wh") == 4


def test_EVO_TRAIT_04_cooperation_chains_rightward():
    g = Game(3, phase="feeding", turn=0, watering_hole=10, seats=[
        seat(species=[sp(pop=3, traits=["Cooperation"]), sp(pop=3, traits=["Cooperation"]),
                      sp(pop=3, traits=["Cooperation"]), sp(pop=3)]),
        seat(species=[sp(pop=3)]),
        seat(),
    ])
    g.act("FEED_WH", 0)
    assert [g.field("food", 0, s) for s in range(4)] == [1, 1, 1, 1]
    assert g.field("wh") == 6


def test_EVO_TRAIT_04_chain_stops_at_a_fed_neighbour():
    g = Game(3, phase="feeding", turn=0, watering_hole=10, seats=[
        seat(species=[sp(pop=3, traits=["Cooperation"]),
                      sp(pop=1, food=1, traits=["Cooperation"]), sp(pop=3)]),
        seat(species=[sp(pop=3)]),
        seat(),
    ])
    g.act("FEED_WH", 0)
    assert [g.field("food", 0, s) for s in range(3)] == [1, 1, 0]
    assert g.field("wh") == 9


def test_EVO_TRAIT_04_chain_stops_when_the_source_is_empty():
    g = Game(3, phase="feeding", turn=0, watering_hole=1, seats=[
        seat(species=[sp(pop=3, traits=["Cooperation"]), sp(pop=3)]),
        seat(hand=["Horns"], species=[sp(pop=3, traits=["Intelligence"])]),
        seat(),
    ])
    g.act("FEED_WH", 0)
    assert g.field("food", 0, 0) == 1 and g.field("food", 0, 1) == 0
    assert g.field("wh") == 0


def test_EVO_TRAIT_04_chain_stops_at_a_carnivore_for_plant_food():
    g = Game(3, phase="feeding", turn=0, watering_hole=10, seats=[
        seat(species=[sp(body=2, pop=3, traits=["Cooperation"]),
                      sp(body=2, pop=3, traits=["Carnivore", "Cooperation"]),
                      sp(body=2, pop=3)]),
        seat(species=[sp(body=3, pop=3)]),
        seat(),
    ])
    g.act("FEED_WH", 0)
    assert [g.field("food", 0, s) for s in range(3)] == [1, 0, 0]


def test_EVO_TRAIT_04_fires_once_per_take_and_not_past_the_row_end():
    # A Foraging species takes 2 in one take: the neighbour still gets only 1; the last
    # species' Cooperation has no right neighbour.
    g = Game(3, phase="feeding", turn=0, watering_hole=10, seats=[
        seat(species=[sp(pop=3, traits=["Cooperation", "Foraging"]),
                      sp(pop=3, traits=["Cooperation"])]),
        seat(species=[sp(pop=3)]),
        seat(species=[sp(pop=3)]),
    ])
    g.act("FEED_WH", 0)
    assert g.field("food", 0, 0) == 2 and g.field("food", 0, 1) == 1
    assert g.field("food", 1, 0) == 0 and g.field("food", 2, 0) == 0
    assert g.field("wh") == 7


def test_EVO_TRAIT_05_foraging_takes_one_more_plant_food():
    g = Game(2, phase="feeding", turn=0, watering_hole=5, seats=[
        seat(species=[sp(pop=4, traits=["Foraging"])]),
        seat(species=[sp(pop=3)]),
    ])
    g.act("FEED_WH", 0)
    assert g.field("food", 0, 0) == 2 and g.field("wh") == 3


def test_EVO_TRAIT_05_foraging_on_cooperation_and_intelligence_takes():
    g = Game(3, phase="feeding", turn=0, watering_hole=5, seats=[
        seat(hand=["Horns"], species=[sp(pop=4, traits=["Cooperation"]),
                                      sp(pop=4, traits=["Foraging", "Intelligence"])]),
        seat(species=[sp(pop=3)]),
        seat(),
    ])
    g.act("FEED_WH", 0)
    assert g.field("food", 0, 1) == 2             # Cooperation's 1 + Foraging
    assert g.field("wh") == 2
    g.act("FEED_WH", 0)                           # player 1
    g.act("INTEL_FOOD", 1)
    g.card("Horns")
    assert g.field("food", 0, 1) == 4             # Intelligence's 2 + Foraging, capped at 4


def test_EVO_TRAIT_05_foraging_never_applies_to_meat():
    g = Game(2, phase="feeding", turn=0, watering_hole=0, seats=[
        seat(species=[sp(body=3, pop=3, traits=["Carnivore", "Foraging"])]),
        seat(species=[sp(body=1, pop=3)]),
    ])
    g.act("ATTACK", 0)
    g.act("TARGET", 12)
    assert g.field("food", 0, 0) == 1


def test_EVO_TRAIT_06_scavengers_of_any_owner_take_meat():
    # The attacking carnivore's own Scavenger and another player's non-carnivore Scavenger
    # each take 1 meat; a fed Scavenger takes nothing.
    g = Game(3, phase="feeding", turn=0, watering_hole=0, seats=[
        seat(species=[sp(body=3, pop=4, traits=["Carnivore", "Scavenger"])]),
        seat(species=[sp(body=2, pop=3)]),
        seat(species=[sp(body=4, pop=2, traits=["Scavenger"]),
                      sp(body=4, pop=1, food=1, traits=["Scavenger"])]),
    ])
    out = g.field("bank_out")
    g.act("ATTACK", 0)
    g.act("TARGET", 12)
    assert g.field("food", 0, 0) == 2 + 1
    assert g.field("food", 2, 0) == 1
    assert g.field("food", 2, 1) == 1
    assert g.field("bank_out") == out + 4


def test_EVO_TRAIT_06_no_scavenging_without_an_attack():
    g = Game(2, phase="feeding", turn=0, watering_hole=3, seats=[
        seat(species=[sp(pop=3, traits=["Scavenger"])]),
        seat(species=[sp(pop=3, traits=["Scavenger"])]),
    ])
    g.act("FEED_WH", 0)
    assert g.field("food", 0, 0) == 1 and g.field("food", 1, 0) == 0


def test_EVO_TRAIT_07_intelligence_discards_for_two_plant_food():
    horns = class_of(Kind.HORNS, 3)
    g = Game(2, phase="feeding", turn=0, watering_hole=0, seats=[
        seat(hand=["Horns:3", "Horns:4"], species=[sp(pop=4, traits=["Intelligence"])]),
        seat(species=[sp(body=3, pop=2, traits=["Carnivore"])]),
    ])
    g.act("INTEL_FOOD", 0)
    assert g.phase == "FEEDING/INTEL_PAY"
    g.act("CARD", horns)
    assert g.field("food", 0, 0) == 2
    assert g.field("hand", 0, horns) == 0 and g.field("discard", horns) == 1
    assert g.field("wh") == 0                     # from the bank
    assert g.turn == 1                            # one use, then the turn passes


def test_EVO_TRAIT_07_intelligence_with_foraging_capped_by_hunger():
    g = Game(2, phase="feeding", turn=0, watering_hole=0, seats=[
        seat(hand=["Horns"], species=[sp(pop=4, food=2, traits=["Intelligence", "Foraging"])]),
        seat(species=[sp(body=3, pop=2, traits=["Carnivore"])]),
    ])
    g.act("INTEL_FOOD", 0)
    g.card("Horns")
    assert g.field("food", 0, 0) == 4


def test_EVO_TRAIT_08_food_goes_to_fat_once_population_is_full():
    g = Game(2, phase="feeding", turn=0, watering_hole=5, seats=[
        seat(species=[sp(body=2, pop=2, food=1, traits=["Fat Tissue", "Foraging"]),
                      sp(pop=6)]),
        seat(species=[sp(pop=1, food=1)]),
    ])
    g.act("FEED_WH", 0)
    assert g.field("food", 0, 0) == 2 and g.field("fat", 0, 0) == 1
    g.act("FEED_WH", 0)                           # room for 1 more (fat up to body 2)
    assert g.field("fat", 0, 0) == 2 and g.field("wh") == 2
    assert g.legal("FEED_WH") == [1]              # full now: no longer hungry


def test_EVO_TRAIT_09_stored_fat_stays_through_cleanup():
    # Feeding ends at once (empty hole): food is bagged, the fat store stays on the card.
    g = Game(2, phase="feeding", watering_hole=0, seats=[
        seat(species=[sp(body=3, pop=2, food=2, fat=3, traits=["Fat Tissue"])]),
        seat(species=[sp(pop=1, food=1)]),
    ])
    assert g.phase == "SELECT_FOOD"
    assert g.field("bag", 0) == 2
    assert g.field("fat", 0, 0) == 3
    assert g.field("food", 0, 0) == 0


def test_EVO_TRAIT_01_land_nesting_does_nothing_for_a_carnivore():
    # Fertile gains a population with food on the hole: a carnivore's land Nesting would
    # take plant food, so it does nothing (and no source question is asked).
    g = Game(3, phase="pre_reveal", watering_hole=2, seats=[
        seat(food_card="Long Neck:9",
             species=[sp(body=2, pop=1, traits=["Carnivore", "Nesting", "Fertile"])]),
        seat(species=[sp(body=1, pop=3)]),
        seat(),
    ])
    assert g.phase == "FEEDING" and g.turn == 0
    assert g.field("pop", 0, 0) == 2 and g.field("food", 0, 0) == 0
    assert g.field("wh") == 11
