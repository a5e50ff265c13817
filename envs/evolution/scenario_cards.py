"""Cards in a scenario: card names to card classes, each copy of the game handed out once.

A card is written "Kind:food value" ("Long Neck:5") or just "Kind" (any copy). Requests are
collected first and served together: every card with a value gets its own copy before any
card without one takes a copy, so "Symbiosis" in a hand never takes the copy a later
"Symbiosis:1" needs.
"""
import numpy as np

from envs.evolution.data import (CLASS_COPIES_BASE, CLASS_COPIES_FLIGHT, CLASS_FOOD, CLASS_KIND,
                                 FLIGHT_CLASS, IS_EVENT_KIND, KIND_NAMES, N_CLASSES, Kind)

CARD_NAMES = [f"{KIND_NAMES[CLASS_KIND[c]]}:{CLASS_FOOD[c]}" for c in range(N_CLASSES)]
_KIND_BY_NAME = {name.lower(): i for i, name in enumerate(KIND_NAMES)}
_CLASSES_OF_KIND = {k: tuple(int(c) for c in np.flatnonzero(CLASS_KIND == k))
                    for k in range(len(KIND_NAMES))}
_PARSED = {name: ((c,), True, int(CLASS_KIND[c])) for c, name in enumerate(CARD_NAMES)}


def parse_card(spec, where):
    """(candidate classes, value given, kind) of a card name; ValueError naming `where`."""
    hit = _PARSED.get(spec) if isinstance(spec, str) else None
    if hit is not None and hit[2] != Kind.FLIGHT:
        return hit
    if not isinstance(spec, str):
        raise ValueError(f"{where}: a card is a string like 'Carnivore:3', got {spec!r}")
    name, _, value = spec.partition(":")
    kind = _KIND_BY_NAME.get(name.strip().lower())
    if kind is None:
        raise ValueError(f"{where}: unknown card {name!r}")
    if kind == Kind.FLIGHT:
        raise ValueError(f"{where}: Flight cards come only with avian species")
    classes = _CLASSES_OF_KIND[kind]
    if not value:
        return classes, False, kind
    try:
        food = int(value)
    except ValueError:
        raise ValueError(f"{where}: food value {value!r} is not a number") from None
    classes = tuple(c for c in classes if CLASS_FOOD[c] == food)
    if not classes:
        raise ValueError(f"{where}: no {KIND_NAMES[kind]} card with food value {food}")
    return classes, True, kind


def check_trait_card(kind, where):
    if IS_EVENT_KIND[kind]:
        raise ValueError(f"{where}: {KIND_NAMES[kind]} is an event card, not a trait")


class CardPool:
    """The game's cards; `request` names one, `assign` hands every request its copy."""

    def __init__(self, flight):
        copies = CLASS_COPIES_BASE + (CLASS_COPIES_FLIGHT if flight else 0)
        self.left = [int(x) for x in copies]
        self.left[FLIGHT_CLASS] = 0
        self.requests = []

    def request(self, spec, where, trait=False):
        """Ask for the card `spec`; returns (request index, kind)."""
        classes, explicit, kind = parse_card(spec, where)
        if trait:
            check_trait_card(kind, where)
        self.requests.append((classes, explicit, spec, where))
        return len(self.requests) - 1, kind

    def request_list(self, value, where, trait=False):
        if not isinstance(value, list):
            raise ValueError(f"{where}: expected a list of cards")
        return [self.request(spec, f"{where}[{i}]", trait)[0] for i, spec in enumerate(value)]

    def assign(self):
        """The class of every request, in request order (explicit values served first)."""
        left = self.left
        chosen = [0] * len(self.requests)
        for explicit_pass in (True, False):
            for i, (classes, explicit, spec, where) in enumerate(self.requests):
                if explicit != explicit_pass:
                    continue
                for c in classes:
                    if left[c] > 0:
                        left[c] -= 1
                        chosen[i] = c
                        break
                else:
                    raise ValueError(f"{where}: no copy of {spec!r} left (a card in two "
                                     f"places, or a card not in this game)")
        return chosen

    def rest(self):
        """Classes of the copies no request took (call after `assign`)."""
        return [c for c in range(N_CLASSES) for _ in range(self.left[c])]
