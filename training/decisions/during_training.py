"""Decision scores during training: `speciesgym train --eval-suite feeding` (training.ppo.train).

The suite is the one of the run's table size (a policy's observation has the size of its
table): `--eval-suite feeding` in a 2-player run scores `feeding-2p` when that suite ships
(`table_suite`); a suite of mixed table sizes, or a suite file, gives its positions with the
run's player count. At each evaluation the current policy is scored on a fixed slice of it:
up to `--eval-suite-positions` positions with the game options given with --option, drawn
once with the run's seed (training.decisions.suite.load_slice), so every evaluation of a run
scores the same positions.

eval.csv gets one more row per evaluation, opponent `suite:<name>`, games = the positions
scored, win rate, reward and score empty, and the columns SUITE_COLUMNS: agreement on the
clear positions, mean regret, and the clear count beside them. Agreement is left empty when
fewer than MIN_CLEAR positions are clear (a share of 2 or 3 positions is noise, whatever its
interval says): regret only. TensorBoard gets eval/suite_<name>_regret, _clear and (from
MIN_CLEAR clear positions) _agreement.
"""
import csv
import time

from speciesgym.training.decisions.evaluate import evaluate
from speciesgym.training.decisions.suite import load_slice, read_suite_file, suite_path

SUITE_COLUMNS = ["agreement", "regret", "clear"]
OLD_COLUMNS = ["agreement", "regret"]       # runs started before the clear count was logged
MIN_CLEAR = 30


def table_suite(suite, players):
    """The shipped suite of `players` seats of the kind `suite` names (`feeding` ->
    `feeding-2p` at 2 players) when there is one, else `suite` itself."""
    from speciesgym.training.decisions.suite import SPECS, SUITES_DIR
    name = f"{suite}-{players}p"
    if name in SPECS and any(SUITES_DIR.glob(f"{name}-v*.json.gz")):
        return name
    return suite


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
        self.suite = load_slice(table_suite(suite, players), positions, seed, players, options)
        if not self.suite.positions:
            raise ValueError(f"--eval-suite {suite} has no {players}-player position"
                             + (f" with options {options}" if options else ""))
        self.name, self.seed = self.suite.name, seed
        self.clear = sum(bool(p.record["clear"]) for p in self.suite.positions)
        self.columns = SUITE_COLUMNS

    def describe(self):
        """What the run is scored on, in a line."""
        from speciesgym.training.decisions.versions import describe
        agree = ("agreement and regret" if self.clear >= MIN_CLEAR else
                 f"regret only (agreement from {MIN_CLEAR} clear positions)")
        return (f"--eval-suite: {describe(self.suite.info)}: {len(self.suite)} positions, "
                f"{self.clear} clear; {agree}")

    def score(self, agent):
        """{"n", "n_clear", "agreement", "regret", "seconds"} of `agent` on the slice;
        agreement None below MIN_CLEAR clear positions."""
        start = time.perf_counter()
        s = evaluate(self.suite, agent, seed=self.seed).overall
        agreement = s["agreement"][0] if s["n_clear"] >= MIN_CLEAR else None
        return {"n": s["n"], "n_clear": s["n_clear"], "agreement": agreement,
                "regret": s["regret"][0], "seconds": time.perf_counter() - start}

    def row(self, step, score, cpu_seconds):
        """The eval.csv row (the columns of training.ppo.train plus SUITE_COLUMNS)."""
        agreement = "" if score["agreement"] is None else round(score["agreement"], 4)
        values = {"agreement": agreement, "regret": round(score["regret"], 5),
                  "clear": score["n_clear"]}
        return [step, f"suite:{self.name}", score["n"], "", "", "", round(score["seconds"], 1),
                cpu_seconds] + [values[c] for c in self.columns]

    def log(self, logger, score):
        if score["agreement"] is not None:
            logger.record(f"eval/suite_{self.name}_agreement", score["agreement"])
        logger.record(f"eval/suite_{self.name}_regret", score["regret"])
        logger.record(f"eval/suite_{self.name}_clear", score["n_clear"])

    def check_header(self, path):
        """Refuse to append suite rows to an eval.csv started without their columns; a run
        started before the clear count was logged keeps its columns."""
        with open(path, newline="") as fh:
            header = next(csv.reader(fh), [])
        if header[-len(SUITE_COLUMNS):] == SUITE_COLUMNS:
            self.columns = SUITE_COLUMNS
        elif header[-len(OLD_COLUMNS):] == OLD_COLUMNS:
            self.columns = OLD_COLUMNS
        else:
            raise ValueError(f"{path} was started without --eval-suite (no "
                             f"{', '.join(SUITE_COLUMNS)} columns); resume without it, or "
                             f"start a new run")


def suite_eval_from_args(args, options):
    """The run's SuiteEval, or None without --eval-suite."""
    if not args.eval_suite:
        return None
    suite_eval = SuiteEval(args.eval_suite, args.game, args.players, options,
                           args.eval_suite_positions, args.seed)
    print(suite_eval.describe())
    return suite_eval
