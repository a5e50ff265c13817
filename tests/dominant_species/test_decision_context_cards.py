"""The context of a pending card decision is checked against the board when a position
loads (decision_context.CONTEXT_RULES): positions of the shipped scenario with the reptile
resolving a card, one context field changed. Where the unchecked field would break play,
the test shows how, with that decision's rules switched off."""
import numpy as np
import pytest

from speciesgym.envs.core.engine import ConservationError, checked_step
from speciesgym.envs.dominant_species import load_scenario
from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species.actions import A_PASS
from speciesgym.envs.dominant_species.rules import board as B
from tests.dominant_species.decision_positions import at_card, load_unchecked

CELL = B.A_CELL_START


def refused(data, field, words=""):
    with pytest.raises(ValueError, match=rf"decision\.{field}: {words}"):
        load_scenario(data)


def test_fecundity_marks_only_tiles_of_the_taker(monkeypatch):
    """DS-CARD-10: one cube on each tile the taker occupied. A mark on a hex without a tile
    would put a cube there: conservation breaks at that step."""
    data = at_card("fecundity")
    load_scenario(data)
    data["decision"]["flags"][0] = 1                  # hex 0 holds no tile
    refused(data, "flags", r"Fecundity needs 0 or 1 on each hex, .*\(hex 0 has 1\)")
    engine, state = load_unchecked(monkeypatch, data, B.D_FECUNDITY)
    with pytest.raises(ConservationError, match="cubes: on a hex without a tile"):
        checked_step(engine, state, CELL + 0)


def test_mass_exodus_from_a_tile_without_cubes_is_refused(monkeypatch):
    """DS-CARD-19: the cubes of the chosen tile move until none is left, so a pending move
    starts from a tile holding cubes. From the empty jungle tile the kernel would move a cube
    of no animal: a count of -1 cubes."""
    data = at_card("mass exodus", choices=[0])
    assert data["decision"]["sub"] == B.D_EXODUS_DEST
    load_scenario(data)
    data["decision"]["ctx_cell"] = D.cell_index(-1, 0)     # jungle, no cubes
    refused(data, "ctx_cell", "Mass Exodus needs a tile holding cubes")
    engine, state = load_unchecked(monkeypatch, data, B.D_EXODUS_DEST)
    engine.apply(state, int(np.flatnonzero(engine.legal_mask(state))[0]))
    assert "cubes: a negative count" in engine.conservation_problem(state)


def test_metamorphosis_is_the_takers_choice(monkeypatch):
    """DS-CARD-00, DS-CARD-20: the taker gives up one of its own added elements. With the
    mammal to choose, the mammal's added meat would leave the reptile's display, which has
    no meat: the reptile would hold -1 meat."""
    data = at_card("metamorphosis")
    load_scenario(data)
    data["decision"]["actor"] = D.MAMMAL
    refused(data, "actor", r"Metamorphosis needs the taker of the card \(decision.owner\)")
    engine, state = load_unchecked(monkeypatch, data, B.D_META_OUT)
    engine.apply(state, int(np.flatnonzero(engine.legal_mask(state))[0]))
    assert state[0]["display"][D.REPTILE].min() < 0


@pytest.mark.parametrize("n, bits, field", [(1, 0, "ctx_n"), (0, 1 << D.MAMMAL, "ctx_n"),
                                            (0, 1 << D.REPTILE, "ctx_bits"),
                                            (1, 1 << D.BIRD, "ctx_bits")])
def test_evolution_count_and_victims_agree(n, bits, field):
    """DS-CARD-09: up to two different opponents; decision.ctx_bits are the opponents struck
    so far (in play, never the taker) and decision.ctx_n counts them."""
    data = at_card("evolution")
    assert (data["decision"]["ctx_n"], data["decision"]["ctx_bits"]) == (0, 0)
    data["decision"]["ctx_n"], data["decision"]["ctx_bits"] = n, bits
    refused(data, field, "Evolution needs")


def test_evolution_with_two_opponents_struck_loads():
    """DS-CARD-09: two opponents struck is the end of the card (pass only)."""
    data = at_card("evolution")
    data["decision"]["ctx_n"], data["decision"]["ctx_bits"] = 2, (1 << D.MAMMAL) | (
        1 << D.INSECT)
    engine, state = load_scenario(data)
    assert np.flatnonzero(engine.legal_mask(state)).tolist() == [A_PASS]


def test_aquatic_species_go_next_to_the_element_placed(monkeypatch):
    """DS-CARD-01: the cubes go on a sea or wetland tile touching the element just placed
    (decision.ctx_corner). A vacant corner there is refused; unchecked, it would offer a sea
    tile away from the element (the scenario's sea, while the element touches its wetland)."""
    data = at_card("aquatic", choices=[0, 0])
    dec = data["decision"]
    assert dec["sub"] == B.D_AQUA_CELL and dec["ctx_corner"] >= 0
    engine, state = load_scenario(data)
    sea = D.cell_index(2, -1)
    assert not engine.legal_mask(state)[CELL + sea]
    corner = state[0]["corner"]
    dec["ctx_corner"] = next(k for k in range(D.N_CORNERS)
                             if corner[k] < 0 and sea in D.CORNER_CELLS[k])
    refused(data, "ctx_corner", "Aquatic needs -1 or a corner holding an element")
    engine, state = load_unchecked(monkeypatch, data, B.D_AQUA_CELL)
    assert engine.legal_mask(state)[CELL + sea]


def test_aquatic_before_its_element_has_no_corner():
    """DS-CARD-01: before the element is placed, no corner is chosen (decision.ctx_corner is
    read if no corner can take it)."""
    data = at_card("aquatic")
    assert data["decision"]["sub"] == B.D_AQUA_ELEM
    load_scenario(data)
    data["decision"]["ctx_corner"] = 3
    refused(data, "ctx_corner", r"Aquatic needs -1 \(no element placed yet\), got 3")
