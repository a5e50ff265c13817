"""Decision benchmarks: suites of labelled positions and the scores of agents on them.

  suite.py        the suite file format, shipped suites, load_suite (refuses stale suites)
  specs.py        how each named suite is built (the table suites' frozen method)
  versions.py     the rules hash a suite was labelled under; the identity results carry
  crossfit.py     two labellings per position: cross-fitted clear marks, the noise floor
  intervals.py    bootstrap intervals resampling games (clusters) and labellings
  build.py        speciesgym decisions build (seeded, resumable, parallel)
  tasks.py        the journal of a resumable run, progress bar, tasks on worker processes
                  or on Ray (training/cluster/tasks.py)
  relabel.py      speciesgym decisions relabel: the same positions labelled with another seed
                  (or another playout, --playout)
  agree.py        speciesgym decisions agree: how far two labellings agree
  pair.py         speciesgym decisions pair: a suite and its relabelling as one suite
  info.py         speciesgym decisions info: a suite file's facts (version, clear, floor)
  scoring.py      an agent's choices scored on positions: rows, summaries, EvalResult (a leaf)
  evaluate.py     evaluate(suite, agent) -> EvalResult; speciesgym decisions eval
  eval_tasks.py   the same scoring as Ray tasks (eval and leaderboard --executor ray)
  leaderboard.py  several agents: table, CSV, plot
  rescore.py      speciesgym decisions rescore: a board's stored choices under other labels
  proof.py        speciesgym decisions proof: Spearman and Kendall of the regret order
                  against a tournament's (proof_draws.py: its resampling)
  analysis.py     per-type agreement, regret distribution, worst positions (notebooks)
  during_training.py  speciesgym train --eval-suite: scores at each evaluation
  cli.py          the `speciesgym decisions` subcommands
  label_bench.py  CPU seconds per labelled position by playout policy (python -m ...)
  suites/         the shipped suites (package data), <name>-v<version>.json.gz

The kinds of decision a suite samples (feeding, evolve, dominance) are typed below the agents,
in envs/decision_kinds.py and each game's decision_kinds.py.

Notebook use:

    from speciesgym.training.decisions import load_suite, evaluate
    suite = load_suite("feeding")
    result = evaluate(suite, "heuristic:grazer")
    result.overall, result.by_type, result.rows
    from speciesgym.training.decisions.suite import load_slice
    two = load_slice("feeding", n=40, seed=0, players=2)    # a fixed seeded slice
"""
from speciesgym.training.decisions.evaluate import EvalResult, evaluate
from speciesgym.training.decisions.suite import Suite, load_suite

__all__ = ["EvalResult", "Suite", "evaluate", "load_suite"]
