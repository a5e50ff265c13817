"""`python -m speciesgym <command>`: the `speciesgym` command line (its exit status too, so
that a script run with `set -e` stops where a command failed)."""
import sys

from speciesgym.training.cli import main

if __name__ == "__main__":
    sys.exit(main())
