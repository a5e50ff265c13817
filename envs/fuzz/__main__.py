"""`python -m speciesgym.envs.fuzz --game G --inputs N --seed S [--only I] [--save DIR]`:
prints the counts refused / loaded / loaded and played to the end, writes each failing
input as a scenario file (DIR/<seed>-<index>.json) and exits non-zero on any failure."""
import argparse
import json
import pathlib
import sys

from speciesgym.envs.fuzz.target import GAMES, make_input, verdict

FAILURES = ("inconsistent", "crash", "hang")


def run(game, inputs, seed, only=None, save=None, out=sys.stdout):
    """Counts of every verdict over the inputs (or the one input `only`)."""
    counts = dict.fromkeys(("refused", "played", *FAILURES), 0)
    for index in ([only] if only is not None else range(inputs)):
        data, rng = make_input(game, seed, index)
        kind, detail = verdict(game, data, rng)
        counts[kind] += 1
        if kind in FAILURES:
            print(f"{game} seed {seed} index {index}: {kind}: {detail}", file=out)
            if save is not None:
                path = pathlib.Path(save) / game
                path.mkdir(parents=True, exist_ok=True)
                (path / f"{seed}-{index}.json").write_text(json.dumps(data, indent=1))
    return counts


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m speciesgym.envs.fuzz")
    parser.add_argument("--game", choices=sorted(GAMES), required=True)
    parser.add_argument("--inputs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", type=int, default=None, help="run this input index only")
    parser.add_argument("--save", default=None,
                        help="folder for failing inputs as scenario files (DIR/<game>/)")
    args = parser.parse_args(argv)
    counts = run(args.game, args.inputs, args.seed, args.only, args.save)
    loaded = counts["played"] + sum(counts[k] for k in FAILURES)
    print(f"{args.game} seed {args.seed}: {sum(counts.values())} inputs, "
          f"refused {counts['refused']}, loaded {loaded}, "
          f"loaded and played to the end {counts['played']}, "
          + ", ".join(f"{k} {counts[k]}" for k in FAILURES))
    return 1 if any(counts[k] for k in FAILURES) else 0


if __name__ == "__main__":
    sys.exit(main())
