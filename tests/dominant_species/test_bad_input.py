"""Bad input: options, actions and scenarios raise a ValueError naming the problem and
change nothing."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_

from speciesgym.envs.core.engine import checked_step
from speciesgym.envs.dominant_species import env, load_scenario, make_engine
from speciesgym.envs.dominant_species.actions import N_ACTIONS
from speciesgym.envs.dominant_species.scenario import KNOWN


@pytest.mark.parametrize("players", [0, 1, 7, "4", True])
def test_wrong_player_count(players):
    with pytest.raises(ValueError, match="num_players"):
        make_engine(players)


@pytest.mark.parametrize("animals, words", [
    (["mammal", "reptile"], "2 given for 3 players"),
    (["mammal", "reptile", "dodo"], "unknown animal 'dodo'"),
    (["mammal", "mammal", "bird"], "mammal chosen twice"),
    (["mammal", "reptile", 9], "unknown animal 9"),
])
def test_wrong_animal_list(animals, words):
    with pytest.raises(ValueError, match=words):
        make_engine(3, animals)


def test_unknown_option():
    with pytest.raises(ValueError, match="unknown option.*flight"):
        make_engine(4, flight=True)
    with pytest.raises(ValueError, match="forbid_useless_spaces must be true or false"):
        make_engine(4, forbid_useless_spaces="yes")


def test_illegal_action_raises_and_changes_nothing():
    engine = make_engine(4)
    state = engine.new_state(7)
    mask = engine.legal_mask(state)
    before = state.tobytes()
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="illegal action"):
        checked_step(engine, state, illegal)
    for bad in (-1, N_ACTIONS, 3.5, None, True):
        with pytest.raises(ValueError):
            checked_step(engine, state, bad)
    assert state.tobytes() == before


def test_illegal_action_through_the_env():
    e = env(num_players=3)
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    before = e.unwrapped.state_array.tobytes()
    with pytest.raises(ValueError, match="illegal action"):
        e.step(int(np.flatnonzero(mask == 0)[0]))
    assert e.unwrapped.state_array.tobytes() == before


BASE = {"animals": ["mammal", "reptile"]}


@pytest.mark.parametrize("patch, words", [
    ({"displays": {"mammal": {"meat": 2, "sun": 3, "seed": 2}}}, "displays.mammal: 7 elements"),
    ({"tiles": [{"hex": [0, 0], "terrain": "sea"}, {"hex": [1, 0], "terrain": "empty",
                                                   "cubes": {"mammal": 1}}]},
     r"tiles\[1\].cubes: cubes on an empty hex"),
    ({"boxes": {"Adaptation": {"sun": 19}}, "elements": [{"corner": 40, "type": "sun"},
                                                          {"corner": 41, "type": "sun"}]},
     "21 sun elements"),
    ({"tiles": [{"hex": [0, 3], "terrain": "sea"}]}, r"tiles\[0\].hex"),
    ({"tiles": [{"hex": [0, 0], "terrain": "lava"}]}, r"tiles\[0\].terrain: unknown name 'lava'"),
    ({"elements": [{"corner": 0, "type": "meat"}]}, r"elements\[0\]: corner 0 touches no tile"),
    ({"gene": {"mammal": 3}}, "gene.mammal"),
    ({"spaces": {"Regression": [None, None, "mammal"]}}, "belongs to the reptile"),
    ({"spaces": {"Domination": ["mammal"] * 6}}, "spaces.Domination: Domination has spaces 1..5"),
    ({"pawns": {"mammal": 11}}, r"pawns.mammal: 11 is outside 0..10"),
    ({"initiative": ["mammal"]}, "initiative"),
    ({"faceup": ["Predator", "Predator"]}, "a card appears twice"),
    ({"start": "lunch"}, "start"),
    ({"tiles": [{"hex": [q, 0], "terrain": "desert"} for q in range(-3, 2)]},
     "5 desert tiles, the game has 4"),
    ({"stacks": [["sea"] * 8, [], []]}, "8 sea tiles, the game has 7"),
    ({"colour": "red"}, "unknown field"),
    ({"hibernating": [1]}, r"hibernating\[0\]: expected an object"),
    ({"ice_age": "maybe"}, "ice_age: expected true or false"),
    ({"tiles": [{"hex": [0, 0], "terrain": "sea", "cubes": {"mammal": -1}}]},
     r"tiles\[0\].cubes.mammal: -1 is outside"),
    ({"decision": {"sub": 999}}, "decision.sub"),
    ({"animals": ["mammal"]}, "animals: 1 animals"),
])
def test_bad_scenarios_name_the_field(patch, words):
    with pytest.raises(ValueError, match=words):
        load_scenario({**BASE, **patch})


def test_missing_scenario_file():
    with pytest.raises(ValueError, match="not found"):
        load_scenario("/nonexistent/scenario.json")


_json = st_.recursive(st_.none() | st_.booleans() | st_.integers(-3, 60) | st_.sampled_from(
    ["mammal", "reptile", "sea", "tundra", "meat", "Domination", "Predator", "x"]),
    lambda inner: st_.lists(inner, max_size=4) | st_.dictionaries(
        st_.sampled_from(["hex", "terrain", "cubes", "type", "corner", "hexes", "mammal", "meat",
                          "execute", "card", "taker", "slot", "n", "animal", "Adaptation"]),
        inner, max_size=3), max_leaves=12)


@settings(max_examples=200, deadline=None)
@given(st_.dictionaries(st_.sampled_from(sorted(KNOWN - {"animals"})), _json, max_size=3))
def test_any_malformed_scenario_gives_a_value_error_or_a_valid_position(patch):
    try:
        engine, state = load_scenario({**BASE, **patch})
    except ValueError:
        return
    check_invariants_loose(engine, state)


def check_invariants_loose(engine, state):
    """A scenario that loads is a position the rules can continue from."""
    st = state[0]
    assert (st["bag"] >= 0).all() and (st["gene"] >= 0).all()
    assert engine.to_move(state) < 0 or engine.legal_mask(state).sum() > 0
