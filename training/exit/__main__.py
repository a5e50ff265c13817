"""python -m speciesgym.training.exit RUN_DIR --game G [options]: `speciesgym exit`."""
import argparse

from speciesgym.training.exit.cli import add_arguments


def main(argv=None):
    parser = argparse.ArgumentParser(prog="speciesgym exit", description=__doc__)
    add_arguments(parser)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    main()
