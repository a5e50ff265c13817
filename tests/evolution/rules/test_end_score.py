"""EVO-END and EVO-SCORE: the end of feeding, the end of the round and game, scoring.

Most positions start at "feeding" with nothing left that can eat, so the engine goes
straight into the end-of-feeding steps; with last_round == round the game then ends and
the state after those steps stays frozen for the assertions.
"""
from collections import Counter

import numpy as np

from tests.evolution.helpers import Game, cls, hand_names, over, seat, sp


# ---------------------------------------------------------------- EVO-END

def test_EVO_END_01_starvation_drops_population_to_its_food():
    g = Game(2, flight=False, phase="feeding", round=2, last_round=2, seats=[
        seat(species=[sp(body=2, pop=3, food=1), sp(body=3, pop=2, food=0),
                      sp(body=4, pop=2, food=2)]),
        seat(species=[sp(pop=1, food=1)])])
    assert over(g)
    assert g.field("n_species", 0) == 2       # the species with no food went extinct
    assert [g.field("body", 0, s) for s in range(2)] == [2, 4]
    assert [g.field("pop", 0, s) for s in range(2)] == [1, 2]


def test_EVO_END_02_extinction_discards_traits_and_draws_one_per_trait():
    g = Game(2, flight=False, phase="feeding", round=0, last_round=0,
             deck=["Horns:5", "Climbing:1", "Burrowing:1"], seats=[
                 seat(species=[sp(pop=1, food=1),
                               sp(pop=2, food=0, traits=["Fertile:2", "Foraging:3"])]),
                 seat(species=[sp(pop=1, food=1)])])
    assert over(g)
    assert g.field("n_species", 0) == 1 and g.field("land_left") == 24 - 2
    assert g.st["discard"][cls("Fertile:2")] == 1 and g.st["discard"][cls("Foraging:3")] == 1
    # the two top cards of the draw pile (top = last)
    assert hand_names(g, 0) == Counter({"Burrowing:1": 1, "Climbing:1": 1})
    assert g.field("deck_n") == 1 and hand_names(g, 1) == Counter()


def test_EVO_END_03_food_on_an_extinct_species_returns_to_the_bank():
    g = Game(2, flight=False, phase="feeding", round=0, last_round=0, seats=[
        seat(species=[sp(body=3, pop=2, food=0, fat=3, traits=["Fat Tissue"])]),
        seat(species=[sp(pop=2, food=2)])])
    # 3 fat + 2 food were out of the bank when the position was set up
    assert over(g)
    assert g.field("n_species", 0) == 0
    assert g.field("bag", 0) == 0 and g.field("bag", 1) == 2
    assert g.field("bank_out") == 2           # the 3 stored fat went back to the bank


def test_EVO_END_04_extinctions_resolve_in_turn_order_with_their_draws():
    # first = 1: player 1, then 2, then 0 each lose a one-trait species and draw a card.
    g = Game(3, flight=False, phase="feeding", first=1, round=0, last_round=0,
             deck=["Horns:5", "Horns:4", "Horns:3"], seats=[
                 seat(species=[sp(pop=1, food=0, traits=["Climbing:1"])]),
                 seat(species=[sp(pop=1, food=0, traits=["Climbing:2"])]),
                 seat(species=[sp(pop=1, food=0, traits=["Climbing:3"])])])
    assert over(g)
    assert hand_names(g, 1) == Counter({"Horns:3": 1})
    assert hand_names(g, 2) == Counter({"Horns:4": 1})
    assert hand_names(g, 0) == Counter({"Horns:5": 1})


def test_EVO_END_05_population_food_goes_into_the_bags():
    g = Game(2, flight=False, phase="feeding", round=0, last_round=0, seats=[
        seat(bag=4, species=[sp(pop=3, food=3), sp(pop=2, food=1)]),
        seat(bag=0, species=[sp(pop=5, food=5)])])
    assert over(g)
    assert g.field("bag", 0) == 4 + 3 + 1 and g.field("bag", 1) == 5
    assert all(g.field("food", p, s) == 0 for p in range(2) for s in range(2))


def test_EVO_END_06_watering_hole_food_stays_for_next_round():
    g = Game(2, flight=False, phase="feeding", watering_hole=5, round=0, seats=[
        seat(species=[sp(pop=1, food=1)]), seat(species=[sp(pop=2, food=2)])])
    assert g.field("round") == 1 and g.phase == "SELECT_FOOD"
    assert g.field("wh") == 5


def test_EVO_END_07_first_player_marker_passes_clockwise():
    g = Game(3, flight=False, phase="feeding", first=2, round=0, seats=[
        seat(species=[sp(pop=1, food=1)]) for _ in range(3)])
    assert g.field("round") == 1 and g.field("first") == 0
    assert g.turn == 0 and g.phase == "SELECT_FOOD"
    g = Game(3, flight=False, phase="feeding", first=0, round=0, seats=[
        seat(species=[sp(pop=1, food=1)]) for _ in range(3)])
    assert g.field("first") == 1 and g.turn == 1


def test_EVO_END_08_last_round_is_scored_after_its_end_of_feeding():
    def run(last_round):
        return Game(2, flight=False, phase="feeding", round=3, last_round=last_round,
                    seats=[seat(species=[sp(pop=2, food=1)]),
                           seat(species=[sp(pop=1, food=1)])])
    g = run(3)
    assert over(g) and g.engine.to_move(g.state) == -1
    assert g.field("pop", 0, 0) == 1 and g.field("bag", 0) == 1   # end-of-feeding done
    scores, winners, _ = g.engine.final(g.state)
    assert list(scores) == [2, 2]
    g = run(4)
    assert not over(g) and g.field("round") == 4 and g.phase == "SELECT_FOOD"
    g = run(-1)
    assert not over(g) and g.field("round") == 4


# ---------------------------------------------------------------- EVO-SCORE

def test_EVO_SCORE_01_bag_plus_population_plus_traits():
    g = Game(2, flight=True, phase="feeding", round=0, last_round=0, watering_hole=7,
             cliff=3, seats=[
                 seat(bag=5, hand=["Horns:1", "Horns:2", "Long Neck:9"], species=[
                     sp(body=4, pop=2, food=2, fat=4, traits=["Fat Tissue", "Horns:3"]),
                     sp(body=2, pop=1, food=1, upkeep=2, avian=True, traits=["Climbing"])]),
                 seat(bag=0, species=[sp(body=6, pop=3, food=3)])])
    assert over(g)
    scores, winners, _ = g.engine.final(g.state)
    # player 0: bag 5 + 3 bagged, population 2 + 1, traits 2 + 2 (Flight counts);
    # body size, hand, fat, upkeep, watering hole and Cliff food score nothing
    assert int(scores[0]) == 5 + 3 + 3 + 4
    assert int(scores[1]) == 3 + 3
    assert list(winners) == [True, False]


def test_EVO_SCORE_02_tie_broken_by_most_traits():
    g = Game(2, flight=False, phase="feeding", round=0, last_round=0, seats=[
        seat(bag=4, species=[sp(pop=1, food=1, traits=["Horns"])]),           # 5+1+1
        seat(bag=1, species=[sp(pop=1, food=1, traits=["Climbing", "Burrowing"]),
                             sp(pop=1, food=1)])])                            # 3+2+2
    assert over(g)
    scores, winners, order = g.engine.final(g.state)
    assert list(scores) == [7, 7]
    assert list(winners) == [False, True]
    assert order[1] > order[0]


def test_EVO_SCORE_03_still_tied_players_share_the_victory():
    g = Game(3, flight=False, phase="feeding", round=0, last_round=0, seats=[
        seat(bag=3, species=[sp(pop=1, food=1, traits=["Horns"])]),
        seat(bag=1, species=[sp(pop=2, food=2, traits=["Climbing"])]),
        seat(bag=3, species=[sp(pop=1, food=1)])])
    assert over(g)
    scores, winners, _ = g.engine.final(g.state)
    assert list(scores) == [6, 6, 5]
    assert list(winners) == [True, True, False]


def test_EVO_SCORE_04_food_bags_are_public_in_observations():
    from speciesgym.envs.evolution.observe import O_PLAYERS
    g = Game(2, flight=False, phase="play", turn=0, seats=[
        seat(bag=12, hand=["Horns:1"], species=[sp()]),
        seat(bag=7, hand=["Horns:2"], species=[sp()])])
    obs1 = g.engine.observe(g.state, 1)
    assert obs1[O_PLAYERS + 2] == np.float32(7 / 50.0)       # own bag
    assert obs1[O_PLAYERS + 6 + 2] == np.float32(12 / 50.0)  # player 0's bag
    obs0 = g.engine.observe(g.state, 0)
    assert obs0[O_PLAYERS + 6 + 2] == np.float32(7 / 50.0)
