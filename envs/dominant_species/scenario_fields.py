"""Reading the fields of a Dominant Species scenario: names (any case) to indices, hexes,
per-animal numbers, element counts and pawn spaces, each refused with a ValueError that
names the field (envs.dominant_species.scenario and its helper modules use them)."""
import numpy as np

from speciesgym.envs.core.fields import integer
from speciesgym.envs.dominant_species import data as D


CARD_LOWER = tuple(n.lower() for n in D.CARD_NAMES)
ACTION_LOWER = tuple(n.lower() for n in D.ACTION_NAMES)
BOX_LOWER = tuple(n.lower() for n in D.BOX_NAMES)
_TABLES = {id(t): {n: i for i, n in enumerate(t)} for t in (
    D.ANIMAL_NAMES, D.ELEM_NAMES, D.TERRAIN_NAMES, ACTION_LOWER, BOX_LOWER, CARD_LOWER)}
_SPACE_OF = {(kind, slot + 1): sp for kind in range(len(D.ACTION_NAMES))
             for slot, sp in enumerate(np.flatnonzero(D.SPACE_ACTION == kind).tolist())}
_SLOTS = [int((D.SPACE_ACTION == kind).sum()) for kind in range(len(D.ACTION_NAMES))]
PAWN_SPACE = D.FREE_SPACE == 0


def name_index(value, names, field):
    """Index of `value` (a name, any case) in the name table `names`."""
    if isinstance(value, str):
        i = _TABLES[id(names)].get(value) if value.islower() else None
        if i is None:
            i = _TABLES[id(names)].get(value.lower())
        if i is not None:
            return i
    raise ValueError(f"{field}: unknown name {value!r}; choose from {', '.join(names)}")


def hex_index(value, field):
    if not (isinstance(value, (list, tuple)) and len(value) == 2):
        raise ValueError(f"{field}: a hex is [q, r], got {value!r}")
    try:
        return D.cell_index(integer(value[0], field, -3, 3), integer(value[1], field, -3, 3))
    except ValueError as exc:
        raise ValueError(f"{field}: {exc}") from None


def per_animal(data, field, animals, low, high):
    out = {}
    if not isinstance(data, dict):
        raise ValueError(f"{field}: expected an object animal -> number")
    for key, value in data.items():
        a = name_index(key, D.ANIMAL_NAMES, f"{field}")
        if a not in animals:
            raise ValueError(f"{field}.{key}: animal not in play")
        out[a] = integer(value, f"{field}.{key}", low, high)
    return out


def element_counts(data, field):
    if not isinstance(data, dict):
        raise ValueError(f"{field}: expected an object element -> count")
    out = np.zeros(6, np.int64)
    for key, value in data.items():
        out[name_index(key, D.ELEM_NAMES, field)] = integer(value, f"{field}.{key}", 0, 20)
    return out


def space_index(action, slot, field):
    kind = name_index(action, ACTION_LOWER, field)
    if (kind, slot) not in _SPACE_OF:
        raise ValueError(f"{field}: {action} has spaces 1..{_SLOTS[kind]}, got {slot}")
    return _SPACE_OF[kind, slot]
