"""CPU microseconds per decision of the compiled Dominant Species heuristic bots, reading
their View from an observation vector (fill_observation, then read_view: the earlier
path) against straight from the state record (view_of_state: the path the search's
rollouts and the batched env's opponents take now), measured in one run.

    python -m speciesgym.agents.search.style_bench --players 2 4 --rounds 5

Decisions are the states of playouts of the spreader from positions of random games
(agents.search.bench.positions); each round times both paths on the same states, one after
the other, and the figure kept for each is its median over the rounds (time.process_time:
this process's CPU time). The ratio is old / new: above 1 the new path is faster.
"""
import argparse
import time

import numpy as np
from numba import njit

from speciesgym.agents.search import dominant_species as glue
from speciesgym.agents.search.bench import positions
from speciesgym.agents.search.ds_heur_parts import STYLE_TABLE
from speciesgym.agents.search.ds_heur_scores import score_actions, score_view
from speciesgym.agents.search.ds_heur_view import view_of_state
from speciesgym.envs.core.rng import WORD_DTYPE, seed_word
from speciesgym.envs.dominant_species.actions import N_ACTIONS
from speciesgym.envs.dominant_species.observe import OBS_SIZE, fill_observation
from speciesgym.envs.dominant_species.rules import legal_mask, step


@njit(cache=True)
def playout_states(st0, out, depth, word, style):
    """The states of one playout of STYLES[style] from st0[0] into out; how many."""
    work = st0.copy()
    mask = np.zeros(N_ACTIONS, np.int8)
    n = 0
    while n < depth and glue.to_move(work[0]) >= 0:
        out[n] = work[0]
        legal_mask(work[0], mask)
        step(work[0], glue.style_action(work[0], mask, word, style))
        n += 1
    return n


@njit(cache=True)
def score_all(states, n, style, by_view):
    """Score every state's legal actions for its mover by one path; a checksum."""
    mask = np.zeros(N_ACTIONS, np.int8)
    values = np.empty(N_ACTIONS, np.float64)
    total = 0.0
    for i in range(n):
        st = states[i]
        seat = glue.to_move(st)
        legal_mask(st, mask)
        if by_view:
            score_view(view_of_state(st, seat), mask, STYLE_TABLE[style], values)
        else:
            obs = np.zeros(OBS_SIZE, np.float32)
            fill_observation(st, seat, obs)
            score_actions(obs, mask, STYLE_TABLE[style], values)
        for a in range(N_ACTIONS):
            if mask[a]:
                total += values[a]
    return total


def bench(players, n_positions=6, rounds=5, depth=150):
    """{style: (old us, new us)} per decision, medians over rounds."""
    word = np.zeros(1, WORD_DTYPE)
    word[0]["rng"] = seed_word(1)
    out = {}
    for style, name in enumerate(glue.STYLES):
        sets = []
        for _, state, _ in positions("dominant_species", players, n_positions):
            buf = np.zeros(depth, state.dtype)
            sets.append((buf, playout_states(state, buf, depth, word[0], style)))
        for buf, n in sets[:1]:
            if score_all(buf, n, style, False) != score_all(buf, n, style, True):
                raise RuntimeError("style_bench: the two paths score differently")
        times = {False: [], True: []}
        for _ in range(rounds):
            for by_view in (False, True):
                start = time.process_time()
                for buf, n in sets:
                    score_all(buf, n, style, by_view)
                times[by_view].append(time.process_time() - start)
        decisions = sum(n for _, n in sets)
        out[name] = tuple(float(np.median(times[v])) / decisions * 1e6 for v in (False, True))
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    print(f"{'players':>7} {'style':<10} {'observation us':>15} {'view us':>8} {'ratio':>6}")
    for players in args.players:
        for name, (old, new) in bench(players, args.positions, args.rounds).items():
            print(f"{players:>7} {name:<10} {old:>15.2f} {new:>8.2f} {old / new:>6.2f}",
                  flush=True)


if __name__ == "__main__":
    main()
