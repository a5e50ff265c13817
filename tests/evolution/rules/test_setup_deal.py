"""EVO-SETUP, EVO-DEAL and EVO-DEC: components, setup, the Deal and the engine's bounds."""
from collections import Counter

import numpy as np
import pytest

from speciesgym.envs.evolution import make_engine
from speciesgym.envs.evolution.data import (CLASS_COPIES_BASE, CLASS_COPIES_FLIGHT, CLASS_FOOD,
                                 CLASS_KIND, KIND_NAMES, N_CLASSES)
from speciesgym.envs.evolution.scenario import load_scenario
from speciesgym.envs.evolution.state import Phase
from tests.evolution.helpers import Game, cls, hand_names, hand_size, seat, sp
from tests.evolution.invariants import card_locations, check_invariants


def all_cards(flight=False):
    """Every card of the game as 'Kind:value' names."""
    out = []
    for c in range(N_CLASSES):
        n = int(CLASS_COPIES_BASE[c] + (CLASS_COPIES_FLIGHT[c] if flight else 0))
        out += [f"{KIND_NAMES[CLASS_KIND[c]]}:{CLASS_FOOD[c]}"] * n
    return out


def without(cards, used):
    """`cards` minus one copy of each name in `used`."""
    rest = list(cards)
    for name in used:
        rest.remove(name)
    return rest


# ---------------------------------------------------------------- EVO-SETUP

def test_EVO_SETUP_01_base_deck_has_129_cards_by_kind():
    e = make_engine(3, flight=False)
    st = e.new_state(11)[0]
    counts = card_locations(st)               # deck + hands after the first Deal
    assert counts.sum() == 129
    by_kind = Counter()
    for c in range(N_CLASSES):
        by_kind[KIND_NAMES[CLASS_KIND[c]]] += int(counts[c])
    assert by_kind.pop("Carnivore") == 17
    sevens = ["Ambush", "Burrowing", "Climbing", "Cooperation", "Defensive Herding",
              "Fat Tissue", "Fertile", "Foraging", "Hard Shell", "Horns", "Intelligence",
              "Long Neck", "Pack Hunting", "Scavenger", "Symbiosis", "Warning Call"]
    assert {k: v for k, v in by_kind.items() if v} == {k: 7 for k in sevens}


def test_EVO_SETUP_02_food_values_per_copy_sum_422():
    st = make_engine(2, flight=False).new_state(5)[0]
    counts = card_locations(st)
    values = {}
    for c in range(N_CLASSES):
        values.setdefault(KIND_NAMES[CLASS_KIND[c]], []).extend([int(CLASS_FOOD[c])]
                                                                 * int(counts[c]))
    expect = {
        "Carnivore": [0, 0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6],
        "Ambush": [-3, -2, -1, 0, 1, 2, 3], "Pack Hunting": [-3, -2, -1, 0, 1, 2, 3],
        "Intelligence": [-2, -1, 0, 4, 5, 6, 7], "Fat Tissue": [-1, 0, 3, 4, 4, 5, 5],
        "Cooperation": [0, 3, 3, 4, 4, 5, 5], "Defensive Herding": [2, 3, 4, 5, 6, 7, 8],
        "Long Neck": [3, 4, 5, 6, 7, 8, 9],
    }
    for k in ("Burrowing", "Climbing", "Hard Shell", "Horns", "Symbiosis", "Warning Call"):
        expect[k] = [1, 2, 3, 3, 4, 4, 5]
    for k in ("Fertile", "Foraging", "Scavenger"):
        expect[k] = [2, 3, 4, 5, 6, 6, 7]
    got = {k: sorted(v) for k, v in values.items() if v}
    assert got == expect
    assert int((counts * CLASS_FOOD).sum()) == 422


def test_EVO_SETUP_03_bank_unlimited_and_watering_hole_starts_empty():
    st = make_engine(4, flight=False).new_state(2)[0]
    assert st["wh"] == 0 and st["bank_out"] == 0
    # With 20 000 tokens already out of the bank, Long Neck still takes one from it.
    g = Game(2, flight=False, phase="pre_reveal", watering_hole=1, seats=[
        seat(bag=10_000, species=[sp(pop=2, traits=["Long Neck"])]),
        seat(bag=10_000, species=[sp(pop=1, food=1)]),
    ])
    assert g.phase == "FEEDING"
    assert g.field("food", 0, 0) == 1
    assert g.field("wh") == 1                 # the bank, not the watering hole, paid
    assert g.field("bank_out") == 20_003


@pytest.mark.parametrize("n", [0, 1, 7, 8, 2.0, True])
def test_EVO_SETUP_04_player_count_outside_2_to_6_is_value_error(n):
    with pytest.raises(ValueError):
        make_engine(n)
    if isinstance(n, int) and not isinstance(n, bool):
        with pytest.raises(ValueError):
            load_scenario({"players": n, "seats": [seat() for _ in range(max(n, 0))]})


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_EVO_SETUP_04_two_to_six_players_play(n):
    e = make_engine(n, flight=False)
    st = e.new_state(1)
    assert e.to_move(st) == int(st[0]["first"])
    check_invariants(st[0])


def test_EVO_SETUP_05_each_player_starts_with_one_bare_species():
    e = make_engine(4, flight=True)
    st = e.new_state(9)[0]
    for p in range(4):
        assert st["n_species"][p] == 1
        assert (st["body"][p, 0], st["pop"][p, 0], st["food"][p, 0]) == (1, 1, 0)
        assert st["avian"][p, 0] == 0 and (st["traits"][p, 0] == -1).all()
        assert st["bag"][p] == 0
        # no cards before the first Deal, which gives 3 + 1 for the one species
        assert st["hand"][p].sum() == 4
    assert st["round"] == 0 and e.phase_name(np.array([st])) == "SELECT_FOOD"


def test_EVO_SETUP_06_first_player_drawn_from_the_seed():
    e = make_engine(4, flight=False)
    firsts = [int(e.new_state(seed)[0]["first"]) for seed in range(40)]
    assert firsts == [int(e.new_state(seed)[0]["first"]) for seed in range(40)]
    assert set(firsts) == {0, 1, 2, 3}
    for seed in (0, 1, 2):
        a, b = e.new_state(seed), e.new_state(seed)
        assert a.tobytes() == b.tobytes()
        # the first player acts first in the first decision (food card)
        assert e.to_move(a) == int(a[0]["first"])


def test_EVO_SETUP_07_trait_limit_three_or_two_with_two_players():
    def legal_slots(players):
        seats = [seat(hand=["Horns:1"], species=[sp(traits=["Burrowing", "Climbing"])])]
        seats += [seat(species=[sp()]) for _ in range(players - 1)]
        g = Game(players, flight=False, phase="play", turn=0, seats=seats)
        g.card("Horns:1")
        return g.legal("TRAIT")
    assert legal_slots(3) == [0, 1, 2]        # a third trait may be added
    assert legal_slots(2) == [0, 1]           # 2 players: only a replacement
    with pytest.raises(ValueError):
        load_scenario({"players": 2, "flight": False, "seats": [
            seat(species=[sp(traits=["Burrowing", "Climbing", "Horns"])]), seat()]})


def test_EVO_SETUP_08_six_players_play_standard_rules():
    e = make_engine(6, flight=False)
    st = e.new_state(4)[0]
    assert st["trait_limit"] == 3
    assert list(st["hand"][:6].sum(axis=1)) == [4] * 6
    assert st["deck_n"] == 129 - 24
    assert make_engine(3, flight=False).new_state(4)[0]["trait_limit"] == 3
    assert make_engine(2, flight=False).new_state(4)[0]["trait_limit"] == 2


# ---------------------------------------------------------------- EVO-DEAL

def test_EVO_DEAL_01_free_species_for_a_player_without_one():
    g = Game(3, flight=False, phase="deal", first=1, seats=[
        seat(species=[sp(body=3, pop=2), sp()]), seat(), seat(hand=["Horns:1"])])
    assert g.phase == "SELECT_FOOD"
    for p in (1, 2):
        assert g.field("n_species", p) == 1
        assert (g.field("body", p, 0), g.field("pop", p, 0)) == (1, 1)
        assert (g.st["traits"][p, 0] == -1).all()
    assert g.field("n_species", 0) == 2      # a player with species gets none
    assert g.field("land_left") == 24 - 4


def test_EVO_DEAL_02_three_plus_one_per_species():
    g = Game(3, flight=False, phase="deal", seats=[
        seat(species=[sp(), sp(), sp()]),
        seat(hand=["Horns:1", "Horns:2"], species=[sp(), sp()]),  # carries over
        seat(),                                                # free species first
    ])
    assert [hand_size(g, p) for p in range(3)] == [6, 2 + 5, 4]
    assert hand_names(g, 1)["Horns:1"] >= 1 and hand_names(g, 1)["Horns:2"] >= 1


def test_EVO_DEAL_03_empty_draw_pile_reshuffles_the_discard():
    used = ["Horns:1", "Horns:2"]
    g = Game(2, flight=False, phase="deal", seed=3, deck=used, seats=[
        seat(species=[sp()]), seat(species=[sp()])])
    # first=0: player 0 draws both deck cards then 2 from the reshuffled discard
    assert g.field("deck_n") == 129 - 8
    assert int(g.st["discard"].sum()) == 0
    assert [hand_size(g, p) for p in range(2)] == [4, 4]
    assert hand_names(g, 0)["Horns:2"] == 1 and hand_names(g, 0)["Horns:1"] == 1
    # the reshuffle uses the game's generator: same seed, same hands and pile
    g2 = Game(2, flight=False, phase="deal", seed=3, deck=used, seats=[
        seat(species=[sp()]), seat(species=[sp()])])
    assert g.st["deck"].tobytes() == g2.st["deck"].tobytes()
    assert g.st["hand"].tobytes() == g2.st["hand"].tobytes()
    orders = {Game(2, flight=False, phase="deal", seed=s, deck=used, seats=[
        seat(species=[sp()]), seat(species=[sp()])]).st["deck"][:121].tobytes()
        for s in range(5)}
    assert len(orders) > 1


def test_EVO_DEAL_04_run_out_during_deal_makes_this_round_last():
    g = Game(2, flight=False, phase="deal", round=3, deck=["Horns:1", "Horns:2", "Horns:3"],
             seats=[seat(species=[sp()]), seat(species=[sp()])])
    assert g.field("round") == 3
    assert g.field("last_round") == 3


def test_EVO_DEAL_04_game_ends_after_the_run_out_round():
    g = Game(2, flight=False, phase="deal", round=3, deck=["Horns:1"],
             seats=[seat(species=[sp(pop=1)]), seat(species=[sp(pop=1)])])
    # play the round out: food cards, no plays, feeding
    while g.phase == "SELECT_FOOD":
        g.act("CARD", g.legal("CARD")[0])
    while g.phase == "PLAY":
        g.act("DONE")
    while g.phase == "FEEDING":
        opts = g.legal("FEED_WH")
        g.act("FEED_WH", opts[0]) if opts else g.act("DONE")
    assert g.st["phase"] == Phase.OVER and g.field("round") == 3


def test_EVO_DEAL_05_run_out_outside_deal_makes_next_round_last():
    # End of feeding in round 2: a species with 2 traits starves and its owner must draw
    # 2 cards from an empty draw pile (the discard pile holds everything else).
    g = Game(2, flight=False, phase="feeding", round=2, deck=[], seats=[
        seat(species=[sp(pop=1, food=1), sp(pop=2, food=0, traits=["Horns", "Burrowing"])]),
        seat(species=[sp(pop=1, food=1)]),
    ])
    # cleanup ran, then the Deal of round 3 (the reshuffled discard still has cards)
    assert g.field("round") == 3 and g.phase == "SELECT_FOOD"
    assert g.field("last_round") == 3


def test_EVO_DEAL_06_drawing_the_last_card_does_not_end_the_game():
    deck = ["Horns:1", "Horns:2", "Horns:3", "Horns:4", "Burrowing:1", "Burrowing:2",
            "Burrowing:3", "Burrowing:4"]
    g = Game(2, flight=False, phase="deal", round=1, deck=deck, seats=[
        seat(species=[sp()]), seat(species=[sp()])])
    assert g.field("deck_n") == 0
    assert g.field("last_round") == -1


def test_EVO_DEAL_06_only_the_first_run_out_sets_the_last_round():
    # Round 4 was made the last by a run-out at its Deal; a run-out at end of feeding
    # (which alone would make round 5 the last) changes nothing: the game ends now.
    g = Game(2, flight=False, phase="feeding", round=4, last_round=4, deck=[], seats=[
        seat(species=[sp(pop=1, food=0, traits=["Horns"]), sp(pop=1, food=1)]),
        seat(species=[sp(pop=1, food=1)]),
    ])
    assert g.st["phase"] == Phase.OVER
    assert g.field("last_round") == 4 and g.field("round") == 4


# ---------------------------------------------------------------- EVO-DEC

def test_EVO_DEC_01_at_most_12_species_per_player():
    def new_land_legal(n):
        g = Game(3, flight=False, phase="play", turn=0, seats=[
            seat(hand=["Horns:1"], species=[sp(body=6, pop=6) for _ in range(n)]),
            seat(species=[sp()]), seat(species=[sp()])])
        g.card("Horns:1")
        return g.legal("NEW_LAND")
    assert new_land_legal(11) == [0, 1]
    assert new_land_legal(12) == []


def test_EVO_DEC_02_land_boards_limited_to_24():
    # 12 + 11 + 1 land species: no land board is left.
    g = Game(3, flight=False, phase="play", turn=1, seats=[
        seat(species=[sp() for _ in range(12)]),
        seat(hand=["Horns:1"], species=[sp(pop=6) for _ in range(11)]),
        seat(species=[sp()])])
    assert g.field("land_left") == 0
    g.card("Horns:1")
    assert g.legal("NEW_LAND") == []
    # A player due a free species at the Deal gets none, but is still dealt 3 cards.
    g = Game(3, flight=False, phase="deal", seats=[
        seat(species=[sp() for _ in range(12)]), seat(species=[sp() for _ in range(12)]),
        seat()])
    assert g.field("n_species", 2) == 0
    assert hand_size(g, 2) == 3


def test_EVO_DEC_02_avian_boards_limited_to_12_and_swap_needs_land_board():
    g = Game(3, phase="play", turn=0, seats=[
        seat(hand=["Horns:1", "Horns:2"], species=[sp(avian=True) for _ in range(12)]),
        seat(species=[sp() for _ in range(12)]), seat(species=[sp() for _ in range(12)])])
    assert g.field("avian_left") == 0 and g.field("land_left") == 0
    g.card("Horns:1")
    assert g.legal("NEW_AVIAN") == [] and g.legal("NEW_LAND") == []
    # slot 0 holds Flight: replacing it needs a land board, none is left; slot 1 is free
    assert 0 not in g.legal("TRAIT") and 1 in g.legal("TRAIT")


def test_EVO_DEC_03_empty_hand_places_no_food_card():
    g = Game(2, flight=False, phase="select_food", first=0, seats=[
        seat(species=[sp()]), seat(hand=["Horns:1", "Horns:2"], species=[sp()])])
    assert g.turn == 1                        # player 0 (first) has no card: skipped
    g.card("Horns:2")
    assert g.phase == "PLAY"
    assert g.field("food_card", 0) == -1 and g.field("food_card", 1) == cls("Horns:2")


def test_EVO_DEC_04_dealing_in_turn_order_until_no_card_is_left():
    deck = ["Horns:1", "Horns:2", "Horns:3", "Horns:4", "Burrowing:1"]
    rest = without(all_cards(), deck)
    g = Game(2, flight=False, phase="deal", first=1, deck=deck, discard=[], seats=[
        seat(hand=rest, species=[sp()]), seat(species=[sp()])])
    # player 1 (first) gets the full 4 from the top; player 0 only the last card
    assert hand_names(g, 1) == Counter({"Burrowing:1": 1, "Horns:4": 1, "Horns:3": 1,
                                        "Horns:2": 1})
    assert hand_size(g, 0) == len(rest) + 1 and hand_names(g, 0)["Horns:1"] == 1
    assert g.field("deck_n") == 0 and int(g.st["discard"].sum()) == 0
    assert g.field("last_round") == 0

