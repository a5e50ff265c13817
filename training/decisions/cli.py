"""`speciesgym decisions build | eval | leaderboard`: argument parsing and printing only; the
work is in build.py, evaluate.py and leaderboard.py."""
import shlex
import sys

from training.decisions.suite import SPECS, SUITES_DIR


def cmd_build(args):
    from training.decisions.build import BuildArgs, build
    from training.decisions.suite import suite_spec
    spec = suite_spec(args.suite)
    if args.game is not None and args.game != spec.game:
        raise ValueError(f"suite {spec.name!r} is a {spec.game} suite, not {args.game}")
    out = args.out or str(SUITES_DIR / f"{spec.name}-v{spec.version}.json.gz")
    command = "speciesgym " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    data = build(BuildArgs(spec.name, out, args.positions, args.sims, args.seed, args.workers,
                           args.max_tasks, not args.quiet, command))
    print(f"{out}: {len(data['positions'])} positions from {data['built']['tasks']} games "
          f"({data['built']['seconds']:.0f} worker seconds)")
    return 0


def cmd_eval(args):
    from training.decisions.evaluate import evaluate
    result = evaluate(args.suite, args.agent, seed=args.seed, limit=args.limit)
    print("\n".join(result.report()))
    if args.out:
        result.write_json(args.out)
    return 0


def cmd_leaderboard(args):
    from training.decisions.leaderboard import run_leaderboard, table_lines
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    rows = run_leaderboard(args.suite, agents, args.out, seed=args.seed, limit=args.limit)
    print("\n".join(table_lines(rows)))
    print(f"wrote {args.out}/leaderboard.csv, leaderboard.txt, leaderboard.png")
    return 0


def add_decisions_parser(sub):
    parser = sub.add_parser("decisions", help="decision benchmarks: build suites, score agents",
                            description="Suites of labelled decisions (training/decisions/).")
    dsub = parser.add_subparsers(dest="decisions_command", required=True)
    build = dsub.add_parser("build", help="sample and label positions into a suite file "
                                          "(seeded, resumable, parallel)")
    build.add_argument("--suite", required=True, choices=sorted(SPECS))
    build.add_argument("--game", default=None, help="the suite's game (checked if given)")
    build.add_argument("--out", default=None,
                       help="suite file (.json.gz); default the shipped file of the suite")
    build.add_argument("--positions", type=int, default=500)
    build.add_argument("--sims", type=int, default=32, help="simulations per legal action")
    build.add_argument("--seed", type=int, default=0)
    build.add_argument("--workers", type=int, default=1)
    build.add_argument("--max-tasks", type=int, default=None,
                       help="stop after this many new games (the rerun continues)")
    build.add_argument("--quiet", action="store_true", help="no progress bar")
    build.set_defaults(func=cmd_build)
    for name, helptext in (("eval", "score one agent on a suite"),
                           ("leaderboard", "score several agents; table, CSV and plot")):
        p = dsub.add_parser(name, help=helptext)
        p.add_argument("--suite", required=True,
                       help="a shipped suite (feeding, dominance) or a suite file path")
        if name == "eval":
            p.add_argument("--agent", required=True, help="an agent spec (agents.from_spec)")
            p.add_argument("--out", default=None, help="write the result as JSON here")
            p.set_defaults(func=cmd_eval)
        else:
            p.add_argument("--agents", required=True, help="comma-separated agent specs")
            p.add_argument("--out", required=True, help="output folder")
            p.set_defaults(func=cmd_leaderboard)
        p.add_argument("--seed", type=int, default=0)
        p.add_argument("--limit", type=int, default=None, help="only the first N positions")
