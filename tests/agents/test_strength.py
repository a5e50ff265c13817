"""Strength, measured: each heuristic beats three random players in 4-player games by a wide
margin, and MCTS with more simulations beats MCTS with fewer. Each claim is a one-sided
binomial test against the null hypothesis "as strong as the others" (win share 1/players),
at a level small enough that a run at these sample sizes does not fail by chance
(the measured win rates sit far above the thresholds, see the report in agents/README.md).
The simulation tests switch the heuristic prior off: they measure what search alone adds
(with the prior, mcts:1 already plays like the heuristic)."""
from math import comb

import pytest

from speciesgym.agents import from_spec
from speciesgym.agents.mcts import MCTSAgent
from speciesgym.agents.runner import play_match


def binomial_tail(k, n, p):
    """P(X >= k) for X ~ Binomial(n, p)."""
    return sum(comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


@pytest.mark.parametrize("game, style", [("evolution", "grazer"), ("evolution", "hunter"),
                                         ("dominant_species", "dominator"),
                                         ("dominant_species", "spreader")])
def test_heuristic_beats_random_in_four_player_games(game, style):
    n = 24
    agents = [from_spec(f"heuristic:{style}", game, 4, seed=1)]
    agents += [from_spec("random", game, 4, seed=10 + i) for i in range(3)]
    res = play_match(game, 4, agents, n_games=n, seed=500)
    wins = int(res.wins[0])
    assert wins / n >= 0.75, res.summary()
    assert binomial_tail(wins, n, 0.25) < 1e-6, res.summary()
    assert res.mean_rank_reward[0] > 0.8


def test_more_simulations_beat_fewer_in_evolution():
    n = 24
    strong, weak = MCTSAgent(24, prior=False, seed=1), MCTSAgent(1, prior=False, seed=2)
    weak.name = "mcts:1"
    res = play_match("evolution", 2, [strong, weak], n_games=n, seed=700)
    wins = int(res.wins[0])
    assert binomial_tail(wins, n, 0.5) < 0.05, res.summary()


def test_more_simulations_beat_fewer_in_dominant_species():
    n = 8
    strong, weak = MCTSAgent(10, prior=False, seed=3), MCTSAgent(1, prior=False, seed=4)
    weak.name = "mcts:1"
    res = play_match("dominant_species", 2, [strong, weak], n_games=n, seed=900)
    wins = int(res.wins[0])
    assert binomial_tail(wins, n, 0.5) < 0.05, res.summary()
