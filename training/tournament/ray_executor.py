"""Tournament games on a Ray cluster: `RayExecutor`, the same executor interface as
`speciesgym.training.tournament.executors.ProcessExecutor` (GameSpecs in, result records out as games finish),
built on `speciesgym.training.cluster.tasks.RayTasks` (connecting, one task per game, in-flight limit,
retry, cancelling).

Each game is one Ray task. Inside the task the game is played by a one-worker
`ProcessExecutor` that the Ray worker process keeps between tasks, so every bot fault is
judged exactly as on one machine: a bot that raises, answers illegally, hangs past its limit
or kills its process forfeits that game, with the same record the local executor writes.
The driver (the process that runs the tournament) alone writes results.jsonl and the
ratings, one game at a time as each task completes: kill the driver and run the same command
again, and the games already written are neither lost nor played twice.

A task that fails for a reason that is no bot's fault (the engine raised, the Ray worker or
its node died) is retried once by Ray. If the retry fails too, the game is recorded as
failed: a record with `"failed": {"reason", "detail"}`, no scores and no winners, which
`speciesgym.training.tournament.ratings` leaves out of the ratings and the leaderboard (a failure of the machine
says nothing about the bots), stored like any other game so a rerun does not play it again,
and announced by a RuntimeWarning. (The local executor instead stops the tournament on such
a failure; on a cluster one lost node should not end a long run.)

Ray is imported only when a RayExecutor is used; `import training` or `import envs` never
imports it. Without `address` the executor starts a local Ray instance (`num_cpus` CPUs) and
shuts it down on `close()`; with `address` ("auto", "ray://host:10001", "host:6379") it
connects to a running cluster and leaves it running.
"""
from speciesgym.training.cluster.tasks import Failure, RayTasks
from speciesgym.training.tournament.referee import Limits


def play_in_child(spec, limits):
    """One game in this process's own one-worker ProcessExecutor (kept between tasks): the
    record, a forfeit record for a faulting bot; RuntimeError for a failure outside the
    bots."""
    global _LOCAL
    from speciesgym.training.tournament.executors import ProcessExecutor
    if _LOCAL is None:
        _LOCAL = ProcessExecutor(1, limits)
    _LOCAL.limits = limits
    (record,) = list(_LOCAL([spec]))
    return record


_LOCAL = None


def failed_record(spec, reason, detail):
    """The record of a game whose task failed twice: no scores, no winners, not rated."""
    players = spec.players
    return {"index": spec.index, "seed": spec.seed, "entrants": list(spec.seats),
            "scores": None, "winners": [False] * players, "ranks": [1] * players,
            "decisions": 0, "failed": {"reason": reason, "detail": detail}}


class RayExecutor(RayTasks):
    """Plays tournament games as Ray tasks. address: a running cluster (None: start a local
    instance with `num_cpus`); limits: training.tournament.referee.Limits (read as each game is sent);
    in_flight: tasks submitted at once (default twice the cluster's CPUs); play: the
    function a task runs, `play(spec, limits) -> record` (default `play_in_child`)."""

    def __init__(self, address=None, num_cpus=None, limits=None, in_flight=None, play=None):
        super().__init__(address, num_cpus, in_flight)
        self.limits = limits or Limits()
        self.play = play or play_in_child

    def __call__(self, specs):
        calls = ((spec, self.play, (spec, self.limits)) for spec in specs)
        for spec, outcome in self.run(calls):
            if isinstance(outcome, Failure):
                yield failed_record(spec, outcome.reason, outcome.detail)
            else:
                yield outcome
