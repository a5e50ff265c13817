"""`speciesgym train-rllib`: the command line of training.rllib.train (this module imports
no Ray until the command runs)."""
import sys

from speciesgym.training.games import GAMES, parse_options


def add_arguments(parser):
    parser.add_argument("--game", default="evolution", choices=GAMES)
    parser.add_argument("--players", type=int, default=2, help="seats per game (2..6)")
    parser.add_argument("--option", action="append", help="game option key=value")
    parser.add_argument("--iterations", type=int, default=20,
                        help="PPO training iterations in all (a rerun resumes up to this)")
    parser.add_argument("--batch", type=int, default=4000, help="env steps per iteration")
    parser.add_argument("--minibatch", type=int, default=256)
    parser.add_argument("--epochs", type=int, default=4, help="passes over each batch")
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--net", default="128,128", help="hidden layer widths")
    parser.add_argument("--reward", default="win", choices=("win", "rank", "score"))
    parser.add_argument("--num-env-runners", type=int, default=1,
                        help="Ray workers sampling games (0: sample in the driver)")
    parser.add_argument("--address", default=None,
                        help="a running Ray cluster (default: a local instance)")
    parser.add_argument("--save-every", type=int, default=5, help="iterations between saves")
    parser.add_argument("--eval-games", type=int, default=20,
                        help="games against random at the end, seats rotating (0: none)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=None, help="run folder (default runs/rllib-<game>)")
    parser.set_defaults(func=run)


def run(args):
    from speciesgym.training.rllib.train import RLlibConfig, train_rllib
    try:
        net = tuple(int(w) for w in args.net.split(","))
    except ValueError:
        raise ValueError(f"--net {args.net!r}: give layer widths like 128,128") from None
    config = RLlibConfig(args.game, args.players, parse_options(args.option), args.reward, net,
                         args.seed, args.num_env_runners, args.batch, args.minibatch,
                         args.epochs, args.lr)
    out = args.out or f"runs/rllib-{args.game}"
    if args.address:
        import ray
        ray.init(address=args.address, log_to_driver=False)
    try:
        steps = train_rllib(config, out, args.iterations, args.save_every)
    except KeyboardInterrupt:
        print(f"interrupted; {out}/checkpoint holds the last save; run the same command "
              f"again to resume", file=sys.stderr)
        return 130
    print(f"{steps} env steps; agent spec rllib:{out}")
    if args.eval_games > 0:
        print(evaluate(out, config, args.eval_games))
    return 0


def evaluate(out, config, games):
    """'win rate against random over N games: x% (Wilson 95% a-b%)' for the run's agent."""
    from speciesgym.agents import from_spec
    from speciesgym.agents.runner import play_match
    from speciesgym.training.stats import wilson
    agent = from_spec(f"rllib:{out}", config.game, config.players)
    others = [from_spec("random", config.game, config.players, seed=i + 1)
              for i in range(config.players - 1)]
    res = play_match(config.game, config.players, [agent] + others, games,
                     seed=500_000, **config.options)
    wins = float(res.wins[0])
    low, high = wilson(wins, games)
    return (f"win rate of rllib:{out} against random over {games} games ({config.players} "
            f"players, seats rotating): {100 * wins / games:.1f}% (95% {100 * low:.0f}-"
            f"{100 * high:.0f}%)")
