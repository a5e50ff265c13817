"""`python -m speciesgym.training.cli`: the `speciesgym` command."""
import sys

from speciesgym.training.cli.app import main

if __name__ == "__main__":
    sys.exit(main())
