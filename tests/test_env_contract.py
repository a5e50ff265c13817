"""What every speciesgym env promises, checked for each game: end-of-game rewards in all
three modes, and a mask only for the agent to move."""
import numpy as np
import pytest

from speciesgym.envs.games import GAMES, package


def make(game, **kwargs):
    return package(game).env(**kwargs)


def play_out(e, seed):
    """Random legal play to the end; {agent: (final reward, final score)}."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    finals = {}
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        if term or trunc:
            finals[agent] = (reward, info["score"])
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(legal)))
    return finals


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 5])
def test_win_rewards_are_zero_sum_and_follow_scores(game, players):
    finals = play_out(make(game, num_players=players), seed=11)
    rewards = np.array([finals[a][0] for a in sorted(finals)])
    scores = np.array([finals[a][1] for a in sorted(finals)])
    assert abs(rewards.sum()) < 1e-9
    assert rewards[np.argmax(scores)] > 0
    assert rewards[np.argmin(scores)] <= 0


@pytest.mark.parametrize("game", GAMES)
def test_rank_and_score_rewards(game):
    ranked = play_out(make(game, num_players=4, reward="rank"), seed=5)
    scored = play_out(make(game, num_players=4, reward="score"), seed=5)
    assert abs(sum(r for r, _ in ranked.values())) < 1e-9
    for reward, score in scored.values():
        assert reward == score
    best = max(scored, key=lambda a: scored[a][1])
    assert ranked[best][0] == max(r for r, _ in ranked.values())


@pytest.mark.parametrize("game", GAMES)
def test_mask_only_for_the_agent_to_move(game):
    e = package(game).raw_env(num_players=3)
    e.reset(seed=2)
    for agent in e.possible_agents:
        mask = e.observe(agent)["action_mask"]
        assert mask.any() == (agent == e.agent_selection)
