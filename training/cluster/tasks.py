"""Work on a Ray cluster, one Ray task per call, results as each task ends: `RayTasks`, what
the Ray executor of tournaments (training.tournament.ray_executor) and the `--executor ray` of decision
suites (training.decisions.tasks) share.

`RayTasks(address, num_cpus, in_flight).run(calls)` takes (key, function, arguments) triples
and yields (key, outcome) in the order the tasks end: outcome is what `function(*arguments)`
returned, or a `Failure(reason, detail)` when the task raised twice (Ray retries a failing
task once; reason "task-failed", detail the exception's last line) or its worker or node
died ("worker-lost"). At most `in_flight` tasks run at once (default twice the cluster's
CPUs), and calls are taken from the iterator only as room frees, so an endless iterator is
fine. Stopping the iteration early (Ctrl-C, an error, enough results) cancels the tasks still
in flight. Functions are sent by reference: every node must be able to import them.

Ray is imported on the first `run`, never by importing speciesgym. Without `address` a local
Ray instance with `num_cpus` CPUs is started then (unless this process already runs one) and
shut down by `close()`; with `address` ("auto", "ray://host:10001", "host:6379") a running
cluster is joined and left running.
"""
import traceback
from dataclasses import dataclass

RETRIES = 1                 # Ray retries a failing task this many times


@dataclass(frozen=True)
class Failure:
    """A task that failed on every try: why ("task-failed", "worker-lost") and the detail."""
    reason: str
    detail: str


def _call(fn, *args):
    return fn(*args)


def _positive(name, value):
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                              or value < 1):
        raise ValueError(f"{name} must be a positive integer, got {value!r}")


def check_address(executor, address):
    """The command-line rule: --address only goes with --executor ray."""
    if address and executor != "ray":
        raise ValueError("--address is for --executor ray")


class RayTasks:
    """Calls run as Ray tasks. address: a running cluster (None: a local instance with
    `num_cpus` CPUs); in_flight: tasks submitted at once (None: twice the cluster's CPUs)."""

    def __init__(self, address=None, num_cpus=None, in_flight=None):
        _positive("num_cpus", num_cpus)
        _positive("in_flight", in_flight)
        if address is not None and num_cpus is not None:
            raise ValueError("num_cpus is for a local Ray instance; a cluster at --address "
                             "has its own CPUs")
        self.address = address
        self.num_cpus = num_cpus
        self.in_flight = in_flight
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
                from speciesgym.training.cluster import local as ray_local
                self.started = ray_local.start(self.num_cpus)
            else:
                try:
                    ray.init(address=self.address, log_to_driver=False)
                except (ConnectionError, RuntimeError, ValueError) as exc:
                    raise ValueError(f"cannot reach a Ray cluster at {self.address!r}: "
                                     f"{exc}") from None
        return ray

    def close(self):
        """Shut down the local Ray instance this object started (a cluster stays up)."""
        if self.started is not None:
            from speciesgym.training.cluster import local as ray_local
            ray_local.stop(self.started)
            self.started = None

    def run(self, calls):
        ray = self._ray()
        task = ray.remote(_call).options(max_retries=RETRIES, retry_exceptions=True,
                                         num_cpus=1)
        width = self.in_flight or max(1, 2 * int(ray.cluster_resources().get("CPU", 1)))
        calls, pending, sent = iter(calls), {}, {}
        try:
            while True:
                while len(pending) < width:
                    call = next(calls, None)
                    if call is None:
                        break
                    key, fn, args = call
                    if fn not in sent:          # each function goes to the store once
                        sent[fn] = ray.put(fn)
                    pending[task.remote(sent[fn], *args)] = key
                if not pending:
                    return
                (ref,), _ = ray.wait(list(pending), num_returns=1)
                key = pending.pop(ref)
                yield key, _outcome(ray, ref)
        finally:
            for ref in pending:             # stopped early: Ctrl-C, an error, abandoned
                ray.cancel(ref, force=True)


def _outcome(ray, ref):
    try:
        return ray.get(ref)
    except ray.exceptions.RayTaskError as exc:
        cause = exc.cause if getattr(exc, "cause", None) is not None else exc
        lines = traceback.format_exception_only(type(cause), cause)
        return Failure("task-failed", lines[-1].strip()[:500])
    except ray.exceptions.RayError as exc:         # the worker or its node died
        return Failure("worker-lost", f"{type(exc).__name__}: "
                                      f"{str(exc).strip().splitlines()[0][:400]}")
