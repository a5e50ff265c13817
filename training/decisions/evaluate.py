"""Scoring an agent on a suite: `evaluate(suite, agent)` and `speciesgym decisions eval`, in
this process or as Ray tasks (eval_tasks); what a position's row and the summaries hold is
in scoring.py.
"""
from speciesgym.training.decisions.eval_tasks import evaluate_on
from speciesgym.training.decisions.scoring import EvalResult, result_of, score, spec_warmer
from speciesgym.training.decisions.suite import Suite, load_suite

__all__ = ["EvalResult", "evaluate"]


def evaluate(suite, agent, seed=0, limit=None, executor=None):
    """Score `agent` (an agents.from_spec spec, or a callable (players) -> agent, or one
    agent object used for every player count) on `suite` (a Suite, name or path). executor:
    None to score here, or a training.cluster.tasks.RayTasks to score a spec as Ray tasks
    (training.decisions.eval_tasks; the same rows)."""
    from speciesgym.agents import from_spec
    if not isinstance(suite, Suite):
        suite = load_suite(suite)
    if executor is not None:
        return evaluate_on(executor, suite, [agent], seed, limit)[0]
    warm = None                                          # agent objects: timed as they come
    if isinstance(agent, str):
        name = agent
        from_spec(agent, suite.game, 2, seed=seed)       # a bad spec fails before any work
        cache = {}
        warm = spec_warmer(name, suite.game, seed)

        def make(players):
            if players not in cache:
                cache[players] = from_spec(name, suite.game, players, seed=seed)
            return cache[players]
    elif callable(agent) and not hasattr(agent, "act"):
        name, make = getattr(agent, "__name__", "agent"), agent
    else:
        name = getattr(agent, "name", type(agent).__name__)

        def make(players):
            return agent
    positions = suite.positions if limit is None else suite.positions[:limit]
    rows = score(name, make, enumerate(positions), warm)
    return result_of(suite.info or {"name": suite.name}, name, rows, seed)
