"""EVO-ATK: sample rule tests (the pattern other rule tests follow)."""
from tests.evolution.helpers import Game, seat, sp


def test_EVO_ATK_02_size_must_be_strictly_greater():
    # A body-3 carnivore can attack a body-2 species but not a body-3 one.
    g = Game(2, phase="feeding", turn=0, watering_hole=0, seats=[
        seat(species=[sp(body=3, pop=3, traits=["Carnivore"])]),
        seat(species=[sp(body=2, pop=2), sp(body=3, pop=2)]),
    ])
    assert g.legal("ATTACK") == [0]
    g.act("ATTACK", 0)
    # TARGET index = relative seat * 12 + slot: seat 1's slot 0 only.
    assert g.legal("TARGET") == [12]
    g.act("TARGET", 12)
    assert g.field("pop", 1, 0) == 1
    # meat = prey body size 2; the carnivore (pop 3) is still hungry, so feeding goes on
    # and it is player 0's turn again.
    assert g.field("food", 0, 0) == 2
    assert g.turn == 0 and g.phase == "FEEDING"
