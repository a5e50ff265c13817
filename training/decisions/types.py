"""Decision types of the suites, derived from the decision in progress and the blocks of the
legal actions (envs.evolution.actions, envs.dominant_species.actions), and which positions a
suite samples.

Evolution (suite `feeding`, Feeding phase only, EVO-FEED rules): a pending sub-decision names
its type (which prey, trigger order, negate a protection, Horns, Intelligence card, Dive-Bomb,
Nesting source, Brood Parasite); the main feeding choice is typed by the blocks it offers:
attack or not (an attack beside another kind of move), which attacker, Intelligence,
Dive-Bomb or not, watering hole vs Cliff, which species eats (one food source, several
species), eat or pass.

Evolution (suite `evolve-2p`, the decisions of what to evolve, EVO-PLAY and the Flight
phases before feeding): the food card for the watering hole, which card to play next or stop,
what to do with the card chosen (a trait on which species and slot, +1 body, +1 population,
a new species), the second card of an avian species, event cards, and the before-reveal
triggers.

Dominant Species (suite `dominance`, every decision): the decision in progress (state field
`sub`, envs.dominant_species.rules.board.DECISION_NAMES), with Planning called action-pawn
placement and the two Domination decisions told apart (Domination tile, dominance card).
"""
import numpy as np

_EVO_PEND = {"TARGET": "which prey", "ORDER": "trigger order", "NEGATE_PAY": "negate protection",
             "HORNS": "Horns", "INTEL_PAY": "Intelligence card",
             "DIVE_SPECIES": "Dive-Bomb species", "DIVE_SOURCE": "Dive-Bomb source",
             "NEST_SOURCE": "Nesting source", "BROOD_FOOD": "Brood Parasite food"}
_DS_RENAME = {"Planning": "action-pawn placement", "Domination": "Domination tile",
              "Domination card": "dominance card"}


def evolution_type(state, mask):
    """The type of an Evolution Feeding-phase decision (None outside the Feeding phase)."""
    from speciesgym.envs.evolution.actions import BLOCKS
    from speciesgym.envs.evolution.state import Pend, Phase
    st = state[0]
    if int(st["phase"]) != Phase.FEEDING:
        return None
    pend = Pend(int(st["pend"]))
    if pend != Pend.NONE:
        return _EVO_PEND.get(pend.name, pend.name.lower())
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


_EVOLVE = {"SELECT_FOOD": "food card", "EVENTS": "event card", "PRE_REVEAL": "before reveal"}
_EVOLVE_PEND = {"NONE": "card to play", "USE_CARD": "card use", "AVIAN_PAY": "avian second card"}


def evolve_type(state, mask):
    """The type of an Evolution decision before feeding (None from the Feeding phase on)."""
    from speciesgym.envs.evolution.state import Pend, Phase
    st = state[0]
    phase = Phase(int(st["phase"]))
    if phase == Phase.PLAY:
        pend = Pend(int(st["pend"]))
        return _EVOLVE_PEND.get(pend.name, _EVO_PEND.get(pend.name, pend.name.lower()))
    return _EVOLVE.get(phase.name)


def dominant_species_type(state, mask):
    """The type of a Dominant Species decision (every decision counts)."""
    from speciesgym.envs.dominant_species.rules.board import DECISION_NAMES, PH_OVER
    st = state[0]
    if int(st["phase"]) == PH_OVER:
        return None
    name = DECISION_NAMES[int(st["sub"])]
    return _DS_RENAME.get(name, name)


TYPERS = {"feeding": evolution_type, "evolve": evolve_type, "dominance": dominant_species_type}


def decision_type(decisions, state, mask):
    """The type of a position for a suite of `decisions` ("feeding", "evolve", "dominance":
    a suite spec's `decisions`), or None if such a suite does not sample it."""
    if decisions not in TYPERS:
        raise ValueError(f"decision types: unknown kind of decisions {decisions!r}; known: "
                         f"{', '.join(TYPERS)}")
    return TYPERS[decisions](state, mask)
