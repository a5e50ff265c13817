"""FLT-EVENT: Dive-Bomb and Seed Dispersal (seeds/evolution.md). Event positions start in the
event step ("events" with a turn); a Seed Dispersal kept in hand keeps the step waiting for
that player after an event resolves. Decks are given so every draw is known."""
from speciesgym.envs.evolution.data import Kind, class_of
from speciesgym.envs.evolution.state import MAX_SPECIES, Source
from tests.evolution.helpers import Game, hand_size, seat, sp
from tests.evolution.invariants import check_invariants

S = MAX_SPECIES
DECK = ["Fertile:2", "Fertile:3", "Fertile:4"]        # bottom first: Fertile:4 is drawn first
DIVE1 = class_of(Kind.DIVE_BOMB, 1)
SEED1 = class_of(Kind.SEED_DISPERSAL, 1)
SEED3 = class_of(Kind.SEED_DISPERSAL, 3)
FERTILE4 = class_of(Kind.FERTILE, 4)


def events(seats, players=2, deck=DECK, **fields):
    fields.setdefault("turn", 0)
    g = Game(players, seats=seats, phase="events", deck=list(deck), **fields)
    check_invariants(g.st)
    return g


def avian(**kw):
    return sp(avian=True, **kw)


# FLT-EVENT-01 -----------------------------------------------------------------------------

def test_FLT_EVENT_01_an_event_is_never_played_as_a_trait():
    g = Game(2, phase="play", turn=0, deck=DECK, seats=[
        seat(hand=["Dive-Bomb:1", "Horns:1"], species=[sp(traits=["Climbing"])]),
        seat(species=[sp()]),
    ])
    g.act("CARD", DIVE1)
    assert g.legal("TRAIT") == []
    assert g.legal("BODY") == [0] and g.legal("POP") == [0] and g.legal("NEW_LAND") == [0, 1]
    g.act("BODY", 0)
    assert g.field("body", 0, 0) == 2 and g.field("discard", DIVE1) == 1
    check_invariants(g.st)


def test_FLT_EVENT_01_an_event_may_be_the_food_card():
    g = Game(2, phase="select_food", turn=0, deck=DECK, seats=[
        seat(hand=["Seed Dispersal:5"], species=[sp()]),
        seat(species=[sp()]),
    ])
    seed5 = class_of(Kind.SEED_DISPERSAL, 5)
    assert g.legal("CARD") == [seed5]
    g.act("CARD", seed5)
    # No cards left to play: reveal, (no events), the food card's value goes to the hole.
    assert g.phase == "FEEDING" and g.turn == 0
    assert g.field("wh") == 5 and g.field("cliff") == 2
    assert g.field("discard", seed5) == 1
    check_invariants(g.st)


# FLT-EVENT-02 -----------------------------------------------------------------------------

def test_FLT_EVENT_02_event_step_follows_the_trait_reveal_in_turn_order():
    g = Game(2, phase="play", turn=0, first=0, deck=DECK, seats=[
        seat(hand=["Horns:1", "Seed Dispersal:1"], species=[sp(), avian()]),
        seat(hand=["Seed Dispersal:2"], species=[sp()]),
    ])
    g.card("Horns:1")
    g.act("TRAIT", 0)
    assert g.field("hidden", 0, 0, 0) == 1
    g.act("DONE")                                     # player 0's Play Cards turn
    assert g.phase == "PLAY" and g.turn == 1
    g.act("DONE")                                     # player 1's
    assert g.phase == "EVENTS" and g.turn == 0
    assert g.field("hidden", 0, 0, 0) == 0            # traits were revealed first
    g.act("CARD", SEED1)
    assert g.phase == "EVENTS" and g.turn == 1        # player 0 has no event left
    g.card("Seed Dispersal:2")
    # Events used no feeding turn: feeding opens with the first player.
    assert g.phase == "FEEDING" and g.turn == 0
    assert g.field("wh") == 2                         # one avian, two Seed Dispersals
    check_invariants(g.st)


def test_FLT_EVENT_02_any_number_of_events_then_done():
    # Without a turn the step starts from scratch at the first player (seat 1 here).
    g = Game(2, phase="events", first=1, deck=DECK, seats=[
        seat(hand=["Seed Dispersal:1", "Seed Dispersal:3", "Seed Dispersal:4"],
             species=[avian()]),
        seat(hand=["Seed Dispersal:2"], species=[sp()]),
    ])
    assert g.phase == "EVENTS" and g.turn == 1
    g.act("DONE")                                     # keeps its event
    assert g.phase == "EVENTS" and g.turn == 0
    g.act("CARD", SEED1)
    assert g.turn == 0 and g.legal("CARD") == sorted([SEED3, class_of(Kind.SEED_DISPERSAL, 4)])
    g.act("CARD", SEED3)
    assert g.phase == "EVENTS" and g.turn == 0 and g.field("wh") == 2
    g.act("DONE")
    assert g.phase == "FEEDING" and g.turn == 1       # feeding from the first player
    assert g.field("hand", 1, class_of(Kind.SEED_DISPERSAL, 2)) == 1
    assert g.field("hand", 0, class_of(Kind.SEED_DISPERSAL, 4)) == 1
    assert g.field("wh") == 2


# FLT-EVENT-03 -----------------------------------------------------------------------------

def test_FLT_EVENT_03_dive_bomb_needs_an_own_hungry_avian():
    g = events([
        seat(hand=["Dive-Bomb:1", "Seed Dispersal:1"],
             species=[sp(), avian(food=1, upkeep=1)]),          # hungry land, fed avian
        seat(species=[avian()]),                                # another player's avian
    ])
    assert g.phase == "EVENTS" and g.legal("CARD") == [SEED1]


def test_FLT_EVENT_03_a_diving_carnivore_needs_a_legal_target():
    seats = [
        seat(hand=["Dive-Bomb:1", "Seed Dispersal:1"],
             species=[avian(body=2, pop=2, traits=["Carnivore"])]),
        seat(species=[sp(body=2, pop=2)]),
    ]
    g = events(seats)
    assert g.legal("CARD") == [SEED1]                 # body 2 cannot attack body 2
    seats[0]["species"].append(avian(body=2))         # a hungry avian non-carnivore
    g = events(seats)
    assert g.legal("CARD") == sorted([DIVE1, SEED1])
    g.act("CARD", DIVE1)
    assert g.phase == "EVENTS/DIVE_SPECIES" and g.legal("DIVE") == [1]


def test_FLT_EVENT_03_dive_bomb_itself_cannot_pay_for_the_attack():
    # The flyer's only prey needs a discard (Climbing, FLT-FLIGHT-04); the Dive-Bomb card
    # leaves the hand when played, so with nothing else in hand it cannot be played.
    prey = [sp(body=1, pop=2, traits=["Climbing"])]
    g = events([seat(hand=["Dive-Bomb:1", "Seed Dispersal:1"],
                     species=[avian(body=3, pop=2, traits=["Carnivore"])]),
                seat(species=prey)])
    assert g.legal("CARD") == sorted([DIVE1, SEED1])
    g = events([seat(hand=["Dive-Bomb:1"],
                     species=[avian(body=3, pop=2, traits=["Carnivore"])]),
                seat(species=prey)])
    assert g.phase != "EVENTS" or DIVE1 not in g.legal("CARD")


# FLT-EVENT-04 -----------------------------------------------------------------------------

def test_FLT_EVENT_04_dive_bomb_carnivore_attacks_with_all_attack_rules():
    g = events([
        seat(hand=["Dive-Bomb:1", "Horns:1", "Seed Dispersal:1"],
             species=[avian(body=3, pop=3, traits=["Carnivore", "Cooperation"]),
                      sp(body=1, pop=2)]),
        seat(species=[sp(body=1, pop=2, traits=["Climbing"]),
                      sp(body=1, pop=2, traits=["Scavenger", "Cooperation"]),
                      sp(body=1, pop=2)]),
        seat(species=[sp()]),
    ], players=3)
    g.act("CARD", DIVE1)
    assert g.legal("DIVE") == [0]
    g.act("DIVE", 0)
    assert g.phase == "EVENTS/TARGET"
    assert [i for i in g.legal("TARGET")] == [0 * S + 1, 1 * S + 0, 1 * S + 1, 1 * S + 2,
                                              2 * S + 0]
    g.act("TARGET", 1 * S + 0)                        # Climbing: the flyer pays a card
    assert g.phase == "EVENTS/NEGATE_PAY"
    g.card("Horns:1")
    check_invariants(g.st)
    assert g.field("pop", 1, 0) == 1
    assert g.field("upkeep", 0, 0) == 1               # meat 1, upkeep first
    assert g.field("food", 0, 1) == 1                 # the attacker's Cooperation
    assert g.field("food", 1, 1) == 1                 # Scavenger ...
    assert g.field("food", 1, 2) == 1                 # ... and its Cooperation
    assert g.phase == "EVENTS" and g.turn == 0        # still the event step


# FLT-EVENT-05 -----------------------------------------------------------------------------

def _dive_source(g, source):
    g.act("CARD", DIVE1)
    g.act("DIVE", 0)
    assert g.phase == "EVENTS/DIVE_SOURCE"
    legal = g.legal("SOURCE")
    g.act("SOURCE", source)
    check_invariants(g.st)
    return legal


def test_FLT_EVENT_05_dive_bomb_takes_two_plant_food_from_the_chosen_source():
    hand = ["Dive-Bomb:1", "Seed Dispersal:1"]
    g = events([seat(hand=hand, species=[avian(pop=2)]), seat(species=[sp()])],
               watering_hole=5, cliff=1)
    legal = _dive_source(g, Source.WATERING_HOLE)
    assert legal == [Source.WATERING_HOLE, Source.CLIFF, Source.BANK_PLANT]
    assert g.field("wh") == 3 and g.field("upkeep", 0, 0) == 1 and g.field("food", 0, 0) == 1
    # Capped by the source: the Cliff holds 1.
    g = events([seat(hand=hand, species=[avian(pop=2)]), seat(species=[sp()])],
               watering_hole=0, cliff=1)
    legal = _dive_source(g, Source.CLIFF)
    assert legal == [Source.CLIFF, Source.BANK_PLANT]
    assert g.field("cliff") == 0 and g.field("upkeep", 0, 0) == 1 and g.field("food", 0, 0) == 0
    # Capped by hunger: a fed-population avian has room for its upkeep only.
    g = events([seat(hand=hand, species=[avian(pop=1, food=1)]), seat(species=[sp()])])
    out = g.field("bank_out")
    _dive_source(g, Source.BANK_PLANT)
    assert g.field("upkeep", 0, 0) == 1 and g.field("bank_out") == out + 1


def test_FLT_EVENT_05_cooperation_and_foraging_use_the_same_source():
    hand = ["Dive-Bomb:1", "Seed Dispersal:1"]
    g = events([seat(hand=hand, species=[avian(pop=2, traits=["Cooperation"]),
                                         sp(pop=2)]),
                seat(species=[sp()])], watering_hole=5, cliff=4)
    _dive_source(g, Source.CLIFF)
    assert g.field("cliff") == 1 and g.field("wh") == 5
    assert g.field("food", 0, 1) == 1                 # land neighbour fed from the Cliff
    g = events([seat(hand=hand, species=[avian(pop=3, traits=["Foraging"])]),
                seat(species=[sp()])], watering_hole=5)
    _dive_source(g, Source.WATERING_HOLE)
    assert g.field("wh") == 2 and g.field("upkeep", 0, 0) + g.field("food", 0, 0) == 3


# FLT-EVENT-06 -----------------------------------------------------------------------------

def test_FLT_EVENT_06_dive_bomb_draws_one_card_after_resolving():
    g = events([seat(hand=["Dive-Bomb:1", "Seed Dispersal:1"], species=[avian(pop=2)]),
                seat(species=[sp()])])
    _dive_source(g, Source.BANK_PLANT)
    assert hand_size(g, 0) == 2 and g.field("hand", 0, FERTILE4) == 1
    assert g.field("deck_n") == 2 and g.field("discard", DIVE1) == 1


# FLT-EVENT-07 -----------------------------------------------------------------------------

def test_FLT_EVENT_07_seed_dispersal_adds_one_food_per_avian_in_play():
    g = events([
        seat(hand=["Seed Dispersal:1", "Seed Dispersal:3"], species=[sp(), avian()]),
        seat(species=[avian(), sp(), avian(body=2)]),
    ], watering_hole=1)
    out = g.field("bank_out")
    g.act("CARD", SEED1)
    assert g.field("wh") == 4 and g.field("bank_out") == out + 3
    assert hand_size(g, 0) == 2 and g.field("hand", 0, FERTILE4) == 1
    assert g.phase == "EVENTS" and g.turn == 0
    check_invariants(g.st)


# FLT-EVENT-08 -----------------------------------------------------------------------------

def test_FLT_EVENT_08_an_event_drawn_by_an_event_can_be_played_at_once():
    g = events([seat(hand=["Seed Dispersal:1"], species=[avian()]), seat(species=[sp()])],
               deck=DECK + ["Seed Dispersal:3"])
    g.act("CARD", SEED1)
    assert g.phase == "EVENTS" and g.turn == 0 and g.legal("CARD") == [SEED3]
    g.act("CARD", SEED3)
    assert g.field("wh") == 2 and g.field("hand", 0, FERTILE4) == 1
    assert g.phase == "FEEDING"
