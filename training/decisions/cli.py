"""`speciesgym decisions build | relabel | agree | pair | info | restamp | eval | leaderboard |
rescore | proof`: the argument parser; what each subcommand does is in commands.py."""
from speciesgym.training.arguments import positive_int
from speciesgym.training.decisions.commands import (SHIPPED, cmd_agree, cmd_build, cmd_eval,
                                                    cmd_info, cmd_leaderboard, cmd_pair,
                                                    cmd_proof, cmd_relabel, cmd_rescore,
                                                    cmd_restamp)
from speciesgym.training.decisions.specs import IN_PROGRESS
from speciesgym.training.decisions.suite import SPECS


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
    build.add_argument("--start", type=int, default=None,
                       help="successive halving: this many simulations per action first, "
                            "--sims for the last two (default: the suite's; 0: uniform)")
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
    relabel.add_argument("--start", type=int, default=0,
                         help="successive halving: this many simulations per action first, "
                              "--sims for the last two (0, the default: uniform)")
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
