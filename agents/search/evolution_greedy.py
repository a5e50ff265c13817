"""A compiled greedy rollout policy for Evolution: the grazer's ideas (agents/
evolution_heuristics.py) in a few array lookups, reading the sampled state of the seat to
move (inside a simulation every seat plays it).

- food card: give up the card whose trait is worth least, a high food value preferred;
- play cards: play a card rather than stop; then its best use: a trait worth having in an
  empty slot, +1 population (most while small), +1 body (a carnivore's), a new species
  while the row is short;
- feeding: feed or attack with the hungriest species (Foraging, Cooperation first); the
  prey an opponent's biggest species, never an own one if avoidable;
- anything else: uniform among the legal actions.
"""
import numpy as np
from numba import njit

from speciesgym.agents.search.policy import best_scored, random_legal
from speciesgym.envs.evolution.actions import (A_ATTACK, A_BODY, A_CARD, A_DONE, A_FEED_CLIFF,
                                    A_FEED_WH, A_NEW_AVIAN, A_NEW_LAND, A_POP, A_TARGET,
                                    A_TRAIT, N_ACTIONS)
from speciesgym.envs.evolution.data import CLASS_FOOD, CLASS_KIND, N_CLASSES, N_KINDS, Kind
from speciesgym.envs.evolution.rules.species import holds_kind, trait_count
from speciesgym.envs.evolution.state import MAX_PLAYERS, MAX_SPECIES, TRAIT_SLOTS, Pend, Phase

S = MAX_SPECIES
# value of a trait kind on a herbivore / on a carnivore (the grazer's weights, rounded)
HERB = np.full(N_KINDS, 0.3)
CARN = np.full(N_KINDS, 0.3)
for _k, _v in {Kind.LONG_NECK: 2.4, Kind.FORAGING: 2.2, Kind.FAT_TISSUE: 1.4,
               Kind.COOPERATION: 1.6, Kind.FERTILE: 1.3, Kind.NESTING: 1.0,
               Kind.HARD_SHELL: 0.6, Kind.CLIMBING: 0.6, Kind.BURROWING: 0.6,
               Kind.HORNS: 0.6, Kind.CAMOUFLAGE: 0.5, Kind.DEFENSIVE_HERDING: 0.5,
               Kind.CARNIVORE: -3.0, Kind.AMBUSH: 0.0, Kind.PACK_HUNTING: 0.0}.items():
    HERB[_k] = _v
for _k, _v in {Kind.AMBUSH: 1.0, Kind.PACK_HUNTING: 1.0, Kind.INTELLIGENCE: 0.8,
               Kind.LONG_NECK: -1.0, Kind.FORAGING: -1.0, Kind.CARNIVORE: -3.0}.items():
    CARN[_k] = _v
HERB[Kind.FLIGHT] = CARN[Kind.FLIGHT] = -1.0


@njit(cache=True)
def trait_value(st, p, s, kind):
    if holds_kind(st, p, s, kind, -1):
        return -2.0
    if holds_kind(st, p, s, Kind.CARNIVORE, -1):
        return CARN[kind]
    return HERB[kind]


@njit(cache=True)
def card_worth(st, p, c):
    """Best use of card class c for seat p now."""
    best = 1.0 if st.n_species[p] else 0.5
    kind = CLASS_KIND[c]
    for s in range(st.n_species[p]):
        if trait_count(st, p, s) < st.trait_limit:
            best = max(best, 1.0 + trait_value(st, p, s, kind))
    return best


@njit(cache=True)
def hunger(st, p, s):
    return st.pop[p, s] - st.food[p, s]


@njit(cache=True)
def greedy_action(st, mask, word):
    p = st.turn
    value = np.zeros(N_ACTIONS, np.float64)
    ph, pend = st.phase, st.pend
    if pend == Pend.NONE and ph == Phase.SELECT_FOOD:
        for c in range(N_CLASSES):
            value[A_CARD + c] = -card_worth(st, p, c) + 0.25 * CLASS_FOOD[c]
    elif pend == Pend.NONE and ph == Phase.PLAY:
        for c in range(N_CLASSES):
            value[A_CARD + c] = card_worth(st, p, c) - 0.001 * CLASS_FOOD[c]
        value[A_DONE] = 0.05
    elif pend == Pend.USE_CARD:
        kind = CLASS_KIND[st.sel_card]
        n = st.n_species[p]
        for s in range(n):
            for k in range(TRAIT_SLOTS):
                occupied = 2.5 if k < trait_count(st, p, s) else 0.0
                value[A_TRAIT + s * TRAIT_SLOTS + k] = 1.0 + trait_value(st, p, s, kind) \
                    - occupied
            value[A_POP + s] = 1.6 - 0.25 * st.pop[p, s] if st.pop[p, s] < 6 else -1.0
            carn = holds_kind(st, p, s, Kind.CARNIVORE, -1)
            value[A_BODY + s] = (1.2 if carn else 0.5) - 0.1 * st.body[p, s]
        grow = 2.6 if n < 2 else 1.9 if n < 4 else 1.0 if n < 6 else 0.3
        value[A_NEW_LAND] = value[A_NEW_LAND + 1] = grow
        value[A_NEW_AVIAN] = value[A_NEW_AVIAN + 1] = grow - 1.2
    elif pend == Pend.NONE and ph == Phase.FEEDING:
        for s in range(st.n_species[p]):
            h = hunger(st, p, s)
            feed = 3.0 + h if h > 0 else 0.2
            if holds_kind(st, p, s, Kind.FORAGING, -1):
                feed += 0.8
            if holds_kind(st, p, s, Kind.COOPERATION, -1):
                feed += 0.5
            value[A_FEED_WH + s] = feed
            value[A_FEED_CLIFF + s] = feed + 0.2
            value[A_ATTACK + s] = 3.5 + h if h > 0 else 0.5
    elif pend == Pend.TARGET:
        n = st.n_players
        for rel in range(MAX_PLAYERS):
            q = (p + rel) % n
            for s in range(S):
                if rel >= n or s >= st.n_species[q]:
                    continue
                v = float(st.body[q, s]) + (1.0 if st.pop[q, s] == 1 else 0.0)
                value[A_TARGET + rel * S + s] = v - 20.0 if rel == 0 else v
    else:
        return random_legal(mask, word)
    return best_scored(value, mask, word)
