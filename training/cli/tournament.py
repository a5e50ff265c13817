"""The tournament commands: `tournament` (a seeded, resumable tournament and its
leaderboard) and `tournament-report` (head-to-head, seats and ratings of a finished one)."""
import sys

from speciesgym.training.cli.warm import compile_if_cold
from speciesgym.training.games import GAMES, parse_options


def cmd_tournament(args):
    from speciesgym.training.cluster.tasks import check_address
    check_address(args.executor, args.address)
    from speciesgym.training.tournament.ratings import format_leaderboard, leaderboard, plot_ratings, write_leaderboard
    from speciesgym.training.tournament.referee import Limits
    from speciesgym.training.tournament.run import Config, run_tournament
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    if args.game in GAMES:
        compile_if_cold(args.game)
    config = Config(args.game, args.players, agents, args.games, args.seed,
                    parse_options(args.option))
    limits = Limits(args.move_timeout, args.game_timeout)
    out = args.out or f"runs/tournament-{args.game}-{args.players}p"
    executor = None
    if args.executor == "ray":
        from speciesgym.training.tournament.ray_executor import RayExecutor
        executor = RayExecutor(args.address, None if args.address else args.workers, limits)
    try:
        if executor is None:
            records, ratings = run_tournament(config, out, args.workers, progress=True,
                                              limits=limits)
        else:
            with executor:
                records, ratings = run_tournament(config, out, executor=executor,
                                                  progress=True)
    except KeyboardInterrupt:
        print(f"interrupted; finished games are in {out}/results.jsonl; run the same command "
              f"again to resume", file=sys.stderr)
        return 130
    rows = leaderboard(records, agents, ratings)
    print(f"{args.game}, {args.players} players, {len(records)} games ({out})")
    print(format_leaderboard(rows))
    paths = write_leaderboard(rows, out)
    if args.plot:
        paths += (plot_ratings(ratings, f"{out}/ratings.png",
                               f"{args.game}, {args.players} players"),)
    from speciesgym.training.tournament.report import write_report
    paths += tuple(write_report(out))
    if args.luck:
        from speciesgym.training.luck.cli import entrants_luck
        entrants_luck(f"{out}/games", agents, args.luck, args.seed, f"{out}/luck.json")
        paths += (f"{out}/luck.json",)
    print("wrote " + ", ".join(paths))
    return 0


def cmd_tournament_report(args):
    from speciesgym.training.tournament.report import format_head_to_head, report, write_report
    rep = report(args.out)
    print(f"{rep.game}, {rep.players} players, {rep.games} games ({args.out})")
    print("head-to-head (row's share of games finished above column; games together):")
    print(format_head_to_head(rep))
    print("seat  games  win share  95% CI     mean rank")
    for r in rep.seats:
        print(f"{r['seat']:>4}  {r['games']:>5}  {100 * r['win_share']:>8.1f}%  "
              f"{100 * r['low']:>3.0f}-{100 * r['high']:.0f}%  {r['mean_rank']:>9.2f}")
    print("wrote " + ", ".join(write_report(args.out, rep)))
    return 0


def add_tournament_arguments(parser):
    from speciesgym.training.tournament.referee import Limits
    parser.add_argument("--game", default="evolution", help="evolution or dominant_species")
    parser.add_argument("--players", type=int, default=4, help="seats per game (2..6)")
    parser.add_argument("--agents", required=True,
                        help="comma-separated agent specs, at least 2, e.g. "
                             "random,heuristic:grazer,mcts:16,ppo:runs/x/final.zip,"
                             "py:mybots.Greedy (any importable agent class or factory)")
    parser.add_argument("--games", type=int, default=40, help="games in the tournament")
    parser.add_argument("--out", default=None,
                        help="folder of results (default runs/tournament-<game>-<players>p); "
                             "running again resumes it")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1,
                        help="worker processes playing games side by side (1: one after "
                             "another)")
    parser.add_argument("--executor", choices=("local", "ray"), default="local",
                        help="local: worker processes on this machine; ray: Ray tasks on "
                             "the cluster at --address, or on a local Ray instance with "
                             "--workers CPUs (pip install 'speciesgym[ray]')")
    parser.add_argument("--address", default=None,
                        help="a running Ray cluster for --executor ray, e.g. auto or "
                             "ray://head:10001")
    parser.add_argument("--move-timeout", type=float, default=Limits.move,
                        help="seconds a bot may take over one move; past it, it forfeits "
                             "the game (default %(default)s)")
    parser.add_argument("--game-timeout", type=float, default=Limits.game,
                        help="seconds of thinking a bot may use over one game; past it, it "
                             "forfeits the game (default %(default)s)")
    parser.add_argument("--option", action="append", help="game option key=value")
    parser.add_argument("--plot", action="store_true", help="also write ratings.png")
    parser.add_argument("--luck", default=None, metavar="value:<spec>",
                        help="also each entrant's luck-corrected reward over the game records "
                             "(training/luck), written to <out>/luck.json")
    parser.set_defaults(func=cmd_tournament)


def add_tournament(sub):
    tournament = sub.add_parser(
        "tournament", help="bots play a seeded, resumable tournament; prints a leaderboard",
        description="Entrants play --games games with tables drawn and seats rotated from "
        "--seed; results go to <out>/results.jsonl as games finish, ratings are openskill "
        "Plackett-Luce (training/tournament/run.py, training/tournament/ratings.py). At the end the report "
        "of `tournament-report` is written too.")
    add_tournament_arguments(tournament)
    return tournament


def add_tournament_report(sub):
    report = sub.add_parser(
        "tournament-report", help="head-to-head, seat advantage and ratings of a tournament "
        "folder, as CSV and PNG",
        description="Reads <out>/tournament.json and results.jsonl (never changes them) and "
        "writes head_to_head.csv/png, seats.csv/png, ratings.csv and ratings_intervals.png "
        "into <out> (training/tournament/report.py).")
    report.add_argument("out", help="the tournament's folder (its --out)")
    report.set_defaults(func=cmd_tournament_report)
    return report
