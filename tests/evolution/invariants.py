"""Invariants of any Evolution position, checked after every step of random play."""
import numpy as np

from envs.evolution.data import (AVIAN_BOARDS, CLASS_COPIES_BASE, CLASS_COPIES_FLIGHT,
                                 FLIGHT_CLASS, LAND_BOARDS, N_CLASSES)
from envs.evolution.state import MAX_SPECIES, Phase


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
    n = int(st["n_players"])
    flight = bool(st["flight"])
    expected = CLASS_COPIES_BASE + (CLASS_COPIES_FLIGHT if flight else 0)
    counts = card_locations(st)
    avian_species = int(sum(st["avian"][p, : st["n_species"][p]].sum() for p in range(n)))
    land_species = int(st["n_species"][:n].sum()) - avian_species
    expected = expected.astype(np.int64)
    expected[FLIGHT_CLASS] = avian_species
    assert (counts == expected).all(), f"cards misplaced: {np.flatnonzero(counts != expected)}"
    assert st["hand"].min() >= 0 and st["discard"].min() >= 0
    assert land_species + st["land_left"] == LAND_BOARDS
    assert avian_species + st["avian_left"] == (AVIAN_BOARDS if flight else 0)
    on_board = int(st["wh"]) + int(st["cliff"]) + int(st["bag"][:n].sum())
    limit = int(st["trait_limit"])
    for p in range(n):
        k = int(st["n_species"][p])
        assert 0 <= k <= MAX_SPECIES
        body, pop = st["body"][p, :k], st["pop"][p, :k]
        food, upkeep, fat = st["food"][p, :k], st["upkeep"][p, :k], st["fat"][p, :k]
        avian = st["avian"][p, :k].astype(bool)
        assert (body >= 1).all() and (body <= np.where(avian, 3, 6)).all(), body
        assert (pop >= 1).all() and (pop <= 6).all(), pop
        assert (food >= 0).all() and (food <= pop).all()
        assert (upkeep >= 0).all() and (upkeep <= body).all() and (upkeep[~avian] == 0).all()
        assert (fat >= 0).all() and (fat <= body).all()
        assert ((st["traits"][p, :k] >= 0).sum(axis=1) <= limit).all()
        for s in range(k):
            traits = [c for c in st["traits"][p, s] if c >= 0]
            assert list(st["traits"][p, s][: len(traits)]) == traits, "trait slots not compact"
            kinds = [int(c) for c in traits]
            assert (FLIGHT_CLASS in kinds) == bool(avian[s]), "Flight and avian board disagree"
        assert (st["body"][p, k:] == 0).all() and (st["traits"][p, k:] == -1).all()
        on_board += int(food.sum() + upkeep.sum() + fat.sum())
    assert st["wh"] >= 0 and st["cliff"] >= 0 and (st["bag"] >= 0).all()
    assert on_board == st["bank_out"], f"food ledger {on_board} != {st['bank_out']}"
    if st["phase"] != Phase.OVER:
        assert 0 <= st["turn"] < n
