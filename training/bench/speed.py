"""Benchmarks: random masked play through the engine (batched kernels, one core) and through
the AEC env. Figures are printed, never asserted by tests. `bench --compare` (the same kinds
of play for both games beside PettingZoo and OpenSpiel games) is training/bench/compare.py."""
import time

import numpy as np

from speciesgym.training.games import game_module


def play_aec(env, n_games, seed, choose):
    """Decisions made in `n_games` games of a PettingZoo AEC env (game g reset with seed + g),
    each decision `choose(action_mask)`."""
    decisions = 0
    for g in range(n_games):
        env.reset(seed=seed + g)
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(choose(obs["action_mask"]))
            decisions += 1
    return decisions


def bench_aec(module, players, n_games, seed, **options):
    env = module.raw_env(num_players=players, **options)
    rng = np.random.default_rng(seed)

    def choose(mask):
        legal = np.flatnonzero(mask)
        return int(legal[rng.integers(legal.size)])
    start = time.perf_counter()
    decisions = play_aec(env, n_games, seed, choose)
    return decisions, time.perf_counter() - start


def bench_game(game, players, n_games, aec_games, seed, **options):
    module = game_module(game)
    module.warm()
    engine = module.make_engine(num_players=players, **options)
    decisions, seconds = module.bench_engine(engine, n_games, seed)
    aec_decisions, aec_seconds = bench_aec(module, players, aec_games, seed, **options)
    return {
        "game": game,
        "players": players,
        "options": options,
        "engine_games": n_games,
        "engine_decisions_per_s": round(decisions / seconds),
        "aec_games": aec_games,
        "aec_decisions_per_s": round(aec_decisions / aec_seconds),
        "decisions_per_game": round(decisions / n_games, 1),
        "ms_per_game": round(1000 * seconds / n_games, 3),
    }
