"""Build the suites of one table size (feeding-2p, feeding-4p, dominance-2p, dominance-4p,
evolve-2p) in the background, resumably, within a CPU budget per run.

    nice -n 15 python benchmarks/scripts/label_suites.py --cpu-minutes 50

Each round gives one game (two positions, each labelled twice: training/decisions/specs.py)
to the suite with the fewest clear positions so far (ties: the fewest positions), so the
suites near the aim of --clear together, whatever one position costs and however rarely one
is clear. Every finished game is appended to the suite's journal
(benchmarks/results/decisions/<suite>-v<version>.partial.jsonl) and the suite file beside it
is rewritten, so the same command continues where a run stopped (its budget spent, killed,
or a rules change: the journal then refuses to mix rules, and the suite must start over).
The run stops once this process has used --cpu-minutes of CPU, or every suite holds
--clear clear positions (or --positions positions). status.txt beside the suites, rewritten
after every game, says how far each one is: games, positions, clear positions, worker seconds (wall time, which other
jobs and pauses stretch) and the CPU seconds of the games whose journal lines record them
(`of games`), which is what labelling costs.
"""
import argparse
import json
import pathlib
import sys
import time

from speciesgym.training.decisions.build import BuildArgs, build
from speciesgym.training.decisions.specs import suite_spec

SUITES = ("feeding-2p", "evolve-2p", "dominance-2p", "feeding-4p", "dominance-4p")
OUT = pathlib.Path(__file__).resolve().parents[1] / "results" / "decisions"


def paths(name):
    spec = suite_spec(name)
    out = OUT / f"{name}-v{spec.version}.json.gz"
    return out, out.with_name(f"{name}-v{spec.version}.partial.jsonl")


def progress(name):
    """(positions, clear) of a suite's journal so far (clear: the floor z > 2 of each
    position; the suite file's marks, by false discovery rate, are stricter)."""
    _, journal = paths(name)
    if not journal.exists():
        return 0, 0
    done = []
    for line in journal.read_text().splitlines()[1:]:
        try:
            done.append(json.loads(line))
        except json.JSONDecodeError:          # a torn last line: the next build drops it
            pass
    positions = [p for e in done for p in e["positions"]]
    return len(positions), sum(p["clear"] for p in positions)


def write_status(names):
    from speciesgym.training.decisions.suite import read_suite_file
    lines = [f"{'suite':<17} {'games':>6} {'positions':>9} {'clear':>6} {'worker s':>9} "
             f"{'CPU s':>7} {'of games':>8}"]
    for name in names:
        out, _ = paths(name)
        label = f"{name} v{suite_spec(name).version}"
        if not out.exists():
            lines.append(f"{label:<17} {0:>6} {0:>9} {0:>6} {0:>9} {0:>7} {0:>8}")
            continue
        data = read_suite_file(out)
        ps, built = data["positions"], data["built"]
        lines.append(f"{label:<17} {built['tasks']:>6} {len(ps):>9} "
                     f"{sum(p['clear'] for p in ps):>6} {built['seconds']:>9.0f} "
                     f"{built.get('cpu_seconds', 0):>7.0f} {built.get('cpu_tasks', 0):>8}")
    (OUT / "status.txt").write_text("\n".join(lines) + "\n")
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cpu-minutes", type=float, required=True,
                        help="stop once this process has used this much CPU time")
    parser.add_argument("--suites", default=",".join(SUITES))
    parser.add_argument("--clear", type=int, default=150, help="clear positions wanted")
    parser.add_argument("--positions", type=int, default=1500, help="positions at most")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.suites.split(",") if n.strip()]
    for name in names:
        try:
            suite_spec(name)
        except ValueError as exc:
            raise SystemExit(str(exc)) from None
    OUT.mkdir(parents=True, exist_ok=True)
    budget = args.cpu_minutes * 60
    while time.process_time() < budget:
        state = {n: progress(n) for n in names}
        open_ = [n for n in names if state[n][1] < args.clear and state[n][0] < args.positions]
        if not open_:
            break
        name = min(open_, key=lambda n: state[n][::-1])
        out, _ = paths(name)
        command = (f"python benchmarks/scripts/label_suites.py --seed {args.seed} "
                   f"--positions {args.positions} (suite {name})")
        build(BuildArgs(name, str(out), positions=args.positions, seed=args.seed, workers=1,
                        max_tasks=1, progress=False, command=command))
        print(f"{time.process_time() / 60:6.1f} CPU min  {name}: {progress(name)}",
              flush=True)
        write_status(SUITES)       # after every game, so a run stopped by a signal leaves it current
    print("\n".join(write_status(SUITES)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
