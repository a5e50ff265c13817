"""The JSON scenario format: example files load and render, positions round-trip."""
import json
import pathlib

import numpy as np

from speciesgym.envs.dominant_species import load_scenario, make_engine, to_scenario
from speciesgym.training.cli import main as cli_main

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "scenarios" / "dominant_species").glob("*.json"))


def test_example_scenarios_load_and_show(capsys):
    assert EXAMPLES
    for path in EXAMPLES:
        engine, state = load_scenario(str(path))
        assert engine.legal_mask(state).sum() > 0
        assert cli_main(["show", "--game", "dominant_species", str(path)]) == 0
        assert "Action display:" in capsys.readouterr().out


def _random_steps(engine, state, n, seed):
    rng = np.random.default_rng(seed)
    names = []
    for _ in range(n):
        if engine.to_move(state) < 0:
            break
        a = int(rng.choice(np.flatnonzero(engine.legal_mask(state))))
        names.append(engine.action_name(state, a))
        engine.apply(state, a)
    return names


def test_positions_round_trip_through_json():
    for players, seed in ((2, 1), (5, 2)):
        engine = make_engine(players)
        state = engine.new_state(seed)
        _random_steps(engine, state, 150 * players, seed)
        data = json.loads(json.dumps(to_scenario(engine, state)))
        engine2, state2 = load_scenario(data)
        assert to_scenario(engine2, state2) == data
        assert np.array_equal(engine.legal_mask(state), engine2.legal_mask(state2))
        for seat in range(players):
            assert np.array_equal(engine.observe(state, seat), engine2.observe(state2, seat))
        assert _random_steps(engine, state, 300, 9) == _random_steps(engine2, state2, 300, 9)


def test_cli_plays_a_game_between_random_agents(capsys):
    assert cli_main(["play", "--game", "dominant_species", "--players", "2", "--seed", "3",
                     "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "(winner)" in out and "Face-up cards:" in out
