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

With --net (a net file, `zoo:<name>`, or nothing: an untrained net of agents.net.mlp with
two hidden layers of --hidden units) each row adds the search guided by that net (the same
rollout policy and cap, leaf values mixed with weight --lam on the rollout, root selection
--root) and its rate over the plain search's, measured alternately in the same run;
--mcts-sims 0 leaves the Python MCTS out.

    python -m speciesgym.agents.search.bench --game evolution --players 2 --net --mcts-sims 0 --cpu

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
from speciesgym.agents.search.agent import ROOTS, SearchAgent, glue
from speciesgym.envs.core.engine import checked_step

UNTRAINED = "untrained"           # --net alone


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


def net_for(net, game=None, hidden=(128, 128)):
    """The net of --net: a file or `zoo:` name (checked against `game` if given), or
    UNTRAINED: an untrained agents.net.mlp net for `game` with those hidden widths."""
    from speciesgym.agents.net.mlp import load, untrained
    if net == UNTRAINED:
        g = glue(game)
        return untrained(game, 2, g.OBS_SIZE, g.N_ACTIONS, hidden)
    net = load(net)
    if game is not None:
        g = glue(game)
        net.check(game, g.OBS_SIZE, g.N_ACTIONS)
    return net


def bench(game, players, n_positions, mcts_sims, search_sims, depth, clock=time.perf_counter,
          repeat=1, net=None, lam=0.5, root="puct", net_depth=None):
    """(seconds of the first search call, mcts sims/s (None with mcts_sims 0), search
    sims/s, net-guided search sims/s (None without `net`, an agents.net.mlp net)) at rollout
    cap depth (None: the game's default), rates per second of `clock`, each the best of
    `repeat` measurements (the agents alternate); net_depth: the levels the net guides
    (None: all), the deeper ones searched as by the plain search. Every agent is warmed on
    the first position first."""
    if repeat < 1:
        raise ValueError(f"bench: repeat must be >= 1, got {repeat}")
    cases = positions(game, players, n_positions)
    makers = {"search": lambda n: SearchAgent(n, depth=depth, policy="random", prior=False,
                                              seed=0)}
    if mcts_sims:
        makers["mcts"] = lambda n: MCTSAgent(n, rollout_depth=depth, prior=False, seed=0)
    if net is not None:
        makers["net"] = lambda n: SearchAgent(n, depth=depth, policy="random", prior=False,
                                              seed=0, net=net, lam=lam, root=root,
                                              net_depth=net_depth)
    sims = {"search": search_sims, "mcts": mcts_sims, "net": search_sims}
    start = time.perf_counter()
    sims_per_second(makers["search"](4), cases[:1], 4)
    load = time.perf_counter() - start
    for kind in [k for k in makers if k != "search"]:
        sims_per_second(makers[kind](4), cases[:1], 4)
    best = dict.fromkeys(("mcts", "search", "net"))
    for _ in range(repeat):
        for kind, make in makers.items():
            rate = sims_per_second(make(sims[kind]), cases, sims[kind], clock)
            best[kind] = max(best[kind] or 0.0, rate)
    return load, best["mcts"], best["search"], best["net"]


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
    parser.add_argument("--net", nargs="?", const=UNTRAINED, default=None,
                        help="also the search guided by this net (a file or zoo:<name>; "
                             "alone: an untrained net)")
    parser.add_argument("--hidden", type=int, nargs="+", default=[128, 128],
                        help="hidden layer widths of the untrained net")
    parser.add_argument("--lam", type=float, default=0.5,
                        help="the net-guided search's rollout weight (0: the net alone)")
    parser.add_argument("--root", choices=ROOTS, default="puct",
                        help="the net-guided search's root selection")
    parser.add_argument("--net-depth", type=int, default=None,
                        help="the levels of the tree the net guides (1: the root alone; "
                             "default: all)")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error(f"--repeat must be >= 1, got {args.repeat}")
    if args.net_depth is not None and (args.net_depth < 1 or args.root == "gumbel"):
        parser.error(f"--net-depth must be >= 1, with --root puct or bias, got "
                     f"{args.net_depth}")
    if args.mcts_sims < 0 or not 0 <= args.lam <= 1:
        parser.error(f"--mcts-sims must be >= 0 and --lam in [0, 1], got {args.mcts_sims}, "
                     f"{args.lam}")
    clock = time.process_time if args.cpu else time.perf_counter
    games = ["evolution", "dominant_species"] if args.game == "both" else [args.game]
    nets = {}
    try:
        if args.net not in (None, UNTRAINED) and args.game == "both":
            games = [net_for(args.net).game]                  # a file serves its own game
        for game in games if args.net is not None else []:
            nets[game] = net_for(args.net, game, args.hidden)
    except ValueError as exc:
        parser.error(f"--net: {exc}")
    print(f"clock: {'CPU time of this process' if args.cpu else 'wall time'}"
          + (f", best of {args.repeat}" if args.repeat > 1 else ""))
    if nets:
        layers = next(iter(nets.values())).layers
        print(f"net: {args.net} (hidden {'-'.join(str(r[3]) for r in layers[:-2])}), "
              f"lam {args.lam:g}, root {args.root}"
              + (f", net depth {args.net_depth}" if args.net_depth else ""))
    print(f"{'game':<17} {'players':>7} {'cap':>4} {'load s':>7} {'mcts sims/s':>12} "
          f"{'search sims/s':>14} {'ratio':>6}"
          + (f" {'net sims/s':>11} {'net/plain':>9}" if nets else ""))
    for game in games:
        for players in args.players:
            for cap in args.caps:
                load, py, jit, netted = bench(game, players, args.positions, args.mcts_sims,
                                              args.search_sims, cap or None, clock,
                                              args.repeat, nets.get(game), args.lam, args.root,
                                              args.net_depth)
                row = (f"{game:<17} {players:>7} {cap or DEFAULT_DEPTH[game]:>4} {load:>7.1f} "
                       + (f"{py:>12.0f} {jit:>14.0f} {jit / py:>6.1f}" if py
                          else f"{'-':>12} {jit:>14.0f} {'-':>6}"))
                if nets:
                    row += f" {netted:>11.0f} {netted / jit:>9.2f}"
                print(row, flush=True)

if __name__ == "__main__":
    main()
