"""Invariants of every Evolution position, as one compiled check.

`position_error(st)` returns 0 for a sound position, else an error code (`ERRORS`) with the
seat and species it concerns in `where` (-1 where it concerns none). The scenario loader
refuses a position that fails it (`check_position` raises ValueError naming the field),
and the random-play tests run it after every step. The invariants: every card in exactly one
place (deck, reserve, discard, hands, food cards, traits; one Flight card per avian species),
hand and discard counts not negative, the board supply, species bounds (body, population,
food, upkeep, fat), trait slots compact, within the trait limit, no two of one name, Flight
exactly on avian species, empty slots cleared, the food ledger (`bank_out` equals the food out
of the bank), and a seat to move while the game is not over.
"""
import numpy as np
from numba import njit

from speciesgym.envs.evolution.data import (AVIAN_BOARDS, CLASS_COPIES_BASE, CLASS_COPIES_FLIGHT,
                                 CLASS_KIND, DECK_CAP, FLIGHT_CLASS, LAND_BOARDS, N_CLASSES,
                                 RESERVE_SIZE)
from speciesgym.envs.evolution.state import MAX_PLAYERS, MAX_SPECIES, TRAIT_SLOTS, Phase

ERRORS = (
    "",
    "cards: a card class is missing or in two places",
    "hand: a negative card count",
    "discard: a negative card count",
    "deck/reserve: size outside the pile",
    "boards: land boards in play and in the supply do not add up to 24",
    "boards: avian boards in play and in the supply do not add up",
    "n_species: outside 0..12",
    "body: outside 1..6 (avian 1..3)",
    "pop: outside 1..6",
    "food: outside 0..population",
    "upkeep: outside 0..body size, or upkeep on a land species",
    "fat: outside 0..body size",
    "traits: slots not compact, over the limit, two of one name, or an unknown card",
    "traits: Flight and the avian board disagree",
    "species: an empty slot is not cleared",
    "food: the watering hole, Cliff or a bag is negative",
    "bank_out: the food ledger does not match the food out of the bank",
    "turn: no seat to move while the game is not over",
    "food_card: not a card class",
    "players: n_players, flight or trait_limit out of range",
)


@njit(cache=True)
def _species_error(st, p, s, limit):
    body, pop, avian = st.body[p, s], st.pop[p, s], st.avian[p, s]
    if avian < 0 or avian > 1 or body < 1 or body > (3 if avian else 6):
        return 8
    if pop < 1 or pop > 6:
        return 9
    if st.food[p, s] < 0 or st.food[p, s] > pop:
        return 10
    if st.upkeep[p, s] < 0 or st.upkeep[p, s] > body or (avian == 0 and st.upkeep[p, s]):
        return 11
    if st.fat[p, s] < 0 or st.fat[p, s] > body:
        return 12
    n = 0
    flight = False
    for k in range(TRAIT_SLOTS):
        c = st.traits[p, s, k]
        if c < 0:
            if st.hidden[p, s, k]:
                return 13
            continue
        if n != k or c >= N_CLASSES:
            return 13
        for j in range(k):
            if CLASS_KIND[st.traits[p, s, j]] == CLASS_KIND[c]:
                return 13
        flight = flight or c == FLIGHT_CLASS
        n += 1
    if n > limit:
        return 13
    if flight != (avian == 1):
        return 14
    return 0


@njit(cache=True)
def _empty_slot_error(st, p, s):
    if st.body[p, s] or st.pop[p, s] or st.food[p, s] or st.upkeep[p, s] or st.fat[p, s] \
            or st.avian[p, s] or st.trig[p, s]:
        return 15
    for k in range(TRAIT_SLOTS):
        if st.traits[p, s, k] != -1 or st.hidden[p, s, k]:
            return 15
    return 0


@njit(cache=True)
def position_error(st, where):
    """0 if every invariant holds, else an ERRORS index; where[0], where[1] = seat, species."""
    where[0] = -1
    where[1] = -1
    n = st.n_players
    if n < 2 or n > MAX_PLAYERS or st.flight < 0 or st.flight > 1 \
            or st.trait_limit != (2 if n == 2 else 3):
        return 20
    if st.deck_n < 0 or st.deck_n > DECK_CAP or st.reserve_n < 0 or st.reserve_n > RESERVE_SIZE:
        return 4
    counts = np.zeros(N_CLASSES, np.int64)
    for i in range(st.deck_n):
        c = st.deck[i]
        if c < 0 or c >= N_CLASSES:
            return 1
        counts[c] += 1
    for i in range(st.reserve_n):
        c = st.reserve[i]
        if c < 0 or c >= N_CLASSES:
            return 1
        counts[c] += 1
    for c in range(N_CLASSES):
        if st.discard[c] < 0:
            return 3
        counts[c] += st.discard[c]
    land = 0
    avian = 0
    out = st.wh + st.cliff
    if st.wh < 0 or st.cliff < 0:
        return 16
    for p in range(MAX_PLAYERS):
        where[0] = p
        if p >= n:
            for c in range(N_CLASSES):
                if st.hand[p, c]:
                    return 1
            continue
        for c in range(N_CLASSES):
            if st.hand[p, c] < 0:
                return 2
            counts[c] += st.hand[p, c]
        fc = st.food_card[p]
        if fc < -1 or fc >= N_CLASSES:
            return 19
        if fc >= 0:
            counts[fc] += 1
        if st.bag[p] < 0:
            return 16
        out += st.bag[p]
        k = st.n_species[p]
        if k < 0 or k > MAX_SPECIES:
            return 7
        for s in range(MAX_SPECIES):
            where[1] = s
            if s >= k:
                e = _empty_slot_error(st, p, s)
                if e:
                    return e
                continue
            e = _species_error(st, p, s, st.trait_limit)
            if e:
                return e
            for t in range(TRAIT_SLOTS):
                if st.traits[p, s, t] >= 0:
                    counts[st.traits[p, s, t]] += 1
            avian += st.avian[p, s]
            land += 1 - st.avian[p, s]
            out += st.food[p, s] + st.upkeep[p, s] + st.fat[p, s]
        where[1] = -1
    where[0] = -1
    for c in range(N_CLASSES):
        expected = CLASS_COPIES_BASE[c] + (CLASS_COPIES_FLIGHT[c] if st.flight else 0)
        if c == FLIGHT_CLASS:
            expected = avian
        if counts[c] != expected:
            return 1
    if land + st.land_left != LAND_BOARDS:
        return 5
    if avian + st.avian_left != (AVIAN_BOARDS if st.flight else 0):
        return 6
    if out != st.bank_out:
        return 17
    if st.phase != Phase.OVER and (st.turn < 0 or st.turn >= n):
        return 18
    return 0


def position_problem(st):
    """The message of the first broken invariant of a state record, or None."""
    where = np.zeros(2, np.int64)
    code = position_error(st, where)
    if code == 0:
        return None
    p, s = int(where[0]), int(where[1])
    place = f"seats[{p}]." if p >= 0 else ""
    place += f"species[{s}]." if s >= 0 else ""
    return f"{place}{ERRORS[code]}"


def check_position(st):
    """Raise ValueError naming the first broken invariant of a state record."""
    problem = position_problem(st)
    if problem is not None:
        raise ValueError(problem)
