"""FLT-FLIGHT: the Flight trait (seeds/evolution.md): trait limit and score, who may attack a
flying species, Intelligence against Flight, and the flying carnivore's discards."""
from speciesgym.envs.evolution.data import Kind, class_of
from speciesgym.envs.evolution.state import MAX_SPECIES
from tests.evolution.helpers import Game, seat, sp
from tests.evolution.invariants import check_invariants

S = MAX_SPECIES


def feeding(seats, players=2, watering_hole=5, **fields):
    fields.setdefault("turn", 0)
    g = Game(players, seats=seats, phase="feeding", flight=True,
             watering_hole=watering_hole, **fields)
    check_invariants(g.st)
    return g


def targets(g, a):
    g.act("ATTACK", a)
    return [(i // S, i % S) for i in g.legal("TARGET")]


def keeper():
    return sp(body=6, pop=6)


def flyer(**kw):
    """An avian carnivore (Flight + Carnivore: the 2-player trait limit)."""
    return sp(avian=True, traits=["Carnivore"], **kw)


# FLT-FLIGHT-01 ----------------------------------------------------------------------------

def test_FLT_FLIGHT_01_flight_counts_toward_the_trait_limit():
    # 2 players: limit 2. The avian with Flight + Climbing is full, so a trait played into
    # its second slot replaces Climbing; the land species with Climbing alone gains one.
    g = Game(2, phase="play", turn=0, seats=[
        seat(hand=["Horns:1", "Horns:2"],
             species=[sp(avian=True, traits=["Climbing"]), sp(traits=["Climbing"])]),
        seat(species=[sp()]),
    ])
    climbing = [int(c) for c in g.st["traits"][0, 0] if c >= 0][1]
    g.card("Horns:1")
    assert g.legal("TRAIT") == [0, 1, 3, 4]     # avian: replace only; land: replace or add
    g.act("TRAIT", 0 * 3 + 1)
    assert int((g.st["traits"][0, 0] >= 0).sum()) == 2
    assert g.field("traits", 0, 0, 1) == class_of(Kind.HORNS, 1)
    assert g.field("discard", climbing) == 1
    g.card("Horns:2")
    g.act("TRAIT", 1 * 3 + 1)
    assert int((g.st["traits"][0, 1] >= 0).sum()) == 2
    assert g.field("discard", climbing) == 1
    check_invariants(g.st)


def test_FLT_FLIGHT_01_flight_scores_one_point():
    # Last round, end of feeding: the avian (upkeep paid, 2 population food) scores bag 2 +
    # population 2 + 1 for Flight; the same land species without traits scores 4.
    g = Game(2, phase="cleanup", round=0, last_round=0, seats=[
        seat(species=[sp(body=1, pop=2, food=2, upkeep=1, avian=True)]),
        seat(species=[sp(body=1, pop=2, food=2)]),
    ])
    assert g.phase == "OVER"
    scores, winners, _ = g.engine.final(g.state)
    assert list(scores) == [5, 4] and list(winners) == [True, False]


# FLT-FLIGHT-02 ----------------------------------------------------------------------------

def test_FLT_FLIGHT_02_only_a_flying_carnivore_attacks_a_flying_species():
    seats = [
        seat(species=[sp(body=4, pop=3, traits=["Carnivore"]), flyer(body=3, pop=3)]),
        seat(species=[sp(body=1, pop=2, avian=True), sp(body=1, pop=2), keeper()]),
    ]
    g = feeding(seats)
    assert targets(g, 0) == [(1, 1)]            # neither flying species
    g = feeding(seats)
    assert targets(g, 1) == [(1, 0), (1, 1)]
    g.act("TARGET", S + 0)
    assert g.field("pop", 1, 0) == 1
    assert g.field("upkeep", 0, 1) == 1         # meat 1 pays the flyer's upkeep first
    check_invariants(g.st)


# FLT-FLIGHT-03 ----------------------------------------------------------------------------

def test_FLT_FLIGHT_03_intelligence_negates_flight():
    prey = [sp(body=1, pop=2, avian=True), keeper()]
    g = feeding([seat(species=[sp(body=3, pop=3, traits=["Carnivore", "Intelligence"])]),
                 seat(species=prey)])
    assert g.legal("ATTACK") == []              # no card to pay with
    g = feeding([seat(hand=["Horns:1"],
                      species=[sp(body=3, pop=3, traits=["Carnivore", "Intelligence"])]),
                 seat(species=prey)])
    assert targets(g, 0) == [(1, 0)]
    g.act("TARGET", S + 0)
    assert g.phase == "FEEDING/NEGATE_PAY"
    g.card("Horns:1")
    assert g.field("pop", 1, 0) == 1 and g.field("food", 0, 0) == 1
    assert int(g.st["hand"][0].sum()) == 0
    check_invariants(g.st)


# FLT-FLIGHT-04 ----------------------------------------------------------------------------

def _row():
    return [
        sp(body=1, pop=2, traits=["Climbing"]),                 # 0: Climbing
        sp(body=1, pop=2, traits=["Symbiosis"]),                # 1: Symbiosis (2 is larger)
        sp(body=2, pop=2),                                      # 2: Warning Call of 3
        sp(body=1, pop=2, traits=["Warning Call"]),             # 3: unprotected
        sp(body=1, pop=2),                                      # 4: Warning Call of 3
        sp(body=1, pop=3, traits=["Defensive Herding"]),        # 5: not negatable
        sp(body=1, pop=1, food=1, traits=["Burrowing"]),        # 6: not negatable
        keeper(),
    ]


def test_FLT_FLIGHT_04_flying_carnivore_discards_to_negate_climbing_symbiosis_warning_call():
    g = feeding([seat(species=[flyer(body=3, pop=3)]), seat(species=_row())])
    assert targets(g, 0) == [(1, 3)]            # no card in hand
    g = feeding([seat(hand=["Horns:1"], species=[flyer(body=3, pop=3)]),
                 seat(species=_row())])
    assert targets(g, 0) == [(1, 0), (1, 1), (1, 2), (1, 3), (1, 4)]
    g.act("TARGET", S + 0)
    assert g.phase == "FEEDING/NEGATE_PAY"
    g.card("Horns:1")
    assert g.field("pop", 1, 0) == 1 and g.field("upkeep", 0, 0) == 1
    assert g.field("discard", class_of(Kind.HORNS, 1)) == 1
    check_invariants(g.st)


def test_FLT_FLIGHT_04_the_discard_is_never_forced():
    # The flyer's only target needs a discard: player 0 may pass.
    g = feeding([seat(hand=["Horns:1"], species=[flyer(body=3, pop=3)]),
                 seat(species=[sp(body=1, pop=2, traits=["Climbing"])])], watering_hole=0)
    assert g.legal("ATTACK") == [0] and g.legal("DONE") == [0]
    # With a free target too, feeding is mandatory: no pass, but the discard stays allowed.
    g = feeding([seat(hand=["Horns:1"], species=[flyer(body=3, pop=3)]),
                 seat(species=[sp(body=1, pop=2, traits=["Climbing"]), sp(body=1, pop=2)])],
                watering_hole=0)
    assert g.legal("DONE") == []
    assert targets(g, 0) == [(1, 0), (1, 1)]
