"""The env's one engine call per decision (`apply_then_mask`, checked against the mask it
holds) and the wrapper's play loop without `__getattr__`: same games as the plain engine API,
bad actions refused with a ValueError that changes nothing."""
import random

import numpy as np
import pytest
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from speciesgym.envs.evolution.state import Phase
from speciesgym.training.games import GAMES, game_module


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 5])
def test_apply_then_mask_plays_the_same_game_as_apply_and_legal_mask(game, players):
    engine = game_module(game).make_engine(num_players=players)
    fast, plain = engine.new_state(11), engine.new_state(11)
    mask = np.zeros(engine.num_actions, np.int8)
    seat = engine.mask_into(fast, mask)
    rnd = random.Random(3)
    for _ in range(300):
        assert seat == engine.to_move(plain)
        assert np.array_equal(mask, engine.legal_mask(plain) if seat >= 0
                              else np.zeros(engine.num_actions, np.int8))
        if seat < 0:
            break
        action = rnd.choice(np.flatnonzero(mask).tolist())
        seat = engine.apply_then_mask(fast, action, mask)
        engine.apply(plain, action)
        assert fast.tobytes() == plain.tobytes()


@pytest.mark.parametrize("game", GAMES)
def test_env_refuses_an_illegal_action_and_changes_nothing(game):
    env = game_module(game).raw_env(num_players=3)
    env.reset(seed=4)
    illegal = int(np.flatnonzero(env.action_mask() == 0)[0])
    before, mask = env.state_array.tobytes(), env.action_mask()
    for bad in (illegal, -1, env.engine.num_actions, 1.0, True):
        with pytest.raises(ValueError):
            env.step(bad)
        assert env.state_array.tobytes() == before
        assert np.array_equal(env.action_mask(), mask)


def test_engine_apply_refuses_a_finished_game_and_changes_nothing():
    engine = game_module("evolution").make_engine(num_players=2)
    state = engine.new_state(1)
    state["phase"] = Phase.OVER
    before = state.tobytes()
    mask = np.zeros(engine.num_actions, np.int8)
    for call in (lambda: engine.apply(state, 0),
                 lambda: engine.apply_then_mask(state, 0, mask)):
        with pytest.raises(ValueError, match="game is over"):
            call()
        assert state.tobytes() == before


def test_dominant_species_engine_refuses_an_action_its_mask_does_not_allow():
    engine = game_module("dominant_species").make_engine(num_players=2)
    state = engine.new_state(1)
    illegal = int(np.flatnonzero(engine.legal_mask(state) == 0)[0])
    before = state.tobytes()
    mask = engine.legal_mask(state)
    for call in (lambda: engine.apply(state, illegal),
                 lambda: engine.apply_then_mask(state, illegal, mask)):
        with pytest.raises(ValueError, match="not legal now"):
            call()
        assert state.tobytes() == before


@pytest.mark.parametrize("game", GAMES)
def test_play_loop_through_env_never_uses_the_wrapper_getattr(game, monkeypatch):
    env = game_module(game).env(num_players=2)
    with pytest.raises(AttributeError):
        env.last()                                        # before reset, as PettingZoo
    env.reset(seed=2)

    def forbidden(self, name):
        raise AssertionError(f"wrapper __getattr__({name!r}) on the play loop")
    monkeypatch.setattr(OrderEnforcingWrapper, "__getattr__", forbidden)
    rnd = random.Random(0)
    for n, _agent in enumerate(env.agent_iter()):
        obs, _, term, trunc, _ = env.last()
        if term or trunc or n == 200:
            break
        env.step(rnd.choice(np.flatnonzero(obs["action_mask"]).tolist()))
