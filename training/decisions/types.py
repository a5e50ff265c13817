"""Decision types of the suites, derived from the decision in progress and the blocks of the
legal actions (envs.evolution.actions, envs.dominant_species.actions), and which positions a
suite samples.

Evolution (suite `feeding`, Feeding phase only, EVO-FEED rules): a pending sub-decision names
its type (which prey, trigger order, negate a protection, Horns, Intelligence card, Dive-Bomb,
Nesting source, Brood Parasite); the main feeding choice is typed by the blocks it offers:
attack or not (an attack beside another kind of move), which attacker, Intelligence,
Dive-Bomb or not, watering hole vs Cliff, which species eats (one food source, several
species), eat or pass.

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


def dominant_species_type(state, mask):
    """The type of a Dominant Species decision (every decision counts)."""
    from speciesgym.envs.dominant_species.rules.board import DECISION_NAMES, PH_OVER
    st = state[0]
    if int(st["phase"]) == PH_OVER:
        return None
    name = DECISION_NAMES[int(st["sub"])]
    return _DS_RENAME.get(name, name)


TYPERS = {"evolution": evolution_type, "dominant_species": dominant_species_type}


def decision_type(game, state, mask):
    """The decision type of a position for its game's suite, or None if the suite does not
    sample such positions."""
    if game not in TYPERS:
        raise ValueError(f"decision types: unknown game {game!r}")
    return TYPERS[game](state, mask)
