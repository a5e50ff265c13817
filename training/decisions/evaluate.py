"""Scoring an agent on a suite: `evaluate(suite, agent)` and `speciesgym decisions eval`, in
this process or as Ray tasks (eval_tasks); what a position's row and the summaries hold is
in scoring.py.
"""
# pyright: basic
from __future__ import annotations

import os
from collections.abc import Callable
from typing import cast

from speciesgym.agents.base import Agent
from speciesgym.training.cluster.tasks import RayTasks
from speciesgym.training.decisions.eval_tasks import evaluate_on
from speciesgym.training.decisions.scoring import EvalResult, result_of, score, spec_warmer
from speciesgym.training.decisions.suite import Suite, load_suite

__all__ = ["EvalResult", "evaluate"]


def evaluate(suite: Suite | str | os.PathLike[str], agent: str | Callable[[int], Agent] | Agent,
             seed: int = 0, limit: int | None = None,
             executor: RayTasks | None = None) -> EvalResult:
    """Score `agent` (an agents.from_spec spec, or a callable (players) -> agent, or one
    agent object used for every player count) on `suite` (a Suite, name or path). executor:
    None to score here, or a training.cluster.tasks.RayTasks to score a spec as Ray tasks
    (training.decisions.eval_tasks; the same rows)."""
    from speciesgym.agents import from_spec
    if not isinstance(suite, Suite):
        suite = load_suite(suite)
    if executor is not None:
        # evaluate_on fills every agent's entry before it returns
        return cast(EvalResult, evaluate_on(executor, suite, [agent], seed, limit)[0])
    warm = None                                          # agent objects: timed as they come
    if isinstance(agent, str):
        name = agent
        from_spec(agent, suite.game, 2, seed=seed)       # a bad spec fails before any work
        cache = {}
        warm = spec_warmer(name, suite.game, seed)

        def make_cached(players):
            if players not in cache:
                cache[players] = from_spec(name, suite.game, players, seed=seed)
            return cache[players]
        make = make_cached
    elif callable(agent) and not hasattr(agent, "act"):
        name, make = getattr(agent, "__name__", "agent"), agent
    else:
        name = getattr(agent, "name", type(agent).__name__)

        def make_same(players):
            return agent
        make = make_same
    positions = suite.positions if limit is None else suite.positions[:limit]
    rows = score(name, make, enumerate(positions), warm)
    return result_of(suite.info or {"name": suite.name}, name, rows, seed)
