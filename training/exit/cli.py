"""The `speciesgym exit` command (also `python -m speciesgym.training.exit`): expert iteration
rounds in a run folder (training.exit.loop); the same folder again resumes from its last
finished round."""
from speciesgym.training.exit.loop import DEFAULTS, run_rounds

HELP = {"clone": "agent spec whose moves round 0 imitates instead of searching (e.g. "
                 "heuristic:flyer)",
        "clone_games": "games of the clone agent in round 0",
        "clone_epochs": "training passes over the round-0 clone rows",
        "players": "table size", "rounds": "total rounds (a resumed run may be extended)",
        "games": "self-play games per round", "sims": "search simulations per decision",
        "mixed": "share of self-play games with one seat held by the opponent",
        "window": "rounds of rows the net trains on", "eval_games": "games of the net alone "
        "against the opponent per round", "gate_games": "games of the new net against the "
        "best per round", "hidden": "hidden layer widths", "epochs": "training passes per "
        "round", "lam": "leaf value: lam * rollout + (1 - lam) * net",
        "explore": "decisions per game played by sampling the improved policy",
        "root": "the expert's root selection: puct, or gumbel (Sequential Halving)",
        "m": "actions sampled at a Gumbel root", "seed": "seed of the run"}


def add_arguments(parser):
    parser.add_argument("run", help="the run folder (config.json, state.json, eval.csv, "
                        "best.npz, ...)")
    parser.add_argument("--game", choices=["evolution", "dominant_species"])
    parser.add_argument("--opponent", default=None,
                        help="agent spec of the evaluation opponent (default: the game's "
                             "best heuristic)")
    for key, value in DEFAULTS.items():
        flag = f"--{key.replace('_', '-')}"
        text = f"{HELP[key]} (default %(default)s)"
        if key == "root":
            parser.add_argument(flag, choices=["puct", "gumbel"], default=value, help=text)
        elif key == "hidden":
            parser.add_argument(flag, type=int, nargs="+", default=value, help=text)
        else:
            parser.add_argument(flag, type=type(value), default=value, help=text)
    parser.set_defaults(func=run)


def run(args):
    cfg = {k: v for k, v in vars(args).items() if k not in ("run", "func")}
    run_rounds(args.run, cfg, log=lambda m: print(m, flush=True))
    return 0
