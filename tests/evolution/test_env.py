"""The PettingZoo env: API and seed tests for every player count, registry, options,
rendering, and bad options."""
import pettingzoo
import pytest
from pettingzoo.test import api_test, seed_test

from speciesgym.envs.evolution.aec_env import env, raw_env

COUNTS = [2, 3, 4, 5, 6]


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("flight", [True, False])
def test_api(players, flight):
    api_test(env(num_players=players, flight=flight), num_cycles=200)


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("flight", [True, False])
def test_seed(players, flight):
    seed_test(lambda: env(num_players=players, flight=flight), num_cycles=200)


def test_registered_with_pettingzoo():
    import speciesgym.envs.registry  # noqa: F401
    e = pettingzoo.make("aec", "speciesgym/evolution-v0", num_players=3)
    e.reset(seed=3)
    assert e.possible_agents == ["player_0", "player_1", "player_2"]


def test_ansi_render_shows_every_player():
    e = raw_env(num_players=3, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    for p in range(3):
        assert f"player_{p}:" in text
    assert "watering hole" in text


@pytest.mark.parametrize("kwargs, word", [
    ({"num_players": 1}, "num_players"),
    ({"num_players": 7}, "num_players"),
    ({"num_players": 4, "reward": "money"}, "reward"),
    ({"num_players": 4, "render_mode": "window"}, "render_mode"),
    ({"num_players": 4, "flight": "yes"}, "flight"),
])
def test_bad_options_raise_naming_them(kwargs, word):
    with pytest.raises(ValueError, match=word):
        raw_env(**kwargs)


def test_package_factory_stays_a_function_after_the_env_module_is_imported():
    import speciesgym.envs.evolution
    import speciesgym.envs.evolution.aec_env  # noqa: F401
    e = speciesgym.envs.evolution.env(num_players=2)
    e.reset(seed=0)
    assert e.agent_selection in ("player_0", "player_1")


def test_scenario_paths_and_finished_tables():
    """A scenario loads from a pathlib.Path as from a str; a finished game's table says
    nobody is to move (not player_-1)."""
    import pathlib

    from speciesgym.agents.random_agent import RandomAgent
    from speciesgym.envs.evolution import load_scenario
    path = pathlib.Path(__file__).parents[2] / "scenarios" / "evolution" / "carnivore_standoff.json"
    engine, state = load_scenario(path)
    _, again = load_scenario(str(path))
    assert state.tobytes() == again.tobytes()
    bot = RandomAgent(seed=1)
    while engine.to_move(state) >= 0:
        engine.apply(state, bot.act(None, engine.legal_mask(state)))
    text = engine.render_text(state)
    assert "to move: -" in text and "player_-1" not in text
