"""Where tournament games are played: bots run in worker processes that the parent can kill.

`ProcessExecutor(workers, limits)` is an executor (a callable from `GameSpec`s to result
records, yielded as games finish): each of its `workers` spawned processes plays one game at
a time with `speciesgym.training.tournament.referee.play_spec`. The "local" executor is one worker, so games are
played one after another; a pool is several. Both run every bot in a child process, so both
survive every fault of a bot:

- a bot that raises, or returns a non-integer or illegal action: the worker records the
  forfeit itself and goes on to its next game;
- a bot call that overruns its limit (a hang): the parent reads the worker's shared
  `Clock`, sees the call running past its limit, kills the worker, records the forfeit and
  starts a fresh worker for the next game;
- a worker process that dies (a bot calling os._exit, a segfault): the parent waits on each
  worker's process sentinel as well as its pipe, so it notices at once, and records a
  forfeit for the seat whose bot was running.

A worker that dies or fails while no bot code runs (the engine, an import) is not a bot's
fault: that is a RuntimeError naming the game and the tournament stops (finished games stay
in the results file). The workers live until `close()` (or the end of a `with` block) and
can serve several tournaments; they keep the modules they imported (`py:` bots) meanwhile.
"""
import multiprocessing
import os
import signal
import threading
import time
import traceback
from collections import deque
from multiprocessing.connection import wait

from speciesgym.training.tournament.referee import Clock, Limits, forfeit_record, play_spec

POLL = 0.5          # seconds between looks at a worker whose clock shows no bot call


class _Worker:
    """One spawned process playing games sent down its pipe."""

    def __init__(self, ctx):
        self.clock = Clock(ctx.RawArray("d", Clock.SIZE))
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_serve, args=(child, self.clock.a), daemon=True,
                                name="speciesgym-tournament-worker")
        self.proc.start()
        child.close()

    def kill(self):
        if self.proc.exitcode is None:
            self.proc.kill()
            self.proc.join()
        self.conn.close()

    def close(self):
        self.conn.close()               # the worker reads EOF and returns
        self.proc.join(5)
        if self.proc.is_alive():
            self.kill()


def _serve(conn, clock_array):
    """A worker's life: play each (GameSpec, Limits) received, answer ("done", record) or
    ("error", traceback text); return at EOF."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)       # Ctrl-C is the parent's business
    threading.Thread(target=_orphan_watch, args=(os.getppid(),), daemon=True).start()
    clock = Clock(clock_array)
    while True:
        try:
            spec, limits = conn.recv()
        except (EOFError, OSError):
            return
        try:
            answer = ("done", play_spec(spec, limits, clock))
        except Exception:
            answer = ("error", traceback.format_exc())
        conn.send(answer)


def _orphan_watch(parent):
    """End this worker once its parent is gone (killed mid-game, say), even if a bot hangs."""
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(1)


class ProcessExecutor:
    """Plays games in `workers` spawned processes under `limits` (training.tournament.referee.Limits,
    read as each game starts: it may be changed between calls)."""

    def __init__(self, workers=1, limits=None):
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise ValueError(f"workers must be at least 1, got {workers!r}")
        self.workers = workers
        self.limits = limits or Limits()
        self.ctx = multiprocessing.get_context("spawn")
        self.idle = []

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        """End the idle workers (a running call ends its busy ones itself)."""
        while self.idle:
            self.idle.pop().close()

    def __call__(self, specs):
        queue, busy, limits = deque(specs), {}, self.limits
        try:
            while queue or busy:
                while queue and len(busy) < self.workers:
                    spec = queue.popleft()
                    busy[self._send(spec, limits)] = spec
                wait([w.conn for w in busy] + [w.proc.sentinel for w in busy],
                     self._timeout(busy))
                for worker, spec in list(busy.items()):
                    try:
                        record = self._check(worker, spec, limits)
                    except RuntimeError:
                        del busy[worker]        # _check has kept or ended it
                        raise
                    if record is not None:
                        del busy[worker]
                        yield record
        finally:
            for worker in busy:         # stopped mid-game: Ctrl-C, an error, or abandoned
                worker.kill()

    def _send(self, spec, limits):
        """A live worker, now playing `spec`."""
        while self.idle:
            worker = self.idle.pop()
            try:
                if worker.proc.is_alive():
                    worker.conn.send((spec, limits))
                    return worker
            except OSError:
                pass
            worker.kill()
        worker = _Worker(self.ctx)
        worker.conn.send((spec, limits))
        return worker

    def _timeout(self, busy):
        """Seconds until the earliest running bot call reaches its limit (at most POLL)."""
        now, timeout = time.monotonic(), POLL
        for worker in busy:
            call = worker.clock.read()
            if call is not None:
                timeout = min(timeout, call[0] + call[2] - now)
        return max(timeout, 0.0)

    def _check(self, worker, spec, limits):
        """The record of `spec` if its game is over (played, forfeited or lost with its
        worker), else None; RuntimeError for a failure that is no bot's fault."""
        alive = worker.proc.is_alive()
        if worker.conn.poll():          # an answer, perhaps sent just before the end; or EOF
            try:
                kind, payload = worker.conn.recv()
            except Exception:
                kind = payload = None
            if kind == "done":
                self.idle.append(worker)
                return payload
            if kind == "error":
                self.idle.append(worker)        # the worker itself is fine
                raise RuntimeError(f"game {spec.index} ({', '.join(spec.seats)}) failed "
                                   f"outside the bots:\n{payload}")
            alive = False
        call = worker.clock.read()
        if not alive:
            worker.kill()
            code = worker.proc.exitcode
            if call is None:
                raise RuntimeError(f"game {spec.index} ({', '.join(spec.seats)}): the worker "
                                   f"process ended (exit code {code}) while no bot was "
                                   f"moving")
            return forfeit_record(spec, call[1], "died",
                                  f"the bot's process ended (exit code {code})", call[3])
        if call is not None and time.monotonic() - call[0] > call[2]:
            worker.kill()
            return forfeit_record(spec, call[1], *limits.detail(call[4]), call[3])
        return None
