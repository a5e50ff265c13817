"""Stopping a run cleanly on Ctrl-C (SIGINT) or SIGTERM (training.ppo.train).

A signal arrives at any moment; what we want is a KeyboardInterrupt out of the training loop,
every time, so that the run reports its last complete checkpoint and exits with 130. Two ways
Python loses a signal are closed here: a process that inherits SIGINT ignored (a background
job of a non-interactive shell does) never raises KeyboardInterrupt for it, and an exception
raised by a handler inside a finalizer is printed as "Exception ignored" and dropped. A
third way is closed too: a KeyboardInterrupt raised while a checkpoint is being written
(inside torch's zip writer) can make the writer's cleanup raise a RuntimeError of its own,
which then replaces the interrupt, so the run crashed with exit 1 instead of stopping.
Checkpoints are therefore written inside `held()`, where a signal is recorded and raised
once the file is complete.
"""
import contextlib
import signal
import threading


class StopSignals:
    """Ctrl-C (SIGINT) and SIGTERM (kill, preemption) while a run trains: both stop it as a
    KeyboardInterrupt.

    `install` sets this handler for both signals (from the main thread; elsewhere Python
    allows no handlers and it does nothing), whatever the process inherited: a parent may
    have left SIGINT ignored. The handler records the signal and raises at once. Python
    discards an exception raised inside a finalizer (`__del__`, a weakref callback: it prints
    "Exception ignored" and goes on), so `check`, called at every environment step and
    between the phases of a run, raises again for a recorded signal: a delivered signal
    always stops the run. Inside `held()` the handler only records the signal, and leaving
    the section raises it. `restore` puts the previous handlers back."""

    SIGNALS = (signal.SIGINT, signal.SIGTERM)

    def __init__(self):
        self.received = None
        self._previous = {}
        self._holding = 0

    def install(self):
        if threading.current_thread() is threading.main_thread():
            for sig in self.SIGNALS:
                self._previous[sig] = signal.signal(sig, self._handle)

    def restore(self):
        for sig, handler in self._previous.items():
            signal.signal(sig, signal.SIG_DFL if handler is None else handler)
        self._previous.clear()

    def check(self):
        if self.received is not None:
            raise KeyboardInterrupt(f"signal {self.received}")

    @contextlib.contextmanager
    def held(self):
        """A section a signal must not cut short (a checkpoint being written): a signal
        arriving inside it is recorded, and raised as KeyboardInterrupt once the section
        has finished."""
        self._holding += 1
        try:
            yield
        finally:
            self._holding -= 1
        if not self._holding:
            self.check()

    def _handle(self, signum, frame):
        self.received = signum
        if not self._holding:
            raise KeyboardInterrupt(f"signal {signum}")
