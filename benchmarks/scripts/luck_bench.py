"""Luck correction measured: plain and adjusted reward of the first agent over recorded
games (seats rotating), written to benchmarks/results/luck/<name>.json and .csv.

  python benchmarks/scripts/luck_bench.py --game dominant_species \\
      --agents random,random --games 100 --seed 10000 --value value:search:4 --name ds_random

--value takes any value spec (value:search:<sims>, value:ppo:<zip>, value:net:<file>); a
net fitted on games of these seeds is refused. Seeds from 10000 on were not used while the
estimator was developed. The JSON names the command, the commit and the machine.
"""
import argparse
import csv
import json
import os
import platform
import subprocess
import sys
import time

from speciesgym.training.luck.cli import evaluate, format_summary
from speciesgym.training.luck.play import recorded_games
from speciesgym.training.games import parse_options


def cpu_model():
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return platform.processor() or platform.machine()
    for line in out.splitlines():
        if line.startswith("Model name:"):
            return line.split(":", 1)[1].strip()
    return platform.machine()


def commit():
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


FIELDS = ["seed", "seat", "plain", "adjusted", "chance", "decision", "cpu_seconds"]


def write_rows(path, rows, append):
    """The per-game CSV of a luck run (`append`: add to it, the header only if it is new),
    flushed to disk before returning."""
    new = not (append and os.path.exists(path))
    with open(path, "a" if append else "w", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(FIELDS)
        for r in rows:
            w.writerow([r["seed"], r["seat"], r["plain"], round(r["adjusted"], 6),
                        round(r["chance"], 6), round(r["decision"], 6),
                        round(r["cpu_seconds"], 3)])
        fh.flush()
        os.fsync(fh.fileno())


def run_arguments(p, games, seed, value=None):
    """The options every luck run takes (luck_bench.py, luck_agreement.py)."""
    p.add_argument("--game", required=True)
    p.add_argument("--agents", required=True)
    p.add_argument("--games", type=int, default=games)
    p.add_argument("--seed", type=int, default=seed)
    p.add_argument("--value", default=value, required=value is None)
    p.add_argument("--option", action="append")
    p.add_argument("--samples", type=int, default=None, help="sampled expectations over "
                   "more outcomes than this (default: exact); Dominant Species bag draws: "
                   "this many fresh generator words per step (default 8)")
    p.add_argument("--decisions", action="store_true", help="decision terms for the seats "
                   "whose law is known")
    p.add_argument("--name", required=True)
    p.add_argument("--out", default=os.path.join("benchmarks", "results", "luck"))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    run_arguments(p, games=100, seed=10000, value="value:search:4")
    args = p.parse_args(argv)
    agents = [a for a in args.agents.split(",") if a]
    options = parse_options(args.option)
    t0 = time.process_time()
    records = recorded_games(args.game, agents, args.games, args.seed, options)
    play_cpu = time.process_time() - t0
    rows, summary = evaluate(records, args.value, agents[0], seed=args.seed,
                             decisions=args.decisions, samples=args.samples)
    summary.update(agents=agents, seed=args.seed, options=options,
                   play_cpu_seconds_per_game=play_cpu / args.games,
                   machine={"cpus": os.cpu_count(), "cpu": cpu_model()},
                   commit=commit(), command="python " + " ".join(sys.argv))
    print(format_summary(summary))
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, f"{args.name}.json"), "w") as fh:
        json.dump(summary, fh, indent=1)
    write_rows(os.path.join(args.out, f"{args.name}.csv"), rows, append=False)


if __name__ == "__main__":
    main()
