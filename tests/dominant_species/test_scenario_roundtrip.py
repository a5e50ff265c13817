"""Positions round-trip through the scenario format: at every decision of random games,
to_scenario -> JSON text -> load_scenario gives the same record byte for byte (options
included), and both copies play on identically (observations, masks, final scores).

`make test` plays ROUNDTRIP_GAMES games per player count (default 1, every decision of it,
about 1200); `make soak` sets SPECIESGYM_ROUNDTRIP_GAMES=50 for the full sweep
(every decision of 50 games per player count; minutes), and CI runs both.
"""
import json
import os

import numpy as np
import pytest

from speciesgym.envs.core.scenario import scenario_game
from speciesgym.envs.dominant_species import env, load_scenario, make_engine, save_scenario, to_scenario

ROUNDTRIP_GAMES = int(os.environ.get("SPECIESGYM_ROUNDTRIP_GAMES", "1"))


def _round_trip(engine, state):
    text = json.dumps(to_scenario(engine, state))
    return load_scenario(json.loads(text))


def _play_on_identically(engine, state, engine2, state2, seed):
    """Both copies under the same random choices: same observations, masks and scores."""
    rng = np.random.default_rng(seed)
    while engine.to_move(state) >= 0:
        seat = engine.to_move(state)
        assert engine2.to_move(state2) == seat
        mask = engine.legal_mask(state)
        assert np.array_equal(mask, engine2.legal_mask(state2))
        for s in range(engine.num_players):
            assert np.array_equal(engine.observe(state, s), engine2.observe(state2, s))
        action = int(rng.choice(np.flatnonzero(mask)))
        engine.apply(state, action)
        engine2.apply(state2, action)
    assert engine2.to_move(state2) < 0
    for a, b in zip(engine.final(state), engine2.final(state2)):
        assert np.array_equal(a, b)
    assert state.tobytes() == state2.tobytes()


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_DS_SCEN_02_every_decision_saves_loads_and_continues_identically(players):
    decisions = 0
    for game in range(ROUNDTRIP_GAMES):
        engine = make_engine(players, forbid_useless_spaces=game % 2 == 1)
        state = engine.new_state(1000 * players + game)
        rng = np.random.default_rng(game)
        continue_at = 40 + 97 * (game + players)     # one decision per game is played out
        n = 0
        while True:
            engine2, state2 = _round_trip(engine, state)
            assert state2.tobytes() == state.tobytes(), f"game {game}, decision {decisions}"
            assert engine2.forbid_useless == engine.forbid_useless
            if n == continue_at and engine.to_move(state) >= 0:
                _play_on_identically(engine, state.copy(), engine2, state2, game)
            if engine.to_move(state) < 0:
                break
            engine.apply(state, int(rng.choice(np.flatnonzero(engine.legal_mask(state)))))
            decisions += 1
            n += 1
    assert decisions > ROUNDTRIP_GAMES * 100


def test_save_scenario_writes_a_file_that_names_its_game(tmp_path):
    engine = make_engine(3, forbid_useless_spaces=True)
    state = engine.new_state(5)
    rng = np.random.default_rng(5)
    for _ in range(300):
        engine.apply(state, int(rng.choice(np.flatnonzero(engine.legal_mask(state)))))
    path = tmp_path / "position.json"
    save_scenario(engine, state, path)
    assert scenario_game(path) == "dominant_species"
    engine2, state2 = load_scenario(str(path))
    assert state2.tobytes() == state.tobytes() and engine2.forbid_useless == 1
    data = json.loads(path.read_text())
    data["game"] = "evolution"
    with pytest.raises(ValueError, match="'game'"):
        load_scenario(data)


def test_env_reset_starts_from_a_scenario():
    engine = make_engine(2)
    state = engine.new_state(8)
    rng = np.random.default_rng(8)
    for _ in range(120):
        engine.apply(state, int(rng.choice(np.flatnonzero(engine.legal_mask(state)))))
    position = to_scenario(engine, state)
    e = env(num_players=2)
    e.reset(seed=1, options={"scenario": position})                   # the seed replaces rng
    seeded = to_scenario(e.unwrapped.engine, e.unwrapped.state_array)
    assert seeded["rng_word"] != position["rng_word"]
    assert {**seeded, "rng_word": 0} == {**position, "rng_word": 0}  # the same position
    e.reset(options={"scenario": position})                           # no seed: the scenario's
    assert e.unwrapped.state_array.tobytes() == state.tobytes()
    agent = e.agent_selection
    assert agent == f"player_{engine.to_move(state)}"
    obs = e.observe(agent)
    assert np.array_equal(obs["action_mask"], engine.legal_mask(state))
    assert np.array_equal(obs["observation"], engine.observe(state, engine.to_move(state)))
    e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    with pytest.raises(ValueError, match="3 players"):
        e.reset(options={"scenario": to_scenario(make_engine(3), make_engine(3).new_state(1))})
