"""EVO-ATK-11, EVO-ATK-12, EVO-ATK-13 and EVO-END-03: food on a species that an attack (or
Horns) kills goes back to the bank, never into its owner's bag; only a population reduced
but not gone bags its surplus.

Each position is the last feeding of the game (round == last_round), so the attack decides
the final bags, the bank ledger and who wins.
"""
from tests.evolution.helpers import Game, seat, sp
from tests.evolution.invariants import check_invariants
from tests.evolution.rules.test_attack import attack

LAST = {"phase": "feeding", "turn": 0, "flight": False, "round": 3, "last_round": 3,
        "watering_hole": 0}


def final(g):
    scores, winners, _ = g.engine.final(g.state)
    return scores.tolist(), [int(w) for w in winners]


def test_EVO_ATK_11_EVO_END_03_EVO_DEC_05_fed_prey_killed_by_an_attack_returns_its_food_to_the_bank():
    # Player 1's fed prey (pop 1, food 1) dies: its food goes back to the bank. Bagged (the
    # old behaviour) it would give player 1 4 points and the win; returned, player 1 has 3
    # and loses the tie-break on traits (1 against 0).
    g = Game(2, seats=[seat(species=[sp(body=3, pop=1, traits=["Carnivore"])]),
                       seat(bag=1, species=[sp(body=1, pop=1, food=1), sp(body=6, food=1)])],
             **LAST)
    out_before = g.field("bank_out")                  # 1 bag + 2 food
    attack(g, 0, 1, 0)
    check_invariants(g.st)
    assert g.engine.to_move(g.state) < 0              # nothing else can eat: game over
    assert g.field("n_species", 1) == 1 and g.field("bag", 1) == 2   # own bag 1 + species food
    assert g.field("bag", 0) == 1                     # the meat
    assert g.field("bank_out") == out_before - 1 + 1  # prey food back, 1 meat out
    assert final(g) == ([3, 3], [1, 0])


def test_EVO_ATK_13_EVO_END_03_attacker_killed_by_horns_returns_its_food_and_fat():
    # A hungry carnivore (fed population, room on Fat Tissue) holding 1 food and 1 fat dies
    # on Horns: both return to the bank. Bagged, its food would give player 0 4 points and
    # the win; returned, player 0 has 3 and loses the tie-break on traits (0 against 1).
    g = Game(2, seats=[
        seat(bag=3, species=[sp(body=3, pop=1, food=1, fat=1,
                                traits=["Carnivore", "Fat Tissue"])]),
        seat(species=[sp(body=1, pop=2, food=1, traits=["Horns"])])], **LAST)
    assert g.field("bank_out") == 3 + 2 + 1
    attack(g, 0, 1, 0)
    check_invariants(g.st)
    assert g.engine.to_move(g.state) < 0
    assert g.field("n_species", 0) == 0 and g.field("bag", 0) == 3
    assert int(g.st["hand"][0].sum()) == 2            # EVO-END-02: one card per trait
    assert g.field("pop", 1, 0) == 1 and g.field("bag", 1) == 1
    assert g.field("bank_out") == 3 + 1               # only the bags are out
    assert final(g) == ([3, 3], [0, 1])


def test_EVO_ATK_13_avian_attacker_killed_by_horns_returns_its_upkeep():
    g = Game(2, seats=[
        seat(species=[sp(body=3, pop=1, food=1, upkeep=1, avian=True,
                         traits=["Carnivore"])]),
        seat(species=[sp(body=1, pop=2, traits=["Horns"]), sp(body=6, pop=6)])],
        **{**LAST, "flight": True, "watering_hole": 1})
    attack(g, 0, 1, 0)
    check_invariants(g.st)
    assert g.field("n_species", 0) == 0 and g.field("bag", 0) == 0
    assert g.field("avian_left") == 12


def test_EVO_ATK_12_EVO_DEC_05_surplus_of_a_population_reduced_but_not_gone_is_bagged():
    # The same prey with population 2 and food 2 survives at 1: its surplus food is bagged.
    g = Game(2, seats=[seat(species=[sp(body=3, pop=1, traits=["Carnivore"])]),
                       seat(bag=1, species=[sp(body=1, pop=2, food=2), sp(body=6, food=1)])],
             **LAST)
    out_before = g.field("bank_out")
    attack(g, 0, 1, 0)
    check_invariants(g.st)
    assert g.field("bag", 1) == 1 + 1 + 1 + 1         # own + surplus + both species' food
    assert g.field("bank_out") == out_before + 1      # only the meat left the bank
