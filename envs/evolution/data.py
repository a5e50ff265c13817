"""Evolution (2nd edition) and Flight card data: trait kinds, card classes, copy counts and
food values (seeds/evolution.md, EVO-SETUP and FLT-SETUP).

Cards that share a kind and a printed food value are interchangeable, so the engine counts
cards by *class* (kind, food value): a hand is a vector of counts over classes, a deck is a
sequence of class ids. Every table here is a numpy array the kernels index directly.
"""
from enum import IntEnum

import numpy as np


class Kind(IntEnum):
    """What a card is: a trait (0..21) or an event (22, 23)."""
    CARNIVORE = 0
    AMBUSH = 1
    BURROWING = 2
    CLIMBING = 3
    COOPERATION = 4
    DEFENSIVE_HERDING = 5
    FAT_TISSUE = 6
    FERTILE = 7
    FORAGING = 8
    HARD_SHELL = 9
    HORNS = 10
    INTELLIGENCE = 11
    LONG_NECK = 12
    PACK_HUNTING = 13
    SCAVENGER = 14
    SYMBIOSIS = 15
    WARNING_CALL = 16
    BROOD_PARASITE = 17
    CAMOUFLAGE = 18
    GOOD_EYESIGHT = 19
    NESTING = 20
    FLIGHT = 21
    DIVE_BOMB = 22
    SEED_DISPERSAL = 23


N_KINDS = len(Kind)
N_TRAIT_KINDS = 22  # kinds 0..21 are traits; Flight (21) never comes from the deck
KIND_NAMES = [k.name.replace("_", " ").title().replace("Dive Bomb", "Dive-Bomb") for k in Kind]

# EVO-SETUP: the 129 base cards, one printed food value per copy.
BASE_FOOD = {
    Kind.CARNIVORE: [0, 0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6],
    Kind.AMBUSH: [-3, -2, -1, 0, 1, 2, 3],
    Kind.PACK_HUNTING: [-3, -2, -1, 0, 1, 2, 3],
    Kind.INTELLIGENCE: [-2, -1, 0, 4, 5, 6, 7],
    Kind.FAT_TISSUE: [-1, 0, 3, 4, 4, 5, 5],
    Kind.COOPERATION: [0, 3, 3, 4, 4, 5, 5],
    Kind.BURROWING: [1, 2, 3, 3, 4, 4, 5],
    Kind.CLIMBING: [1, 2, 3, 3, 4, 4, 5],
    Kind.HARD_SHELL: [1, 2, 3, 3, 4, 4, 5],
    Kind.HORNS: [1, 2, 3, 3, 4, 4, 5],
    Kind.SYMBIOSIS: [1, 2, 3, 3, 4, 4, 5],
    Kind.WARNING_CALL: [1, 2, 3, 3, 4, 4, 5],
    Kind.DEFENSIVE_HERDING: [2, 3, 4, 5, 6, 7, 8],
    Kind.FERTILE: [2, 3, 4, 5, 6, 6, 7],
    Kind.FORAGING: [2, 3, 4, 5, 6, 6, 7],
    Kind.SCAVENGER: [2, 3, 4, 5, 6, 6, 7],
    Kind.LONG_NECK: [3, 4, 5, 6, 7, 8, 9],
}

# FLT-SETUP: the 34 new traits and 14 events shuffled in with Flight (project decision on
# copy counts and food values; the physical numbers were not found).
_NINE = [0, 1, 2, 3, 3, 4, 4, 5, 6]
_EIGHT = [1, 2, 3, 3, 4, 4, 5, 6]
_EVENT = [1, 2, 3, 3, 4, 4, 5]
FLIGHT_FOOD = {
    Kind.CAMOUFLAGE: _NINE,
    Kind.GOOD_EYESIGHT: _NINE,
    Kind.NESTING: _EIGHT,
    Kind.BROOD_PARASITE: _EIGHT,
    Kind.DIVE_BOMB: _EVENT,
    Kind.SEED_DISPERSAL: _EVENT,
}
FLIGHT_TRAIT_CARDS = 12   # FLT-SETUP: beside the deck, one per avian board
LAND_BOARDS = 24          # EVO-DEC: physical supply of land species boards
AVIAN_BOARDS = 12         # FLT-SETUP: physical supply of avian species boards
RESERVE_SIZE = 40         # FLT-END: cards set aside at setup


def _build_classes():
    rows = {}
    for table, column in ((BASE_FOOD, 0), (FLIGHT_FOOD, 1)):
        for kind, values in table.items():
            for value in values:
                rows.setdefault((int(kind), value), [0, 0])[column] += 1
    rows[(int(Kind.FLIGHT), 0)] = [0, 0]
    keys = sorted(rows)
    kinds = np.array([k for k, _ in keys], np.int16)
    food = np.array([v for _, v in keys], np.int16)
    base = np.array([rows[k][0] for k in keys], np.int16)
    flight = np.array([rows[k][1] for k in keys], np.int16)
    return kinds, food, base, flight


CLASS_KIND, CLASS_FOOD, CLASS_COPIES_BASE, CLASS_COPIES_FLIGHT = _build_classes()
N_CLASSES = len(CLASS_KIND)
FLIGHT_CLASS = int(np.flatnonzero(CLASS_KIND == Kind.FLIGHT)[0])
IS_EVENT_KIND = np.array([k in (Kind.DIVE_BOMB, Kind.SEED_DISPERSAL) for k in Kind], np.bool_)
DECK_CAP = int(CLASS_COPIES_BASE.sum() + CLASS_COPIES_FLIGHT.sum())

assert CLASS_COPIES_BASE.sum() == 129
assert CLASS_COPIES_FLIGHT.sum() == 48
assert DECK_CAP == 177


def class_name(cls):
    """Readable name of a card class, e.g. 'Carnivore (3)'."""
    return f"{KIND_NAMES[CLASS_KIND[cls]]} ({CLASS_FOOD[cls]})"


def class_of(kind, food):
    """The class id of the card with this kind and printed food value."""
    hits = np.flatnonzero((CLASS_KIND == int(kind)) & (CLASS_FOOD == food))
    if hits.size == 0:
        raise ValueError(f"no {KIND_NAMES[int(kind)]} card with food value {food}")
    return int(hits[0])
