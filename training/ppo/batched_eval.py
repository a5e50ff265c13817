"""The end-of-run evaluation of training (training.ppo.evaluation.evaluate) with every game of an
opponent played side by side in one BatchedEnv (`--vec batched`).

The games are the sequential evaluation's: one generator seeded with `seed` draws game k's
opponent and seed in the order the per-game env draws them (game k puts the learner in seat
k % P), and the opponents' draws do not depend on the order in which games are played. The
learner's policy acts for every running game in one `act_batch` call per round (PPO agents;
any other agent acts game by game); the sums run in game order, so the figures are the
sequential ones (up to float rounding of the batched forward pass, which could in principle
flip a near-tie between two actions).
"""
import numpy as np

from speciesgym.training.ppo.batched_env import BatchedEnv
from speciesgym.training.ppo.batched_opponents import is_batched_agent


def evaluate_batched(agent, game, num_players, opponent, n_games, seed, reward="win",
                     options=None):
    """(win share, mean reward, mean score) of `agent` against `opponent` in n_games games."""
    env = BatchedEnv(game, num_players, n_games, [opponent], reward=reward, options=options)
    rng = np.random.default_rng(seed)
    env.rngs = [rng] * n_games                 # one generator, drawn game after game
    for i in range(n_games):
        env.new_episode(i, None)
    games = np.arange(n_games, dtype=np.int64)
    env.start(games)
    results = np.zeros((n_games, 3))           # win, last reward, score per game
    while games.size:
        obs, masks = env.obs[games], env.masks[games].astype(bool)
        if is_batched_agent(agent):
            actions = agent.act_batch(obs, masks)
        else:
            actions = np.array([agent.act(o, m) for o, m in zip(obs, masks)], np.int64)
        rewards, dones, infos = env.play_learners(games, env.check_actions(actions, games))
        for k in np.flatnonzero(dones):
            results[games[k]] = (infos[k].get("win", 0.0), rewards[k],
                                 infos[k].get("score", 0.0))
        games = games[~dones]
    wins = rewards = scores = 0.0
    for win, rew, score in results:            # game order, as the sequential sums
        wins += win
        rewards += rew
        scores += score
    return wins / n_games, rewards / n_games, scores / n_games
