"""How much of MaskablePPO's learn() goes to the envs and opponents, per vectorised env.

    python -m speciesgym.training.bench.train --games evolution,dominant_species --vecs dummy,batched \
        --mixes default,compiled,selfplay --timesteps 20000 --envs 8

For every game and opponent mix, one short training run per --vec (alternating in one
process, same seed, same hyperparameters as `speciesgym train`'s defaults): the wall time of
learn() and the part spent inside the VecEnv (reset, step, action_masks: the games and every
opponent move), measured by a wrapper around the env (wall-clock split, no profiler). Prints
a table and, with --json, the figures as JSON.

Opponent mixes: `default` is train's default baselines (random and the game's two
heuristics; under --vec batched every heuristic moves in compiled code, except to break a
tie); `compiled` is random and greedy (both moved in compiled code by --vec batched);
`selfplay` is `compiled` plus, with probability 0.5 per seat, a PPO checkpoint (a fresh
policy saved before learn()).

Before the timed runs, each configuration trains once for one rollout (`--no-warmup` skips
it), so that numba compiling its kernels (after a change of their sources the batched loop
recompiles) is not counted as env time.
"""
import argparse
import json
import os
import sys
import tempfile
import time

from stable_baselines3.common.vec_env import VecEnvWrapper

from speciesgym.training.ppo.single_agent import make_game_engine
from speciesgym.training.ppo.args import DEFAULT_BASELINES, Args
from speciesgym.training.ppo.opponents import opponent_mix
from speciesgym.training.ppo.vec_env import make_vec_env

MIXES = ("default", "compiled", "selfplay")


class TimedVecEnv(VecEnvWrapper):
    """Adds up the wall time spent in the wrapped VecEnv."""

    def __init__(self, venv):
        super().__init__(venv)
        self.seconds = 0.0

    def _timed(self, fn, *args, **kwargs):
        start = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            self.seconds += time.perf_counter() - start

    def reset(self):
        return self._timed(self.venv.reset)

    def step_async(self, actions):
        return self._timed(self.venv.step_async, actions)

    def step_wait(self):
        return self._timed(self.venv.step_wait)

    def env_method(self, method_name, *method_args, indices=None, **method_kwargs):
        return self._timed(self.venv.env_method, method_name, *method_args, indices=indices,
                           **method_kwargs)


def one_run(game, vec, mix, timesteps, envs, players, seed, folder):
    """(learn seconds, env seconds) of one short run."""
    import torch
    from sb3_contrib import MaskablePPO

    from speciesgym.agents.ppo_agent import write_checkpoint
    torch.manual_seed(seed)
    torch.set_num_threads(1)
    args = Args(game=game, players=players, envs=envs, vec=vec, seed=seed)
    baselines = ["random", *DEFAULT_BASELINES[game]] if mix == "default" else ["random", "greedy"]
    venv = TimedVecEnv(make_vec_env(args, baselines, [1.0] * len(baselines), seed))
    net = [int(x) for x in args.net.split(",")]
    model = MaskablePPO(
        "MlpPolicy", venv, learning_rate=args.learning_rate, n_steps=args.n_steps,
        batch_size=args.batch_size, n_epochs=args.n_epochs, gamma=args.gamma,
        gae_lambda=args.gae_lambda, clip_range=args.clip_range, ent_coef=args.ent_coef,
        policy_kwargs={"net_arch": {"pi": net, "vf": net}}, seed=seed, device="cpu", verbose=0)
    if mix == "selfplay":
        engine = make_game_engine(game, players)
        path = os.path.join(folder, f"{game}-{vec}.zip")
        write_checkpoint(model, path, {"game": game, "num_players": players, "options": {},
                                       "obs_size": engine.obs_size,
                                       "num_actions": engine.num_actions})
        venv.env_method("set_opponents", *opponent_mix(baselines, [path], 0.5))
    venv.seconds = 0.0
    start = time.perf_counter()
    model.learn(timesteps)
    total = time.perf_counter() - start
    venv.close()
    return total, venv.seconds


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m speciesgym.training.bench.train", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="evolution,dominant_species")
    parser.add_argument("--vecs", default="dummy,batched")
    parser.add_argument("--mixes", default=",".join(MIXES))
    parser.add_argument("--timesteps", type=int, default=20_000)
    parser.add_argument("--envs", type=int, default=8)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", default="", help="also write the figures to this file")
    parser.add_argument("--no-warmup", dest="warmup", action="store_false",
                        help="time the first run of each configuration, compiling included")
    ns = parser.parse_args(argv)
    mixes = [m for m in ns.mixes.split(",") if m]
    bad = [m for m in mixes if m not in MIXES]
    if bad:
        print(f"bench_train: unknown mix {bad[0]!r}; choose from {', '.join(MIXES)}",
              file=sys.stderr)
        return 2
    rows = []
    print(f"{'game':<17} {'mix':<9} {'vec':<8} {'learn s':>8} {'env s':>7} {'env share':>9} "
          f"{'steps/s':>8}")
    with tempfile.TemporaryDirectory() as folder:
        for game in ns.games.split(","):
            for mix in mixes:
                for vec in ns.vecs.split(","):
                    if ns.warmup:
                        one_run(game, vec, mix, Args().n_steps * ns.envs, ns.envs, ns.players,
                                ns.seed, folder)
                    total, env = one_run(game, vec, mix, ns.timesteps, ns.envs, ns.players,
                                         ns.seed, folder)
                    row = {"game": game, "mix": mix, "vec": vec, "learn_seconds": round(total, 2),
                           "env_seconds": round(env, 2), "env_share": round(env / total, 4),
                           "steps_per_second": round(ns.timesteps / total, 1)}
                    rows.append(row)
                    print(f"{game:<17} {mix:<9} {vec:<8} {total:8.1f} {env:7.1f} "
                          f"{env / total:9.1%} {ns.timesteps / total:8.0f}", flush=True)
    if ns.json:
        with open(ns.json, "w") as f:
            json.dump({"timesteps": ns.timesteps, "envs": ns.envs, "players": ns.players,
                       "rows": rows}, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
