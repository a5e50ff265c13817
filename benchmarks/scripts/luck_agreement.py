"""Luck correction's agreement run: over many games (2,000 by default), do the plain and the
luck-adjusted means of the first agent agree? An unbiased correction has a mean of zero, so
the interval of the mean per-game difference (plain - adjusted) must contain 0.

  python benchmarks/scripts/luck_agreement.py --game evolution --agents random,random \\
      --games 2000 --seed 40000 --value value:net:benchmarks/results/luck/nets/evo_random.npz \\
      --decisions --samples 8 --name agree_evo_random

Resumable: games are played and corrected in chunks (seats rotating within a chunk, the
agents seeded by the chunk), each chunk's rows appended to
benchmarks/results/luck/<name>.csv as it finishes; a restart skips the seeds already there.
At the end, <name>.json holds the means, their intervals (bootstrap over games), the mean
difference with its interval, whether it contains 0, the command, the commit and the
machine.
"""
import argparse
import csv
import json
import os
import sys
import time

import numpy as np

from speciesgym.training.games import parse_options
from speciesgym.training.luck.cli import evaluate
from speciesgym.training.luck.estimator import summarize, variance_ratio_line
from speciesgym.training.luck.play import recorded_games
from speciesgym.training.luck.policies import known_law
from speciesgym.training.stats import bootstrap_ci

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from luck_bench import commit, cpu_model, run_arguments, write_rows  # noqa: E402

def done_seeds(path):
    if not os.path.exists(path):
        return {}
    with open(path, newline="") as fh:
        return {int(r["seed"]): r for r in csv.DictReader(fh)}


def agreement(rows, seed):
    """The summary of `rows` (dicts with plain and adjusted) with the mean difference."""
    plain = np.array([float(r["plain"]) for r in rows])
    adjusted = np.array([float(r["adjusted"]) for r in rows])
    out = summarize(plain, adjusted, seed=seed)
    mean, low, high = bootstrap_ci(plain - adjusted, seed=seed)
    out["difference"] = {"mean": mean, "low": low, "high": high}
    out["agree"] = bool(low <= 0.0 <= high)
    return out


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    run_arguments(p, games=2000, seed=40000)
    p.add_argument("--chunk", type=int, default=50, help="games per chunk (a multiple of "
                   "the seats: seats rotate within a chunk)")
    args = p.parse_args(argv)
    agents = [a for a in args.agents.split(",") if a]
    if args.chunk < 2 or args.chunk % len(agents):
        p.error(f"--chunk must be a multiple of the {len(agents)} seats")
    options = parse_options(args.option)
    os.makedirs(args.out, exist_ok=True)
    path = os.path.join(args.out, f"{args.name}.csv")
    have = done_seeds(path)
    for start in range(args.seed, args.seed + args.games, args.chunk):
        count = min(args.chunk, args.seed + args.games - start)
        if all(s in have for s in range(start, start + count)):
            continue
        t0 = time.process_time()
        records = recorded_games(args.game, agents, count, start, options, agent_seed=start)
        rows, _ = evaluate(records, args.value, agents[0], seed=start,
                           decisions=args.decisions, samples=args.samples)
        write_rows(path, rows, append=True)
        have.update({r["seed"]: r for r in rows})
        print(f"seeds {start}..{start + count - 1}: {len(have)} games done "
              f"({time.process_time() - t0:.0f} CPU s)", flush=True)
    rows = [have[s] for s in sorted(have) if args.seed <= s < args.seed + args.games]
    out = agreement(rows, args.seed)
    cpu = sum(float(r["cpu_seconds"]) for r in rows) / len(rows)
    laws = {a: known_law(a, args.game, len(agents)) for a in agents} if args.decisions else {}
    out.update(agents=agents, game=args.game, value=args.value, seed=args.seed,
               options=options, samples=args.samples,
               decisions_corrected=sorted(a for a, law in laws.items() if law is not None),
               correction_cpu_seconds_per_game=cpu,
               machine={"cpus": os.cpu_count(), "cpu": cpu_model()}, commit=commit(),
               command="python " + " ".join(sys.argv))
    with open(os.path.join(args.out, f"{args.name}.json"), "w") as fh:
        json.dump(out, fh, indent=1)
    d = out["difference"]
    for kind in ("plain", "adjusted"):
        k = out[kind]
        print(f"{kind:<8} mean {k['mean']:.4f} [{k['low']:.4f}, {k['high']:.4f}]")
    print(f"plain - adjusted {d['mean']:+.4f} [{d['low']:+.4f}, {d['high']:+.4f}] over "
          f"{out['games']} games: {'agree' if out['agree'] else 'DISAGREE'}")
    print(variance_ratio_line(out))
    print(f"correction cost {cpu:.2f} CPU s per game")


if __name__ == "__main__":
    main()
