"""Cards in a scenario: card names to card classes, each copy of the game handed out once.

A card is written "Kind:food value" ("Long Neck:5") or just "Kind" (any copy). A card with a
value takes its copy at once; cards without one wait until every named card is placed, so
"Symbiosis" in a hand never takes the copy a later "Symbiosis:1" needs.
"""
import numpy as np

from speciesgym.envs.evolution.data import (CLASS_COPIES_BASE, CLASS_COPIES_FLIGHT, CLASS_FOOD, CLASS_KIND,
                                 FLIGHT_CLASS, IS_EVENT_KIND, KIND_NAMES, N_CLASSES, Kind)

CARD_NAMES = [f"{KIND_NAMES[CLASS_KIND[c]]}:{CLASS_FOOD[c]}" for c in range(N_CLASSES)]
_KIND_BY_NAME = {name.lower(): i for i, name in enumerate(KIND_NAMES)}
_CLASSES_OF_KIND = {k: tuple(int(c) for c in np.flatnonzero(CLASS_KIND == k))
                    for k in range(len(KIND_NAMES))}
_PARSED = {name: ((c,), True, int(CLASS_KIND[c])) for c, name in enumerate(CARD_NAMES)}
_NAMED = {name: c for c, name in enumerate(CARD_NAMES) if c != FLIGHT_CLASS}


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


_COPIES = {flight: [0 if c == FLIGHT_CLASS else int(x) for c, x in enumerate(
    CLASS_COPIES_BASE + (CLASS_COPIES_FLIGHT if flight else 0))] for flight in (False, True)}


class CardPool:
    """The game's cards. `take` serves a card with a value at once and defers one without;
    `assign` then serves the deferred ones from the copies left."""

    def __init__(self, flight):
        self.left = list(_COPIES[bool(flight)])
        self.deferred = []

    def take(self, spec, where, trait=False):
        """(ticket, kind): the ticket is the class id, or -1 - i for deferred request i."""
        hit = _PARSED.get(spec) if type(spec) is str else None
        if hit is None or hit[2] == Kind.FLIGHT:
            hit = parse_card(spec, where)
        classes, explicit, kind = hit
        if trait:
            check_trait_card(kind, where)
        if not explicit:
            self.deferred.append((classes, spec, where))
            return -len(self.deferred), kind
        c = classes[0]
        if self.left[c] <= 0:
            raise ValueError(f"{where}: no copy of {spec!r} left (a card in two places, or "
                             f"a card not in this game)")
        self.left[c] -= 1
        return c, kind

    def take_list(self, value, where):
        """Tickets of a list of cards (not traits), named cards served at once."""
        if type(value) is not list:
            raise ValueError(f"{where}: expected a list of cards")
        left = self.left
        out = []
        for i, spec in enumerate(value):
            c = _NAMED.get(spec, -1) if type(spec) is str else -1
            if c >= 0 and left[c] > 0:
                left[c] -= 1
                out.append(c)
            else:
                out.append(self.take(spec, f"{where}[{i}]")[0])
        return out

    def assign(self):
        """Serve the deferred requests; returns a function from ticket to class id (None when
        every card was named with its value: every ticket is then its class id)."""
        if not self.deferred:
            return None
        left = self.left
        served = []
        for classes, spec, where in self.deferred:
            for c in classes:
                if left[c] > 0:
                    left[c] -= 1
                    served.append(c)
                    break
            else:
                raise ValueError(f"{where}: no copy of {spec!r} left (a card in two "
                                 f"places, or a card not in this game)")
        return lambda ticket: ticket if ticket >= 0 else served[-1 - ticket]

    def rest(self):
        """Classes of the copies nobody took (call after `assign`)."""
        if not any(self.left):
            return []
        return [c for c in range(N_CLASSES) for _ in range(self.left[c])]
