"""Scoring agents on a suite as Ray tasks (`speciesgym decisions eval | leaderboard
--executor ray`), with the rows `evaluate` gives in one process.

In one process, `evaluate` builds one agent per player count (from the spec and the seed) and
hands it that count's positions in suite order. Here each (agent, player count) pair is one
task doing just that: build the agent, rebuild those positions from their records, score
them in order (training.decisions.evaluate.score). A stochastic agent therefore draws the
same numbers and every row is the same; only the measured seconds differ. The driver puts
the rows back in suite order and summarises them, and calls `done(result)` as the last task
of each agent ends. A task that raises (an illegal choice, an agent that breaks) is retried
once by Ray, then the run stops with training.decisions.tasks.TaskFailed naming the agent
and the player count.
"""
from speciesgym.training.decisions.scoring import result_of, score, spec_warmer
from speciesgym.training.decisions.suite import Position, rebuild_position
from speciesgym.training.decisions.tasks import run_tasks


def score_task(game, agent, players, seed, items, key):
    """(key, rows) of `items` ((index in the suite, record) pairs, all with `players`
    players) decided by the agent `agent` built for that player count."""
    from speciesgym.agents import from_spec
    positions = [(i, Position(r, *rebuild_position(game, r, f"position {i} ({r.get('id')})")))
                 for i, r in items]
    bot = from_spec(agent, game, players, seed=seed)
    return key, score(agent, lambda _: bot, positions, spec_warmer(agent, game, seed))


def evaluate_on(executor, suite, agents, seed=0, limit=None, done=None):
    """The EvalResult of each agent spec of `agents` on the Suite `suite`, in that order,
    scored as tasks of `executor` (a training.cluster.tasks.RayTasks)."""
    from speciesgym.agents import from_spec
    for agent in agents:
        if not isinstance(agent, str):
            raise ValueError(f"the ray executor scores agent specs (text), got {agent!r}")
        from_spec(agent, suite.game, 2, seed=seed)       # a bad spec fails before any work
    positions = suite.positions if limit is None else suite.positions[:limit]
    groups = {}
    for i, pos in enumerate(positions):
        groups.setdefault(pos.record["players"], []).append((i, pos.record))
    parts = [{} for _ in agents]            # per agent: {players: rows}
    results = [None] * len(agents)

    def finish(k):
        rows = [None] * len(positions)
        for players, items in groups.items():
            for (i, _), row in zip(items, parts[k][players]):
                rows[i] = row
        results[k] = result_of(suite.info or {"name": suite.name}, agents[k], rows, seed)
        if done is not None:
            done(results[k])

    def on_result(answer):
        (k, players), rows = answer
        parts[k][players] = rows
        if len(parts[k]) == len(groups):
            finish(k)

    calls = ((f"agent {agent} on the {players}-player positions", score_task,
              (suite.game, agent, players, seed, items, (k, players)))
             for k, agent in enumerate(agents) for players, items in groups.items())
    run_tasks(calls, 1, on_result, executor=executor)
    for k in range(len(agents)):
        if not groups:                      # nothing to score: the empty summaries
            finish(k)
    return results
