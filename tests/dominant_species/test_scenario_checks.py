"""Loaders check everything they accept: a scenario that loads passes every invariant of
tests/dominant_species/invariants.py and plays to the end with them holding; anything else
is a ValueError naming the field. Property tests draw positions from random play and
mutate them at random; named cases pin the holes of issue 8."""
import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from speciesgym.envs.core.rng import seed_word
from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species import load_scenario, make_engine, to_scenario
from speciesgym.envs.dominant_species.engine import random_playout
from speciesgym.envs.dominant_species.state import STATE_DTYPE
from tests.dominant_species.invariants import ERRORS, OK, STUCK, check, play_checked

BASE = {"animals": ["mammal", "reptile"]}
CHECKED_STEPS = 60
NAMES = sorted({*D.ANIMAL_NAMES, *D.ELEM_NAMES, *D.TERRAIN_NAMES, *D.CARD_NAMES,
                *D.ACTION_NAMES, *D.BOX_NAMES, "planning", "reset", "execute", "card"})


def position(players, seed, steps, forbid):
    """A scenario dict of the game `seed` after `steps` random decisions."""
    engine = make_engine(players, forbid_useless_spaces=forbid)
    state = engine.new_state(seed)
    picker = np.zeros(1, STATE_DTYPE)
    picker[0]["rng"] = seed_word(seed + 1)
    random_playout(state, picker, steps)
    return to_scenario(engine, state)


def assert_sound(engine, state, checked_steps=CHECKED_STEPS):
    """The loaded position passes the invariants; random play from it keeps them for
    `checked_steps` decisions (checked after each) and reaches the end, where they hold."""
    code = check(state[0])
    assert code == OK, ERRORS[code]
    picker = np.zeros(1, STATE_DTYPE)
    picker[0]["rng"] = seed_word(7)
    play = state.copy()
    code, _, step, _ = play_checked(play, picker[0], checked_steps)
    assert code in (OK, STUCK), f"{ERRORS[code]} at step {step} after loading"
    random_playout(play, picker, 200000)
    assert play[0]["phase"] == 3, "the game did not end"
    code = check(play[0])
    assert code == OK, f"{ERRORS[code]} at the end"


def load_or_refuse(data):
    try:
        engine, state = load_scenario(data)
    except ValueError:
        return None
    assert_sound(engine, state)
    return engine, state


positions = st_.builds(position, st_.integers(2, 6), st_.integers(0, 10 ** 6),
                       st_.integers(0, 2500), st_.booleans())
values = (st_.integers(-3, 60) | st_.sampled_from([-129, -1, 0, 1, 7, 8, 11, 12, 127, 128,
                                                   2 ** 15, 2 ** 64]) |
          st_.sampled_from(NAMES) | st_.none() | st_.booleans() |
          st_.lists(st_.integers(-1, 40), max_size=3) | st_.just({}))


@st_.composite
def mutated(draw):
    """A position with one value somewhere inside replaced, deleted or duplicated."""
    data = draw(positions)
    if draw(st_.booleans()):
        del data["decision"]                          # start from the board at planning
    node, key = data, None
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        key = draw(st_.sampled_from(keys))
        child = node[key]
        if not isinstance(child, (dict, list)) or not child or draw(st_.integers(0, 2)) == 0:
            break
        node = child
    if key is None:
        return data
    how = draw(st_.integers(0, 5))
    if how == 0 and isinstance(node, dict) and key != "animals":
        del node[key]
    elif how == 1 and isinstance(node, list):
        node.insert(key, node[key])                  # a duplicated tile, card, element...
    else:
        node[key] = draw(values)
    return data


@settings(max_examples=100, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(positions)
def test_positions_of_random_play_load_soundly_with_or_without_their_decision(data):
    assert load_or_refuse(data) is not None
    del data["decision"]
    assert load_or_refuse(data) is not None           # the board alone starts at planning


def sweep_mutations(n):
    """n mutated positions, each loading soundly or refused (run by the bounds-checked
    subset in test_random_play too)."""
    @settings(max_examples=n, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(mutated())
    def sweep(data):
        load_or_refuse(json.loads(json.dumps(data)))
    sweep()


def test_a_mutated_position_loads_soundly_or_is_refused():
    sweep_mutations(1500)


def test_DS_SCEN_01_the_minimal_scenario_is_a_whole_game():
    engine, state = load_scenario(BASE)
    assert_sound(engine, state)
    st = state[0]
    assert (st["terrain"] > 0).sum() + st["stack_face"].astype(bool).sum() + sum(
        8 - st["stack_next"]) == 31 and st["tundra_left"] == 11


def _saved():
    return position(3, 17, 400, False)


@pytest.mark.parametrize("mutate, words", [
    (lambda d: d["stacks"][0].append(d["stacks"][0][-1]), "stacks"),
    (lambda d: d["stacks"][1].__setitem__(-1, d["stacks"][0][-1]), "stacks|tiles"),
    (lambda d: d.__setitem__("tundra_left", d["tundra_left"] - 1), "tundra_left"),
    (lambda d: d.__setitem__("start", "planning"), "start: give either"),
    (lambda d: d["decision"].__setitem__("ctx_k", 9), "decision.ctx_k"),
    (lambda d: d["decision"].__setitem__("sub", 0), "decision.sub"),
])
def test_named_holes_of_a_saved_position(mutate, words):
    data = _saved()
    mutate(data)
    with pytest.raises(ValueError, match=words):
        load_scenario(data)


def test_DS_SCEN_03_start_and_decision_together_is_an_error():
    data = _saved()
    load_scenario(data)
    with pytest.raises(ValueError, match="start: give either start or decision"):
        load_scenario({**data, "start": "reset"})


@pytest.mark.parametrize("start, words", [
    ({"execute": "Speciation", "slot": 1, "colour": "red"}, "start: unknown key"),
    ({"card": "Predator", "taker": "mammal", "when": 1}, "start: unknown key"),
    ({"card": "Predator", "taker": "mammal", "scored_hex": [3, -3]}, "start.scored_hex"),
])
def test_start_refuses_what_it_does_not_know(start, words):
    with pytest.raises(ValueError, match=words):
        load_scenario({**BASE, "start": start})


def test_file_encoding(tmp_path):
    bom = tmp_path / "bom.json"
    bom.write_bytes(b"\xef\xbb\xbf" + json.dumps(BASE).encode())
    assert_sound(*load_scenario(str(bom)))
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"animals": ["mammal", "rept\xffile"]}')
    with pytest.raises(ValueError, match="bad.json.*UTF-8"):
        load_scenario(str(bad))
