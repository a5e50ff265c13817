"""Share of a random Evolution playout decision spent in legal_mask and in the uniform draw
over the mask, against the rest (step, to_move): `python benchmarks/results/bench/playout_mask_share.py 2`."""
import sys, time
import numpy as np
from numba import njit
from speciesgym.envs.evolution import rules
from speciesgym.envs.evolution.actions import N_ACTIONS
from speciesgym.envs.evolution.batch import random_action, play_random_batch
from speciesgym.envs.evolution.engine import EvolutionEngine

@njit(cache=False)
def play_extra_masks(states, agents, max_decisions, extra):
    mask = np.zeros(N_ACTIONS, np.int8)
    total = 0
    for g in range(states.shape[0]):
        st = states[g]
        n = 0
        while rules.to_move(st) >= 0 and n < max_decisions:
            for _ in range(extra):
                rules.legal_mask(st, mask)
            rules.legal_mask(st, mask)
            rules.step(st, random_action(agents[g], mask))
            n += 1
        total += n
    return total

@njit(cache=False)
def play_extra_scan(states, agents, max_decisions, extra):
    mask = np.zeros(N_ACTIONS, np.int8)
    total = 0
    acc = 0
    for g in range(states.shape[0]):
        st = states[g]
        n = 0
        while rules.to_move(st) >= 0 and n < max_decisions:
            rules.legal_mask(st, mask)
            for _ in range(extra):
                acc += random_action(agents[g], mask)
            rules.step(st, random_action(agents[g], mask))
            n += 1
        total += n
    return total + 0 * acc


from speciesgym.envs.evolution.batch import AGENT_DTYPE
from speciesgym.envs.core.rng import seed_word
eng = EvolutionEngine(int(sys.argv[1]) if len(sys.argv) > 1 else 2)
def fresh(n, seed):
    st = np.concatenate([eng.new_state(seed + i) for i in range(n)])
    ag = np.zeros(n, AGENT_DTYPE)
    for i in range(n):
        ag[i]["rng"] = seed_word(seed + 99 + i)
    return st, ag
print("N_ACTIONS", N_ACTIONS)
G = 200
for f, extra in [(play_extra_masks, 0), (play_extra_masks, 1), (play_extra_scan, 1)]:
    st, ag = fresh(4, 1); f(st, ag, 10**6, extra)
res = {}
for r in range(3):
    for name, f, extra in [("base", play_extra_masks, 0), ("+mask", play_extra_masks, 1), ("+scan", play_extra_scan, 1)]:
        st, ag = fresh(G, 1000)
        t = time.process_time(); n = f(st, ag, 10**6, extra); dt = time.process_time() - t
        res.setdefault(name, []).append(dt / n * 1e6)
for k, v in res.items():
    print(k, "us per decision", [round(x, 2) for x in v], "median", round(float(np.median(v)), 2))
b = np.median(res["base"]); m = np.median(res["+mask"]) - b; s_ = np.median(res["+scan"]) - b
print(f"mask {m:.2f} us ({m/b:.0%}), scan+draw {s_:.2f} us ({s_/b:.0%}), rest (step, to_move) {b-m-s_:.2f} us")
