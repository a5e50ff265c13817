"""CPU seconds per labelled position by playout policy and labeller (agents.search.label),
one run, on a slice of a suite (drawn with seed 0, training.decisions.suite.load_slice):
what a `decisions relabel --playout` or `--start` costs against the first row.

    python -m speciesgym.training.decisions.label_bench --suite feeding-2p --positions 20 \
        --playouts greedy flyer mix
    python -m speciesgym.training.decisions.label_bench --suite evolve-2p --positions 6 \
        --playouts mix --tree --starts 0 64

Each row labels the same positions once with the suite's budget (or --sims) and the same
seeds: uniformly (start 0) or by successive halving from `start` simulations per action
(agents.search.label_halving), with a search tree below each action if --tree. Time is this
process's CPU time (time.process_time), so other jobs on a shared machine move it less than
wall time. One untimed position per row first (numba loads or compiles the loop). Each row
also says how often its best action is the suite's (`best`, its first labelling).
"""
import argparse
import time

from speciesgym.training.decisions.crossfit import label_once
from speciesgym.training.decisions.suite import load_slice


def cpu_per_position(suite, budget):
    """(CPU seconds per position, positions whose best action is the suite's) of labelling
    every position of `suite` once under `budget` (crossfit.label_once's)."""
    first = suite.positions[0]
    label_once(suite.game, first.state, first.record["seat"],
               dict(budget, sims=2, start=min(budget.get("start", 0), 1)), 0)
    start = time.process_time()
    same = 0
    for i, pos in enumerate(suite.positions):
        labels = label_once(suite.game, pos.state, pos.record["seat"], budget, i)
        same += int(labels.actions[labels.order()[0]]) == pos.record["best"]
    return (time.process_time() - start) / len(suite.positions), same


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--suite", required=True, help="a shipped suite name or a suite file")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--sims", type=int, default=None,
                        help="simulations per action (default: the suite's budget)")
    parser.add_argument("--playouts", nargs="+", default=["greedy", "flyer", "mix"])
    parser.add_argument("--starts", nargs="+", type=int, default=[0],
                        help="0: every action `sims` times; N: successive halving from N")
    parser.add_argument("--tree", action="store_true", help="a search tree below each action")
    args = parser.parse_args(argv)
    suite = load_slice(args.suite, args.positions)
    sims = args.sims or int(suite.meta.get("budget", {}).get("sims", 0)) or 32
    bad = [s for s in args.starts if not 0 <= s <= sims]
    if bad:
        raise SystemExit(f"label_bench: --starts must lie from 0 to --sims ({sims}), got {bad}")
    base = None
    print(f"suite {suite.name}: {len(suite)} positions, {sims} simulations per action"
          f"{', a tree below each action' if args.tree else ''}")
    for playout in args.playouts:
        for start in args.starts:
            budget = {"sims": sims, "playout": playout, "tree": args.tree, "start": start}
            cost, same = cpu_per_position(suite, budget)
            base = base or cost
            how = f"halving from {start}" if start else "uniform"
            print(f"{playout:<8} {how:<18} {cost:7.3f} CPU s per position  "
                  f"{cost / base:5.2f}x the first row  best as the suite's: "
                  f"{same} of {len(suite)}", flush=True)


if __name__ == "__main__":
    main()
