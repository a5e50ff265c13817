"""EVO-TIME: simultaneous effects (turn order, the owner's order, when conditions are read,
depth-first resolution of fired takes)."""
import pytest

from speciesgym.envs.evolution.state import N_TRIG, Trig
from tests.evolution.helpers import Game, seat, sp


def order(s, trig):
    return s * N_TRIG + int(trig)


@pytest.mark.parametrize("first", [0, 1, 2])
def test_EVO_TIME_01_turn_order_from_the_first_player(first):
    # Three Good Eyesight species want 2 food each from a hole holding 3: the first player
    # gets 2, the next one 1, the last one nothing.
    g = Game(3, phase="pre_reveal", first=first, watering_hole=3, seats=[
        seat(food_card="Long Neck:9", species=[sp(pop=3, traits=["Good Eyesight"])]),
        seat(species=[sp(pop=3, traits=["Good Eyesight"])]),
        seat(species=[sp(pop=3, traits=["Good Eyesight"])]),
    ])
    got = [g.field("food", (first + i) % 3, 0) for i in range(3)]
    assert got == [2, 1, 0]


def test_EVO_TIME_01_scavengers_resolve_in_turn_order():
    # Scavengers from two players (non-carnivore ones) each take their meat; a question
    # asked of the second player comes after the first player's Scavenger resolved.
    g = Game(3, phase="feeding", turn=1, first=1, watering_hole=0, seats=[
        seat(species=[sp(pop=3, traits=["Scavenger", "Cooperation"]),
                      sp(pop=3, traits=["Scavenger"])]),
        seat(species=[sp(body=3, pop=3, traits=["Carnivore"])]),
        seat(species=[sp(body=2, pop=3, traits=["Scavenger"]), sp(body=2, pop=3)]),
    ])
    g.act("ATTACK", 0)
    g.act("TARGET", 12)                           # player 2's species 0
    # player 2 resolved already (after player 1, before player 0); player 0 must order
    assert g.field("food", 2, 0) == 1
    assert g.phase == "FEEDING/ORDER" and g.turn == 0
    assert g.field("food", 0, 0) == 0 and g.field("food", 0, 1) == 0


@pytest.mark.parametrize("choice, fertile_gain", [(Trig.GOOD_EYESIGHT, 0), (Trig.FERTILE, 1)])
def test_EVO_TIME_02_owner_orders_when_it_matters(choice, fertile_gain):
    # Good Eyesight (species 0) and Fertile (species 1) both use the 2 food of the hole:
    # the owner is asked, and the answer changes the outcome.
    g = Game(2, phase="pre_reveal", watering_hole=2, seats=[
        seat(food_card="Long Neck:9", species=[sp(pop=3, traits=["Good Eyesight"]),
                                               sp(pop=2, traits=["Fertile"])]),
        seat(species=[sp(pop=3)]),
    ])
    assert g.phase == "PRE_REVEAL/ORDER" and g.turn == 0
    assert g.legal("ORDER") == [order(0, Trig.GOOD_EYESIGHT), order(1, Trig.FERTILE)]
    s = 0 if choice == Trig.GOOD_EYESIGHT else 1
    g.act("ORDER", order(s, choice))
    assert g.phase == "FEEDING"
    assert g.field("food", 0, 0) == 2
    assert g.field("pop", 0, 1) == 2 + fertile_gain


def test_EVO_TIME_02_asked_when_a_cooperation_species_is_present():
    g = Game(3, phase="pre_reveal", watering_hole=0, seats=[
        seat(food_card="Long Neck:9", species=[sp(pop=3, traits=["Long Neck", "Cooperation"]),
                                               sp(pop=3, traits=["Long Neck"])]),
        seat(),
        seat(),
    ])
    assert g.phase == "PRE_REVEAL/ORDER"
    assert g.legal("ORDER") == [order(0, Trig.LONG_NECK), order(1, Trig.LONG_NECK)]
    g.act("ORDER", order(1, Trig.LONG_NECK))
    # species 1 first (1 food), then species 0 with Cooperation into species 1
    assert g.field("food", 0, 0) == 1 and g.field("food", 0, 1) == 2


def test_EVO_TIME_02_asked_for_two_triggers_on_one_species():
    g = Game(2, phase="pre_reveal", watering_hole=1, seats=[
        seat(food_card="Long Neck:9",
             species=[sp(body=2, pop=2, fat=2, traits=["Fat Tissue", "Long Neck"])]),
        seat(),
    ])
    assert g.phase == "PRE_REVEAL/ORDER"
    assert g.legal("ORDER") == [order(0, Trig.FAT_TISSUE), order(0, Trig.LONG_NECK)]


def test_EVO_TIME_02_canonical_order_when_it_cannot_matter():
    # Independent triggers on different species, no Cooperation or Nesting: no question.
    g = Game(2, phase="pre_reveal", watering_hole=1, seats=[
        seat(food_card="Long Neck:9", species=[
            sp(pop=3, traits=["Long Neck"]), sp(pop=2, traits=["Fertile"]),
            sp(body=2, pop=2, fat=1, traits=["Fat Tissue"])]),
        seat(species=[sp(pop=3, traits=["Good Eyesight"])]),
    ])
    assert g.phase == "FEEDING"
    assert g.field("food", 0, 0) == 1
    assert g.field("pop", 0, 1) == 3
    assert g.field("food", 0, 2) == 1
    assert g.field("food", 1, 0) == 1             # Fertile read the hole, took nothing


def test_EVO_TIME_03_conditions_are_read_at_resolution():
    # Player 0 (first) takes the hole's last 2 food with Good Eyesight; player 1's Fertile,
    # triggered at the same moment, resolves later and finds the hole empty.
    g = Game(2, phase="pre_reveal", watering_hole=2, seats=[
        seat(food_card="Long Neck:9", species=[sp(pop=3, traits=["Good Eyesight"])]),
        seat(species=[sp(pop=2, traits=["Fertile"])]),
    ])
    assert g.field("food", 0, 0) == 2
    assert g.field("pop", 1, 0) == 2


def test_EVO_TIME_03_fertile_first_sees_the_food():
    g = Game(2, phase="pre_reveal", first=1, watering_hole=2, seats=[
        seat(food_card="Long Neck:9", species=[sp(pop=3, traits=["Good Eyesight"])]),
        seat(species=[sp(pop=2, traits=["Fertile"])]),
    ])
    assert g.field("food", 0, 0) == 2
    assert g.field("pop", 1, 0) == 3


def test_EVO_TIME_04_fired_takes_resolve_depth_first():
    # Player 0's Good Eyesight takes 2 and its Cooperation gives its neighbour 1 before
    # player 1's Good Eyesight resolves: 3 food, all gone to player 0's row.
    g = Game(3, phase="pre_reveal", watering_hole=3, seats=[
        seat(food_card="Long Neck:9", species=[sp(pop=3, traits=["Good Eyesight", "Cooperation"]),
                                               sp(pop=3)]),
        seat(species=[sp(pop=3, traits=["Good Eyesight"])]),
        seat(),
    ])
    assert g.field("food", 0, 0) == 2 and g.field("food", 0, 1) == 1
    assert g.field("food", 1, 0) == 0
    assert g.field("wh") == 9


def test_EVO_TIME_04_nesting_takes_resolve_before_the_next_trigger():
    # Fertile (species 0, land Nesting, Foraging) gains 1 population: Nesting's take (from
    # the bank, chosen) with Foraging completes before Good Eyesight of player 1.
    g = Game(3, phase="pre_reveal", watering_hole=2, seats=[
        seat(food_card="Long Neck:9",
             species=[sp(pop=2, traits=["Fertile", "Nesting", "Foraging"])]),
        seat(species=[sp(pop=3, traits=["Good Eyesight"])]),
        seat(),
    ])
    assert g.phase == "PRE_REVEAL/NEST_SOURCE" and g.turn == 0
    g.act("SOURCE", 0)                            # from the Watering Hole
    assert g.field("pop", 0, 0) == 3 and g.field("food", 0, 0) == 2
    # player 1's Good Eyesight came after: the hole was already empty
    assert g.field("food", 1, 0) == 0
    assert g.field("wh") == 9
