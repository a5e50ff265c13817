"""Scenarios round trip: at every decision of random games, to_scenario -> JSON text ->
load_scenario gives the same state byte for byte, and a loaded copy plays on exactly like the
original. Files written by save_scenario name their game; env.reset starts from them.

`make test` plays 10 games per player count (every decision of each); `make soak` sets
SPECIESGYM_ROUNDTRIP_GAMES=50 for the full sweep (minutes), and CI runs both."""
import json
import os

import numpy as np
import pytest

from speciesgym.envs.evolution import load_scenario, make_engine, save_scenario, to_scenario
from speciesgym.envs.evolution.aec_env import raw_env

# per player count, Flight on for even game numbers, off for odd
GAMES_PER_COUNT = int(os.environ.get("SPECIESGYM_ROUNDTRIP_GAMES", "10"))
CONTINUE_EVERY = 10         # every 10th game is also continued from a copy to the end


def _continue_both(engine, a, b, rng):
    """Play both states to the end with the same moves; every observation, mask and the
    final scores agree."""
    while engine.to_move(a) >= 0:
        mask = engine.legal_mask(a)
        assert (mask == engine.legal_mask(b)).all()
        for seat in range(engine.num_players):
            assert (engine.observe(a, seat) == engine.observe(b, seat)).all()
        action = int(rng.choice(np.flatnonzero(mask)))
        engine.apply(a, action)
        engine.apply(b, action)
    assert engine.to_move(b) < 0 and a.tobytes() == b.tobytes()
    assert engine.final(a)[0].tolist() == engine.final(b)[0].tolist()


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_decision_round_trips_through_json(players):
    rng = np.random.default_rng(players)
    for g in range(GAMES_PER_COUNT):
        engine = make_engine(players, flight=g % 2 == 0)
        state = engine.new_state(100 * players + g)
        pick = rng.integers(1, 300) if g % CONTINUE_EVERY == 0 else -1
        decision = 0
        while True:
            text = json.dumps(to_scenario(engine, state))
            loaded_engine, loaded = load_scenario(json.loads(text))
            assert loaded.tobytes() == state.tobytes(), f"game {g} decision {decision}"
            if decision == pick or (pick > 0 and engine.to_move(state) < 0):
                _continue_both(engine, state, loaded, np.random.default_rng(g))
                break
            if engine.to_move(state) < 0:
                break
            engine.apply(state, int(rng.choice(np.flatnonzero(engine.legal_mask(state)))))
            decision += 1
        assert (loaded_engine.num_players, loaded_engine.flight) == (players, g % 2 == 0)


def test_saved_file_names_its_game_and_starts_the_env(tmp_path):
    engine = make_engine(3)
    state = engine.new_state(9)
    rng = np.random.default_rng(0)
    for _ in range(40):
        engine.apply(state, int(rng.choice(np.flatnonzero(engine.legal_mask(state)))))
    path = tmp_path / "position.json"
    save_scenario(engine, state, path)
    assert json.loads(path.read_text())["game"] == "evolution"
    env = raw_env(num_players=3)
    env.reset(options={"scenario": str(path)})
    assert env.state_array.tobytes() == state.tobytes()
    seat = engine.to_move(state)
    obs = env.observe(f"player_{seat}")
    assert (obs["observation"] == engine.observe(state, seat)).all()
    assert (obs["action_mask"] == engine.legal_mask(state)).all()
    env.reset(options={"scenario": to_scenario(engine, state)})
    assert env.state_array.tobytes() == state.tobytes()


def test_env_refuses_a_position_for_another_player_count(tmp_path):
    engine = make_engine(3)
    path = tmp_path / "three.json"
    save_scenario(engine, engine.new_state(1), path)
    env = raw_env(num_players=4)
    with pytest.raises(ValueError, match="3 players, this env has 4"):
        env.reset(options={"scenario": str(path)})


def test_a_scenario_for_another_game_is_refused():
    engine = make_engine(2)
    data = {"game": "dominant_species", **to_scenario(engine, engine.new_state(0))}
    with pytest.raises(ValueError, match="game"):
        load_scenario(data)
