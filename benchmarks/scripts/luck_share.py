"""How much of a match's variance the engine's chance can explain at most: each game seed
(the deal, the piles, the bag) is played twice with the agents seeded differently, so only
the agents' own random draws (ties, random moves) differ. For a reward u on [0, 1],
E[(u1 - u2)^2] / 2 = E[Var(u | game seed)], the variance the game seed leaves; the rest of
Var(u) is the most any chance-only correction (even with the exact value) can remove.

  python benchmarks/scripts/luck_share.py --game evolution \\
      --agents heuristic:hunter,heuristic:grazer --games 200 --seed 30000
"""
import argparse

import numpy as np

from speciesgym.agents import from_spec
from speciesgym.agents.runner import play_game


def rewards(game, agents, seed, agent_seed):
    """Entrant 0's rank reward on [0, 1] in the game of `seed`, seats rotating by seed."""
    n = len(agents)
    seats = [(i + seed) % n for i in range(n)]
    by_seat = [None] * n
    for i, s in enumerate(seats):
        by_seat[s] = from_spec(agents[i], game, n, seed=agent_seed + i)
    res = play_game(game, n, by_seat, seed)
    return (res.rewards_rank[seats[0]] + 1) / 2


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", required=True)
    p.add_argument("--agents", required=True)
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=30000)
    args = p.parse_args(argv)
    agents = args.agents.split(",")
    pairs = np.array([[rewards(args.game, agents, args.seed + g, s) for s in (1, 101)]
                      for g in range(args.games)])
    within = float(np.mean((pairs[:, 0] - pairs[:, 1]) ** 2) / 2)
    total = float(pairs.ravel().var(ddof=1))
    print(f"{args.game} {args.agents}: {args.games} game seeds played twice; Var(u) "
          f"{total:.3f}, left by the game seed {within:.3f} "
          f"({within / total:.0%}); chance explains at most {1 - within / total:.0%}, a "
          f"chance-only variance ratio of at most {total / within:.2f}")


if __name__ == "__main__":
    main()
