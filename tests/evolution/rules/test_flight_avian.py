"""FLT-SETUP, FLT-AVIAN and FLT-END: Flight components, avian species, the reserve."""
from collections import Counter

import numpy as np
import pytest

from speciesgym.envs.evolution import make_engine
from speciesgym.envs.evolution.actions import BLOCKS
from speciesgym.envs.evolution.data import (CLASS_FOOD, CLASS_KIND, FLIGHT_CLASS, KIND_NAMES,
                                             N_CLASSES)
from speciesgym.envs.evolution.scenario import load_scenario
from tests.evolution.helpers import Game, cls, hand_names, hand_size, over, seat, sp
from tests.evolution.invariants import card_locations, check_invariants


def trait_kinds(g, p, s):
    return [KIND_NAMES[CLASS_KIND[c]] for c in g.st["traits"][p, s] if c >= 0]


# ---------------------------------------------------------------- FLT-SETUP

def _values_by_kind(counts):
    out = {}
    for c in range(N_CLASSES):
        out.setdefault(KIND_NAMES[CLASS_KIND[c]], []).extend([int(CLASS_FOOD[c])]
                                                              * int(counts[c]))
    return {k: sorted(v) for k, v in out.items() if v}


def test_FLT_SETUP_01_flight_deck_has_177_cards():
    st = make_engine(3, flight=True).new_state(7)[0]
    counts = card_locations(st)               # draw pile + reserve + dealt hands
    assert counts.sum() == 177
    base = card_locations(make_engine(3, flight=False).new_state(7)[0])
    extra = Counter({k: len(v) for k, v in _values_by_kind(counts - base).items()})
    assert extra == {"Camouflage": 9, "Good Eyesight": 9, "Nesting": 8, "Brood Parasite": 8,
                     "Dive-Bomb": 7, "Seed Dispersal": 7}
    assert sum(extra.values()) == 48


def test_FLT_SETUP_02_flight_trait_copies_and_food_values():
    values = _values_by_kind(card_locations(make_engine(2, flight=True).new_state(1)[0]))
    for k in ("Camouflage", "Good Eyesight"):
        assert values[k] == [0, 1, 2, 3, 3, 4, 4, 5, 6]
    for k in ("Nesting", "Brood Parasite"):
        assert values[k] == [1, 2, 3, 3, 4, 4, 5, 6]


def test_FLT_SETUP_03_event_copies_and_food_values():
    values = _values_by_kind(card_locations(make_engine(2, flight=True).new_state(1)[0]))
    assert values["Dive-Bomb"] == [1, 2, 3, 3, 4, 4, 5]
    assert values["Seed Dispersal"] == [1, 2, 3, 3, 4, 4, 5]


def test_FLT_SETUP_04_forty_card_reserve_and_137_card_draw_pile():
    for n in (2, 4, 6):
        st = make_engine(n, flight=True).new_state(3)[0]
        assert st["reserve_n"] == 40
        assert st["deck_n"] + 4 * n == 137    # the first Deal drew 4 each from 137
    # nobody may look at the reserve: swapping a reserve card with a draw-pile card
    # changes no observation
    def game(deck, reserve):
        return Game(2, phase="play", turn=0, deck=deck, reserve=reserve, seats=[
            seat(hand=["Horns:1"], species=[sp()]), seat(hand=["Horns:2"], species=[sp()])])
    a = game(["Climbing:1", "Burrowing:1"], ["Carnivore:6", "Long Neck:9"])
    b = game(["Climbing:1", "Long Neck:9"], ["Carnivore:6", "Burrowing:1"])
    assert a.st.tobytes() != b.st.tobytes()
    for v in (0, 1):
        assert np.array_equal(a.engine.observe(a.state, v), b.engine.observe(b.state, v))


def test_FLT_SETUP_05_avian_boards_and_flight_cards_beside_the_deck():
    st = make_engine(4, flight=True).new_state(2)[0]
    assert st["avian_left"] == 12
    assert FLIGHT_CLASS not in st["deck"][: st["deck_n"]]
    assert FLIGHT_CLASS not in st["reserve"][: st["reserve_n"]]
    assert st["hand"][:, FLIGHT_CLASS].sum() == 0 and st["discard"][FLIGHT_CLASS] == 0
    with pytest.raises(ValueError):
        load_scenario({"players": 2, "seats": [seat(hand=["Flight:0"]), seat()]})


def test_FLT_SETUP_06_cliff_starts_empty_and_nothing_of_flight_without_it():
    st = make_engine(3, flight=True).new_state(4)[0]
    assert st["cliff"] == 0
    st = make_engine(3, flight=False).new_state(4)[0]
    assert st["reserve_n"] == 0 and st["avian_left"] == 0
    assert st["deck_n"] + 12 == 129
    counts = card_locations(st)
    for kind in ("Camouflage", "Good Eyesight", "Nesting", "Brood Parasite", "Dive-Bomb",
                 "Seed Dispersal", "Flight"):
        assert counts[CLASS_KIND == KIND_NAMES.index(kind)].sum() == 0
    # no avian species can be made, and the reveal puts nothing on a Cliff
    g = Game(2, flight=False, phase="play", turn=0, watering_hole=3, seats=[
        seat(hand=["Horns:1", "Horns:2", "Horns:3"], species=[sp()]), seat(species=[sp()])])
    g.card("Horns:1")
    assert g.legal("NEW_AVIAN") == []
    g.act("POP", 0)
    g.act("DONE")
    assert g.phase == "FEEDING" and g.field("cliff") == 0
    with pytest.raises(ValueError):
        load_scenario({"players": 2, "flight": False,
                       "seats": [seat(species=[sp(avian=True)]), seat()]})


# ---------------------------------------------------------------- FLT-AVIAN

def test_FLT_AVIAN_01_two_cards_create_an_avian_species_at_an_end():
    g = Game(2, phase="play", turn=0, watering_hole=3, seats=[
        seat(hand=["Horns:1", "Horns:2", "Climbing:1"], species=[sp(body=4)]),
        seat(hand=["Burrowing:1"], species=[sp()])])
    g.card("Horns:1")
    assert g.legal("NEW_AVIAN") == [0, 1]
    g.act("NEW_AVIAN", 0)                     # left end; a second card is due
    assert g.phase == "PLAY/AVIAN_PAY"
    assert g.legal("CARD") == sorted([cls("Horns:2"), cls("Climbing:1")])
    g.card("Horns:2")
    assert g.field("n_species", 0) == 2
    assert (g.field("avian", 0, 0), g.field("body", 0, 0), g.field("pop", 0, 0)) == (1, 1, 1)
    assert trait_kinds(g, 0, 0) == ["Flight"] and g.field("body", 0, 1) == 4
    assert g.st["discard"][cls("Horns:1")] == 1 and g.st["discard"][cls("Horns:2")] == 1
    assert g.field("avian_left") == 11 and hand_size(g, 0) == 1
    # a single card is not enough
    g = Game(2, phase="play", turn=0, seats=[
        seat(hand=["Horns:1"], species=[sp()]), seat(species=[sp()])])
    g.card("Horns:1")
    assert g.legal("NEW_AVIAN") == [] and g.legal("NEW_LAND") == [0, 1]


def test_FLT_AVIAN_02_avian_body_at_most_3_population_at_most_6():
    g = Game(2, phase="play", turn=0, seats=[
        seat(hand=["Horns:1", "Horns:2"], species=[sp(body=3, pop=5, avian=True),
                                                    sp(body=2, pop=6, avian=True)]),
        seat(species=[sp()])])
    g.card("Horns:1")
    assert g.legal("BODY") == [1] and g.legal("POP") == [0]
    with pytest.raises(ValueError):
        load_scenario({"players": 2, "seats": [seat(species=[sp(body=4, avian=True)]),
                                               seat()]})


def test_FLT_AVIAN_03_upkeep_is_paid_before_population_food():
    g = Game(2, phase="feeding", turn=0, watering_hole=5, seats=[
        seat(species=[sp(body=2, pop=2, avian=True)]), seat(species=[sp(pop=1, food=1)])])
    g.act("FEED_WH", 0)
    assert (g.field("upkeep", 0, 0), g.field("food", 0, 0)) == (1, 0)
    g.act("FEED_WH", 0)
    assert (g.field("upkeep", 0, 0), g.field("food", 0, 0)) == (2, 0)
    g.act("FEED_WH", 0)
    assert (g.field("upkeep", 0, 0), g.field("food", 0, 0)) == (2, 1)


def test_FLT_AVIAN_04_upkeep_returns_to_the_bank_unscored():
    g = Game(2, phase="feeding", round=0, last_round=0, seats=[
        seat(species=[sp(body=2, pop=1, food=1, upkeep=2, avian=True)]),
        seat(species=[sp(pop=1, food=1)])])
    assert over(g)
    assert g.field("upkeep", 0, 0) == 0 and g.field("bag", 0) == 1
    assert g.field("bank_out") == 2           # the two bags; the upkeep is back
    scores, _, _ = g.engine.final(g.state)
    assert int(scores[0]) == 1 + 1 + 1        # bag, population, Flight


def test_FLT_AVIAN_05_paid_upkeep_without_population_food_starves():
    g = Game(2, phase="feeding", round=0, last_round=0, seats=[
        seat(species=[sp(pop=1, food=1), sp(body=3, pop=2, food=0, upkeep=3, avian=True)]),
        seat(species=[sp(pop=1, food=1)])])
    assert over(g)
    assert g.field("n_species", 0) == 1 and g.field("avian", 0, 0) == 0
    assert g.field("avian_left") == 12


def test_FLT_AVIAN_06_body_growth_moves_population_food_to_upkeep():
    g = Game(2, phase="play", turn=0, seats=[
        seat(hand=["Horns:1", "Horns:2"], species=[sp(body=1, pop=3, food=2, upkeep=1,
                                                       avian=True)]),
        seat(species=[sp()])])
    g.card("Horns:1")
    g.act("BODY", 0)
    assert (g.field("body", 0, 0), g.field("upkeep", 0, 0), g.field("food", 0, 0)) == (2, 2, 1)
    g.card("Horns:2")
    g.act("BODY", 0)                          # upkeep 3 needs 1 more: the last food moves
    assert (g.field("body", 0, 0), g.field("upkeep", 0, 0), g.field("food", 0, 0)) == (3, 3, 0)


def test_FLT_AVIAN_07_replacing_flight_makes_a_land_species():
    g = Game(3, phase="play", turn=0, watering_hole=5, seats=[
        seat(hand=["Horns:1", "Horns:2"], species=[
            sp(body=5), sp(body=2, pop=3, avian=True, traits=["Climbing", "Burrowing"]),
            sp(body=4)]),
        seat(species=[sp()]), seat(species=[sp()])])
    land, avian = g.field("land_left"), g.field("avian_left")
    g.card("Horns:1")
    assert 3 in g.legal("TRAIT")              # species 1, slot 0 holds Flight
    g.act("TRAIT", 3)
    assert g.field("avian", 0, 1) == 0
    assert (g.field("body", 0, 1), g.field("pop", 0, 1)) == (2, 3)
    assert trait_kinds(g, 0, 1) == ["Horns", "Climbing", "Burrowing"]
    assert [g.field("body", 0, s) for s in range(3)] == [5, 2, 4]
    assert g.field("avian_left") == avian + 1 and g.field("land_left") == land - 1
    assert g.st["discard"][FLIGHT_CLASS] == 0
    check_invariants(g.st)


def test_FLT_AVIAN_08_upkeep_food_moves_to_population_when_flight_is_replaced():
    g = Game(2, phase="play", turn=0, seats=[
        seat(hand=["Horns:1", "Horns:2"], species=[sp(body=2, pop=3, food=2, upkeep=2,
                                                       avian=True)]),
        seat(species=[sp()])])
    assert g.field("bank_out") == 4
    g.card("Horns:1")
    g.act("TRAIT", 0)
    assert g.field("avian", 0, 0) == 0
    assert (g.field("food", 0, 0), g.field("upkeep", 0, 0)) == (3, 0)
    assert g.field("bank_out") == 3           # 1 of the 2 upkeep had no room: bank


def test_FLT_AVIAN_09_a_land_species_never_becomes_avian():
    g = Game(3, phase="play", turn=0, seats=[
        seat(hand=["Horns:1", "Nesting:1", "Camouflage:0"],
             species=[sp(traits=["Climbing"]), sp(avian=True)]),
        seat(species=[sp()]), seat(species=[sp()])])
    # whatever card is played in whatever way (an avian paid with any second card),
    # the land species stays land: the row keeps at least one land species
    def land_species(state):
        st = state[0]
        return int((st["avian"][0, : st["n_species"][0]] == 0).sum())
    tried = 0
    for c in g.legal("CARD"):
        sel = g.state.copy()
        g.engine.apply(sel, BLOCKS.encode("CARD", c))
        for a in np.flatnonzero(g.engine.legal_mask(sel)):
            st = sel.copy()
            g.engine.apply(st, int(a))
            finals = [st]
            if g.engine.phase_name(st) == "PLAY/AVIAN_PAY":
                finals = []
                for a2 in np.flatnonzero(g.engine.legal_mask(st)):
                    st2 = st.copy()
                    g.engine.apply(st2, int(a2))
                    finals.append(st2)
            for f in finals:
                assert land_species(f) >= 1, BLOCKS.decode(int(a))
                tried += 1
    assert tried > 20
    with pytest.raises(ValueError):               # Flight is never a card in hand
        load_scenario({"players": 2, "seats": [seat(hand=["Flight"]), seat()]})


def test_FLT_AVIAN_10_extinct_avian_returns_flight_to_its_supply_and_draws_for_it():
    g = Game(2, phase="feeding", round=0, last_round=0,
             deck=["Horns:5", "Horns:4", "Horns:3"], seats=[
                 seat(species=[sp(pop=1, food=1),
                               sp(body=1, pop=1, food=0, avian=True, traits=["Climbing:1"])]),
                 seat(species=[sp(pop=1, food=1)])])
    assert over(g)
    assert g.field("n_species", 0) == 1 and g.field("avian_left") == 12
    assert g.st["discard"][FLIGHT_CLASS] == 0 and g.st["discard"][cls("Climbing:1")] == 1
    assert hand_names(g, 0) == Counter({"Horns:3": 1, "Horns:4": 1})   # 2 traits, 2 cards
    check_invariants(g.st)


# ---------------------------------------------------------------- FLT-END

RESERVE = ["Climbing:1", "Climbing:2", "Climbing:3", "Climbing:4", "Climbing:5",
           "Burrowing:1", "Burrowing:2", "Burrowing:3", "Burrowing:4", "Burrowing:5"]


def test_FLT_END_01_reserve_becomes_the_draw_pile_without_a_reshuffle():
    g = Game(2, phase="deal", round=2, deck=["Horns:1", "Horns:2"], reserve=RESERVE, seats=[
        seat(species=[sp()]), seat(species=[sp()])])
    discard = g.st["discard"].copy()
    assert g.field("reserve_n") == 0 and g.field("deck_n") == 10 - 6
    assert np.array_equal(g.st["discard"], discard)   # the discard pile was not touched
    # first = 0: the 2 draw-pile cards, then the reserve from its top (the last listed)
    assert hand_names(g, 0) == Counter({"Horns:1": 1, "Horns:2": 1, "Burrowing:5": 1,
                                        "Burrowing:4": 1})
    assert hand_names(g, 1) == Counter({"Burrowing:3": 1, "Burrowing:2": 1,
                                        "Burrowing:1": 1, "Climbing:5": 1})
    assert [int(c) for c in g.st["deck"][:4]] == [cls(n) for n in RESERVE[:4]]


def test_FLT_END_02_using_the_reserve_at_the_deal_makes_this_round_last():
    g = Game(2, phase="deal", round=2, deck=["Horns:1"], reserve=RESERVE, seats=[
        seat(species=[sp()]), seat(species=[sp()])])
    assert g.field("last_round") == 2


def test_FLT_END_02_using_the_reserve_for_an_event_draw_makes_next_round_last():
    g = Game(2, phase="events", turn=0, round=2, deck=[], reserve=RESERVE, seats=[
        seat(hand=["Seed Dispersal:1", "Seed Dispersal:2"], species=[sp(avian=True)]),
        seat(species=[sp()])])
    g.card("Seed Dispersal:1")
    assert g.field("wh") == 1                 # one avian species in play
    assert g.field("last_round") == 3
    assert hand_names(g, 0)["Burrowing:5"] == 1 and g.field("reserve_n") == 0
    assert g.field("deck_n") == 9


def test_FLT_END_03_after_the_reserve_the_discard_pile_is_reshuffled():
    g = Game(2, phase="deal", round=2, deck=["Horns:1"], reserve=["Horns:2", "Horns:3"],
             seats=[seat(species=[sp()]), seat(species=[sp()])])
    # 1 from the draw pile, 2 from the reserve, then the discard pile (all other cards)
    assert g.field("reserve_n") == 0
    assert int(g.st["discard"].sum()) == 0
    assert g.field("deck_n") == 177 - 3 - 5
    assert hand_names(g, 0)["Horns:1"] == 1 and hand_names(g, 0)["Horns:3"] == 1
    assert hand_names(g, 0)["Horns:2"] == 1
    assert [hand_size(g, p) for p in range(2)] == [4, 4]
    assert g.field("last_round") == 2         # the second run-out changes nothing
