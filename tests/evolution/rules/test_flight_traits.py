"""FLT-CLIFF (the Cliff) and FLT-TRAIT (Brood Parasite, Camouflage, Good Eyesight,
Nesting)."""
import pytest

from speciesgym.envs.evolution.state import N_TRIG, Source, Trig
from tests.evolution.helpers import Game, seat, sp


def order(s, trig):
    return s * N_TRIG + int(trig)


# ---------------------------------------------------------------- FLT-CLIFF: the Cliff

@pytest.mark.parametrize("players", [2, 3, 5])
def test_FLT_CLIFF_01_reveal_adds_one_food_per_player(players):
    seats = [seat() for _ in range(players)]
    seats[0] = seat(food_card="Long Neck:9", species=[sp(pop=3)])
    g = Game(players, phase="pre_reveal", watering_hole=0, cliff=2, seats=seats)
    assert g.phase == "FEEDING"
    assert g.field("cliff") == 2 + players
    assert g.field("wh") == 9


def test_FLT_CLIFF_01_no_cliff_without_flight():
    g = Game(3, flight=False, phase="pre_reveal", watering_hole=0, seats=[
        seat(food_card="Long Neck:9", species=[sp(pop=3)]), seat(), seat()])
    assert g.phase == "FEEDING"
    assert g.field("cliff") == 0


def test_FLT_CLIFF_02_only_flying_non_carnivores_feed_from_the_cliff():
    g = Game(3, phase="feeding", turn=0, watering_hole=0, cliff=4, seats=[
        seat(species=[sp(body=2, pop=3),
                      sp(body=2, pop=3, avian=True),
                      sp(body=2, pop=3, avian=True, traits=["Carnivore"])]),
        seat(species=[sp(body=3, pop=3)]),
        seat(),
    ])
    assert g.legal("FEED_CLIFF") == [1]
    assert g.legal("FEED_WH") == []
    g.act("FEED_CLIFF", 1)
    assert g.field("upkeep", 0, 1) == 1 and g.field("cliff") == 3


def test_FLT_CLIFF_03_cliff_food_stays_for_the_next_round():
    # Nobody can feed: feeding ends at once, the round is cleaned up, the Cliff keeps its 3.
    g = Game(2, phase="feeding", watering_hole=0, cliff=3, seats=[
        seat(species=[sp(pop=2, food=1)]),
        seat(species=[sp(pop=1, food=1)]),
    ])
    assert g.phase == "SELECT_FOOD" and g.field("round") == 1
    assert g.field("cliff") == 3


def test_FLT_CLIFF_04_a_cliff_feeding_never_touches_the_hole():
    g = Game(3, phase="feeding", turn=0, watering_hole=5, cliff=5, seats=[
        seat(species=[sp(body=1, pop=4, avian=True, traits=["Foraging", "Cooperation"]),
                      sp(pop=4)]),
        seat(species=[sp(pop=1, food=1)]),
        seat(),
    ])
    g.act("FEED_CLIFF", 0)
    # Foraging's extra and Cooperation's food came from the Cliff as well
    assert g.field("upkeep", 0, 0) == 1 and g.field("food", 0, 0) == 1
    assert g.field("food", 0, 1) == 1
    assert (g.field("cliff"), g.field("wh")) == (2, 5)


def test_FLT_CLIFF_04_a_short_cliff_is_not_topped_up_from_the_hole():
    g = Game(3, phase="feeding", turn=0, watering_hole=5, cliff=1, seats=[
        seat(species=[sp(body=1, pop=4, avian=True, traits=["Foraging", "Cooperation"]),
                      sp(pop=4)]),
        seat(species=[sp(pop=1, food=1)]),
        seat(),
    ])
    g.act("FEED_CLIFF", 0)
    assert g.field("upkeep", 0, 0) == 1 and g.field("food", 0, 0) == 0
    assert g.field("food", 0, 1) == 0
    assert (g.field("cliff"), g.field("wh")) == (0, 5)


def test_FLT_CLIFF_05_cooperation_from_the_cliff_reaches_land_species():
    g = Game(3, phase="feeding", turn=0, watering_hole=0, cliff=6, seats=[
        seat(species=[sp(body=1, pop=3, upkeep=1, avian=True, traits=["Cooperation"]),
                      sp(pop=3, traits=["Cooperation", "Foraging"]),
                      sp(pop=3)]),
        seat(species=[sp(pop=1, food=1)]),
        seat(),
    ])
    g.act("FEED_CLIFF", 0)
    assert [g.field("food", 0, s) for s in range(3)] == [1, 2, 1]
    assert g.field("cliff") == 2


def test_FLT_CLIFF_05_cliff_cooperation_gives_a_carnivore_nothing():
    g = Game(3, phase="feeding", turn=0, watering_hole=0, cliff=6, seats=[
        seat(species=[sp(body=1, pop=3, upkeep=1, avian=True, traits=["Cooperation"]),
                      sp(body=1, pop=3, traits=["Carnivore", "Cooperation"]),
                      sp(pop=3)]),
        seat(species=[sp(body=3, pop=1, food=1)]),
        seat(),
    ])
    g.act("FEED_CLIFF", 0)
    assert [g.field("food", 0, s) for s in range(3)] == [1, 0, 0]
    assert g.field("cliff") == 5


# ------------------------------------------------------------- FLT-TRAIT: Brood Parasite

def _keep_feeding():
    """A seat whose hungry herbivore keeps feeding waiting (the food card fills the hole)."""
    return seat(food_card="Long Neck:9", species=[sp(body=6, pop=6)])


def test_FLT_TRAIT_01_brood_parasite_gains_population_and_food():
    g = Game(3, phase="pre_reveal", watering_hole=0, seats=[
        seat(species=[sp(body=1, pop=1, upkeep=1, avian=True, traits=["Brood Parasite"]),
                      sp(body=1, pop=1, upkeep=1, avian=True)]),
        _keep_feeding(), seat(),
    ])
    assert g.phase == "FEEDING"
    assert g.field("pop", 0, 0) == 2 and g.field("food", 0, 0) == 1
    assert g.field("pop", 0, 1) == 1 and g.field("food", 0, 1) == 0
    assert g.field("wh") == 9                     # the food came from the bank


def test_FLT_TRAIT_01_brood_parasite_needs_another_avian_of_its_owner():
    g = Game(3, phase="pre_reveal", watering_hole=0, seats=[
        seat(species=[sp(body=1, pop=1, upkeep=1, avian=True, traits=["Brood Parasite"]),
                      sp(pop=2)]),
        seat(species=[sp(body=1, pop=1, avian=True)]),   # another player's avian: no
        _keep_feeding(),
    ])
    assert g.field("pop", 0, 0) == 1 and g.field("food", 0, 0) == 0


def test_FLT_TRAIT_01_land_brood_parasite_does_nothing_but_scores():
    g = Game(3, phase="pre_reveal", watering_hole=0, seats=[
        seat(species=[sp(body=1, pop=1, traits=["Brood Parasite"]),
                      sp(body=1, pop=1, avian=True)]),
        _keep_feeding(), seat(),
    ])
    assert g.field("pop", 0, 0) == 1 and g.field("food", 0, 0) == 0
    scores, _, _ = g.engine.final(g.state)
    # population 1 + 1 (Brood Parasite) for species 0, population 1 + Flight for species 1
    assert scores[0] == 4


def test_FLT_TRAIT_01_carnivore_brood_parasite_takes_meat():
    g = Game(3, phase="pre_reveal", watering_hole=0, seats=[
        seat(species=[sp(body=1, pop=1, upkeep=1, avian=True,
                         traits=["Carnivore", "Brood Parasite"]),
                      sp(body=1, pop=1, upkeep=1, avian=True)]),
        _keep_feeding(), seat(),
    ])
    assert g.field("pop", 0, 0) == 2 and g.field("food", 0, 0) == 1


@pytest.mark.parametrize("source, neighbour_food", [(Source.BANK_MEAT, 1),
                                                    (Source.BANK_PLANT, 0)])
def test_FLT_TRAIT_01_owner_chooses_plant_or_meat_when_it_matters(source, neighbour_food):
    # A non-carnivore Brood Parasite with Cooperation next to a hungry carnivore: meat
    # feeds the carnivore through Cooperation, plant does not; the owner is asked.
    g = Game(3, phase="pre_reveal", watering_hole=0, seats=[
        seat(species=[sp(body=1, pop=1, upkeep=1, avian=True,
                         traits=["Brood Parasite", "Cooperation"]),
                      sp(body=1, pop=2, traits=["Carnivore"]),
                      sp(body=1, pop=1, avian=True)]),
        _keep_feeding(), seat(),
    ])
    assert g.phase == "PRE_REVEAL/BROOD_FOOD" and g.turn == 0
    assert g.field("pop", 0, 0) == 2
    assert g.legal("SOURCE") == [Source.BANK_PLANT, Source.BANK_MEAT]
    g.act("SOURCE", int(source))
    assert g.field("food", 0, 0) == 1
    assert g.field("food", 0, 1) == neighbour_food


def test_FLT_TRAIT_01_plant_without_asking_otherwise():
    # No carnivore neighbour: no question; plant food, so Foraging applies.
    g = Game(3, phase="pre_reveal", watering_hole=0, seats=[
        seat(species=[sp(body=1, pop=2, upkeep=1, avian=True,
                         traits=["Brood Parasite", "Foraging"]),
                      sp(body=1, pop=1, avian=True)]),
        _keep_feeding(), seat(),
    ])
    assert g.phase == "FEEDING"
    assert g.field("pop", 0, 0) == 3 and g.field("food", 0, 0) == 2


def test_FLT_TRAIT_02_brood_parasite_population_fires_nesting():
    # +1 population fires avian Nesting (2 meat, upkeep first), then the Brood Parasite food.
    g = Game(3, phase="pre_reveal", watering_hole=0, seats=[
        seat(species=[sp(body=2, pop=1, avian=True, traits=["Brood Parasite", "Nesting"]),
                      sp(body=1, pop=1, avian=True)]),
        _keep_feeding(), seat(),
    ])
    assert g.field("pop", 0, 0) == 2
    assert g.field("upkeep", 0, 0) == 2 and g.field("food", 0, 0) == 1


def test_FLT_TRAIT_02_brood_parasite_take_fires_cooperation():
    g = Game(3, phase="pre_reveal", watering_hole=0, seats=[
        seat(species=[sp(body=1, pop=1, upkeep=1, avian=True,
                         traits=["Brood Parasite", "Cooperation"]),
                      sp(body=1, pop=2),
                      sp(body=1, pop=1, avian=True)]),
        _keep_feeding(), seat(),
    ])
    assert g.phase == "FEEDING"                   # no carnivore neighbour: no question
    assert g.field("food", 0, 0) == 1 and g.field("food", 0, 1) == 1


def test_FLT_TRAIT_02_at_population_six_still_takes_food():
    g = Game(3, phase="pre_reveal", watering_hole=0, seats=[
        seat(species=[sp(body=1, pop=6, upkeep=1, avian=True, traits=["Brood Parasite"]),
                      sp(body=1, pop=1, avian=True)]),
        _keep_feeding(), seat(),
    ])
    assert g.field("pop", 0, 0) == 6 and g.field("food", 0, 0) == 1


# ---------------------------------------------------------------- FLT-TRAIT: Camouflage

def _camouflage_game(attacker_traits, hand=()):
    return Game(2, phase="feeding", turn=0, watering_hole=0, seats=[
        seat(hand=hand, species=[sp(body=3, pop=2, traits=["Carnivore", *attacker_traits])]),
        seat(species=[sp(body=1, pop=2, traits=["Camouflage"])]),
    ])


def test_FLT_TRAIT_03_camouflage_stops_carnivores_without_good_eyesight():
    g = _camouflage_game(["Ambush"], hand=["Horns"])
    assert g.legal("ATTACK") == []
    assert g.legal("DONE") == [0]


def test_FLT_TRAIT_03_good_eyesight_sees_camouflage():
    g = _camouflage_game(["Good Eyesight"])
    assert g.legal("ATTACK") == [0]
    g.act("ATTACK", 0)
    g.act("TARGET", 12)
    assert g.field("pop", 1, 0) == 1 and g.field("food", 0, 0) == 1


def test_FLT_TRAIT_03_intelligence_negates_camouflage():
    g = _camouflage_game(["Intelligence"], hand=["Horns:1", "Horns:2"])
    assert g.legal("ATTACK") == [0]
    g.act("ATTACK", 0)
    g.act("TARGET", 12)
    assert g.phase == "FEEDING/NEGATE_PAY"
    g.card("Horns:1")
    assert g.field("pop", 1, 0) == 1 and g.field("food", 0, 0) == 1
    assert g.turn == 0                            # still hungry, one card left: again


# ------------------------------------------------------------ FLT-TRAIT: Good Eyesight

def test_FLT_TRAIT_04_good_eyesight_takes_two_from_the_hole_with_foraging_and_cooperation():
    g = Game(3, phase="pre_reveal", watering_hole=5, seats=[
        seat(species=[sp(pop=5, traits=["Good Eyesight", "Foraging", "Cooperation"]),
                      sp(pop=3)]),
        seat(), seat(),
    ])
    assert g.field("food", 0, 0) == 3             # 2 + Foraging
    assert g.field("food", 0, 1) == 1             # Cooperation, from the hole too
    assert g.field("wh") == 1


@pytest.mark.parametrize("wh, pop, food, wh_after", [(1, 3, 1, 0), (5, 1, 1, 4)])
def test_FLT_TRAIT_04_capped_by_the_hole_and_by_hunger(wh, pop, food, wh_after):
    g = Game(2, phase="pre_reveal", watering_hole=wh, seats=[
        seat(species=[sp(pop=pop, traits=["Good Eyesight"])]),
        _keep_feeding(),
    ])
    assert g.field("food", 0, 0) == food
    assert g.field("wh") == wh_after + 9


def test_FLT_TRAIT_05_owner_orders_own_good_eyesight_on_a_short_hole():
    g = Game(2, phase="pre_reveal", watering_hole=2, seats=[
        seat(food_card="Long Neck:9", species=[sp(pop=3, traits=["Good Eyesight"]),
                                               sp(pop=3, traits=["Good Eyesight"])]),
        seat(),
    ])
    assert g.phase == "PRE_REVEAL/ORDER"
    assert g.legal("ORDER") == [order(0, Trig.GOOD_EYESIGHT), order(1, Trig.GOOD_EYESIGHT)]
    g.act("ORDER", order(1, Trig.GOOD_EYESIGHT))
    assert g.field("food", 0, 1) == 2 and g.field("food", 0, 0) == 0


def test_FLT_TRAIT_05_short_hole_serves_players_in_turn_order():
    g = Game(2, phase="pre_reveal", first=1, watering_hole=3, seats=[
        seat(food_card="Long Neck:9", species=[sp(pop=3, traits=["Good Eyesight"])]),
        seat(species=[sp(pop=3, traits=["Good Eyesight"])]),
    ])
    assert g.field("food", 1, 0) == 2 and g.field("food", 0, 0) == 1


# ------------------------------------------------------------------ FLT-TRAIT: Nesting

@pytest.mark.parametrize("source, wh_after, bank_extra", [
    (Source.WATERING_HOLE, 1, 0), (Source.BANK_PLANT, 3, 2)])
def test_FLT_TRAIT_06_land_nesting_owner_picks_hole_or_bank(source, wh_after, bank_extra):
    # Fertile gains 1 population; Nesting's food (with Foraging: 2) comes from the chosen
    # source.
    g = Game(3, phase="pre_reveal", watering_hole=3, seats=[
        seat(species=[sp(pop=2, traits=["Fertile", "Nesting", "Foraging"])]),
        seat(), seat(species=[sp(body=6, pop=6)]),
    ])
    assert g.phase == "PRE_REVEAL/NEST_SOURCE"
    assert g.legal("SOURCE") == [Source.WATERING_HOLE, Source.BANK_PLANT]
    out = g.field("bank_out")
    g.act("SOURCE", int(source))
    assert g.field("pop", 0, 0) == 3 and g.field("food", 0, 0) == 2
    assert g.field("wh") == wh_after
    assert g.field("bank_out") == out + bank_extra + 3   # + the Cliff's 3 at the reveal


def test_FLT_TRAIT_06_land_nesting_uses_the_bank_when_the_hole_is_empty():
    g = Game(2, phase="play", turn=0, watering_hole=0, seats=[
        seat(hand=["Horns", "Climbing"],
             species=[sp(pop=1, traits=["Nesting", "Cooperation"]), sp(pop=2)]),
        seat(),
    ])
    g.card("Horns")
    g.act("POP", 0)
    assert g.phase == "PLAY" and g.turn == 0
    assert g.field("pop", 0, 0) == 2 and g.field("food", 0, 0) == 1
    assert g.field("food", 0, 1) == 1             # Cooperation fired by the Nesting take


def test_FLT_TRAIT_07_avian_nesting_takes_two_meat_and_fires_cooperation_not_scavenger():
    g = Game(3, phase="play", turn=0, watering_hole=4, seats=[
        seat(hand=["Horns", "Climbing"],
             species=[sp(body=2, pop=1, avian=True, traits=["Nesting", "Cooperation"]),
                      sp(body=1, pop=2, traits=["Carnivore"])]),
        seat(species=[sp(pop=3, traits=["Scavenger"])]),
        seat(),
    ])
    g.card("Horns")
    g.act("POP", 0)
    assert g.phase == "PLAY"
    assert g.field("pop", 0, 0) == 2
    assert g.field("upkeep", 0, 0) == 2 and g.field("food", 0, 0) == 0   # upkeep first
    assert g.field("food", 0, 1) == 1             # meat passed on to the carnivore
    assert g.field("food", 1, 0) == 0             # no Scavenger: nothing was attacked
    assert g.field("wh") == 4


def test_FLT_TRAIT_08_nesting_fires_on_a_population_bought_in_play():
    g = Game(3, phase="play", turn=0, watering_hole=0, seats=[
        seat(hand=["Horns", "Climbing"], species=[sp(body=1, pop=1, upkeep=1, avian=True,
                                                     traits=["Nesting"])]),
        seat(), seat(),
    ])
    g.card("Horns")
    g.act("POP", 0)
    assert g.field("food", 0, 0) == 2


def test_FLT_TRAIT_08_nesting_fires_on_fertile():
    g = Game(3, phase="pre_reveal", watering_hole=1, seats=[
        seat(species=[sp(body=1, pop=1, upkeep=1, avian=True, traits=["Nesting", "Fertile"])]),
        _keep_feeding(), seat(),
    ])
    assert g.field("pop", 0, 0) == 2 and g.field("food", 0, 0) == 2


def test_FLT_TRAIT_08_face_down_nesting_does_nothing():
    g = Game(3, phase="play", turn=0, watering_hole=0, seats=[
        seat(hand=["Horns", "Climbing"], species=[sp(body=1, pop=1, upkeep=1, avian=True,
                                                     traits=["Nesting"], face_down=[0])]),
        seat(), seat(),
    ])
    g.card("Horns")
    g.act("POP", 0)
    assert g.field("pop", 0, 0) == 2 and g.field("food", 0, 0) == 0
