"""python -m speciesgym.training.exit RUN_DIR --game G [options]: expert iteration rounds
(training.exit.loop); the same RUN_DIR again resumes from its last finished round."""
import argparse

from speciesgym.training.exit.loop import DEFAULTS, run_rounds


def main(argv=None):
    ap = argparse.ArgumentParser(prog="speciesgym exit", description=__doc__)
    ap.add_argument("run")
    ap.add_argument("--game", choices=["evolution", "dominant_species"])
    ap.add_argument("--opponent", default=None, help="agent spec (default: the best heuristic)")
    for key, value in DEFAULTS.items():
        if key == "hidden":
            ap.add_argument("--hidden", type=int, nargs="+", default=value)
        else:
            ap.add_argument(f"--{key.replace('_', '-')}", type=type(value), default=value)
    args = vars(ap.parse_args(argv))
    run = args.pop("run")
    run_rounds(run, args, log=lambda m: print(m, flush=True))


if __name__ == "__main__":
    main()
