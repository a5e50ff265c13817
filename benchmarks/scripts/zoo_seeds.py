"""The net alone of several PPO training runs (one per seed), packed as policy/value nets
(training.exit.from_ppo; or given packed: .npz files, zoo:<game>-<n>p), against a heuristic
on every other seat: each seed's win share over --games games, seats rotating, then the IQM
across seeds with its 95% bootstrap interval over the seeds (training.stats), as the learned
agent's targets ask.

    python benchmarks/scripts/zoo_seeds.py --against heuristic:flyer --games 200 \\
        runs/zoo-evolution-4p/final.zip runs/zoo-evolution-4p-s1/final.zip ...
"""
import argparse
import platform
import subprocess

import numpy as np

from speciesgym.agents import from_spec
from speciesgym.agents.net.agent import NetAgent
from speciesgym.agents.net.mlp import load
from speciesgym.agents.runner import play_match
from speciesgym.training.exit.from_ppo import checkpoint_net
from speciesgym.training.stats import iqm, stratified_bootstrap, wilson


def packed(path):
    """The policy/value net of a MaskablePPO checkpoint (a .zip, packed here), of a packed
    net file (.npz) or of a shipped net (zoo:<game>-<n>p)."""
    if path.startswith("zoo:") or path.endswith(".npz"):
        return load(path)
    return checkpoint_net(path)[0]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("checkpoints", nargs="+")
    ap.add_argument("--against", nargs="+", required=True)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args(argv)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    print(f"# python benchmarks/scripts/zoo_seeds.py --against {' '.join(args.against)} "
          f"--games {args.games}" + (f" --seed {args.seed}" if args.seed != 11 else "")
          + f" {' '.join(args.checkpoints)}")
    print(f"# commit {commit}, {platform.machine()} {platform.system()}")
    for spec in args.against:
        shares = []
        for path in args.checkpoints:
            net = packed(path)
            game, n = net.game, int(net.players)
            res = play_match(game, n, [NetAgent(net)] + [from_spec(spec, game, n, seed=args.seed)
                                                         for _ in range(n - 1)],
                             args.games, seed=args.seed)
            share = float(res.wins[0]) / res.games
            low, high = wilson(share * res.games, res.games)
            shares.append(share)
            print(f"{spec}  {path}: {share:.3f} [{low:.3f}, {high:.3f}] of {res.games} games "
                  f"({game}, {n} players)")
        low, high = stratified_bootstrap([np.array(shares)])
        print(f"{spec}  IQM over {len(shares)} seeds: {float(iqm(shares)):.3f} "
              f"[{low:.3f}, {high:.3f}]")


if __name__ == "__main__":
    main()
