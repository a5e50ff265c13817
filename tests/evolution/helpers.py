"""Helpers for Evolution rule tests: build a position from a scenario dict, act by block
name, and read what is legal."""
from collections import Counter

import numpy as np

from speciesgym.envs.core.engine import checked_step
from speciesgym.envs.evolution.actions import BLOCKS
from speciesgym.envs.evolution.data import CLASS_FOOD, CLASS_KIND, KIND_NAMES, class_of
from speciesgym.envs.evolution.scenario import load_scenario
from speciesgym.envs.evolution.state import Phase


def cls(name):
    """Card class id of 'Kind:value' (e.g. 'Horns:5')."""
    kind, _, value = name.partition(":")
    return class_of(KIND_NAMES.index(kind), int(value))


def hand_names(g, p):
    """Player p's hand as a Counter of 'Kind:value' names."""
    h = g.st["hand"][p]
    return Counter({f"{KIND_NAMES[CLASS_KIND[c]]}:{CLASS_FOOD[c]}": int(h[c])
                    for c in np.flatnonzero(h)})


def hand_size(g, p):
    return int(g.st["hand"][p].sum())


def over(g):
    """Whether the game of `g` has ended."""
    return int(g.st["phase"]) == Phase.OVER


def seat(hand=(), species=(), bag=0, food_card=None, passed=False):
    """One seat of a scenario; species are dicts as in envs.evolution.scenario."""
    return {"hand": list(hand), "bag": bag, "food_card": food_card, "passed": passed,
            "species": list(species)}


def sp(body=1, pop=1, food=0, traits=(), **extra):
    """One species of a scenario (extra: upkeep, fat, avian, face_down)."""
    return {"body": body, "pop": pop, "food": food, "traits": list(traits), **extra}


class Game:
    """An engine and one state, with by-name access to actions."""

    def __init__(self, players=2, seats=None, **fields):
        data = {"players": players, "seats": seats or [seat() for _ in range(players)]}
        data.update(fields)
        self.engine, self.state = load_scenario(data)

    @property
    def st(self):
        return self.state[0]

    def mask(self):
        return self.engine.legal_mask(self.state)

    def legal(self, block):
        """Indices within `block` that are legal now."""
        b = BLOCKS[block]
        m = self.mask()[b.start:b.start + b.size]
        return [int(i) for i in np.flatnonzero(m)]

    def legal_blocks(self):
        return sorted({BLOCKS.decode(int(a))[0] for a in np.flatnonzero(self.mask())})

    def act(self, block, index=0):
        checked_step(self.engine, self.state, BLOCKS.encode(block, index))

    def card(self, name):
        """Play CARD by card name ('Carnivore:3' or 'Carnivore' for any copy in hand)."""
        from speciesgym.envs.evolution.data import CLASS_FOOD, CLASS_KIND, KIND_NAMES
        kind_name, _, value = name.partition(":")
        kind = [k.lower() for k in KIND_NAMES].index(kind_name.lower())
        hand = self.st["hand"][self.st["turn"]]
        for c in np.flatnonzero(hand):
            if CLASS_KIND[c] == kind and (not value or CLASS_FOOD[c] == int(value)):
                return self.act("CARD", int(c))
        raise AssertionError(f"{name} not in the hand of player {self.st['turn']}")

    @property
    def turn(self):
        return int(self.st["turn"])

    @property
    def phase(self):
        return self.engine.phase_name(self.state)

    def field(self, name, *index):
        value = self.st[name]
        return int(value[index]) if index else int(value)

    def text(self):
        return self.engine.render_text(self.state)
