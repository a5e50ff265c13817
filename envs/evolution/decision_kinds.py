"""The kinds of Evolution decision that the decision suites sample and hybrid agents route,
derived from the decision in progress and the blocks of the legal actions (actions.BLOCKS).

`feeding` (Feeding phase only, EVO-FEED rules): a pending sub-decision names its type
(which prey, trigger order, negate a protection, Horns, Intelligence card, Dive-Bomb, Nesting
source, Brood Parasite); the main feeding choice is typed by the blocks it offers: attack or
not (an attack beside another kind of move), which attacker, Intelligence, Dive-Bomb or not,
watering hole vs Cliff, which species eats (one food source, several species), eat or pass.

`evolve` (the decisions of what to evolve, EVO-PLAY and the Flight phases before feeding):
the food card for the watering hole, which card to play next or stop, what to do with the
card chosen (a trait on which species and slot, +1 body, +1 population, a new species), the
second card of an avian species, event cards, and the before-reveal triggers.

Both read public fields only (phase, the pending sub-decision) and the legal actions.
"""
import numpy as np

from speciesgym.envs.evolution.actions import BLOCKS
from speciesgym.envs.evolution.state import Pend, Phase

_PEND = {"TARGET": "which prey", "ORDER": "trigger order", "NEGATE_PAY": "negate protection",
         "HORNS": "Horns", "INTEL_PAY": "Intelligence card",
         "DIVE_SPECIES": "Dive-Bomb species", "DIVE_SOURCE": "Dive-Bomb source",
         "NEST_SOURCE": "Nesting source", "BROOD_FOOD": "Brood Parasite food"}
_EVOLVE = {"SELECT_FOOD": "food card", "EVENTS": "event card", "PRE_REVEAL": "before reveal"}
_EVOLVE_PEND = {"NONE": "card to play", "USE_CARD": "card use", "AVIAN_PAY": "avian second card"}


def feeding_type(state, mask):
    """The type of a Feeding-phase decision (None outside the Feeding phase)."""
    st = state[0]
    if int(st["phase"]) != Phase.FEEDING:
        return None
    pend = Pend(int(st["pend"]))
    if pend != Pend.NONE:
        return _PEND.get(pend.name, pend.name.lower())
    legal = np.flatnonzero(mask)
    blocks = {BLOCKS.decode(int(a))[0] for a in legal}
    feeds = blocks & {"FEED_WH", "FEED_CLIFF"}
    if "ATTACK" in blocks:
        return "attack or not" if blocks - {"ATTACK"} else "which attacker"
    if "INTEL_FOOD" in blocks:
        return "Intelligence"
    if "DIVE" in blocks:
        return "Dive-Bomb or not"
    if feeds == {"FEED_WH", "FEED_CLIFF"}:
        return "watering hole vs Cliff"
    if feeds and sum(BLOCKS.decode(int(a))[0] in feeds for a in legal) > 1:
        return "which species eats"
    return "eat or pass"


def evolve_type(state, mask):
    """The type of a decision before feeding (None from the Feeding phase on)."""
    st = state[0]
    phase = Phase(int(st["phase"]))
    if phase == Phase.PLAY:
        pend = Pend(int(st["pend"]))
        return _EVOLVE_PEND.get(pend.name, _PEND.get(pend.name, pend.name.lower()))
    return _EVOLVE.get(phase.name)


KINDS = {"feeding": feeding_type, "evolve": evolve_type}
