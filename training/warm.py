"""Compile (or load from numba's disk cache) every game's kernels once, then the compiled
search loop of each game (agents.search), and say how long it took, so that the tests that
follow start warm. (Each package drops its own stale cache on import: envs.core.cache.)"""
import importlib
import time

from training.games import GAMES


def main():
    for name in GAMES:
        start = time.perf_counter()
        importlib.import_module(f"envs.{name}").warm()
        print(f"warm: {name} kernels ready in {time.perf_counter() - start:.1f} s")
    from agents.search.agent import warm
    for name in GAMES:
        start = time.perf_counter()
        warm(name)
        print(f"warm: {name} search loop ready in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
