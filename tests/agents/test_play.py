"""Every agent kind plays full games of both games for 2..6 players through the checked
runner (an illegal action would raise)."""
import numpy as np
import pytest

from speciesgym.agents import from_spec
from speciesgym.agents.runner import GameResult, play_game, play_match

GAMES = ["evolution", "dominant_species"]
KINDS = {"evolution": ["random", "search:2", "heuristic:grazer", "heuristic:hunter", "mcts:3"],
         "dominant_species": ["random", "search:2", "heuristic:dominator", "heuristic:spreader",
                              "mcts:2"]}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("game", GAMES)
def test_every_agent_kind_plays_full_games(game, players):
    specs = KINDS[game]
    seats = [specs[i % len(specs)] for i in range(players)]
    agents = [from_spec(s, game, players, seed=i) for i, s in enumerate(seats)]
    res = play_game(game, players, agents, seed=players)
    assert isinstance(res, GameResult)
    assert res.scores.shape == (players,) and res.winners.any()
    assert res.decisions > 50
    assert abs(res.rewards_rank.sum()) < 1e-9


def test_runner_rejects_an_illegal_action():
    class Stubborn:
        name, wants_infoset = "stubborn", False

        def reset(self, seat, num_players):
            pass

        def act(self, observation, action_mask):
            return int(np.flatnonzero(action_mask == 0)[0])

    with pytest.raises(ValueError, match="illegal action"):
        play_game("evolution", 2, [Stubborn(), from_spec("random", "evolution", 2)], seed=0)


def test_match_rotates_seats_and_is_reproducible():
    def run():
        agents = [from_spec("random", "evolution", 3, seed=i) for i in range(3)]
        return play_match("evolution", 3, agents, n_games=6, seed=10)
    a, b = run(), run()
    assert a.games == 6 and abs(a.wins.sum() - 6) < 1e-9
    assert np.array_equal(a.wins, b.wins) and np.array_equal(a.score, b.score)
    assert [seats for seats, _ in a.results[:3]] == [[0, 1, 2], [1, 2, 0], [2, 0, 1]]


def test_random_act_batch_is_legal_and_uniform():
    agent = from_spec("random", "evolution", 2, seed=0)
    masks = np.zeros((4000, 5), np.int8)
    masks[:, [1, 3, 4]] = 1
    actions = agent.act_batch(np.zeros((4000, 3), np.float32), masks)
    counts = np.bincount(actions, minlength=5)
    assert counts[0] == counts[2] == 0
    assert all(abs(c / 4000 - 1 / 3) < 0.04 for c in counts[[1, 3, 4]])
    with pytest.raises(ValueError, match="empty action mask"):
        agent.act_batch(np.zeros((1, 3)), np.zeros((1, 5), np.int8))
