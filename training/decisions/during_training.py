"""Decision scores during training: `speciesgym train --eval-suite feeding` (training.ppo.train).

At each evaluation the current policy is scored on a fixed slice of the suite: up to
`--eval-suite-positions` positions with the run's player count (a policy's observation has
the size of its table) and the game options given with --option, drawn once with the run's
seed (training.decisions.suite.load_slice), so every evaluation of a run scores the same
positions. eval.csv gets one more row per evaluation, opponent `suite:<name>`, games = the
positions scored, win rate, reward and score empty, and the two columns SUITE_COLUMNS
(agreement on the clear positions, mean regret); TensorBoard gets
eval/suite_<name>_agreement and eval/suite_<name>_regret.
"""
import csv
import time

from speciesgym.training.decisions.evaluate import evaluate
from speciesgym.training.decisions.suite import load_slice, read_suite_file, suite_path

SUITE_COLUMNS = ["agreement", "regret"]


class SuiteEval:
    """A fixed slice of a suite and the scoring of a policy on it."""

    def __init__(self, suite, game, players, options=None, positions=100, seed=0):
        if isinstance(positions, bool) or not isinstance(positions, int) or positions < 1:
            raise ValueError(f"--eval-suite-positions must be at least 1, got {positions!r}")
        try:
            data = read_suite_file(suite_path(suite))
        except ValueError as exc:
            raise ValueError(f"--eval-suite {suite}: {exc}") from None
        if data["game"] != game:
            raise ValueError(f"--eval-suite {suite} is a suite of {data['game']} decisions, "
                             f"but --game is {game}")
        self.suite = load_slice(suite, positions, seed, players, options)
        if not self.suite.positions:
            raise ValueError(f"--eval-suite {suite} has no {players}-player position"
                             + (f" with options {options}" if options else ""))
        self.name, self.seed = self.suite.name, seed

    def score(self, agent):
        """{"n", "n_clear", "agreement", "regret", "seconds"} of `agent` on the slice."""
        start = time.perf_counter()
        s = evaluate(self.suite, agent, seed=self.seed).overall
        return {"n": s["n"], "n_clear": s["n_clear"], "agreement": s["agreement"][0],
                "regret": s["regret"][0], "seconds": time.perf_counter() - start}

    def row(self, step, score, cpu_seconds):
        """The eval.csv row (the columns of training.ppo.train plus SUITE_COLUMNS)."""
        return [step, f"suite:{self.name}", score["n"], "", "", "", round(score["seconds"], 1),
                cpu_seconds, round(score["agreement"], 4), round(score["regret"], 5)]

    def log(self, logger, score):
        logger.record(f"eval/suite_{self.name}_agreement", score["agreement"])
        logger.record(f"eval/suite_{self.name}_regret", score["regret"])

    @staticmethod
    def check_header(path):
        """Refuse to append suite rows to an eval.csv started without their columns."""
        with open(path, newline="") as fh:
            header = next(csv.reader(fh), [])
        if header[-len(SUITE_COLUMNS):] != SUITE_COLUMNS:
            raise ValueError(f"{path} was started without --eval-suite (no "
                             f"{', '.join(SUITE_COLUMNS)} columns); resume without it, or "
                             f"start a new run")


def suite_eval_from_args(args, options):
    """The run's SuiteEval, or None without --eval-suite."""
    if not args.eval_suite:
        return None
    return SuiteEval(args.eval_suite, args.game, args.players, options,
                     args.eval_suite_positions, args.seed)
