"""Bad input: illegal actions and malformed scenarios raise ValueError and change nothing."""
import copy

import numpy as np
import pytest

from speciesgym.envs.core.engine import checked_step
from speciesgym.envs.evolution import load_scenario, make_engine
from speciesgym.envs.evolution.actions import BLOCKS, N_ACTIONS
from speciesgym.envs.evolution.aec_env import raw_env
from tests.evolution.helpers import seat, sp


def test_illegal_action_raises_naming_action_and_phase_and_changes_nothing():
    engine = make_engine(3)
    state = engine.new_state(4)
    before = state.copy()
    illegal = int(np.flatnonzero(engine.legal_mask(state) == 0)[0])
    with pytest.raises(ValueError) as err:
        checked_step(engine, state, illegal)
    assert str(illegal) in str(err.value) and "SELECT_FOOD" in str(err.value)
    assert state.tobytes() == before.tobytes()


@pytest.mark.parametrize("action", [-1, N_ACTIONS, 10**9, 2.5, "3", None, True])
def test_out_of_range_or_non_integer_actions_raise(action):
    e = raw_env(num_players=2)
    e.reset(seed=0)
    before = e.state_array.copy()
    with pytest.raises(ValueError):
        e.step(action)
    assert e.state_array.tobytes() == before.tobytes()


def test_unknown_engine_option_is_named():
    with pytest.raises(ValueError, match="climate"):
        make_engine(4, climate=True)


BASE = {"players": 2, "phase": "feeding", "turn": 0, "watering_hole": 2,
        "seats": [seat(species=[sp(pop=2)]), seat(species=[sp()])]}


def _with(path, value):
    data = copy.deepcopy(BASE)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize("data, message", [
    (_with(["players"], 7), "players"),
    (_with(["seats"], [seat()]), "seats"),
    (_with(["seats", 0, "species", 0, "traits"], ["Carnivore", "Horns", "Burrowing"]),
     "limit"),
    (_with(["seats", 0, "species", 0, "traits"], ["Horns", "Horns"]), "same name"),
    (_with(["seats", 0, "species", 0, "body"], 7), "body"),
    (_with(["seats", 0, "species", 0, "food"], 3), "food"),
    (_with(["seats", 0, "hand"], ["Carnivore:99"]), "food value"),
    (_with(["seats", 0, "hand"], ["Unicorn"]), "unknown card"),
    (_with(["seats", 0, "hand"], ["Long Neck:9", "Long Neck:9"]), "two places"),
    (_with(["phase"], "lunch"), "phase"),
    (_with(["watering_hole"], -1), "watering_hole"),
    (_with(["seats", 1, "species", 0, "avian"], "yes"), "avian"),
    (_with(["colour"], "red"), "colour"),
])
def test_malformed_scenarios_name_the_problem(data, message):
    with pytest.raises(ValueError, match=message):
        load_scenario(data)


def test_a_card_in_two_places_is_refused():
    data = _with(["seats", 0, "hand"], ["Long Neck:9"])
    data["discard"] = ["Long Neck:9"]
    with pytest.raises(ValueError, match="two places"):
        load_scenario(data)


def test_four_traits_with_three_players_is_refused():
    data = _with(["players"], 3)
    data["seats"].append(seat(species=[sp()]))
    data["seats"][0]["species"][0]["traits"] = ["Horns", "Burrowing", "Climbing", "Fertile"]
    with pytest.raises(ValueError, match="limit is 3"):
        load_scenario(data)


def test_missing_scenario_file_is_named(tmp_path):
    missing = tmp_path / "nope.json"
    with pytest.raises(ValueError, match="nope.json"):
        load_scenario(str(missing))


def test_card_block_names_are_readable():
    engine = make_engine(2)
    state = engine.new_state(0)
    name = engine.action_name(state, BLOCKS.encode("CARD", 0))
    assert name == "food card: Carnivore (0)"


# The fast engine API checks its integer arguments and the state array ----------------------

@pytest.mark.parametrize("seat", [-1, 3, 6, 10**6, 1.0, None, True])
def test_observe_with_a_seat_outside_the_table_raises(seat):
    engine = make_engine(3)
    state = engine.new_state(1)
    before = state.copy()
    with pytest.raises(ValueError, match="seat"):
        engine.observe(state, seat)
    assert state.tobytes() == before.tobytes()


@pytest.mark.parametrize("action", [5000, -1, N_ACTIONS, 2.0, "1", None, False])
def test_apply_outside_the_action_range_raises_and_changes_nothing(action):
    engine = make_engine(3)
    state = engine.new_state(1)
    before = state.copy()
    with pytest.raises(ValueError, match="action"):
        engine.apply(state, action)
    assert state.tobytes() == before.tobytes()


def test_apply_after_the_end_raises():
    engine = make_engine(2)
    state = engine.new_state(1)
    rng = np.random.default_rng(0)
    while engine.to_move(state) >= 0:
        engine.apply(state, int(rng.choice(np.flatnonzero(engine.legal_mask(state)))))
    with pytest.raises(ValueError, match="over"):
        engine.apply(state, BLOCKS.encode("DONE", 0))


@pytest.mark.parametrize("make", [
    lambda s: s[0], lambda s: np.concatenate([s, s]), lambda s: s.view(np.uint8),
    lambda s: s.tolist(), lambda s: np.zeros(1, np.dtype([("rng", np.uint64)]))])
def test_a_state_that_is_not_one_evolution_record_raises(make):
    engine = make_engine(2)
    bad = make(engine.new_state(0))
    for call in (lambda: engine.to_move(bad), lambda: engine.legal_mask(bad),
                 lambda: engine.apply(bad, 0), lambda: engine.observe(bad, 0),
                 lambda: engine.final(bad)):
        with pytest.raises(ValueError, match="state"):
            call()
