"""The commands that measure and prepare the engines: `bench` (decisions per second, or
`--compare` against other game libraries) and `warm` (compile every kernel now)."""
import json
import sys

from speciesgym.training.arguments import player_count, positive_int
from speciesgym.training.cli.warm import compile_if_cold
from speciesgym.training.games import GAMES, parse_options


def cmd_bench(args):
    if args.compare:
        return cmd_bench_compare(args)
    compile_if_cold(args.game)
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
        compile_if_cold(game)
    from speciesgym.training.bench.compare import default_contenders, format_table, run_compare
    players = (2, 4, 6) if args.players is None else (args.players,)
    result = run_compare(default_contenders(players), args.rounds, args.round_seconds,
                         args.seed, say=lambda m: print(m, file=sys.stderr))
    print(format_table(result))
    print(json.dumps(result, indent=2))
    return 0


def cmd_warm(args):
    from speciesgym.training.cli.warm import warm_games
    warm_games([args.game] if args.game else GAMES)
    return 0


def add_bench(sub):
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
    return bench


def add_warm(sub):
    warm = sub.add_parser("warm", help="compile every game's kernels now (or load them from "
                                       "numba's cache) and print how long it took")
    warm.add_argument("--game", choices=GAMES, default=None, help="only this game")
    warm.set_defaults(func=cmd_warm)
    return warm
