"""`python -m speciesgym <command>`: the `speciesgym` command line."""
from speciesgym.training.cli import main

if __name__ == "__main__":
    main()
