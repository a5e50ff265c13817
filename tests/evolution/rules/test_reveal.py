"""EVO-REVEAL: the start of Feeding, before-reveal effects and the food-card reveal.

A scenario in phase "pre_reveal" without "turn" runs the before-reveal step from scratch,
then the reveal; the checks are made at the first feeding decision (a hungry species and
food on the Watering Hole keep feeding waiting)."""
import pytest

from speciesgym.envs.evolution.data import Kind, class_of
from speciesgym.envs.evolution.state import N_TRIG, Trig
from tests.evolution.helpers import Game, seat, sp


def order(s, trig):
    """ORDER index of trigger `trig` of species slot `s`."""
    return s * N_TRIG + int(trig)


def test_EVO_REVEAL_01_triggers_fire_before_food_cards_are_revealed():
    # The Watering Hole is empty before the reveal, so Fertile gains nothing although the
    # food cards bring 16; Long Neck and Fat Tissue act in the same step.
    g = Game(2, phase="pre_reveal", watering_hole=0, seats=[
        seat(food_card="Long Neck:9", species=[
            sp(pop=2, traits=["Fertile"]),
            sp(pop=3, traits=["Long Neck"]),
            sp(body=2, pop=2, fat=2, traits=["Fat Tissue"]),
        ]),
        seat(food_card="Fertile:7"),
    ])
    assert g.phase == "FEEDING" and g.turn == 0
    assert g.field("pop", 0, 0) == 2              # Fertile saw an empty Watering Hole
    assert g.field("food", 0, 1) == 1             # Long Neck took from the bank
    assert g.field("food", 0, 2) == 2 and g.field("fat", 0, 2) == 0
    assert g.field("wh") == 16                    # the reveal came after, untouched


def test_EVO_REVEAL_01_fertile_before_reveal_sees_the_old_watering_hole():
    # Counterpart: with 1 food already on the hole, Fertile fires before the reveal.
    g = Game(2, phase="pre_reveal", watering_hole=1, seats=[
        seat(food_card="Ambush:-3", species=[sp(pop=2, traits=["Fertile"])]),
        seat(food_card="Long Neck:9"),
    ])
    assert g.field("pop", 0, 0) == 3
    assert g.field("wh") == 1 - 3 + 9


@pytest.mark.parametrize("first, winner", [(0, 0), (1, 1)])
def test_EVO_REVEAL_02_players_resolve_in_turn_order(first, winner):
    # Both players' Good Eyesight want the 2 food on the hole; the first player's resolves
    # first and takes both.
    g = Game(2, phase="pre_reveal", first=first, watering_hole=2, seats=[
        seat(food_card="Long Neck:9", species=[sp(pop=3, traits=["Good Eyesight"])]),
        seat(food_card="Long Neck:8", species=[sp(pop=3, traits=["Good Eyesight"])]),
    ])
    assert g.field("food", winner, 0) == 2
    assert g.field("food", 1 - winner, 0) == 0
    assert g.field("wh") == 17


@pytest.mark.parametrize("choice, pop, food, fat", [
    (Trig.FERTILE, 2, 2, 0),       # Fertile first: the fat fills the larger population
    (Trig.FAT_TISSUE, 2, 1, 1),    # fat first: only 1 fits, Fertile comes after
])
def test_EVO_REVEAL_02_owner_chooses_the_order_of_own_triggers(choice, pop, food, fat):
    g = Game(2, phase="pre_reveal", watering_hole=1, seats=[
        seat(food_card="Long Neck:9",
             species=[sp(body=2, pop=1, fat=2, traits=["Fat Tissue", "Fertile"])]),
        seat(food_card="Long Neck:8", species=[sp(pop=6)]),
    ])
    assert g.phase == "PRE_REVEAL/ORDER" and g.turn == 0
    assert g.legal("ORDER") == [order(0, Trig.FAT_TISSUE), order(0, Trig.FERTILE)]
    g.act("ORDER", order(0, choice))
    assert g.phase == "FEEDING"
    assert (g.field("pop", 0, 0), g.field("food", 0, 0), g.field("fat", 0, 0)) == \
        (pop, food, fat)


def test_EVO_REVEAL_02_no_question_without_a_choice_that_matters():
    # Canonical order (left to right) when the triggers are independent.
    g = Game(2, phase="pre_reveal", watering_hole=0, seats=[
        seat(food_card="Long Neck:9", species=[
            sp(pop=2, traits=["Long Neck"]), sp(body=1, pop=2, fat=1, traits=["Fat Tissue"])]),
        seat(),
    ])
    assert g.phase == "FEEDING"                   # no ORDER question was asked
    assert g.field("food", 0, 0) == 1 and g.field("food", 0, 1) == 1


def test_EVO_REVEAL_03_fat_moves_as_far_as_needed_rest_stays():
    g = Game(2, phase="pre_reveal", watering_hole=5, seats=[
        seat(species=[sp(body=3, pop=2, fat=3, traits=["Fat Tissue"])]),
        seat(species=[sp(pop=6)]),
    ])
    assert g.phase == "FEEDING"
    assert g.field("food", 0, 0) == 2
    assert g.field("fat", 0, 0) == 1


def test_EVO_REVEAL_03_avian_fat_pays_upkeep_first():
    g = Game(3, phase="pre_reveal", watering_hole=5, seats=[
        seat(species=[sp(body=3, pop=2, upkeep=1, fat=3, avian=True, traits=["Fat Tissue"])]),
        seat(species=[sp(pop=6)]),
        seat(),
    ])
    # upkeep 1 -> 3 uses 2 fat, the last one goes on the population
    assert g.field("upkeep", 0, 0) == 3
    assert g.field("food", 0, 0) == 1
    assert g.field("fat", 0, 0) == 0


def test_EVO_REVEAL_03_moving_fat_is_not_taking():
    # Cooperation does not fire when fat moves onto the species.
    g = Game(3, phase="pre_reveal", watering_hole=5, seats=[
        seat(species=[sp(body=2, pop=2, fat=2, traits=["Fat Tissue", "Cooperation"]),
                      sp(pop=3)]),
        seat(species=[sp(pop=6)]),
        seat(),
    ])
    assert g.field("food", 0, 0) == 2 and g.field("fat", 0, 0) == 0
    assert g.field("food", 0, 1) == 0


@pytest.mark.parametrize("wh, pop_after", [(1, 3), (0, 2)])
def test_EVO_REVEAL_04_fertile_needs_food_on_the_hole(wh, pop_after):
    g = Game(2, phase="pre_reveal", watering_hole=wh, seats=[
        seat(food_card="Long Neck:9", species=[sp(pop=2, traits=["Fertile"])]),
        seat(),
    ])
    assert g.phase == "FEEDING"
    assert g.field("pop", 0, 0) == pop_after
    assert g.field("wh") == wh + 9                # Fertile takes no food


def test_EVO_REVEAL_04_fertile_caps_at_six():
    g = Game(2, phase="pre_reveal", watering_hole=3, seats=[
        seat(species=[sp(pop=6, traits=["Fertile"])]),
        seat(),
    ])
    assert g.field("pop", 0, 0) == 6


def test_EVO_REVEAL_05_long_neck_takes_from_the_bank_with_foraging_and_cooperation():
    g = Game(3, phase="pre_reveal", watering_hole=5, seats=[
        seat(species=[sp(pop=3, traits=["Long Neck", "Foraging", "Cooperation"]),
                      sp(pop=2)]),
        seat(),
        seat(),
    ])
    assert g.phase == "FEEDING"
    assert g.field("food", 0, 0) == 2             # 1 + Foraging
    assert g.field("food", 0, 1) == 1             # Cooperation, from the bank too
    assert g.field("wh") == 5                     # never from the Watering Hole


def test_EVO_REVEAL_05_long_neck_needs_hunger():
    g = Game(2, phase="pre_reveal", watering_hole=5, seats=[
        seat(species=[sp(pop=2, food=2, traits=["Long Neck", "Cooperation"]), sp(pop=2)]),
        seat(species=[sp(pop=6)]),
    ])
    assert g.field("food", 0, 0) == 2
    assert g.field("food", 0, 1) == 0             # no take, so no Cooperation


def test_EVO_REVEAL_06_positive_sum_fills_the_hole_and_cards_are_discarded():
    ln9, fer7 = class_of(Kind.LONG_NECK, 9), class_of(Kind.FERTILE, 7)
    g = Game(2, phase="pre_reveal", watering_hole=2, seats=[
        seat(food_card="Long Neck:9", species=[sp(pop=3)]),
        seat(food_card="Fertile:7"),
    ])
    assert g.phase == "FEEDING"
    assert g.field("wh") == 2 + 9 + 7
    assert g.field("discard", ln9) == 1 and g.field("discard", fer7) == 1
    assert g.field("food_card", 0) == -1 and g.field("food_card", 1) == -1


def test_EVO_REVEAL_06_negative_sum_empties_without_debt():
    # A carnivore with prey keeps feeding waiting even with an empty hole.
    g = Game(2, phase="pre_reveal", watering_hole=3, seats=[
        seat(food_card="Ambush:-3", species=[sp(body=2, pop=2, traits=["Carnivore"])]),
        seat(food_card="Intelligence:-2", species=[sp(body=1, pop=2)]),
    ])
    assert g.phase == "FEEDING" and g.turn == 0
    assert g.field("wh") == 0
    assert g.field("discard", class_of(Kind.AMBUSH, -3)) == 1


@pytest.mark.parametrize("wh, cards, after", [
    (1, ["Ambush:-3", "Long Neck:4"], 2),
    (2, ["Ambush:-3", "Intelligence:-2", "Carnivore:1"], 0),
    (0, ["Ambush:-3", "Fertile:2", "Long Neck:3"], 2),
])
def test_EVO_REVEAL_07_sum_before_clamping(wh, cards, after):
    seats = [seat(food_card=c) for c in cards]
    seats[0]["species"] = [sp(body=3, pop=2, traits=["Carnivore"])]
    seats[1]["species"] = [sp(body=1, pop=3)]
    g = Game(len(cards), phase="pre_reveal", watering_hole=wh, seats=seats)
    assert g.phase == "FEEDING"
    assert g.field("wh") == after
