"""The `speciesgym` command (`app.py`: the parser and one handler per command) and the
helpers only the command line uses: `play` at the terminal
(`play.py`), kernel warm-up (`warm.py`). May import every other part of training/."""
from speciesgym.training.cli.app import build_parser, main

__all__ = ["build_parser", "main"]
