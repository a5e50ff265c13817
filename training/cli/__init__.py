"""The `speciesgym` command: `app.py` assembles the parser and runs a command; one module per
command group holds its handlers and arguments (`view.py`: play, show, replay, zoo;
`speed.py`: bench, warm; `runs.py`: train, report, effects; `tournament.py`: tournament,
tournament-report; the other groups' arguments live in the cli.py of their subpackage),
and the helpers only the command line uses: `play` at the terminal (`play.py`), kernel
warm-up (`warm.py`). May import every other part of training/."""
from speciesgym.training.cli.app import build_parser, main

__all__ = ["build_parser", "main"]
