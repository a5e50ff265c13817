"""`py:<module>.<Name>` agent specs: any importable class or factory function, called with
the arguments it names; a bad name is a ValueError saying what is wrong."""
import pytest

from speciesgym.agents import from_spec
from speciesgym.agents.random_agent import RandomAgent
from speciesgym.agents.spec import py_factory
from tests.training import bad_bots

BOTS = "py:tests.training.bad_bots."


def test_a_class_and_a_factory_function_are_built():
    agent = from_spec(BOTS + "Raises", "evolution", 2, seed=5)
    assert isinstance(agent, bad_bots.Raises)
    twin = from_spec(BOTS + "Raises", "evolution", 2, seed=5)
    assert agent.rng.integers(1 << 30) == twin.rng.integers(1 << 30)    # the seed was passed
    made = from_spec(BOTS + "make_random", "dominant_species", 3, seed=1)
    assert isinstance(made, RandomAgent)        # make_random asserts the game and players given
    assert py_factory(BOTS + "make_hang") is bad_bots.make_hang


def test_a_factory_taking_keyword_arguments_gets_them_all(monkeypatch):
    seen = {}

    def factory(**kwargs):
        seen.update(kwargs)
        return RandomAgent(kwargs["seed"])
    monkeypatch.setattr(bad_bots, "anything", factory, raising=False)
    from_spec(BOTS + "anything", "evolution", 4, seed=9)
    assert seen == {"game": "evolution", "num_players": 4, "seed": 9}


@pytest.mark.parametrize("spec, match", [
    ("py:", "py needs a module and a name"),
    ("py:Greedy", "py needs a module and a name"),
    ("py:nosuchmodule_xyz.Greedy", "cannot import 'nosuchmodule_xyz'"),
    (BOTS + "Nope", "module 'tests.training.bad_bots' has no 'Nope'"),
    (BOTS + "NOT_CALLABLE", "has type int, not a class or factory"),
    (BOTS + "NoAct", "made a NoAct, which has no act"),
])
def test_bad_py_specs(spec, match):
    with pytest.raises(ValueError, match=match):
        from_spec(spec, "evolution", 2)
