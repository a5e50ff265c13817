"""from_spec names every agent kind; bad specs raise a ValueError naming the problem."""
import pytest

from speciesgym.agents import from_spec
from speciesgym.agents.mcts import MCTSAgent
from speciesgym.agents.random_agent import RandomAgent


def test_known_specs():
    assert isinstance(from_spec("random", "evolution", 4), RandomAgent)
    agent = from_spec("mcts:25", "dominant_species", 3, seed=1)
    assert isinstance(agent, MCTSAgent) and agent.simulations == 25
    assert agent.name == "mcts:25"
    from speciesgym.agents.compiled import CompiledPolicyAgent
    greedy = from_spec("greedy", "evolution", 2, seed=3)
    assert isinstance(greedy, CompiledPolicyAgent) and greedy.name == "greedy"


@pytest.mark.parametrize("spec, match", [
    ("alphazero", "unknown agent spec 'alphazero'"),
    ("", "non-empty"),
    ("random:3", "takes no argument"),
    ("greedy:2", "'greedy' takes no argument"),
    ("mcts", "positive number of simulations"),
    ("mcts:abc", "'mcts:abc'"),
    ("mcts:0", "'mcts:0'"),
    ("mcts:-5", "'mcts:-5'"),
    ("heuristic", "unknown heuristic style ''"),
    ("heuristic:turtle", "unknown heuristic style 'turtle'"),
    ("heuristic:dominator", "unknown heuristic style 'dominator' for evolution"),
    ("ppo:", "checkpoint path"),
])
def test_bad_specs(spec, match):
    with pytest.raises(ValueError, match=match):
        from_spec(spec, "evolution", 4)


def test_unknown_game():
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        from_spec("random", "chess", 2)


def test_ppo_missing_module_or_file_is_a_value_error(tmp_path):
    with pytest.raises((ValueError, FileNotFoundError)) as err:
        from_spec(f"ppo:{tmp_path / 'nope.zip'}", "evolution", 2)
    assert "nope.zip" in str(err.value) or "PPO agent" in str(err.value)
