"""The first step of a seeded uniform-random game that a test is looking for."""
import numpy as np

from speciesgym.agents.runner import make_engine


def first_step(game, seed, wanted, players=2):
    """(engine, state, action, after) of the first step of a random `game` whose
    `wanted(state, after)` is true; AssertionError if the game ends first."""
    engine = make_engine(game, players)
    rng = np.random.default_rng(seed)
    state = engine.new_state(seed)
    while engine.to_move(state) >= 0:
        action = int(rng.choice(np.flatnonzero(engine.legal_mask(state))))
        after = state.copy()
        engine.apply(after, action)
        if wanted(state, after):
            return engine, state, action, after
        state = after
    raise AssertionError("no such step")
