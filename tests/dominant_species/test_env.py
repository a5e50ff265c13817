"""The PettingZoo env: API and seed tests for every player count, registry, rewards,
observation contents, rendering, and the import boundary."""
import subprocess
import sys

import numpy as np
import pettingzoo
import pytest
from pettingzoo.test import api_test, seed_test

from speciesgym.envs.dominant_species import env, raw_env
from speciesgym.envs.dominant_species.observe import LAYOUT, OBS_SIZE

COUNTS = [2, 3, 4, 5, 6]


@pytest.mark.parametrize("players", COUNTS)
def test_api(players):
    api_test(env(num_players=players), num_cycles=300)


@pytest.mark.parametrize("players", COUNTS)
def test_seed(players):
    seed_test(lambda: env(num_players=players), num_cycles=300)


def test_registered_with_pettingzoo():
    e = pettingzoo.make("aec", "speciesgym/dominant_species-v0", num_players=3,
                        animals=["bird", "insect", "mammal"])
    e.reset(seed=3)
    assert e.possible_agents == ["player_0", "player_1", "player_2"]
    assert list(e.unwrapped.state_array[0]["seat_animal"][:3]) == [2, 5, 0]


def test_default_animals_come_from_the_seed():
    e = raw_env(num_players=3)
    drawn = set()
    for seed in range(8):
        e.reset(seed=seed)
        drawn.add(tuple(e.state_array[0]["seat_animal"][:3]))
    e.reset(seed=4)
    again = tuple(e.state_array[0]["seat_animal"][:3])
    e.reset(seed=4)
    assert tuple(e.state_array[0]["seat_animal"][:3]) == again
    assert len(drawn) > 1


def test_observation_hides_deck_and_stack_order():
    """Two games that differ only in the hidden deck and stack order look the same."""
    e = raw_env(num_players=4, animals=["mammal", "reptile", "bird", "insect"])
    e.reset(seed=9)
    st = e.state_array[0]
    before = {a: e.observe(a)["observation"].copy() for a in e.possible_agents}
    hidden_deck = st["deck"][st["deck_ptr"]:st["deck_len"] - 1].copy()
    st["deck"][st["deck_ptr"]:st["deck_len"] - 1] = hidden_deck[::-1]
    for s in range(3):
        rest = st["stack_tiles"][s, st["stack_next"][s]:].copy()
        st["stack_tiles"][s, st["stack_next"][s]:] = rest[::-1]
    for a in e.possible_agents:
        assert np.array_equal(e.observe(a)["observation"], before[a])
    assert sum(n for _, n in LAYOUT) == OBS_SIZE == before["player_0"].size


def test_observation_says_who_is_looking():
    e = raw_env(num_players=2, animals=["amphibian", "arachnid"])
    e.reset(seed=1)
    o0 = e.observe("player_0")["observation"]
    o1 = e.observe("player_1")["observation"]
    assert o0[3] == 1 and o1[4] == 1 and not np.array_equal(o0, o1)


def test_ansi_render_shows_earth_display_scores_and_cards():
    e = raw_env(num_players=3, animals=["mammal", "bird", "insect"], render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    for word in ("mammal", "bird", "insect", "Earth:", "Action display:", "Face-up cards:",
                 "tundra", "VP"):
        assert word in text


def test_engine_modules_do_not_import_pettingzoo():
    code = ("import sys\n"
            "import speciesgym.envs.dominant_species, speciesgym.envs.dominant_species.rules, speciesgym.envs.dominant_species.engine\n"
            "import speciesgym.envs.dominant_species.scenario, speciesgym.envs.dominant_species.observe\n"
            "import speciesgym.envs.dominant_species.render\n"
            "bad = [m for m in sys.modules if m.split('.')[0] in ('pettingzoo', 'gymnasium')]\n"
            "print('LOADED', bad)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    assert "LOADED []" in out.stdout
