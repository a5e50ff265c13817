"""checked_step checks Evolution's conservation laws (every card in one place, the food
ledger) after each step it applies, and undoes a step that leaves them broken."""
import numpy as np
import pytest

from speciesgym.envs.core.engine import ConservationError, checked_step
from speciesgym.envs.evolution import make_engine


def test_random_checked_play_conserves():
    engine = make_engine(3)
    state = engine.new_state(5)
    rng = np.random.default_rng(5)
    while engine.to_move(state) >= 0:
        checked_step(engine, state, int(rng.choice(np.flatnonzero(engine.legal_mask(state)))))
    assert engine.conservation_problem(state) is None


def test_a_card_made_from_nothing_is_caught_at_the_step():
    engine = make_engine(3)
    state = engine.new_state(5)
    state[0]["hand"][2, int(np.flatnonzero(state[0]["hand"][2])[0])] += 1   # raw field
    assert engine.conservation_problem(state).startswith("cards")
    before = state.copy()
    action = int(np.flatnonzero(engine.legal_mask(state))[0])
    with pytest.raises(ConservationError, match="conservation law: cards"):
        checked_step(engine, state, action)
    assert state.tobytes() == before.tobytes()
