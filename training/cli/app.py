"""The `speciesgym` command: play, bench, show, replay, warm, train, report, effects,
train-rllib, match, luck, exit, zoo, decisions, tournament, tournament-report. Each command
group's handlers and arguments live in their own module (cli/view.py, cli/speed.py,
cli/runs.py, cli/tournament.py, and the cli.py of training's subpackages); this module
assembles the parser and runs a command."""
import argparse
import os
import sys

from speciesgym.training.cli import runs, speed, tournament, view


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
    play = view.add_play(sub)
    speed.add_bench(sub)
    view.add_show(sub)
    view.add_replay(sub)
    speed.add_warm(sub)
    runs.add_train(sub)
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
    view.add_zoo(sub)
    from speciesgym.training.decisions.cli import add_decisions_parser
    add_decisions_parser(sub)
    runs.add_report(sub)
    runs.add_effects(sub)
    table = tournament.add_tournament(sub)
    for command in (play, match, table):
        command.agent_specs = True
    tournament.add_tournament_report(sub)
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
