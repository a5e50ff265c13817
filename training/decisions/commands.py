"""What each `speciesgym decisions` subcommand does with its parsed arguments: calling the
module that does the work (build.py, relabel.py, agree.py, pair.py, info.py, behaviour.py,
evaluate.py, leaderboard.py, rescore.py, proof.py) and printing; the parser is cli.py."""
import contextlib
import shlex
import sys

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
                           args.playout, args.tree, args.start))
    print(f"{out}: {len(data['positions'])} positions from {data['built']['tasks']} games "
          f"({_spent(data['built'])})")
    return 0


def _spent(built):
    """What a build or relabelling cost: worker (wall) seconds, and the CPU seconds of the
    tasks whose journal lines record them."""
    cpu = built.get("cpu_tasks", 0)
    of = "" if cpu == built["tasks"] else f" of {cpu} tasks"
    return (f"{built['seconds']:.0f} worker seconds"
            + (f", {built['cpu_seconds']:.0f} CPU seconds{of}" if cpu else ""))


def _command():
    return "speciesgym " + " ".join(shlex.quote(a) for a in sys.argv[1:])


@_on_executor(RESUMES)
def cmd_relabel(args, executor):
    from speciesgym.training.decisions.relabel import RelabelArgs, relabel
    data = relabel(RelabelArgs(args.suite, args.out, args.seed, args.sims, args.workers,
                               args.max_positions, not args.quiet, _command(), executor,
                               args.playout, args.tree, args.version, args.start))
    state = "complete" if data["complete"] else "partial (rerun to continue)"
    below = ", a tree below each action" if args.tree else ""
    print(f"{args.out}: {len(data['positions'])} positions relabelled, seed {args.seed}, "
          f"{data['budget']['sims']} simulations per action, {args.playout} playouts{below}, "
          f"{state} "
          f"({_spent(data['built'])})")
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
