"""Compile (or load from numba's disk cache) the games' kernels, saying how long it took.

`speciesgym warm [--game G]` and `make warm` (before the tests and the demo) run `warm_games`:
each game's kernels, then its compiled search loop (agents.search).
Every other `speciesgym` command calls `compile_if_cold(game)` first: when the game's kernel
cache is cold (envs.core.cold_cache.cache_is_cold: a fresh checkout, a cleared cache, or sources
changed since it was written) it prints one line to stderr, compiles, and prints the time,
instead of a silent minute; with a warm cache it prints nothing. (Each game package drops its
own stale cache on import: envs.core.cache.drop_stale_cache.)
"""
import argparse
import sys
import time

from speciesgym.envs.core.cold_cache import cache_is_cold
from speciesgym.envs.games import package
from speciesgym.training.games import GAMES, game_module


def warm_game(name):
    """Compile or load every kernel of game `name`; returns the seconds it took."""
    start = time.perf_counter()
    package(name).warm()
    return time.perf_counter() - start


def warm_games(names=GAMES, search=True):
    """Warm each game's kernels, then (search) the compiled search loop of each game."""
    for name in names:
        print(f"warm: {name} kernels ready in {warm_game(name):.1f} s", flush=True)
    if not search:
        return
    from speciesgym.agents.search.agent import warm
    for name in names:
        start = time.perf_counter()
        warm(name)
        print(f"warm: {name} search loop ready in {time.perf_counter() - start:.1f} s",
              flush=True)


def compile_if_cold(name, stream=None):
    """Compile game `name` now, announced on `stream` (stderr), if its cache is cold; True
    if it was."""
    module = game_module(name)
    if not cache_is_cold(module.__path__[0]):
        return False
    stream = stream or sys.stderr
    print(f"speciesgym: compiling {name} kernels (first use, about a minute)...",
          file=stream, flush=True)
    print(f"speciesgym: ... done in {warm_game(name):.1f} s", file=stream, flush=True)
    return True


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=GAMES, default=None, help="only this game")
    args = parser.parse_args(argv)
    warm_games([args.game] if args.game else GAMES)


if __name__ == "__main__":
    main()
