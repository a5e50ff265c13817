"""EVO-FEED: feeding turns (who feeds when, mandatory feeding, passing, hunger caps and
where taken food goes)."""
from tests.evolution.helpers import Game, seat, sp


def test_EVO_FEED_01_turns_go_round_from_the_first_player():
    # Feeding starts from scratch: the first player (seat 1) acts first, then clockwise,
    # one feeding action per turn, round and round.
    g = Game(3, phase="feeding", first=1, watering_hole=10, seats=[
        seat(species=[sp(pop=3)]), seat(species=[sp(pop=3)]), seat(species=[sp(pop=3)]),
    ])
    seen = []
    for _ in range(5):
        seen.append(g.turn)
        g.act("FEED_WH", 0)
    assert seen == [1, 2, 0, 1, 2]
    assert [g.field("food", p, 0) for p in range(3)] == [1, 2, 2]
    assert g.field("wh") == 5


def test_EVO_FEED_02_fat_store_below_body_size_is_hungry():
    # Population fed, fat store 1 of 2: still hungry; the food goes onto the fat store.
    g = Game(2, phase="feeding", turn=0, watering_hole=5, seats=[
        seat(species=[sp(body=2, pop=1, food=1, fat=1, traits=["Fat Tissue"]),
                      sp(pop=1, food=1)]),
        seat(species=[sp(pop=3)]),
    ])
    assert g.legal("FEED_WH") == [0]              # the fed species without Fat Tissue is not
    g.act("FEED_WH", 0)
    assert g.field("fat", 0, 0) == 2
    assert g.turn == 1


def test_EVO_FEED_02_avian_with_empty_upkeep_is_hungry():
    g = Game(2, phase="feeding", turn=0, watering_hole=5, seats=[
        seat(species=[sp(body=2, pop=1, food=1, upkeep=1, avian=True),
                      sp(body=2, pop=1, food=1, upkeep=2, avian=True)]),
        seat(species=[sp(pop=3)]),
    ])
    assert g.legal("FEED_WH") == [0]
    g.act("FEED_WH", 0)
    assert g.field("upkeep", 0, 0) == 2


def test_EVO_FEED_03_feeding_is_mandatory():
    g = Game(2, phase="feeding", turn=0, watering_hole=3, seats=[
        seat(hand=["Horns"], species=[sp(pop=2), sp(pop=2, food=2), sp(pop=1)]),
        seat(species=[sp(pop=3)]),
    ])
    assert g.legal("FEED_WH") == [0, 2]           # either hungry species, the owner's choice
    assert g.legal("DONE") == []                  # no pass while a free option exists
    g.act("FEED_WH", 2)
    assert g.field("food", 0, 2) == 1


def test_EVO_FEED_04_a_carnivore_must_attack_even_its_own_species():
    # The only prey the carnivore can reach is its owner's other species.
    g = Game(2, phase="feeding", turn=0, watering_hole=0, seats=[
        seat(species=[sp(body=3, pop=2, traits=["Carnivore"]), sp(body=1, pop=2)]),
        seat(species=[sp(body=5, pop=2)]),
    ])
    assert g.legal("ATTACK") == [0]
    assert g.legal("DONE") == []
    g.act("ATTACK", 0)
    assert g.legal("TARGET") == [1]               # own seat (relative 0), slot 1
    g.act("TARGET", 1)
    assert g.field("pop", 0, 1) == 1
    assert g.field("food", 0, 0) == 1


def test_EVO_FEED_05_discard_options_are_never_forced():
    # Intelligence food needs a discard: with an empty hole the player may pass instead.
    g = Game(2, phase="feeding", turn=0, watering_hole=0, seats=[
        seat(hand=["Horns", "Climbing"], species=[sp(pop=3, traits=["Intelligence"])]),
        seat(species=[sp(body=3, pop=2, traits=["Carnivore"])]),
    ])
    assert g.legal("INTEL_FOOD") == [0]
    assert g.legal("DONE") == [0]
    g.act("DONE")
    assert g.field("food", 0, 0) == 0
    assert g.turn == 1


def test_EVO_FEED_05_discard_option_allowed_next_to_a_free_one():
    g = Game(2, phase="feeding", turn=0, watering_hole=2, seats=[
        seat(hand=["Horns"], species=[sp(pop=3, traits=["Intelligence"])]),
        seat(species=[sp(pop=3)]),
    ])
    assert g.legal("FEED_WH") == [0] and g.legal("INTEL_FOOD") == [0]
    assert g.legal("DONE") == []
    g.act("INTEL_FOOD", 0)
    g.card("Horns")
    assert g.field("food", 0, 0) == 2 and g.field("wh") == 2


def test_EVO_FEED_06_plain_feeding_takes_one_plant_food_from_the_hole():
    g = Game(2, phase="feeding", turn=0, watering_hole=3, seats=[
        seat(species=[sp(body=2, pop=3), sp(body=2, pop=2, traits=["Carnivore"])]),
        seat(species=[sp(body=5, pop=3)]),
    ])
    assert g.legal("FEED_WH") == [0]              # a carnivore never feeds from the hole
    assert g.legal("ATTACK") == []                # (and has no prey here)
    g.act("FEED_WH", 0)
    assert g.field("food", 0, 0) == 1 and g.field("wh") == 2


def test_EVO_FEED_06_an_empty_hole_gives_no_plain_feeding():
    g = Game(2, phase="feeding", turn=0, watering_hole=0, seats=[
        seat(hand=["Horns"], species=[sp(pop=3, traits=["Intelligence"])]),
        seat(species=[sp(pop=3)]),
    ])
    assert g.legal("FEED_WH") == []
    assert g.legal("INTEL_FOOD") == [0]


def test_EVO_FEED_07_a_player_without_a_feeding_action_is_skipped():
    g = Game(3, phase="feeding", turn=0, watering_hole=5, seats=[
        seat(species=[sp(pop=3)]),
        seat(species=[sp(pop=2, food=2)]),         # fed: nothing to do
        seat(species=[sp(pop=3)]),
    ])
    g.act("FEED_WH", 0)
    assert g.turn == 2
    g.act("FEED_WH", 0)
    assert g.turn == 0


def test_EVO_FEED_08_a_pass_gives_up_only_the_current_turn():
    # Player 0 passes, player 1 feeds, so player 0 gets a turn again; when player 0
    # passes again and player 1 is skipped, feeding ends (cleanup, next round's Deal).
    g = Game(2, phase="feeding", turn=0, watering_hole=0, seats=[
        seat(hand=["Horns"], species=[sp(pop=1, traits=["Intelligence"])]),
        seat(hand=["Climbing"], species=[sp(pop=3, traits=["Intelligence"])]),
    ])
    g.act("DONE")
    assert g.turn == 1
    g.act("INTEL_FOOD", 0)
    g.card("Climbing")
    assert g.phase == "FEEDING" and g.turn == 0
    assert g.legal("INTEL_FOOD") == [0]
    g.act("DONE")
    # player 1 has no card left: skipped; a full cycle without feeding ends the phase
    assert g.phase == "SELECT_FOOD"
    assert g.field("round") == 1
    assert g.field("bag", 1) == 2                  # player 1's food was bagged
    assert g.field("pop", 1, 0) == 2               # starved down to its food
    assert g.field("n_species", 0) == 1            # player 0's starved, a new one dealt
    assert g.field("pop", 0, 0) == 1 and g.field("bag", 0) == 0


def test_EVO_FEED_08_everyone_skipped_ends_feeding():
    g = Game(2, phase="feeding", first=0, watering_hole=0, round=3, seats=[
        seat(species=[sp(pop=2, food=1)]),
        seat(species=[sp(pop=2, food=2)]),
    ])
    assert g.phase == "SELECT_FOOD" and g.field("round") == 4
    assert g.field("bag", 0) == 1 and g.field("bag", 1) == 2


def test_EVO_FEED_09_takes_are_capped_by_hunger():
    # Foraging would take 2, the species has room for 1: the other stays on the hole.
    g = Game(2, phase="feeding", turn=0, watering_hole=5, seats=[
        seat(species=[sp(pop=2, food=1, traits=["Foraging"]), sp(pop=3)]),
        seat(species=[sp(pop=3)]),
    ])
    g.act("FEED_WH", 0)
    assert g.field("food", 0, 0) == 2
    assert g.field("wh") == 4


def test_EVO_FEED_09_intelligence_capped_by_hunger_leaves_the_rest_in_the_bank():
    g = Game(2, phase="feeding", turn=0, watering_hole=0, seats=[
        seat(hand=["Horns"], species=[sp(pop=2, food=1, traits=["Intelligence"]),
                                      sp(body=3, pop=1, traits=["Carnivore"])]),
        seat(species=[sp(body=2, pop=3)]),
    ])
    out = g.field("bank_out")
    g.act("INTEL_FOOD", 0)
    g.card("Horns")
    assert g.field("food", 0, 0) == 2
    assert g.field("bank_out") == out + 1


def test_EVO_FEED_10_upkeep_then_population_then_fat():
    # An avian with Foraging and Fat Tissue takes 2 per feeding: upkeep first, then its
    # population spaces, then the fat store.
    g = Game(3, phase="feeding", turn=0, watering_hole=10, seats=[
        seat(species=[sp(body=2, pop=1, avian=True, traits=["Foraging", "Fat Tissue"]),
                      sp(pop=6)]),                 # keeps feeding going after the last step
        seat(species=[sp(pop=1, food=1)]),
        seat(species=[sp(pop=1, food=1)]),
    ])
    steps = []
    for _ in range(3):
        assert g.turn == 0
        g.act("FEED_WH", 0)
        steps.append((g.field("upkeep", 0, 0), g.field("food", 0, 0), g.field("fat", 0, 0)))
    assert steps == [(2, 0, 0), (2, 1, 1), (2, 1, 2)]
    assert g.field("wh") == 10 - 5


def test_EVO_FEED_10_meat_fills_population_then_fat():
    g = Game(2, phase="feeding", turn=0, watering_hole=0, seats=[
        seat(species=[sp(body=4, pop=2, traits=["Carnivore", "Fat Tissue"])]),
        seat(species=[sp(body=3, pop=2)]),
    ])
    g.act("ATTACK", 0)
    g.act("TARGET", 12)
    assert g.field("food", 0, 0) == 2 and g.field("fat", 0, 0) == 1
