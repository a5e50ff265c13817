"""The PPO training commands: `train` (one run, or a sweep over seeds), `report` (a sweep's
win rates across seeds) and `effects` (variants of a recipe against a base sweep)."""
from speciesgym.training.cli.warm import compile_if_cold
from speciesgym.training.games import GAMES


def cmd_train(args):
    from speciesgym.training.ppo.train import args_from_namespace, train
    run_args = args_from_namespace(args)         # given flags, else the recipe, else defaults
    if args.seeds is not None:
        from speciesgym.training.ppo.sweep import parse_seeds
        seeds = parse_seeds(args.seeds)          # bad input fails before any compiling
        if args.seed is not None:
            raise ValueError("--seed and --seeds: give one (--seeds runs one run per seed)")
    elif args.workers != 1:
        raise ValueError("--workers runs the seeds of a sweep side by side: give --seeds too")
    if run_args.game in GAMES:
        compile_if_cold(run_args.game)
    if args.seeds is not None:
        from speciesgym.training.ppo.sweep import run_sweep
        return run_sweep(run_args, seeds, args.workers)
    try:
        train(run_args)
    except KeyboardInterrupt:
        return 130
    return 0


def cmd_report(args):
    from speciesgym.training.analysis.sweep_report import run_report
    return run_report(args.sweep, target=args.target, reps=args.reps, seed=args.seed,
                      out_dir=args.out, plot=args.plot)


def cmd_effects(args):
    from speciesgym.training.analysis.effects import run_effects
    return run_effects(args.sweeps, reps=args.reps, seed=args.seed, out_dir=args.out)


def add_train(sub):
    train = sub.add_parser("train", help="self-play MaskablePPO for one seat; runs/<name>/",
                           description="Self-play MaskablePPO (training/ppo/train.py). Every flag is a "
                           "field of training.ppo.train.Args.")
    from speciesgym.training.ppo.train import add_arguments
    add_arguments(train)
    train.add_argument("--seeds", default=None,
                       help="a sweep: one run per seed (e.g. 0,1,2,3,4 or 0-4) in "
                            "runs/<name>/seed_<k>/, config stored once, rerun to resume "
                            "(training/ppo/sweep.py)")
    train.add_argument("--workers", type=int, default=1,
                       help="with --seeds: seeds trained side by side (default 1)")
    train.set_defaults(func=cmd_train)
    return train


def add_report(sub):
    report = sub.add_parser("report", help="a sweep's win rates across seeds: IQM, 95%% "
                                           "bootstrap interval, share past a target, curves",
                            description="Reads runs/<name>/seed_*/eval.csv (training/analysis/sweep_report.py)")
    report.add_argument("sweep", help="the sweep's folder, e.g. runs/<name>")
    report.add_argument("--target", type=float, default=0.55,
                        help="win rate a seed must reach (default %(default)s)")
    report.add_argument("--reps", type=int, default=2000,
                        help="bootstrap resamples (default %(default)s)")
    report.add_argument("--seed", type=int, default=0, help="seed of the bootstrap")
    report.add_argument("--out", default=None,
                        help="folder of report.csv, report.json, curves.png (default: the "
                             "sweep's)")
    report.add_argument("--no-plot", dest="plot", action="store_false",
                        help="skip the PNG")
    report.set_defaults(func=cmd_report)
    return report


def add_effects(sub):
    effects = sub.add_parser("effects", help="what a change of recipe does: sweeps against a "
                             "base sweep, IQM differences with 95%% intervals",
                             description="Reads each sweep's sweep.json and seed_*/eval.csv "
                             "(training/analysis/effects.py); the first folder is the base.")
    effects.add_argument("sweeps", nargs="+", help="the base sweep's folder, then variants")
    effects.add_argument("--reps", type=int, default=2000,
                         help="bootstrap resamples (default %(default)s)")
    effects.add_argument("--seed", type=int, default=0, help="seed of the bootstrap")
    effects.add_argument("--out", default=None, help="folder for effects.csv, effects.json "
                         "and effects.md (the table in Markdown)")
    effects.set_defaults(func=cmd_effects)
    return effects
