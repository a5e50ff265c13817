"""CPU seconds per labelled position by playout policy (agents.search.label), one run, on a
slice of a suite (drawn with seed 0, training.decisions.suite.load_slice): what a
`decisions relabel --playout` costs against greedy.

    python -m speciesgym.training.decisions.label_bench --suite feeding-2p --positions 20 \
        --playouts greedy flyer mix

Each playout labels the same positions with the suite's budget (or --sims) and the same
seeds; time is this process's CPU time (time.process_time), so other jobs on a shared
machine move it less than wall time. One untimed position per playout first (numba loads
or compiles the loop).
"""
import argparse
import time

from speciesgym.agents.search.label import label_position
from speciesgym.training.decisions.suite import load_slice


def cpu_per_position(suite, playout, sims):
    """CPU seconds per position of labelling every position of `suite` with `playout`."""
    first = suite.positions[0]
    label_position(suite.game, first.state, first.record["seat"], 1, 0, policy=playout)
    start = time.process_time()
    for i, pos in enumerate(suite.positions):
        label_position(suite.game, pos.state, pos.record["seat"], sims, i, policy=playout)
    return (time.process_time() - start) / len(suite.positions)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--suite", required=True, help="a shipped suite name or a suite file")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--sims", type=int, default=None,
                        help="simulations per action (default: the suite's budget)")
    parser.add_argument("--playouts", nargs="+", default=["greedy", "flyer", "mix"])
    args = parser.parse_args(argv)
    suite = load_slice(args.suite, args.positions)
    sims = args.sims or int(suite.meta.get("budget", {}).get("sims", 0)) or 32
    base = None
    print(f"suite {suite.name}: {len(suite)} positions, {sims} simulations per action")
    for playout in args.playouts:
        cost = cpu_per_position(suite, playout, sims)
        base = base or cost
        print(f"{playout:<8} {cost:7.3f} CPU s per position  {cost / base:5.2f}x "
              f"{args.playouts[0]}", flush=True)


if __name__ == "__main__":
    main()
