"""The `speciesgym` command: play, bench, show, train, tournament."""
import argparse
import json
import sys

import numpy as np

from training.games import GAMES, game_module, parse_options


def _ask_human(env, agent, mask):
    legal = np.flatnonzero(mask)
    print(env.engine.render_text(env.state_array, viewer=env.agent_name_mapping[agent]))
    for i, action in enumerate(legal):
        print(f"  [{i}] {env.action_name(action)}")
    while True:
        text = input(f"{agent}, choose 0..{len(legal) - 1}: ").strip()
        if text.isdigit() and int(text) < len(legal):
            return int(legal[int(text)])
        print("not a listed number")


def cmd_play(args):
    from agents import RandomAgent
    module = game_module(args.game)
    env = module.raw_env(num_players=args.players, render_mode="ansi",
                         **parse_options(args.option))
    env.reset(seed=args.seed)
    bots = {a: RandomAgent(seed=args.seed + i) for i, a in enumerate(env.possible_agents)}
    human = None if args.human is None else env.possible_agents[args.human]
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        mask = obs["action_mask"]
        action = _ask_human(env, agent, mask) if agent == human else bots[agent].act(obs["observation"], mask)
        if not args.quiet:
            print(f"{agent}: {env.action_name(action)}")
        env.step(action)
    print(env.engine.render_text(env.state_array))
    scores, winners, _ = env.engine.final(env.state_array)
    for seat, (score, won) in enumerate(zip(scores, winners)):
        print(f"player_{seat}: {int(score)} points{'  (winner)' if won else ''}")
    return 0


def cmd_bench(args):
    from training.bench import bench_game
    result = bench_game(args.game, args.players, args.games, args.aec_games, args.seed,
                        **parse_options(args.option))
    print(json.dumps(result, indent=2))
    return 0


def cmd_show(args):
    module = game_module(args.game)
    engine, state = module.load_scenario(args.file)
    print(engine.render_text(state))
    return 0


def cmd_train(args):
    from training.train import args_from_namespace, train
    try:
        train(args_from_namespace(args))
    except KeyboardInterrupt:
        return 130
    return 0


def cmd_tournament(args):
    from training.ratings import format_leaderboard, leaderboard, plot_ratings, write_leaderboard
    from training.referee import Limits
    from training.tournament import Config, run_tournament
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    config = Config(args.game, args.players, agents, args.games, args.seed,
                    parse_options(args.option))
    limits = Limits(args.move_timeout, args.game_timeout)
    out = args.out or f"runs/tournament-{args.game}-{args.players}p"
    try:
        records, ratings = run_tournament(config, out, args.workers, progress=True,
                                          limits=limits)
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
    print("wrote " + ", ".join(paths))
    return 0


def add_tournament_arguments(parser):
    from training.referee import Limits
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
    parser.add_argument("--move-timeout", type=float, default=Limits.move,
                        help="seconds a bot may take over one move; past it, it forfeits "
                             "the game (default %(default)s)")
    parser.add_argument("--game-timeout", type=float, default=Limits.game,
                        help="seconds of thinking a bot may use over one game; past it, it "
                             "forfeits the game (default %(default)s)")
    parser.add_argument("--option", action="append", help="game option key=value")
    parser.add_argument("--plot", action="store_true", help="also write ratings.png")
    parser.set_defaults(func=cmd_tournament)


def build_parser():
    parser = argparse.ArgumentParser(prog="speciesgym", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play a game: agents against each other, or you in a seat")
    play.add_argument("--game", choices=GAMES, default="evolution")
    play.add_argument("--players", type=int, default=4)
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--human", type=int, default=None, help="seat you play (0-based)")
    play.add_argument("--quiet", action="store_true", help="print only the final table")
    play.add_argument("--option", action="append", help="game option key=value")
    play.set_defaults(func=cmd_play)
    bench = sub.add_parser("bench", help="measure decisions per second; prints JSON")
    bench.add_argument("--game", choices=GAMES, default="evolution")
    bench.add_argument("--players", type=int, default=4)
    bench.add_argument("--games", type=int, default=512, help="games through the engine")
    bench.add_argument("--aec-games", type=int, default=20, help="games through the AEC env")
    bench.add_argument("--seed", type=int, default=0)
    bench.add_argument("--option", action="append", help="game option key=value")
    bench.set_defaults(func=cmd_bench)
    show = sub.add_parser("show", help="render a JSON scenario file")
    show.add_argument("file")
    show.add_argument("--game", choices=GAMES, default="evolution")
    show.set_defaults(func=cmd_show)
    train = sub.add_parser("train", help="self-play MaskablePPO for one seat; runs/<name>/",
                           description="Self-play MaskablePPO (training/train.py). Every flag is a "
                           "field of training.train.Args.")
    from training.train import add_arguments
    add_arguments(train)
    train.set_defaults(func=cmd_train)
    add_tournament_arguments(sub.add_parser(
        "tournament", help="bots play a seeded, resumable tournament; prints a leaderboard",
        description="Entrants play --games games with tables drawn and seats rotated from "
        "--seed; results go to <out>/results.jsonl as games finish, ratings are openskill "
        "Plackett-Luce (training/tournament.py, training/ratings.py)."))
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except ValueError as exc:
        print(f"speciesgym: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
