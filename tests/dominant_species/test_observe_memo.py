"""The Stepper's observation through a memo of earlier ones (observe_memo) is the plain
observation, bit for bit, whatever happened to the state between two observations: the
next move, several moves, a jump to another game, a caller's edit, or another viewer."""
import random

import numpy as np
import pytest

from speciesgym.envs.dominant_species import make_engine
from speciesgym.envs.dominant_species.observe import OBS_SIZE
from speciesgym.envs.dominant_species.observe_memo import MEMO_SIZE, fill_observation_memo


def random_positions(players, games, seed):
    """(state copy, seat to move) at every decision of `games` random games."""
    engine = make_engine(num_players=players)
    stepper = engine.stepper(observe=False)
    rnd = random.Random(seed)
    out = []
    for g in range(games):
        seat = stepper.reset(seed + g)
        while seat >= 0:
            out.append((stepper.state.copy(), seat))
            seat = stepper.step(int(stepper.legal[rnd.randrange(stepper.n_legal)]))
    return engine, out


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_memo_gives_the_plain_observation_after_any_jump(players):
    """Positions in a shuffled order (every piece of the state changes between some of
    them), each seen by the seat to move or by another seat."""
    engine, positions = random_positions(players, 2, 70 + players)
    rnd = random.Random(players)
    rnd.shuffle(positions)
    buf = np.zeros(OBS_SIZE + MEMO_SIZE, np.float32)
    for state, seat in positions[:1500]:
        if rnd.random() < 0.3:
            seat = rnd.randrange(players)
        fill_observation_memo(state, 0, seat, buf)
        assert buf[:OBS_SIZE].tobytes() == engine.observe(state, seat).tobytes()


@pytest.mark.parametrize("players", [2, 4, 6])
def test_stepper_memo_follows_starts_and_edits(players):
    """A Stepper switched between two games mid-play (start), and moved on by the plain API
    behind its back, still shows the plain observation of the seat to move."""
    engine = make_engine(num_players=players)
    stepper = engine.stepper()
    games = [engine.new_state(players), engine.new_state(players + 100)]
    rnd = random.Random(players)
    turn = 0
    seat = stepper.start(games[0])
    for _ in range(1500):
        if seat < 0:
            assert not stepper.obs.any()
            games[turn] = engine.new_state(rnd.randrange(10**6))
            seat = stepper.start(games[turn])
        assert stepper.obs.tobytes() == engine.observe(games[turn], seat).tobytes()
        action = int(stepper.legal[rnd.randrange(stepper.n_legal)])
        r = rnd.random()
        if r < 0.1:                           # the other game, where it was left
            turn = 1 - turn
            seat = stepper.start(games[turn])
        elif r < 0.2:                         # a move made outside the Stepper
            engine.apply(games[turn], action)
            seat = stepper.start(games[turn])
        else:
            seat = stepper.step(action)


def test_memo_is_cleared_at_the_end_of_a_game():
    """A finished game zeroes the whole buffer, memo included, so the next game's first
    observation is written whole."""
    engine = make_engine(num_players=2)
    stepper = engine.stepper()
    seat = stepper.reset(3)
    assert stepper._buffer[OBS_SIZE:].any()
    while seat >= 0:
        seat = stepper.step(int(stepper.legal[0]))
    assert not stepper._buffer.any()
    seat = stepper.reset(4)
    assert stepper.obs.tobytes() == engine.observe(stepper.state, seat).tobytes()
