"""EVO-FOOD and EVO-PLAY: Select Food and Play Cards."""
import numpy as np

from speciesgym.envs.evolution.data import CLASS_FOOD, CLASS_KIND, KIND_NAMES
from tests.evolution.helpers import Game, cls, hand_size, seat, sp


def trait_names(g, p, s):
    return [f"{KIND_NAMES[CLASS_KIND[c]]}:{CLASS_FOOD[c]}" for c in g.st["traits"][p, s]
            if c >= 0]


# ---------------------------------------------------------------- EVO-FOOD

def test_EVO_FOOD_01_each_player_with_cards_places_exactly_one():
    g = Game(2, flight=False, phase="select_food", first=0, seats=[
        seat(hand=["Horns:1", "Carnivore:6", "Long Neck:9"], species=[sp()]),
        seat(hand=["Burrowing:2"], species=[sp()])])
    assert g.turn == 0
    # any card of the hand may be chosen; placing none is not an option
    assert g.legal("CARD") == sorted(cls(c) for c in ("Horns:1", "Carnivore:6", "Long Neck:9"))
    assert g.legal("DONE") == []
    g.card("Carnivore:6")
    assert g.field("food_card", 0) == cls("Carnivore:6")
    assert hand_size(g, 0) == 2
    assert g.turn == 1 and g.phase == "SELECT_FOOD"     # one card only: next player
    g.card("Burrowing:2")
    assert g.phase == "PLAY" and g.turn == 0
    assert g.field("food_card", 1) == cls("Burrowing:2")


def test_EVO_FOOD_02_choices_are_secret_until_the_reveal():
    def after(choice):
        g = Game(2, flight=False, phase="select_food", first=1, seats=[
            seat(hand=["Horns:1", "Horns:2"], species=[sp()]),
            seat(hand=["Long Neck:9", "Burrowing:2"], species=[sp()])])
        assert g.turn == 1                    # collected in turn order from the first player
        g.card(choice)
        return g
    a, b = after("Long Neck:9"), after("Burrowing:2")
    assert a.turn == 0 and a.phase == "SELECT_FOOD"
    # player 0 sees that a card was placed, not which
    obs_a, obs_b = a.engine.observe(a.state, 0), b.engine.observe(b.state, 0)
    assert np.array_equal(obs_a, obs_b)
    assert not np.array_equal(a.engine.observe(a.state, 1), b.engine.observe(b.state, 1))
    from speciesgym.envs.evolution.observe import O_PLAYERS
    assert obs_a[O_PLAYERS + 6 + 4] == 1.0    # seat 1 (relative 1): food card placed
    assert obs_a[O_PLAYERS + 4] == 0.0        # the viewer has not placed one yet


def test_EVO_FOOD_03_food_card_goes_to_discard_after_reveal_never_on_a_species():
    g = Game(2, flight=False, phase="select_food", watering_hole=0, seats=[
        seat(hand=["Long Neck:9"], species=[sp(pop=3)]),
        seat(hand=["Fertile:2"], species=[sp(pop=3)])])
    g.card("Long Neck:9")
    g.card("Fertile:2")
    # empty hands: no Play Cards turns; the reveal happens and feeding starts
    assert g.phase == "FEEDING"
    assert g.field("wh") == 11
    assert g.st["discard"][cls("Long Neck:9")] == 1 and g.st["discard"][cls("Fertile:2")] == 1
    assert g.field("food_card", 0) == -1 and g.field("food_card", 1) == -1
    assert trait_names(g, 0, 0) == [] and trait_names(g, 1, 0) == []


# ---------------------------------------------------------------- EVO-PLAY

def test_EVO_PLAY_01_one_turn_each_in_turn_order_any_number_of_cards():
    g = Game(3, flight=False, phase="play", first=2, watering_hole=5, seats=[
        seat(hand=["Horns:1"], species=[sp()]),
        seat(hand=["Horns:2", "Horns:3"], species=[sp()]),
        seat(hand=["Burrowing:1", "Burrowing:2", "Burrowing:3"], species=[sp()])])
    assert g.turn == 2
    g.card("Burrowing:1"); g.act("BODY", 0)
    g.card("Burrowing:2"); g.act("POP", 0)
    assert g.turn == 2                        # still player 2's turn after two cards
    g.act("DONE")
    assert g.turn == 0 and hand_size(g, 2) == 1
    g.act("DONE")                             # keeping every card is allowed
    assert g.turn == 1 and hand_size(g, 0) == 1
    g.card("Horns:2"); g.act("BODY", 0)
    g.act("DONE")
    assert g.phase == "FEEDING"               # every player had a turn: play is over
    assert (g.field("body", 2, 0), g.field("pop", 2, 0), g.field("body", 1, 0)) == (2, 2, 2)
    assert hand_size(g, 0) == 1 and hand_size(g, 1) == 1 and hand_size(g, 2) == 1


def test_EVO_PLAY_02_trait_goes_face_down_on_own_species_only():
    g = Game(2, flight=False, phase="play", turn=0, seats=[
        seat(hand=["Horns:1"], species=[sp()]),
        seat(hand=["Horns:2"], species=[sp(), sp(), sp()])])
    g.card("Horns:1")
    # TRAIT indexes the player's own row: only species 0 (slot 0) exists for player 0
    assert g.legal("TRAIT") == [0]
    g.act("TRAIT", 0)
    assert trait_names(g, 0, 0) == ["Horns:1"] and g.field("hidden", 0, 0, 0) == 1
    assert all(trait_names(g, 1, s) == [] for s in range(3))


def test_EVO_PLAY_03_no_two_traits_of_one_name_face_down_counts():
    g = Game(3, flight=False, phase="play", turn=0, seats=[
        seat(hand=["Carnivore:3"], species=[sp(traits=["Carnivore:1", "Climbing:1"],
                                              face_down=[0]), sp()]),
        seat(species=[sp()]), seat(species=[sp()])])
    g.card("Carnivore:3")
    # species 0: slot 0 replaces the face-down Carnivore (allowed, EVO-PLAY-05); slot 1
    # (replacing Climbing) and slot 2 (adding) would give it a second Carnivore
    # species 1: slot 0 (index 3) is fine
    assert g.legal("TRAIT") == [0, 3]


def test_EVO_PLAY_04_no_trait_beyond_the_limit_except_replacement():
    # 3 players: limit 3; face-down traits count
    g = Game(3, flight=False, phase="play", turn=0, seats=[
        seat(hand=["Horns:1"], species=[sp(traits=["Burrowing", "Climbing", "Fertile"],
                                           face_down=[1, 2])]),
        seat(species=[sp()]), seat(species=[sp()])])
    g.card("Horns:1")
    assert g.legal("TRAIT") == [0, 1, 2]      # replacements only, no 4th slot
    # Flight counts: an avian with Flight + 2 traits is at the limit too
    g = Game(3, phase="play", turn=0, seats=[
        seat(hand=["Horns:1"], species=[sp(avian=True, traits=["Burrowing", "Climbing"],
                                           face_down=[1])]),
        seat(species=[sp()]), seat(species=[sp()])])
    g.card("Horns:1")
    assert g.legal("TRAIT") == [0, 1, 2]
    g = Game(3, phase="play", turn=0, seats=[
        seat(hand=["Horns:1"], species=[sp(avian=True, traits=["Burrowing"])]),
        seat(species=[sp()]), seat(species=[sp()])])
    g.card("Horns:1")
    assert g.legal("TRAIT") == [0, 1, 2]      # slot 2 is a free slot here


def test_EVO_PLAY_05_replacement_discards_the_old_trait_without_a_draw():
    g = Game(2, flight=False, phase="play", turn=0, watering_hole=5, seats=[
        seat(hand=["Horns:1", "Horns:2"], species=[sp(traits=["Horns:3", "Climbing:1"])]),
        seat(species=[sp()])])
    deck_n = g.field("deck_n")
    g.card("Horns:1")
    g.act("TRAIT", 0)                         # same name as the removed trait: allowed
    assert trait_names(g, 0, 0) == ["Horns:1", "Climbing:1"]
    assert g.field("hidden", 0, 0, 0) == 1 and g.field("hidden", 0, 0, 1) == 0
    assert g.st["discard"][cls("Horns:3")] == 1
    assert hand_size(g, 0) == 1 and g.field("deck_n") == deck_n
    # a face-down trait can be replaced too (the one just played)
    g.card("Horns:2")
    g.act("TRAIT", 0)
    assert trait_names(g, 0, 0) == ["Horns:2", "Climbing:1"]
    assert g.st["discard"][cls("Horns:1")] == 1


def test_EVO_PLAY_06_replaced_fat_tissue_returns_its_fat_to_the_bank():
    g = Game(2, flight=False, phase="play", turn=0, seats=[
        seat(hand=["Horns:1", "Horns:2"], species=[sp(body=4, traits=["Fat Tissue", "Climbing"],
                                                       fat=3)]),
        seat(species=[sp()])])
    assert g.field("bank_out") == 3
    g.card("Horns:1")
    g.act("TRAIT", 0)
    assert g.field("fat", 0, 0) == 0 and g.field("bank_out") == 0
    assert "Horns:1" in trait_names(g, 0, 0)


def test_EVO_PLAY_07_body_size_plus_one_max_6_land():
    g = Game(2, phase="play", turn=0, seats=[
        seat(hand=["Horns:1", "Horns:2"],
             species=[sp(body=5), sp(body=6), sp(body=3, avian=True), sp(body=2, avian=True)]),
        seat(species=[sp()])])
    g.card("Horns:1")
    assert g.legal("BODY") == [0, 3]          # land 6 and avian 3 are at their maximum
    g.act("BODY", 0)
    assert g.field("body", 0, 0) == 6 and g.st["discard"][cls("Horns:1")] == 1
    g.card("Horns:2")
    assert g.legal("BODY") == [3]


def test_EVO_PLAY_08_population_plus_one_max_6():
    g = Game(2, flight=False, phase="play", turn=0, seats=[
        seat(hand=["Horns:1", "Horns:2"], species=[sp(pop=5), sp(pop=6)]),
        seat(species=[sp()])])
    g.card("Horns:1")
    assert g.legal("POP") == [0]
    g.act("POP", 0)
    assert g.field("pop", 0, 0) == 6 and hand_size(g, 0) == 1
    g.card("Horns:2")
    assert g.legal("POP") == []


def test_EVO_PLAY_09_new_species_at_either_end_takes_traits_same_turn():
    g = Game(2, flight=False, phase="play", turn=0, watering_hole=5, seats=[
        seat(hand=["Horns:1", "Horns:2", "Climbing:1"],
             species=[sp(body=3), sp(body=4)]),
        seat(species=[sp()])])
    g.card("Horns:1")
    assert g.legal("NEW_LAND") == [0, 1]
    g.act("NEW_LAND", 0)                      # left end
    assert [g.field("body", 0, s) for s in range(3)] == [1, 3, 4]
    assert g.field("pop", 0, 0) == 1 and g.st["discard"][cls("Horns:1")] == 1
    g.card("Horns:2")
    g.act("NEW_LAND", 1)                      # right end
    assert [g.field("body", 0, s) for s in range(4)] == [1, 3, 4, 1]
    g.card("Climbing:1")
    assert 9 in g.legal("TRAIT")              # species 3, slot 0
    g.act("TRAIT", 9)
    assert trait_names(g, 0, 3) == ["Climbing:1"]


def test_EVO_PLAY_10_traits_revealed_together_after_every_turn():
    g = Game(2, phase="play", turn=0, watering_hole=3, seats=[
        seat(hand=["Nesting:1", "Horns:1", "Horns:2"], species=[sp(pop=1)]),
        seat(hand=["Burrowing:1"], species=[sp(pop=3, food=3)])])
    g.card("Nesting:1")
    g.act("TRAIT", 0)
    # face down: no effect; a population gained now does not fire Nesting
    g.card("Horns:1")
    g.act("POP", 0)
    assert g.field("pop", 0, 0) == 2 and g.field("food", 0, 0) == 0
    assert g.phase == "PLAY" and g.field("wh") == 3
    g.act("DONE")
    assert g.turn == 1 and g.field("hidden", 0, 0, 0) == 1   # still hidden
    g.card("Burrowing:1")
    g.act("TRAIT", 0)
    # player 1's last card ends their turn: everyone has had a turn, all flip at once
    assert g.phase == "FEEDING"
    assert g.field("hidden", 0, 0, 0) == 0 and g.field("hidden", 1, 0, 0) == 0


def test_EVO_PLAY_11_face_down_traits_and_hands_are_private():
    from speciesgym.envs.evolution.observe import O_PLAYERS, O_SPECIES, SPECIES_FEATURES

    def after(trait):
        g = Game(2, flight=False, phase="play", turn=0, seats=[
            seat(hand=["Horns:1", "Climbing:1", "Burrowing:1"], species=[sp()]),
            seat(hand=["Horns:2"], species=[sp()])])
        g.card(trait)
        g.act("TRAIT", 0)
        g.card("Horns:1")
        g.act("BODY", 0)                      # public at once
        return g
    a, b = after("Climbing:1"), after("Burrowing:1")
    other_a, other_b = a.engine.observe(a.state, 1), b.engine.observe(b.state, 1)
    assert np.array_equal(other_a, other_b)   # which trait, which hand cards: hidden
    o = O_SPECIES + (1 * 12 + 0) * SPECIES_FEATURES   # seat 0 seen from seat 1: relative 1
    assert other_a[o + 1] == 2 / 6.0                    # body size: public
    assert other_a[o + 7] == 1 / 3.0                    # one face-down card
    assert other_a[O_PLAYERS + 6 + 1] == 1 / 20.0       # hand size: public
    own = a.engine.observe(a.state, 0)
    assert not np.array_equal(own, b.engine.observe(b.state, 0))


def test_EVO_PLAY_12_extinction_closes_the_gap_in_the_row():
    g = Game(2, flight=False, phase="feeding", seats=[
        seat(species=[sp(body=2, pop=1, food=1), sp(body=3, pop=2, food=0),
                      sp(body=4, pop=1, food=1)]),
        seat(species=[sp(pop=1, food=1)])])
    # feeding ends at once (nothing hungry can eat): the middle species starves
    assert g.phase == "SELECT_FOOD" and g.field("round") == 1
    assert g.field("n_species", 0) == 2
    assert [g.field("body", 0, 0), g.field("body", 0, 1)] == [2, 4]
    # and a new species only ever goes at an end, never between
    g2 = Game(2, flight=False, phase="play", turn=0, watering_hole=5, seats=[
        seat(hand=["Horns:1"], species=[sp(body=2), sp(body=4)]), seat(species=[sp()])])
    g2.card("Horns:1")
    assert g2.legal("NEW_LAND") == [0, 1]
    g2.act("NEW_LAND", 1)
    assert [g2.field("body", 0, s) for s in range(3)] == [2, 4, 1]
