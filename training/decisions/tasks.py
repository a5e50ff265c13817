"""What a suite build, a relabelling and an evaluation share: the append-only journal of
finished tasks (resumable runs), the progress bar, and a runner of tasks on worker processes
or on a Ray cluster.

The journal (<out>.partial.jsonl) holds one JSON line per finished task (a single write,
flushed and synced; a torn last line is dropped on the next run) after a first line with the
run's arguments: a rerun with the same arguments skips the finished tasks, other arguments
are refused.
"""
import itertools
import json
import os
import pathlib
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from datetime import datetime, timezone


class Journal:
    """The append-only record of finished tasks (<out>.partial.jsonl)."""

    def __init__(self, path, header):
        self.path = pathlib.Path(path)
        self.done = {}
        if self.path.exists():
            self._read(header)
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._append(header)

    def _read(self, header):
        raw = self.path.read_bytes()
        good = raw[:raw.rfind(b"\n") + 1]           # drop a torn last line
        lines = good.decode("utf-8").splitlines()
        if not lines:
            raise ValueError(f"build journal {self.path} is empty or corrupt; delete it")
        try:
            first = json.loads(lines[0])
        except json.JSONDecodeError:
            raise ValueError(f"build journal {self.path} is corrupt; delete it") from None
        if first != header:
            raise ValueError(f"build journal {self.path} was started with other arguments "
                             f"({first}); rerun with those, or use another --out")
        for line in lines[1:]:
            try:
                entry = json.loads(line)
            except json.JSONDecodeError:
                continue
            self.done[entry["task"]] = entry
        if len(good) != len(raw):
            with open(self.path, "r+b") as fh:
                fh.truncate(len(good))

    def _append(self, entry):
        with open(self.path, "ab") as fh:
            fh.write((json.dumps(entry, separators=(",", ":"), sort_keys=True) + "\n").encode())
            fh.flush()
            os.fsync(fh.fileno())

    def add(self, entry):
        self._append(entry)
        self.done[entry["task"]] = entry

    def seconds(self, tasks):
        """Worker seconds (wall time) spent on tasks 0..tasks-1."""
        return sum(self.done[t].get("seconds", 0.0) for t in range(tasks))

    def built(self, tasks):
        """The file's "built" record of tasks 0..tasks-1: when, how many tasks, their worker
        seconds (wall time) and, over the tasks whose lines record it (`cpu_tasks`; older
        lines hold wall time only), their CPU seconds."""
        timed = [self.done[t]["cpu_s"] for t in range(tasks) if "cpu_s" in self.done[t]]
        return {"created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                "seconds": round(self.seconds(tasks), 1), "tasks": tasks,
                "cpu_seconds": round(sum(timed), 1), "cpu_tasks": len(timed)}

    def prefix(self, target):
        """(positions of tasks 0, 1, ... while contiguous, capped at target; tasks used)."""
        out, t = [], 0
        while t in self.done and len(out) < target:
            out.extend(self.done[t]["positions"])
            t += 1
        return out[:target], t


def stopwatch():
    """A function that gives the journal line's times since this call: {"seconds": wall
    time, "cpu_s": this process's CPU time} (the CPU time is what a task costs whatever
    else shares the machine; the wall time is not)."""
    wall, cpu = time.perf_counter(), time.process_time()
    return lambda: {"seconds": round(time.perf_counter() - wall, 2),
                    "cpu_s": round(time.process_time() - cpu, 2)}


def progress_bar(total, initial, enabled):
    if not enabled:
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm(total=total, initial=initial, unit="pos", file=sys.stderr, smoothing=0.05)


class TaskFailed(RuntimeError):
    """A task raised (on Ray: on both tries); the message names the task and the error."""


def run_tasks(calls, workers, on_result, finished=lambda: False, executor=None):
    """Run `calls` (an iterator of (label, function, arguments)), passing each result to
    on_result as it comes; stop when the calls run out or finished() holds (queued calls are
    cancelled). executor: None for `workers` processes on this machine (this process for
    one), at most 2 * workers queued; or a training.cluster.tasks.RayTasks. A call that raises
    (on Ray: twice, Ray retrying it once) stops the run with TaskFailed naming its label;
    the results passed on before stay passed on (a journal keeps them)."""
    if executor is not None:
        return _run_on(executor, calls, on_result, finished)
    pool = ProcessPoolExecutor(workers) if workers > 1 else _Inline()
    pending = {}
    try:
        while not finished():
            for label, fn, fn_args in itertools.islice(calls, 2 * workers - len(pending)):
                pending[pool.submit(fn, *fn_args)] = label
            if not pending:
                return
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            failed = None
            for fut in [f for f in pending if f in done]:       # in the order sent
                label = pending.pop(fut)
                if fut.exception() is None:
                    on_result(fut.result())
                elif failed is None:
                    failed = label, fut.exception()
            if failed is not None:              # after passing on the others that ended
                label, exc = failed
                raise TaskFailed(f"{label} failed: {type(exc).__name__}: {exc}") from exc
    finally:
        for fut in pending:
            fut.cancel()
        pool.shutdown(wait=True, cancel_futures=True)


def run_journaled(command, kept, journal, bar, calls, workers, on_result,
                  finished=lambda: False, executor=None):
    """run_tasks for a resumable `decisions <command>`: a failure says that the finished
    `kept` (e.g. "games") stay in the journal and the same command continues; the progress
    bar (or None) is closed however the run ends."""
    try:
        run_tasks(calls, workers, on_result, finished, executor)
    except TaskFailed as exc:
        raise TaskFailed(f"decisions {command}: {exc}\nthe finished {kept} are kept in "
                         f"{journal.path}; the same command continues") from exc
    finally:
        if bar is not None:
            bar.close()


def _run_on(executor, calls, on_result, finished):
    from speciesgym.training.cluster.tasks import Failure
    if finished():
        return
    results = executor.run(calls)
    try:
        for label, outcome in results:
            if isinstance(outcome, Failure):
                raise TaskFailed(f"{label} failed twice on Ray ({outcome.reason}): "
                                 f"{outcome.detail}")
            on_result(outcome)
            if finished():
                return
    finally:
        results.close()             # cancels the tasks in flight


class _Inline:
    """A stand-in for the process pool with one worker: runs each task when submitted."""

    def submit(self, fn, *args):
        from concurrent.futures import Future
        fut = Future()
        try:
            fut.set_result(fn(*args))
        except Exception as exc:
            fut.set_exception(exc)
        return fut

    def shutdown(self, wait=True, cancel_futures=False):
        pass

