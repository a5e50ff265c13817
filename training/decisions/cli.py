"""`speciesgym decisions build | relabel | agree | pair | info | restamp | eval | leaderboard |
rescore | proof`: argument parsing and printing only; the work is in build.py, relabel.py,
agree.py, pair.py, info.py, behaviour.py, evaluate.py, leaderboard.py, rescore.py and
proof.py."""
import contextlib
import shlex
import sys

from speciesgym.training.cli.arguments import positive_int
from speciesgym.training.decisions.specs import IN_PROGRESS
from speciesgym.training.decisions.suite import SPECS, SUITES_DIR

SHIPPED = ", ".join(SPECS)


RESUMES = "finished work is kept in the run's journal (<out>.partial.jsonl); run the same " \
          "command again to continue"


def _on_executor(cmd, on_interrupt="nothing was written; an evaluation starts afresh"):
    """cmd(args, executor) run with the executor that --executor and --address name (None
    for local); a task that failed is printed (exit status 1), its run kept for a rerun;
    Ctrl-C (or a stop signal turned into KeyboardInterrupt) says what was kept (status 130)."""
    if isinstance(cmd, str):                 # used as @_on_executor(on_interrupt=...)
        return lambda f: _on_executor(f, cmd)

    def run(args):
        from speciesgym.training.decisions.tasks import TaskFailed
        from speciesgym.training.cluster.tasks import RayTasks, check_address
        check_address(args.executor, args.address)
        executor = contextlib.nullcontext()
        if args.executor == "ray":
            executor = RayTasks(args.address, None if args.address
                                else getattr(args, "workers", None))
        try:
            with executor as ex:
                return cmd(args, ex)
        except TaskFailed as exc:
            print(f"speciesgym: {exc}", file=sys.stderr)
            return 1
        except KeyboardInterrupt:
            print(f"speciesgym: interrupted; {on_interrupt}", file=sys.stderr)
            return 130
    return run


@_on_executor(RESUMES)
def cmd_build(args, executor):
    from speciesgym.training.decisions.build import BuildArgs, build
    from speciesgym.training.decisions.suite import suite_spec
    spec = suite_spec(args.suite)
    if args.game is not None and args.game != spec.game:
        raise ValueError(f"suite {spec.name!r} is a {spec.game} suite, not {args.game}")
    out = args.out or str(SUITES_DIR / f"{spec.name}-v{spec.version}.json.gz")
    data = build(BuildArgs(spec.name, out, args.positions, args.sims, args.seed, args.workers,
                           args.max_tasks, not args.quiet, _command(), executor,
                           args.playout, args.tree))
    print(f"{out}: {len(data['positions'])} positions from {data['built']['tasks']} games "
          f"({data['built']['seconds']:.0f} worker seconds)")
    return 0


def _command():
    return "speciesgym " + " ".join(shlex.quote(a) for a in sys.argv[1:])


@_on_executor(RESUMES)
def cmd_relabel(args, executor):
    from speciesgym.training.decisions.relabel import RelabelArgs, relabel
    data = relabel(RelabelArgs(args.suite, args.out, args.seed, args.sims, args.workers,
                               args.max_positions, not args.quiet, _command(), executor,
                               args.playout, args.tree, args.version))
    state = "complete" if data["complete"] else "partial (rerun to continue)"
    below = ", a tree below each action" if args.tree else ""
    print(f"{args.out}: {len(data['positions'])} positions relabelled, seed {args.seed}, "
          f"{data['budget']['sims']} simulations per action, {args.playout} playouts{below}, "
          f"{state} "
          f"({data['built']['seconds']:.0f} worker seconds)")
    return 0


def cmd_agree(args):
    from speciesgym.training.decisions.agree import agreement, report
    from speciesgym.training.decisions.suite import shipped_path
    if args.suite is not None:
        if args.against is None or args.a is not None:
            raise ValueError("decisions agree: with --suite give --against FILE and no A B")
        a, b = str(shipped_path(args.suite)), args.against
    else:
        if args.a is None or args.b is None:
            raise ValueError("decisions agree: give two suite files A B (or --suite NAME "
                             "--against FILE)")
        a, b = args.a, args.b
    if args.min_z is not None and not args.min_z >= 0:
        raise ValueError(f"decisions agree: --min-z must be at least 0, got {args.min_z}")
    fig = agreement(a, b, args.min_z)
    fig["a"]["file"], fig["b"]["file"] = str(a), str(b)
    print("\n".join(report(fig)))
    _write_json(args.out, fig, "decisions agree")
    return 0


def cmd_restamp(args):
    from speciesgym.training.decisions.behaviour import restamp
    data = restamp(args.suite, args.out)
    print(f"{args.out}: {len(data['positions'])} positions play as when labelled; stamped "
          f"with rules {data['rules_hash']}")
    return 0


def cmd_info(args):
    from speciesgym.training.decisions.info import report, suite_info
    info = suite_info(args.suite)
    print("\n".join(report(info)))
    _write_json(args.out, info, "decisions info")
    return 0


def cmd_pair(args):
    from speciesgym.training.decisions.pair import pair
    data = pair(args.a, args.b, args.out)
    ps = data["positions"]
    print(f"{args.out}: {len(ps)} positions labelled twice, {sum(p['clear'] for p in ps)} "
          f"clear with the lead tested on B")
    return 0


def _suite(args):
    """The suite named by --suite, only its --players positions if given."""
    if args.players is None:
        from speciesgym.training.decisions.suite import load_suite
        return load_suite(args.suite, allow_stale=args.allow_stale)
    from speciesgym.training.decisions.suite import load_slice
    if not 2 <= args.players <= 6:
        raise ValueError(f"decisions: --players must be 2..6, got {args.players}")
    return load_slice(args.suite, players=args.players, allow_stale=args.allow_stale)


@_on_executor
def cmd_eval(args, executor):
    from speciesgym.training.decisions.evaluate import evaluate
    result = evaluate(_suite(args), args.agent, seed=args.seed, limit=args.limit,
                      executor=executor)
    print("\n".join(result.report()))
    if args.out:
        result.write_json(args.out)
    return 0


@_on_executor
def cmd_leaderboard(args, executor):
    from speciesgym.training.decisions.leaderboard import run_leaderboard, table_lines
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    rows = run_leaderboard(_suite(args), agents, args.out, seed=args.seed, limit=args.limit,
                           executor=executor)
    print("\n".join(table_lines(rows)))
    print(f"wrote {args.out}/leaderboard.csv, leaderboard.txt, leaderboard.png")
    return 0


def cmd_rescore(args):
    from speciesgym.training.decisions.leaderboard import leaderboard_rows, table_lines
    from speciesgym.training.decisions.rescore import rescore
    results = rescore(args.board, args.suite, args.out, args.scored_on,
                      allow_stale=args.allow_stale)
    print("\n".join(table_lines(leaderboard_rows(results))))
    print(f"{results[0].overall['n']} positions rescored" if results else "no agents")
    print(f"wrote {args.out}: eval JSONs, leaderboard.csv, .txt, .png, rescore.json")
    return 0


def cmd_proof(args):
    from speciesgym.training.decisions.proof import (board_suite, pool_boards, proof,
                                                     read_games, read_ratings, read_rows,
                                                     report, split_rows)
    rows, strata = pool_boards([read_rows(b, args.players) for b in args.board])
    regrets, labellings, clusters = split_rows(rows)
    strength = read_games(args.games) if args.games else read_ratings(args.ratings)
    fig = proof(regrets, strength, reps=args.reps, seed=args.seed, strata=strata,
                suites=[board_suite(b) for b in args.board], labellings=labellings,
                clusters=clusters)
    print("\n".join(report(fig)))
    _write_json(args.out, fig, "decisions proof")
    return 0


def _write_json(path, obj, command):
    """Write `obj` as JSON to `path` if one is given; ValueError naming the command if not
    writable."""
    import json
    if not path:
        return
    try:
        with open(path, "w") as fh:
            json.dump(obj, fh, indent=1)
    except OSError as exc:
        raise ValueError(f"{command}: cannot write {path}: {exc.strerror}") from None


def add_executor_arguments(parser, workers):
    """--executor and --address; workers: whether the command has --workers (the CPUs of a
    local Ray instance; without it the instance takes every CPU)."""
    where = ("--workers processes here; ray: Ray tasks on the cluster at --address, or on "
             "a local Ray instance with --workers CPUs" if workers else
             "in this process; ray: Ray tasks on the cluster at --address, or on a local Ray "
             "instance")
    parser.add_argument("--executor", choices=("local", "ray"), default="local",
                        help=f"local: {where} (pip install 'speciesgym[ray]')")
    parser.add_argument("--address", default=None,
                        help="a running Ray cluster for --executor ray, e.g. auto or "
                             "ray://head:10001")


def add_stale_argument(parser):
    parser.add_argument("--allow-stale", action="store_true",
                        help="score a suite labelled under other rules than these (refused "
                             "otherwise); every output marks it stale")


def add_playout_argument(parser, default="greedy"):
    first = "greedy (default)" if default else "greedy (default: the suite's, else greedy)"
    parser.add_argument("--playout", default=default,
                        help=f"the labeller's playout policy: {first}, random, a "
                             "compiled heuristic style (Evolution: grazer, hunter, flyer; Dominant "
                             "Species: dominator, spreader) for "
                             "every seat, or mix (each seat a style drawn per simulation)")


def add_decisions_parser(sub):
    parser = sub.add_parser("decisions", help="decision benchmarks: build suites, score agents",
                            description="Suites of labelled decisions (training/decisions/).")
    dsub = parser.add_subparsers(dest="decisions_command", required=True)
    build = dsub.add_parser("build", help="sample and label positions into a suite file "
                                          "(seeded, resumable, parallel)")
    build.add_argument("--suite", required=True, choices=sorted({**SPECS, **IN_PROGRESS}))
    build.add_argument("--game", default=None, help="the suite's game (checked if given)")
    build.add_argument("--out", default=None,
                       help="suite file (.json.gz); default the shipped file of the suite")
    build.add_argument("--positions", type=int, default=500)
    build.add_argument("--sims", type=int, default=None,
                       help="simulations per legal action (default: the suite's, else 32)")
    build.add_argument("--seed", type=int, default=0)
    build.add_argument("--workers", type=int, default=1)
    add_playout_argument(build, None)
    build.add_argument("--tree", action="store_true", default=None,
                       help="grow a search tree below each action (default: the suite's)")
    build.add_argument("--max-tasks", type=int, default=None,
                       help="stop after this many new games (the rerun continues)")
    build.add_argument("--quiet", action="store_true", help="no progress bar")
    add_executor_arguments(build, True)
    build.set_defaults(func=cmd_build)
    relabel = dsub.add_parser("relabel", help="label a suite's positions again with another "
                                              "seed (resumable), for `agree`")
    relabel.add_argument("--suite", required=True,
                         help=f"a shipped suite ({SHIPPED}) or a suite file path")
    relabel.add_argument("--out", required=True, help="the relabelled suite file (.json.gz)")
    relabel.add_argument("--seed", type=int, default=2)
    relabel.add_argument("--sims", type=int, default=None,
                         help="simulations per legal action (default: the suite's budget)")
    relabel.add_argument("--workers", type=int, default=1)
    add_playout_argument(relabel)
    relabel.add_argument("--tree", action="store_true",
                         help="grow a search tree below each action from its simulations "
                              "(replies chosen by search, not by the playout policy)")
    relabel.add_argument("--version", type=int, default=None,
                         help="the new file's version (default: the source suite's + 1)")
    relabel.add_argument("--max-positions", type=int, default=None,
                         help="stop after this many new positions (the rerun continues)")
    relabel.add_argument("--quiet", action="store_true", help="no progress bar")
    add_executor_arguments(relabel, True)
    relabel.set_defaults(func=cmd_relabel)
    agree = dsub.add_parser("agree", help="agreement of two labellings of the same positions")
    agree.add_argument("a", nargs="?", default=None, help="suite file A")
    agree.add_argument("b", nargs="?", default=None, help="suite file B")
    agree.add_argument("--suite", default=None, help=f"A is this shipped suite ({SHIPPED})")
    agree.add_argument("--against", default=None, help="B, with --suite")
    agree.add_argument("--min-z", type=float, default=None,
                       help="clear: the best action leads by more than this many paired "
                            "standard errors (default: the suites' mark, 2)")
    agree.add_argument("--out", default=None, help="write the figures as JSON here")
    agree.set_defaults(func=cmd_agree)
    restamp = dsub.add_parser("restamp", help="a suite labelled under other rules, stamped "
                                              "with these when they play the same from "
                                              "every one of its positions")
    restamp.add_argument("suite", help="the suite file")
    restamp.add_argument("--out", required=True, help="the restamped suite file (may be the "
                                                      "same path)")
    restamp.set_defaults(func=cmd_restamp)
    info = dsub.add_parser("info", help="what a suite file says about itself: version, "
                                        "hashes, budget, clear counts, noise floor")
    info.add_argument("suite", help=f"a shipped suite ({SHIPPED}) or a suite file path")
    info.add_argument("--out", default=None, help="write the figures as JSON here")
    info.set_defaults(func=cmd_info)
    paired = dsub.add_parser("pair", help="two labellings of the same positions as one "
                                          "suite (noise floor, cross-fitted clear marks)")
    paired.add_argument("a", help="suite file A (its values and best actions stay)")
    paired.add_argument("b", help="suite file B, a relabelling of A")
    paired.add_argument("--out", required=True, help="the paired suite file (.json.gz)")
    paired.set_defaults(func=cmd_pair)
    for name, helptext in (("eval", "score one agent on a suite"),
                           ("leaderboard", "score several agents; table, CSV and plot")):
        p = dsub.add_parser(name, help=helptext)
        p.agent_specs = True        # training.cli.Parser ends --help with the spec table
        p.add_argument("--suite", required=True,
                       help=f"a shipped suite ({SHIPPED}) or a suite file path")
        if name == "eval":
            p.add_argument("--agent", required=True, help="an agent spec (agents.from_spec)")
            p.add_argument("--out", default=None, help="write the result as JSON here")
            p.set_defaults(func=cmd_eval)
        else:
            p.add_argument("--agents", required=True, help="comma-separated agent specs")
            p.add_argument("--out", required=True, help="output folder")
            p.set_defaults(func=cmd_leaderboard)
        p.add_argument("--seed", type=int, default=0)
        p.add_argument("--limit", type=positive_int, default=None, help="only the first N positions")
        p.add_argument("--players", type=int, default=None,
                       help="only the positions with this many players")
        add_stale_argument(p)
        add_executor_arguments(p, False)
    rescore = dsub.add_parser("rescore", help="a leaderboard's stored choices scored under "
                                              "another labelling of the same positions")
    rescore.add_argument("--board", required=True, help="a `decisions leaderboard --out` folder")
    rescore.add_argument("--suite", required=True,
                         help="the new labelling (a suite file, e.g. from `decisions relabel`)")
    rescore.add_argument("--scored-on", default=None,
                         help="the suite file the board was scored on (default: the source "
                              "the --suite file was relabelled from)")
    rescore.add_argument("--out", required=True, help="output folder (a leaderboard folder)")
    add_stale_argument(rescore)
    rescore.set_defaults(func=cmd_rescore)
    proof = dsub.add_parser("proof", help="Spearman of a decision leaderboard's regret order "
                                          "against a tournament's rating order")
    proof.add_argument("--board", required=True, action="append",
                       help="a `decisions leaderboard --out` folder; repeat it to pool the "
                            "positions of several boards")
    against = proof.add_mutually_exclusive_group(required=True)
    against.add_argument("--ratings", help="a tournament's ratings.csv (the order by mu)")
    against.add_argument("--games", help="a tournament's results.jsonl (the order by win "
                                         "share; the bootstrap resamples the games)")
    proof.add_argument("--players", type=int, default=None,
                       help="only the positions with this many players")
    proof.add_argument("--reps", type=int, default=2000, help="bootstrap resamples")
    proof.add_argument("--seed", type=int, default=0)
    proof.add_argument("--out", default=None, help="write the figures as JSON here")
    proof.set_defaults(func=cmd_proof)
