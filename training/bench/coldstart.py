"""Cold start: the time from an empty numba cache (and from a warm one) to a user's first step.

    python -m speciesgym.training.bench.coldstart [--game G] [--kernels N]

For each game, two fresh Python processes share a new empty NUMBA_CACHE_DIR: the first
compiles (cold), the second loads what the first cached (warm). Each does what a user does
first: `import speciesgym.<game>_v0`, `env()`, `reset(seed=0)`, `last()`, then `step` of the
first legal action, and reports the CPU seconds (`time.process_time`) and wall seconds of
each part. The parent adds the child's whole CPU time (interpreter start included, from
`resource.getrusage`). Prints a table, then the figures as JSON. `--kernels N` also lists
the N kernels whose compilation cost most CPU (numba's compile events, outermost only:
a kernel's time includes the callees it compiled).
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

MODULES = {"evolution": "evolution_v0", "dominant_species": "dominant_species_v0"}
PARTS = ("import", "env", "reset", "last", "step")


class _CompileTimes:
    """A numba compile-event listener (registered as a numba.core.event.Listener): CPU
    seconds per outermost compiled kernel."""

    def __init__(self):
        self.depth = 0
        self.start = 0.0
        self.kernels = {}     # name -> [count, cpu seconds]

    def on_start(self, event):
        if self.depth == 0:
            self.start = time.process_time()
        self.depth += 1

    def on_end(self, event):
        self.depth -= 1
        if self.depth == 0:
            fn = event.data["dispatcher"].py_func
            name = f"{fn.__module__.rpartition('.')[2]}.{fn.__qualname__}"
            entry = self.kernels.setdefault(name, [0, 0.0])
            entry[0] += 1
            entry[1] += time.process_time() - self.start

    def notify(self, event):
        (self.on_start if event.is_start else self.on_end)(event)


def child(game):
    """Run the first step of `game` in this process; print the parts' times as JSON."""
    mark = (time.process_time(), time.perf_counter())   # numba's import counts as the game's
    import importlib

    from numba.core import event
    listener = _CompileTimes()
    event.Listener.register(_CompileTimes)
    event.register("numba:compile", listener)
    times = {}

    def lap(part):
        nonlocal mark
        now = (time.process_time(), time.perf_counter())
        times[part] = {"cpu": now[0] - mark[0], "wall": now[1] - mark[1]}
        mark = now

    module = importlib.import_module(f"speciesgym.{MODULES[game]}")
    lap("import")
    env = module.env()
    lap("env")
    env.reset(seed=0)
    lap("reset")
    obs = env.last()[0]
    lap("last")
    env.step(int(obs["action_mask"].argmax()))
    lap("step")
    kernels = sorted(listener.kernels.items(), key=lambda kv: -kv[1][1])
    print(json.dumps({"parts": times, "kernels": kernels}))


def run_child(game, cache_dir):
    """One child process; its report plus its whole CPU and wall seconds."""
    env = dict(os.environ, NUMBA_CACHE_DIR=cache_dir)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "speciesgym.training.bench.coldstart", "--child", game],
                         env=env, capture_output=True, text=True)
    wall = time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if out.returncode:
        raise RuntimeError(f"{game}: the child failed:\n{out.stderr}")
    report = json.loads(out.stdout.strip().splitlines()[-1])
    report["process"] = {"cpu": (after.ru_utime + after.ru_stime)
                         - (before.ru_utime + before.ru_stime), "wall": wall}
    return report


def measure(game):
    with tempfile.TemporaryDirectory(prefix="coldstart-") as cache_dir:
        return {"cold": run_child(game, cache_dir), "warm": run_child(game, cache_dir)}


def format_table(results, n_kernels=0):
    head = f"{'game':<17}{'cache':<6}" + "".join(f"{p:>13}" for p in PARTS + ("process",))
    lines = [head, "  (each cell: CPU s / wall s)"]
    for game, runs in results.items():
        for cache in ("cold", "warm"):
            run = runs[cache]
            cells = [run["parts"][p] for p in PARTS] + [run["process"]]
            lines.append(f"{game:<17}{cache:<6}"
                         + "".join(f"{c['cpu']:>6.2f}/{c['wall']:<6.2f}" for c in cells))
        for name, (count, cpu) in runs["cold"]["kernels"][:n_kernels]:
            lines.append(f"    {cpu:6.2f} s  {name}" + (f" (x{count})" if count > 1 else ""))
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(MODULES), action="append",
                        help="only this game (repeatable); default both")
    parser.add_argument("--kernels", type=int, default=0, metavar="N",
                        help="also list the N costliest compiled kernels of each cold run")
    parser.add_argument("--child", choices=sorted(MODULES), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return child(args.child)
    results = {game: measure(game) for game in (args.game or ["evolution", "dominant_species"])}
    print(format_table(results, args.kernels), flush=True)
    print(json.dumps({game: {cache: {"parts": r["parts"], "process": r["process"]}
                             for cache, r in runs.items()} for game, runs in results.items()}))


if __name__ == "__main__":
    main()
