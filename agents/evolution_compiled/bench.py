"""Speed of the Evolution heuristics with compiled against Python scoring, in one run.

    python -m speciesgym.agents.evolution_compiled.bench --games 6 --players 4

Plays the same seeded games (grazer, hunter, flyer and so on around the table) twice per
seed, alternating: once with the classes as they are (the compiled scorer) and once with
their Python methods (`compiled = None`, the scoring before the twin), and checks that the
games are the same move for move. Prints decisions per second of each and their ratio; the
ratio is the figure to read (both halves share the machine's load).
"""
import argparse
import time

from speciesgym.agents.evolution_flyer import FlyerAgent
from speciesgym.agents.evolution_heuristics import GrazerAgent, HunterAgent
from speciesgym.agents.runner import play_game

KINDS = (GrazerAgent, HunterAgent, FlyerAgent)


def one_game(players, seed, compiled, flight):
    agents = [KINDS[(seat + seed) % 3](seed + seat) for seat in range(players)]
    if not compiled:
        for agent in agents:
            agent.compiled = None
    log = []
    t0 = time.perf_counter()
    play_game("evolution", players, agents, seed=seed, log=log, flight=flight)
    return time.perf_counter() - t0, log


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--no-flight", action="store_true")
    args = parser.parse_args(argv)
    if args.games < 1 or not 2 <= args.players <= 6:
        parser.error("--games must be >= 1 and --players 2..6")
    flight = not args.no_flight
    one_game(args.players, 0, True, flight)                 # compile before timing
    seconds = {True: 0.0, False: 0.0}
    decisions = 0
    for seed in range(args.games):
        logs = {}
        for compiled in ((True, False) if seed % 2 else (False, True)):
            dt, logs[compiled] = one_game(args.players, seed, compiled, flight)
            seconds[compiled] += dt
        if logs[True] != logs[False]:
            raise SystemExit(f"seed {seed}: the compiled and the Python scoring played "
                             f"different games")
        decisions += len(logs[True])
    py, jit = decisions / seconds[False], decisions / seconds[True]
    print(f"{args.games} games x {args.players} players (Flight {'on' if flight else 'off'}), "
          f"{decisions} decisions, the same games both ways")
    print(f"Python scoring   {py:9.0f} decisions/s  ({seconds[False]:.1f} s)")
    print(f"compiled scoring {jit:9.0f} decisions/s  ({seconds[True]:.1f} s)")
    print(f"ratio            {jit / py:9.1f}x")


if __name__ == "__main__":
    main()
