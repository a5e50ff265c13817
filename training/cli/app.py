"""The `speciesgym` command: play, bench, show, replay, warm, train, report, effects,
train-rllib, match, decisions, tournament, tournament-report."""
import argparse
import json
import os
import sys

from speciesgym.training.arguments import output_file, player_count, positive_int
from speciesgym.training.games import GAMES, game_module, parse_options


def cmd_play(args):
    from speciesgym.training.cli.play import run_play
    announce_compile(args.game)
    return run_play(args)


def announce_compile(game):
    from speciesgym.training.cli.warm import compile_if_cold
    compile_if_cold(game)


def cmd_bench(args):
    if args.compare:
        return cmd_bench_compare(args)
    announce_compile(args.game)
    from speciesgym.training.bench.speed import bench_game
    result = bench_game(args.game, args.players or 4, args.games, args.aec_games, args.seed,
                        **parse_options(args.option))
    print(json.dumps(result, indent=2))
    return 0


def cmd_bench_compare(args):
    if args.rounds < 1 or not args.round_seconds > 0:
        raise ValueError(f"--rounds must be >= 1 and --round-seconds > 0, got {args.rounds} "
                         f"and {args.round_seconds}")
    for game in GAMES:
        announce_compile(game)
    from speciesgym.training.bench.compare import default_contenders, format_table, run_compare
    players = (2, 4, 6) if args.players is None else (args.players,)
    result = run_compare(default_contenders(players), args.rounds, args.round_seconds,
                         args.seed, say=lambda m: print(m, file=sys.stderr))
    print(format_table(result))
    print(json.dumps(result, indent=2))
    return 0


def scenario_source(path, game=None):
    """(game, scenario dict without "game", whether the game was guessed) of a scenario file:
    the game its "game" field names, else `game` (--game), else evolution; a file naming
    another game than --game is an error."""
    from speciesgym.envs.core.scenario import load_json
    data = load_json(path)
    if not isinstance(data, dict):
        raise ValueError(f"scenario file {path}: must hold a JSON object")
    named = data.get("game")
    if named is not None and named not in GAMES:
        raise ValueError(f"scenario file {path}: field 'game' is {named!r}; "
                         f"known games: {', '.join(GAMES)}")
    if named and game and named != game:
        raise ValueError(f"scenario file {path} is a {named} scenario, not {game} (--game)")
    rest = {k: v for k, v in data.items() if k != "game"}
    return named or game or "evolution", rest, not (named or game)


def cmd_show(args):
    engine, state = _shown_position(args)
    if args.out:
        from speciesgym.envs.core.picture import save_figure
        fig = engine.picture(state, viewer=args.viewer, reveal=args.reveal)
        print(f"wrote {save_figure(fig, args.out)}")
    else:
        print(engine.render_text(state, viewer=args.viewer, reveal=args.reveal))
    return 0


def cmd_zoo(args):
    from speciesgym.agents.zoo import listing
    print(listing())
    return 0


def _shown_position(args):
    """(engine, state) of `show`'s file: a scenario, or a game record at --move."""
    from speciesgym.training.records.record import FORMAT, load_record, replay_steps
    from speciesgym.envs.core.scenario import load_json
    data = load_json(args.file)
    if isinstance(data, dict) and data.get("format") == FORMAT:
        record = load_record(args.file)
        announce_compile(record["game"])
        move = len(record["actions"]) if args.move is None else args.move
        if not 0 <= move <= len(record["actions"]):
            raise ValueError(f"--move {move}: the record has moves 0..{len(record['actions'])}")
        for engine, state, i, _ in replay_steps(record):
            if i == move:
                return engine, state.copy()
    if args.move is not None:
        raise ValueError(f"--move: {args.file} is a scenario, not a game record")
    game, data, guessed = scenario_source(args.file, args.game)
    announce_compile(game)
    try:
        return game_module(game).load_scenario(data)
    except ValueError as exc:
        hint = (" (the file names no game, so it was read as evolution: add \"game\" to it "
                "or pass --game)") if guessed else ""
        raise ValueError(f"scenario file {args.file}: {exc}{hint}") from None


def cmd_replay(args):
    from speciesgym.training.records.replay import run_replay
    return run_replay(args)


def cmd_warm(args):
    from speciesgym.training.cli.warm import warm_games
    warm_games([args.game] if args.game else GAMES)
    return 0


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
        announce_compile(run_args.game)
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


def cmd_tournament(args):
    from speciesgym.training.cluster.tasks import check_address
    check_address(args.executor, args.address)
    from speciesgym.training.tournament.ratings import format_leaderboard, leaderboard, plot_ratings, write_leaderboard
    from speciesgym.training.tournament.referee import Limits
    from speciesgym.training.tournament.run import Config, run_tournament
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    if args.game in GAMES:
        announce_compile(args.game)
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


class Parser(argparse.ArgumentParser):
    """A parser whose --help ends with the table of agent specs when `agent_specs` is set
    (the table is imported only then: loading the agents takes a second or more)."""
    agent_specs = False

    def format_help(self):
        text = super().format_help()
        if self.agent_specs:
            from speciesgym.agents.spec import spec_table
            text += "\n" + spec_table()
        return text


def build_parser():
    parser = Parser(prog="speciesgym", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play a game: agents against each other, or you in a seat")
    play.add_argument("--game", choices=GAMES, default="evolution")
    play.add_argument("--players", type=player_count, default=4, help="seats (2..6)")
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--human", type=int, default=None,
                      help="seat you play (0-based); you see only what that seat sees")
    play.add_argument("--agents", default="random",
                      help="agent specs of the other seats: one for all, or a comma list with "
                           "one per seat in seat order (the kinds: below)")
    play.add_argument("--save", default=None, metavar="FILE", type=output_file,
                      help="write the game (seed, options, agents, every action, scores) "
                           "as JSON to FILE")
    play.add_argument("--quiet", action="store_true",
                      help="print only the final table (and your own prompts)")
    play.add_argument("--option", action="append", help="game option key=value")
    play.set_defaults(func=cmd_play)
    bench = sub.add_parser("bench", help="measure decisions per second; prints JSON")
    bench.add_argument("--game", choices=GAMES, default="evolution")
    bench.add_argument("--players", type=player_count, default=None,
                       help="player count (default 4; with --compare: 2, 4 and 6)")
    bench.add_argument("--games", type=positive_int, default=512, help="games through the engine")
    bench.add_argument("--aec-games", type=positive_int, default=20, help="games through the AEC env")
    bench.add_argument("--seed", type=int, default=0)
    bench.add_argument("--option", action="append", help="game option key=value")
    bench.add_argument("--compare", action="store_true",
                       help="both games (engine batched and per call, AEC env) side by side "
                            "with PettingZoo and OpenSpiel games in alternating rounds; "
                            "prints a table, then JSON (see training/bench/compare.py)")
    bench.add_argument("--rounds", type=positive_int, default=5, help="--compare: rounds")
    bench.add_argument("--round-seconds", type=float, default=1.0,
                       help="--compare: seconds per contender per round")
    bench.set_defaults(func=cmd_bench)
    show = sub.add_parser("show", help="render a JSON scenario file")
    show.add_argument("file")
    show.add_argument("--game", choices=GAMES, default=None,
                      help="the game, for a file without a \"game\" field (default evolution)")
    show.add_argument("--out", default=None, type=output_file, help="write a picture (.png or .svg) instead of text")
    show.add_argument("--viewer", type=int, default=None,
                      help="the seat whose view is shown (default: the spectator's)")
    show.add_argument("--reveal", action="store_true",
                      help="show hidden cards too, marked as hidden (text and picture)")
    show.add_argument("--move", type=int, default=None,
                      help="for a game record: the position after this many moves (default: "
                           "the end)")
    show.set_defaults(func=cmd_show)
    replay = sub.add_parser("replay", help="replay a game record move by move; --html writes "
                                           "a replay page")
    replay.add_argument("file", help="a game record (speciesgym play --save, tournaments)")
    replay.add_argument("--html", default=None, type=output_file, help="write a self-contained replay page here")
    replay.add_argument("--viewer", type=int, default=None,
                        help="the seat whose view is shown (default: the spectator's)")
    replay.add_argument("--every", type=positive_int, default=1,
                        help="page: a picture of every N-th position (first and last always)")
    replay.set_defaults(func=cmd_replay)
    warm = sub.add_parser("warm", help="compile every game's kernels now (or load them from "
                                       "numba's cache) and print how long it took")
    warm.add_argument("--game", choices=GAMES, default=None, help="only this game")
    warm.set_defaults(func=cmd_warm)
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
    from speciesgym.training.rllib.cli import add_arguments as add_rllib_arguments
    add_rllib_arguments(sub.add_parser(
        "train-rllib", help="self-play PPO with RLlib (Ray), one policy for every seat",
        description="RLlib PPO with action masking on the game as a multi-agent env "
        "(training/rllib); --num-env-runners Ray workers sample; a rerun resumes; the run "
        "plays as the agent spec rllib:<out>. Needs pip install 'speciesgym[ray]'."))
    from speciesgym.training.tournament.match import add_arguments as add_match_arguments
    match = sub.add_parser("match", help="one table of agents plays N games, seats rotating; "
                           "win shares with 95%% intervals")
    add_match_arguments(match)
    from speciesgym.training.luck.cli import add_arguments as add_luck_arguments
    add_luck_arguments(sub.add_parser(
        "luck", help="luck-corrected rewards of stored game records: plain and adjusted "
        "means, variance ratio (training/luck)"))
    from speciesgym.training.exit.cli import add_arguments as add_exit_arguments
    add_exit_arguments(sub.add_parser(
        "exit", help="expert iteration: a policy/value net trained on the net-guided "
        "search's improved policy, round by round; resumable (training/exit)",
        description="Rounds of self-play with the search guided by the best net so far, "
        "training on its completed-Q targets and the outcomes, evaluating and gating the "
        "new net; results in the run folder's eval.csv (training/exit/loop.py)."))
    zoo = sub.add_parser("zoo", help="the shipped nets (zoo:<game>-<n>p) with their measured "
                         "strength and the command that made each")
    zoo.set_defaults(func=cmd_zoo)
    from speciesgym.training.decisions.cli import add_decisions_parser
    add_decisions_parser(sub)
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
    tournament = sub.add_parser(
        "tournament", help="bots play a seeded, resumable tournament; prints a leaderboard",
        description="Entrants play --games games with tables drawn and seats rotated from "
        "--seed; results go to <out>/results.jsonl as games finish, ratings are openskill "
        "Plackett-Luce (training/tournament/run.py, training/tournament/ratings.py). At the end the report "
        "of `tournament-report` is written too.")
    add_tournament_arguments(tournament)
    for command in (play, match, tournament):
        command.agent_specs = True
    report = sub.add_parser(
        "tournament-report", help="head-to-head, seat advantage and ratings of a tournament "
        "folder, as CSV and PNG",
        description="Reads <out>/tournament.json and results.jsonl (never changes them) and "
        "writes head_to_head.csv/png, seats.csv/png, ratings.csv and ratings_intervals.png "
        "into <out> (training/tournament/report.py).")
    report.add_argument("out", help="the tournament's folder (its --out)")
    report.set_defaults(func=cmd_tournament_report)
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    try:
        code = args.func(args)
        sys.stdout.flush()              # a closed pipe shows here, not at the exit's flush
        return code
    except ValueError as exc:
        print(f"speciesgym: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:             # the reader left (`speciesgym show ... | head`)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())        # so that Python's exit flush is quiet
        return 141                                   # as a shell reports SIGPIPE


if __name__ == "__main__":
    sys.exit(main())
