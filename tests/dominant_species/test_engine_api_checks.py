"""The fast engine API never reads or writes past the record: an out-of-range seat or
action, or a state of the wrong dtype or shape, is a ValueError and changes nothing."""
import numpy as np
import pytest

from speciesgym.envs.dominant_species import make_engine
from speciesgym.envs.dominant_species.actions import N_ACTIONS
from speciesgym.envs.dominant_species.state import STATE_DTYPE


@pytest.fixture
def game():
    engine = make_engine(3)
    return engine, engine.new_state(4)


@pytest.mark.parametrize("seat", [-1, 3, 6, 5000, 1.0, True, None])
def test_observe_refuses_a_seat_outside_the_table(game, seat):
    engine, state = game
    before = state.tobytes()
    with pytest.raises(ValueError, match="seat"):
        engine.observe(state, seat)
    assert state.tobytes() == before


@pytest.mark.parametrize("action", [-1, N_ACTIONS, 5000, 2 ** 40, 2.0, True, None])
def test_apply_refuses_an_action_outside_the_space(game, action):
    engine, state = game
    before = state.tobytes()
    with pytest.raises(ValueError, match="action"):
        engine.apply(state, action)
    assert state.tobytes() == before


def test_apply_refuses_an_action_not_in_the_stored_mask_and_after_the_end(game):
    engine, state = game
    before = state.tobytes()
    with pytest.raises(ValueError, match="not legal"):
        engine.apply(state, int(np.flatnonzero(engine.legal_mask(state) == 0)[-1]))
    assert state.tobytes() == before
    state[0]["phase"] = 3
    state[0]["mask"][:] = 0
    with pytest.raises(ValueError, match="not legal"):
        engine.apply(state, 0)


@pytest.mark.parametrize("bad", [
    np.zeros(2, STATE_DTYPE),                       # a batch, not one game
    np.zeros((1, 1), STATE_DTYPE),
    np.zeros(1, np.dtype([("rng", np.uint64)])),    # another record type
    np.zeros(4096, np.uint8),
    [0],
])
def test_every_method_refuses_a_state_of_the_wrong_dtype_or_shape(game, bad):
    engine, _ = game
    for call in (lambda: engine.apply(bad, 0), lambda: engine.observe(bad, 0),
                 lambda: engine.legal_mask(bad), lambda: engine.to_move(bad),
                 lambda: engine.final(bad)):
        with pytest.raises(ValueError, match="state must be"):
            call()


def test_a_pickled_copy_of_a_state_is_accepted(game):
    import pickle
    engine, state = game
    copy = pickle.loads(pickle.dumps(state))
    engine.apply(copy, int(np.flatnonzero(engine.legal_mask(copy))[0]))
    assert engine.observe(copy, 2).shape == (engine.obs_size,)
