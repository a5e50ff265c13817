"""Tournament games on a Ray cluster: `RayExecutor`, the same executor interface as
`speciesgym.training.executors.ProcessExecutor` (GameSpecs in, result records out as games finish).

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
`speciesgym.training.ratings` leaves out of the ratings and the leaderboard (a failure of the machine
says nothing about the bots), stored like any other game so a rerun does not play it again,
and announced by a RuntimeWarning. (The local executor instead stops the tournament on such
a failure; on a cluster one lost node should not end a long run.)

Ray is imported only when a RayExecutor is used; `import training` or `import envs` never
imports it. Without `address` the executor starts a local Ray instance (`num_cpus` CPUs) and
shuts it down on `close()`; with `address` ("auto", "ray://host:10001", "host:6379") it
connects to a running cluster and leaves it running.
"""
import traceback

from speciesgym.training.referee import Limits

RETRIES = 1                 # Ray retries a failing task this many times before we record it


def play_in_child(spec, limits):
    """One game in this process's own one-worker ProcessExecutor (kept between tasks): the
    record, a forfeit record for a faulting bot; RuntimeError for a failure outside the
    bots."""
    global _LOCAL
    from speciesgym.training.executors import ProcessExecutor
    if _LOCAL is None:
        _LOCAL = ProcessExecutor(1, limits)
    _LOCAL.limits = limits
    (record,) = list(_LOCAL([spec]))
    return record


_LOCAL = None


def _task(play, spec, limits):
    return play(spec, limits)


def failed_record(spec, reason, detail):
    """The record of a game whose task failed twice: no scores, no winners, not rated."""
    players = spec.players
    return {"index": spec.index, "seed": spec.seed, "entrants": list(spec.seats),
            "scores": None, "winners": [False] * players, "ranks": [1] * players,
            "decisions": 0, "failed": {"reason": reason, "detail": detail}}


class RayExecutor:
    """Plays tournament games as Ray tasks. address: a running cluster (None: start a local
    instance with `num_cpus`); limits: training.referee.Limits (read as each game is sent);
    in_flight: tasks submitted at once (default twice the cluster's CPUs); play: the
    function a task runs, `play(spec, limits) -> record` (default `play_in_child`)."""

    def __init__(self, address=None, num_cpus=None, limits=None, in_flight=None, play=None):
        if num_cpus is not None and (isinstance(num_cpus, bool) or not isinstance(num_cpus, int)
                                     or num_cpus < 1):
            raise ValueError(f"num_cpus must be a positive integer, got {num_cpus!r}")
        if in_flight is not None and (isinstance(in_flight, bool)
                                      or not isinstance(in_flight, int) or in_flight < 1):
            raise ValueError(f"in_flight must be a positive integer, got {in_flight!r}")
        if address is not None and num_cpus is not None:
            raise ValueError("num_cpus is for a local Ray instance; a cluster at --address "
                             "has its own CPUs")
        self.address = address
        self.num_cpus = num_cpus
        self.limits = limits or Limits()
        self.in_flight = in_flight
        self.play = play or play_in_child
        self.started = None             # the signal handlers to restore, once started

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _ray(self):
        try:
            import ray
        except ImportError:
            raise ValueError("the ray executor needs Ray: pip install 'speciesgym[ray]' "
                             "(or ray==2.60.0)") from None
        if not ray.is_initialized():
            if self.address is None:
                from speciesgym.training import ray_local
                self.started = ray_local.start(self.num_cpus)
            else:
                try:
                    ray.init(address=self.address, log_to_driver=False)
                except (ConnectionError, RuntimeError, ValueError) as exc:
                    raise ValueError(f"cannot reach a Ray cluster at {self.address!r}: "
                                     f"{exc}") from None
        return ray

    def close(self):
        """Shut down the local Ray instance this executor started (a cluster stays up)."""
        if self.started is not None:
            from speciesgym.training import ray_local
            ray_local.stop(self.started)
            self.started = None

    def __call__(self, specs):
        ray = self._ray()
        task = ray.remote(_task).options(max_retries=RETRIES, retry_exceptions=True,
                                         num_cpus=1)
        width = self.in_flight or max(1, 2 * int(ray.cluster_resources().get("CPU", 1)))
        specs, pending, limits = iter(specs), {}, self.limits
        play = ray.put(self.play)
        try:
            while True:
                while len(pending) < width:
                    spec = next(specs, None)
                    if spec is None:
                        break
                    pending[task.remote(play, spec, limits)] = spec
                if not pending:
                    return
                (ref,), _ = ray.wait(list(pending), num_returns=1)
                spec = pending.pop(ref)
                yield self._result(ray, ref, spec)
        finally:
            for ref in pending:             # stopped early: Ctrl-C, an error, abandoned
                ray.cancel(ref, force=True)

    @staticmethod
    def _result(ray, ref, spec):
        try:
            return ray.get(ref)
        except ray.exceptions.RayTaskError as exc:
            cause = exc.cause if getattr(exc, "cause", None) is not None else exc
            lines = traceback.format_exception_only(type(cause), cause)
            return failed_record(spec, "task-failed", lines[-1].strip()[:500])
        except ray.exceptions.RayError as exc:         # the worker or its node died
            return failed_record(spec, "worker-lost", f"{type(exc).__name__}: "
                                 f"{str(exc).strip().splitlines()[0][:400]}")
