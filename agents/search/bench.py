"""Simulations per second of the compiled search against the Python MCTS (agents.mcts) at
the same rollout policy (uniform random), the same rollout cap and no prior, on the same
positions; one core.

    python -m speciesgym.agents.search.bench                       # both games, 2 and 4 players
    python -m speciesgym.agents.search.bench --game evolution --players 2 --caps 60 16

Rollouts run in the engines' compiled kernels in both agents, so at a long cap both spend
most of a simulation playing out and the ratio is bounded by the rollout's share of the
Python agent's time; at a short cap it measures the loop (tree, determinisation, values).

With --cpu the rates are per second of this process's CPU time (time.process_time) rather
than wall time: on a machine shared with other jobs the wall-clock ratio moves with the load
between the two measurements, the CPU-time one less (other jobs still share caches and the
core); --repeat N keeps the best of N measurements of each rate.

With --caps 0 1 the playout's cost per simulation in each agent is the difference of the
inverse rates (1 / rate at the cap - 1 / rate at cap 1, the playout less one decision): the ratio at the cap cannot exceed
the Python agent's time per simulation over the search's playout time.

Positions are taken every few decisions from one seeded game of random play (moves with a
single legal action skipped). The first search call of each game loads or compiles the loop
(its seconds are printed as `load`: cold compile on a fresh cache, a cache load
otherwise).
"""
import argparse
import time

import numpy as np

from speciesgym.agents.infoset import InfoSet
from speciesgym.agents.mcts import DEFAULT_DEPTH, MCTSAgent
from speciesgym.agents.runner import make_engine
from speciesgym.agents.search.agent import SearchAgent
from speciesgym.envs.core.engine import checked_step


def positions(game, players, n, seed=0, every=17):
    """n positions (engine, state, seat) from one random game (a new game when it ends)."""
    engine = make_engine(game, players)
    rng = np.random.default_rng(seed)
    out = []
    state, k = engine.new_state(seed), 0
    while len(out) < n:
        seat = engine.to_move(state)
        if seat < 0:
            seed += 1
            state = engine.new_state(seed)
            continue
        mask = engine.legal_mask(state)
        if k % every == 0 and mask.sum() > 1:
            out.append((engine, state.copy(), seat))
        checked_step(engine, state, int(rng.choice(np.flatnonzero(mask))))
        k += 1
    return out


def sims_per_second(agent, cases, sims, clock=time.perf_counter):
    start = clock()
    for engine, state, seat in cases:
        agent.act(engine.observe(state, seat), engine.legal_mask(state),
                  InfoSet(engine, state, seat))
    return sims * len(cases) / (clock() - start)


def bench(game, players, n_positions, mcts_sims, search_sims, depth, clock=time.perf_counter,
          repeat=1):
    """(seconds of the first search call, mcts sims/s, search sims/s) at rollout cap depth
    (None: the game's default), rates per second of `clock`, each the best of `repeat`
    measurements (the two agents alternate). Both agents are warmed on the first position
    first."""
    if repeat < 1:
        raise ValueError(f"bench: repeat must be >= 1, got {repeat}")
    cases = positions(game, players, n_positions)
    start = time.perf_counter()
    warm = SearchAgent(4, depth=depth, policy="random", prior=False, seed=0)
    sims_per_second(warm, cases[:1], 4)
    load = time.perf_counter() - start
    sims_per_second(MCTSAgent(4, rollout_depth=depth, prior=False, seed=0), cases[:1], 4)
    py = jit = 0.0
    for _ in range(repeat):
        py = max(py, sims_per_second(MCTSAgent(mcts_sims, rollout_depth=depth, prior=False,
                                               seed=0), cases, mcts_sims, clock))
        jit = max(jit, sims_per_second(SearchAgent(search_sims, depth=depth, policy="random",
                                                   prior=False, seed=0),
                                       cases, search_sims, clock))
    return load, py, jit


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=["evolution", "dominant_species", "both"],
                        default="both")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--caps", type=int, nargs="+", default=[0, 16],
                        help="rollout caps in decisions (0: the game's default, "
                             f"{DEFAULT_DEPTH})")
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--mcts-sims", type=int, default=64)
    parser.add_argument("--search-sims", type=int, default=1000)
    parser.add_argument("--cpu", action="store_true",
                        help="rates per second of this process's CPU time, not wall time")
    parser.add_argument("--repeat", type=int, default=1,
                        help="measure each rate this many times and keep the best (a loaded "
                             "machine slows single runs at random)")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error(f"--repeat must be >= 1, got {args.repeat}")
    clock = time.process_time if args.cpu else time.perf_counter
    games = ["evolution", "dominant_species"] if args.game == "both" else [args.game]
    print(f"clock: {'CPU time of this process' if args.cpu else 'wall time'}"
          + (f", best of {args.repeat}" if args.repeat > 1 else ""))
    print(f"{'game':<17} {'players':>7} {'cap':>4} {'load s':>7} {'mcts sims/s':>12} "
          f"{'search sims/s':>14} {'ratio':>6}")
    for game in games:
        for players in args.players:
            for cap in args.caps:
                load, py, jit = bench(game, players, args.positions, args.mcts_sims,
                                      args.search_sims, cap or None, clock, args.repeat)
                print(f"{game:<17} {players:>7} {cap or DEFAULT_DEPTH[game]:>4} {load:>7.1f} "
                      f"{py:>12.0f} {jit:>14.0f} {jit / py:>6.1f}", flush=True)


if __name__ == "__main__":
    main()
