"""Share of a random Evolution playout decision spent in legal_mask and in the uniform draw
over the mask, against the rest (step, to_move), found by timing the same playouts with
one extra mask or one extra draw per decision:
`python benchmarks/results/bench/playout_mask_share.py 2` (the player count)."""
import sys
import time

import numpy as np
from numba import njit

from speciesgym.envs.core.rng import seed_word
from speciesgym.envs.evolution import rules
from speciesgym.envs.evolution.actions import N_ACTIONS
from speciesgym.envs.evolution.batch import AGENT_DTYPE, random_action
from speciesgym.envs.evolution.engine import EvolutionEngine


@njit(cache=False)
def play_with_extra(states, agents, max_decisions, masks, draws):
    """Random playouts of every game, each decision computing the mask 1 + `masks` times and
    drawing 1 + `draws` actions (only the last one is played); returns the decisions."""
    mask = np.zeros(N_ACTIONS, np.int8)
    decisions = 0
    sink = 0
    for g in range(states.shape[0]):
        taken = 0
        while taken < max_decisions and rules.to_move(states[g]) >= 0:
            for _ in range(1 + masks):
                rules.legal_mask(states[g], mask)
            for _ in range(draws):
                sink += random_action(agents[g], mask)
            rules.step(states[g], random_action(agents[g], mask))
            taken += 1
        decisions += taken
    return decisions + 0 * sink


def fresh(engine, n, seed):
    states = np.concatenate([engine.new_state(seed + i) for i in range(n)])
    agents = np.zeros(n, AGENT_DTYPE)
    for i in range(n):
        agents[i]["rng"] = seed_word(seed + 99 + i)
    return states, agents


def main():
    engine = EvolutionEngine(int(sys.argv[1]) if len(sys.argv) > 1 else 2)
    variants = {"base": (0, 0), "+mask": (1, 0), "+scan": (0, 1)}
    print("N_ACTIONS", N_ACTIONS)
    for masks, draws in variants.values():                 # compile first
        play_with_extra(*fresh(engine, 4, 1), 10**6, masks, draws)
    res = {}
    for _ in range(3):
        for name, (masks, draws) in variants.items():
            states, agents = fresh(engine, 200, 1000)
            t = time.process_time()
            n = play_with_extra(states, agents, 10**6, masks, draws)
            res.setdefault(name, []).append((time.process_time() - t) / n * 1e6)
    for k, v in res.items():
        print(k, "us per decision", [round(x, 2) for x in v], "median", round(float(np.median(v)), 2))
    b = np.median(res["base"])
    m, s = np.median(res["+mask"]) - b, np.median(res["+scan"]) - b
    print(f"mask {m:.2f} us ({m / b:.0%}), scan+draw {s:.2f} us ({s / b:.0%}), "
          f"rest (step, to_move) {b - m - s:.2f} us")


if __name__ == "__main__":
    main()
