"""Compiled readers of one Evolution observation vector: the numbers the heuristics need,
read straight from the vector (envs.evolution.observe LAYOUT) without building a
view. Seat 0 is the viewer; species are (relative seat, slot). Only the observation is read,
so a scorer built on these sees what the seat may see and nothing else.

Each reader rounds as the retired Python view did (the same scale factors), so the compiled
heuristics score from the same integers as the recorded Python scoring.
"""
import numpy as np
from numba import njit

from speciesgym.envs.evolution.actions import BLOCKS, N_ACTIONS
from speciesgym.envs.evolution.data import CLASS_FOOD, CLASS_KIND, N_KINDS, N_TRAIT_KINDS
from speciesgym.envs.evolution.observe import (O_PEND, O_PHASE, O_PLAYERS, O_SEL, O_SPECIES,
                                               O_TABLE, SPECIES_FEATURES)
from speciesgym.envs.evolution.state import MAX_PLAYERS, MAX_SPECIES, Pend, Phase

S = MAX_SPECIES
N_PHASES, N_PENDS = len(Phase), len(Pend)
CLASS_KINDS = np.asarray(CLASS_KIND, np.int64)
CLASS_FOODS = np.asarray(CLASS_FOOD, np.int64)
# block number (the order of envs.evolution.actions.BLOCKS) and index within it, per action
BLOCK_NAMES = tuple(b.name for b in BLOCKS.blocks)
BLOCK_OF = np.array([BLOCK_NAMES.index(BLOCKS.decode(a)[0]) for a in range(N_ACTIONS)], np.int64)
INDEX_OF = np.array([BLOCKS.decode(a)[1] for a in range(N_ACTIONS)], np.int64)
(B_CARD, B_DONE, B_TRAIT, B_BODY, B_POP, B_NEW_LAND, B_NEW_AVIAN, B_FEED_WH, B_FEED_CLIFF,
 B_INTEL_FOOD, B_ATTACK, B_TARGET, B_DIVE, B_SOURCE, B_ORDER) = range(len(BLOCK_NAMES))
assert BLOCK_NAMES[B_ORDER] == "ORDER" and BLOCK_NAMES[B_INTEL_FOOD] == "INTEL_FOOD"


@njit(cache=True)
def count(x, scale):
    """A count stored as x / scale, back to an integer (round half to even, as np.rint)."""
    return int(np.rint(x * scale))


@njit(cache=True)
def argmax_of(obs, start, n):
    best, k = obs[start], 0
    for i in range(1, n):
        if obs[start + i] > best:
            best, k = obs[start + i], i
    return k


@njit(cache=True)
def phase(obs):
    return argmax_of(obs, O_PHASE, N_PHASES)


@njit(cache=True)
def pend(obs):
    """Pend.NONE (0) when no decision is in progress (argmax of zeros is 0)."""
    return argmax_of(obs, O_PEND, N_PENDS)


@njit(cache=True)
def last_round(obs):
    return obs[O_TABLE + 1] > 0.5


@njit(cache=True)
def flight(obs):
    return obs[O_TABLE + 8] > 0.5


@njit(cache=True)
def avian_left(obs):
    return count(obs[O_TABLE + 7], 12)


@njit(cache=True)
def trait_limit(obs):
    return count(obs[O_TABLE + 9], 3)


@njit(cache=True)
def n_players(obs):
    n = 0
    for p in range(MAX_PLAYERS):
        n += obs[O_PLAYERS + p * 6] > 0.5
    return n


@njit(cache=True)
def hand_size(obs, rel):
    return count(obs[O_PLAYERS + rel * 6 + 1], 20)


@njit(cache=True)
def n_species(obs, rel):
    return count(obs[O_PLAYERS + rel * 6 + 5], 12)


@njit(cache=True)
def feature(obs, rel, s, f):
    return obs[O_SPECIES + (rel * S + s) * SPECIES_FEATURES + f]


@njit(cache=True)
def exists(obs, rel, s):
    return feature(obs, rel, s, 0) > 0.5


@njit(cache=True)
def body(obs, rel, s):
    return count(feature(obs, rel, s, 1), 6)


@njit(cache=True)
def pop(obs, rel, s):
    return count(feature(obs, rel, s, 2), 6)


@njit(cache=True)
def food(obs, rel, s):
    return count(feature(obs, rel, s, 3), 6)


@njit(cache=True)
def upkeep(obs, rel, s):
    return count(feature(obs, rel, s, 4), 3)


@njit(cache=True)
def fat(obs, rel, s):
    return count(feature(obs, rel, s, 5), 6)


@njit(cache=True)
def avian(obs, rel, s):
    return feature(obs, rel, s, 6) > 0.5


@njit(cache=True)
def hidden(obs, rel, s):
    return count(feature(obs, rel, s, 7), 3)


@njit(cache=True)
def has(obs, rel, s, kind):
    """Trait `kind` visible on the species (face up, or own face down)."""
    return (feature(obs, rel, s, 8 + kind) + feature(obs, rel, s, 8 + N_TRAIT_KINDS + kind)) > 0.5


@njit(cache=True)
def trait_count(obs, rel, s):
    n = 0
    for k in range(N_TRAIT_KINDS):
        n += has(obs, rel, s, k)
    return n + (hidden(obs, rel, s) if rel else 0)


@njit(cache=True)
def pop_hunger(obs, rel, s):
    """Population spaces still empty (FLT-AVIAN-05)."""
    return max(0, pop(obs, rel, s) - food(obs, rel, s))


@njit(cache=True)
def upkeep_due(obs, rel, s):
    """FLT-AVIAN-03: upkeep an avian still owes (0 for a land species)."""
    return max(0, body(obs, rel, s) - upkeep(obs, rel, s)) if avian(obs, rel, s) else 0


@njit(cache=True)
def hunger(obs, rel, s):
    return pop_hunger(obs, rel, s) + upkeep_due(obs, rel, s)


@njit(cache=True)
def selected_kind(obs):
    """Kind of the own selected card, -1 if none."""
    for k in range(N_KINDS):
        if obs[O_SEL + k] != 0.0:
            return argmax_of(obs, O_SEL, N_KINDS)
    return -1


@njit(cache=True)
def class_kind(c):
    return CLASS_KINDS[c]


@njit(cache=True)
def class_food(c):
    return CLASS_FOODS[c]
