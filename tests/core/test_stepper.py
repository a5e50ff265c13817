"""The Stepper (envs/core/stepper.py, one compiled call per decision into held buffers)
plays the same games as the plain engine API and shows the same masks and observations,
bit for bit; bad actions are refused and change nothing. The plain API's observations are
also pinned by digests recorded before the observation kernels were rewritten for speed."""
import hashlib
import random

import numpy as np
import pytest

from speciesgym.training.games import GAMES, game_module

# sha256 (first 16 hex digits) over every decision's mask and every seat's observation and
# the final state, from `plain_api_digest` run on the code before the Stepper and the faster
# Dominant Species observation kernel (commit 1900469): (decisions, digest).
RECORDED = {
    ("evolution", 2): (369, "59b323790e953e6e"),
    ("evolution", 3): (380, "657ab3b9df3c770b"),
    ("evolution", 4): (443, "4b77a0f3f4fb2b43"),
    ("evolution", 5): (411, "8ba35f1acb2ebc64"),
    ("evolution", 6): (395, "9b3a479a7c363767"),
    ("dominant_species", 2): (1073, "eedd814347417f0d"),
    ("dominant_species", 3): (1510, "c8ff703bcea8f1b5"),
    ("dominant_species", 4): (1427, "78934a432264fca0"),
    ("dominant_species", 5): (1180, "d86469554f900010"),
    ("dominant_species", 6): (1048, "0da4a8e21689595f"),
}


def plain_api_digest(game, players, seed):
    """(decisions, digest) of one random game played through the plain engine API."""
    engine = game_module(game).make_engine(num_players=players)
    state = engine.new_state(seed)
    rnd = random.Random(seed)
    h = hashlib.sha256()
    n = 0
    while engine.to_move(state) >= 0:
        mask = engine.legal_mask(state)
        h.update(mask.tobytes())
        for seat in range(players):
            h.update(engine.observe(state, seat).tobytes())
        engine.apply(state, rnd.choice(np.flatnonzero(mask).tolist()))
        n += 1
    h.update(state.tobytes())
    return n, h.hexdigest()[:16]


@pytest.mark.parametrize("game,players", sorted(RECORDED))
def test_plain_api_observations_are_the_recorded_ones(game, players):
    assert plain_api_digest(game, players, 100 + players) == RECORDED[game, players]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_stepper_plays_and_shows_the_same_as_the_plain_api(game, players):
    engine = game_module(game).make_engine(num_players=players)
    stepper = engine.stepper()
    bare = engine.stepper(observe=False)
    plain = engine.new_state(40 + players)
    seat = stepper.reset(40 + players)
    bare.reset(40 + players)
    rnd = random.Random(players)
    decisions = 0
    while True:
        assert seat == engine.to_move(plain) == bare.seat
        expected = engine.legal_mask(plain) if seat >= 0 else np.zeros_like(stepper.mask)
        assert np.array_equal(stepper.mask, expected) and np.array_equal(bare.mask, expected)
        assert np.array_equal(stepper.legal_actions(), np.flatnonzero(expected))
        assert bare.obs.size == 0
        if seat < 0:
            assert not stepper.obs.any()
            break
        assert stepper.obs.tobytes() == engine.observe(plain, seat).tobytes()
        action = rnd.choice(stepper.legal_actions().tolist())
        seat = stepper.step(action)
        bare.step(np.int64(action))
        engine.apply(plain, action)
        assert stepper.state.tobytes() == plain.tobytes() == bare.state.tobytes()
        decisions += 1
    assert decisions > 100 and stepper.n_legal == 0


@pytest.mark.parametrize("game", GAMES)
def test_stepper_refuses_bad_actions_and_changes_nothing(game):
    engine = game_module(game).make_engine(num_players=3)
    stepper = engine.stepper()
    with pytest.raises(ValueError, match="reset"):
        stepper.step(0)
    stepper.reset(5)
    illegal = int(np.flatnonzero(stepper.mask == 0)[0])
    before = [stepper.state.tobytes(), stepper.mask.copy(), stepper.legal.copy(),
              stepper.obs.copy(), stepper.seat, stepper.n_legal]
    for bad in (illegal, -1, engine.num_actions, 2**70, 1.0, True, "3", None):
        with pytest.raises(ValueError):
            stepper.step(bad)
        after = [stepper.state.tobytes(), stepper.mask, stepper.legal, stepper.obs,
                 stepper.seat, stepper.n_legal]
        assert all(np.array_equal(a, b) for a, b in zip(before, after))


@pytest.mark.parametrize("game", GAMES)
def test_stepper_refuses_a_foreign_state_and_a_finished_game(game):
    engine = game_module(game).make_engine(num_players=2)
    stepper = engine.stepper()
    with pytest.raises(ValueError, match="state"):
        stepper.start(np.zeros(1, np.float64))
    other = GAMES[1 - GAMES.index(game)]
    with pytest.raises(ValueError, match="state"):
        stepper.start(game_module(other).make_engine(num_players=2).new_state(1))
    seat = stepper.reset(9)
    while seat >= 0:
        seat = stepper.step(int(stepper.legal[0]))
    final = stepper.state.tobytes()
    with pytest.raises(ValueError, match="over"):
        stepper.step(0)
    assert stepper.state.tobytes() == final
