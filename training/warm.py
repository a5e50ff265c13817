"""Compile (or load from numba's disk cache) every game's kernels once, and say how long it
took, so that the tests that follow start warm."""
import importlib
import time

from training.games import GAMES


def main():
    for name in GAMES:
        try:
            module = importlib.import_module(f"envs.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"envs.{name}":
                print(f"warm: {name} not built yet")
                continue
            raise
        start = time.perf_counter()
        module.warm()
        print(f"warm: {name} kernels ready in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
