"""checked_step checks the conservation laws after each step it applies (cubes DS-SET-04,
elements, pawns, tiles, cards): the issue's position, a mammal Migration whose source hex
is set to 0 past the loader, is caught at the step that breaks cube conservation."""
import numpy as np
import pytest

from speciesgym.envs.core.engine import ConservationError, checked_step
from speciesgym.envs.dominant_species import load_scenario
from tests.dominant_species.test_decision_context import first_position, mammal_migration


def test_random_checked_play_conserves():
    engine, state = load_scenario(first_position(mammal_migration))
    rng = np.random.default_rng(3)
    while engine.to_move(state) >= 0:
        checked_step(engine, state, int(rng.choice(np.flatnonzero(engine.legal_mask(state)))))
    assert engine.conservation_problem(state) is None


def test_a_step_breaking_cube_conservation_is_caught_and_undone():
    """DS-MIGR-01: moving a cube the mammal does not have on hex 0 makes a cube from nothing."""
    engine, state = load_scenario(first_position(mammal_migration))
    state[0]["ctx_cell"] = 0                   # raw engine field, past the loader
    mask = engine.legal_mask(state)
    action = int(np.flatnonzero(mask)[0])
    before = state.copy()
    with pytest.raises(ConservationError, match="conservation law: cubes"):
        checked_step(engine, state, action)
    assert state.tobytes() == before.tobytes()


@pytest.mark.parametrize("field, law", [("bag", "elements"), ("gene", "cubes"),
                                        ("ap_supply", "pawns"), ("tundra_left", "tiles")])
def test_each_law_is_named(field, law):
    engine, state = load_scenario(first_position(mammal_migration))
    st = state[0]
    if st[field].shape:
        st[field][0] += 1
    else:
        st[field] += 1
    assert engine.conservation_problem(state).startswith(law)


def test_a_card_in_two_places_is_named():
    engine, state = load_scenario(first_position(mammal_migration))
    st = state[0]
    st["faceup"][0] = st["deck"][int(st["deck_ptr"])]
    assert engine.conservation_problem(state).startswith("cards")
