"""Invariants of any Evolution position, checked after every step of random play: the
project's one list, compiled in envs.evolution.invariants (the scenario loader uses it too);
and `card_locations`, the per-class card count the setup tests read."""
import numpy as np

from speciesgym.envs.evolution.data import N_CLASSES
from speciesgym.envs.evolution.invariants import position_problem


def card_locations(st):
    """Count of each card class in every place a card can be."""
    n = int(st["n_players"])
    counts = np.zeros(N_CLASSES, np.int64)
    np.add.at(counts, st["deck"][: st["deck_n"]], 1)
    np.add.at(counts, st["reserve"][: st["reserve_n"]], 1)
    counts += st["discard"]
    counts += st["hand"][:n].sum(axis=0)
    for c in st["food_card"][:n]:
        if c >= 0:
            counts[c] += 1
    for p in range(n):
        for s in range(int(st["n_species"][p])):
            for c in st["traits"][p, s]:
                if c >= 0:
                    counts[c] += 1
    return counts


def check_invariants(st):
    """Assert that the state record `st` keeps every invariant."""
    problem = position_problem(st)
    assert problem is None, problem
