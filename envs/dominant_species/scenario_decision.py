"""The moment a scenario starts at: a named `start`, or the raw `decision` fields written by
to_scenario. Both are checked before any kernel sees them (a ValueError names the field).

A scenario gives `start` or `decision`, never both: `decision` is the exact decision in
progress (what to_scenario writes), `start` a point where the engine itself begins
("planning", "reset", an action-display space, a taken card).

Raw decision fields are checked for ranges that keep every kernel inside its tables, per
decision where a field is an index there (Catastrophe's neighbour, Wanderlust's stack...),
for the card a card decision belongs to, against the board by the context rules of the
decision in progress (decision_context.CONTEXT_RULES), and for a non-empty legal mask
afterwards.
"""
import numpy as np

from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.core.fields import integer
from speciesgym.envs.dominant_species.decision_context import check_context
from speciesgym.envs.dominant_species.rules import board as B
from speciesgym.envs.dominant_species.scenario_fields import (CARD_LOWER, hex_index, name_index,
                                                             space_index)

DECISION_FIELDS = ("phase", "sub", "actor", "cursor", "space_now", "owner", "card",
                   "card_pending", "ctx_cell", "ctx_corner", "ctx_elem", "ctx_k", "ctx_n",
                   "ctx_bits", "dom_cell", "plan_turn", "flags", "protect")

DECISION_BOUNDS = {"phase": (0, B.PH_OVER), "sub": (0, B.N_DECISIONS - 1), "actor": (-1, 5),
                   "cursor": (0, D.N_SPACES), "space_now": (0, D.N_SPACES - 1),
                   "owner": (-1, 5), "card": (-1, D.N_CARDS - 1),
                   "card_pending": (-1, D.N_CARDS - 1), "ctx_cell": (-1, D.N_CELLS - 1),
                   "ctx_corner": (-1, D.N_CORNERS - 1), "ctx_elem": (-1, 5), "ctx_k": (0, 7),
                   "ctx_n": (0, 7), "ctx_bits": (0, 2 ** 15 - 1),
                   "dom_cell": (-1, D.N_CELLS - 1), "plan_turn": (0, 5), "flags": (0, 7),
                   "protect": (0, 63)}

# decisions belonging to a card: the card being resolved must be this one
_CARD_OF = {}
for _sub, _card in ((B.D_AQUA_ELEM, "Aquatic"), (B.D_AQUA_CORNER, "Aquatic"),
                    (B.D_AQUA_CELL, "Aquatic"), (B.D_AQUA_COUNT, "Aquatic"),
                    (B.D_BIOMASS, "Biomass"), (B.D_BLIGHT_CELL, "Blight"),
                    (B.D_BLIGHT_KEEP, "Blight"), (B.D_CATA_CELL, "Catastrophe"),
                    (B.D_CATA_SURVIVOR, "Catastrophe"), (B.D_CATA_ADJ, "Catastrophe"),
                    (B.D_DISEASE, "Disease"), (B.D_EVO_CELL, "Evolution"),
                    (B.D_EVO_ANIMAL, "Evolution"), (B.D_FECUNDITY, "Fecundity"),
                    (B.D_FERTILE, "Fertile"), (B.D_HABITAT_ELEM, "Habitat"),
                    (B.D_HABITAT_CORNER, "Habitat"), (B.D_HIB_CELL, "Hibernation"),
                    (B.D_HIB_COUNT, "Hibernation"), (B.D_ICE_SHEET, "Ice Sheet"),
                    (B.D_IMMI_OPTION, "Immigrants"), (B.D_IMMI_ELEM, "Immigrants"),
                    (B.D_INSTINCT, "Instinct"), (B.D_EXODUS_CELL, "Mass Exodus"),
                    (B.D_EXODUS_DEST, "Mass Exodus"), (B.D_META_OUT, "Metamorphosis"),
                    (B.D_META_IN, "Metamorphosis"), (B.D_PREDATOR, "Predator")):
    _CARD_OF[_sub] = D.CARD_NAMES.index(_card)

# decisions reading ctx_k as an index: its range there
_K_INDEX = {B.D_CATA_ADJ: 5, B.D_CATA_SURVIVOR: 5, B.D_SPEC_COUNT: 2, B.D_WANDER_CELL: 2,
            B.D_WANDER_ELEM: 2, B.D_WANDER_CORNER: 2, B.D_WANDER_MOVE: 2}
# decisions reading a chosen cell / corner (must be set)
_NEEDS_CELL = {B.D_CATA_ADJ, B.D_CATA_SURVIVOR, B.D_BIOMASS, B.D_BLIGHT_KEEP, B.D_MIG_TO,
               B.D_COMP_VICTIM, B.D_PREDATOR, B.D_EVO_ANIMAL, B.D_HIB_COUNT, B.D_EXODUS_DEST,
               B.D_AQUA_COUNT, B.D_WANDER_CORNER, B.D_WANDER_ELEM, B.D_WANDER_MOVE}
# Aquatic's tile and count decisions may have no corner: with no element placed (an empty bag
# or no free sea/wetland corner), any sea or wetland tile is allowed (DS-CARD-01).
_NEEDS_CORNER = {B.D_SPEC_COUNT}


def set_start(st, data, animals):
    """Write the starting moment into record `st`."""
    if "decision" in data:
        if "start" in data:
            raise ValueError("start: give either start or decision, not both (decision is the "
                             "exact moment to_scenario writes)")
        _set_decision(st, data["decision"], animals)
        return
    start = data.get("start", "planning")
    st["sub"] = B.D_NONE
    if start == "planning":
        st["phase"] = B.PH_PLANNING
    elif start == "reset":
        st["phase"] = B.PH_RESET
    elif isinstance(start, dict) and "execute" in start:
        extra = set(start) - {"execute", "slot"}
        if extra:
            raise ValueError(f"start: unknown key(s) {', '.join(sorted(map(str, extra)))} "
                             "for an execute start (execute, slot)")
        st["phase"] = B.PH_EXECUTION
        st["cursor"] = space_index(start["execute"], integer(start.get("slot", 1),
                                                               "start.slot", 1, 8),
                                   "start.execute")
    elif isinstance(start, dict) and "card" in start:
        extra = set(start) - {"card", "taker", "scored_hex"}
        if extra:
            raise ValueError(f"start: unknown key(s) {', '.join(sorted(map(str, extra)))} "
                             "for a card start (card, taker, scored_hex)")
        st["phase"] = B.PH_EXECUTION
        st["cursor"] = D.SP_DOMINATION0 + 4
        st["card_pending"] = name_index(start["card"], CARD_LOWER, "start.card")
        taker = name_index(start.get("taker"), D.ANIMAL_NAMES, "start.taker")
        if taker not in animals:
            raise ValueError("start.taker: animal not in play")
        st["owner"] = taker
        st["actor"] = taker
        c = hex_index(start.get("scored_hex", [0, 0]), "start.scored_hex")
        if st["terrain"][c] == D.EMPTY:
            raise ValueError("start.scored_hex: no tile there")
        st["dom_cell"] = c
    else:
        raise ValueError("start: expected 'planning', 'reset', {'execute': ...} or "
                         f"{{'card': ...}}, got {start!r}")


def _set_decision(st, dec, animals):
    if not isinstance(dec, dict) or set(dec) - set(DECISION_FIELDS):
        raise ValueError(f"decision: expected an object with fields {', '.join(DECISION_FIELDS)}")
    for key, value in dec.items():
        if isinstance(value, bool) or (isinstance(value, list) and any(
                isinstance(v, bool) for v in value)):
            raise ValueError(f"decision.{key}: expected integers, got {value!r}")
        try:
            arr = np.asarray(value)
        except ValueError:
            raise ValueError(f"decision.{key}: wrong shape or type") from None
        if arr.shape != st[key].shape or (arr.size and arr.dtype.kind not in "iu"):
            raise ValueError(f"decision.{key}: wrong shape or type")
        low, high = DECISION_BOUNDS[key]
        if arr.size and (arr.min() < low or arr.max() > high):
            raise ValueError(f"decision.{key}: values must lie in {low}..{high}")
        st[key] = arr
    phase, sub = int(st["phase"]), int(st["sub"])
    if phase == B.PH_OVER:
        if sub != B.D_NONE:
            raise ValueError("decision.sub: the game is over, no decision may be in progress")
        return
    if sub == B.D_NONE:
        raise ValueError("decision.sub: no decision in progress (use start for that)")
    if int(st["actor"]) not in animals:
        raise ValueError("decision.actor: animal not in play")
    if (phase == B.PH_PLANNING) != (sub == B.D_PLAN):
        raise ValueError(f"decision.sub: {B.DECISION_NAMES[sub]} is not a decision of the "
                         f"{B.PHASE_NAMES[phase]} phase")
    if phase == B.PH_RESET and sub != B.D_MAMMAL_SAVE:
        raise ValueError(f"decision.sub: {B.DECISION_NAMES[sub]} is not a decision of Reset")
    if sub == B.D_PLAN and int(st["init_order"][st["plan_turn"]]) != int(st["actor"]):
        raise ValueError("decision.plan_turn: the planner is not the actor")
    if sub not in (B.D_PLAN, B.D_INIT_PLACE, B.D_MAMMAL_SAVE) and int(st["owner"]) not in animals:
        raise ValueError("decision.owner: animal not in play")
    if sub in _CARD_OF and int(st["card"]) != _CARD_OF[sub]:
        raise ValueError(f"decision.card: {B.DECISION_NAMES[sub]} belongs to the card "
                         f"{D.CARD_NAMES[_CARD_OF[sub]]}")
    if sub not in _CARD_OF and int(st["card"]) >= 0:
        raise ValueError(f"decision.card: {B.DECISION_NAMES[sub]} is no card's decision")
    if int(st["card_pending"]) >= 0:
        raise ValueError("decision.card_pending: a card waits only between decisions")
    if sub in _K_INDEX and not 0 <= int(st["ctx_k"]) <= _K_INDEX[sub]:
        raise ValueError(f"decision.ctx_k: {B.DECISION_NAMES[sub]} needs 0..{_K_INDEX[sub]}")
    if sub in _NEEDS_CELL:
        if int(st["ctx_cell"]) < 0:
            raise ValueError(f"decision.ctx_cell: {B.DECISION_NAMES[sub]} needs a hex")
    if sub in _NEEDS_CORNER and int(st["ctx_corner"]) < 0:
        raise ValueError(f"decision.ctx_corner: {B.DECISION_NAMES[sub]} needs a corner")
    if sub == B.D_CATA_ADJ and D.NEIGHBORS[st["ctx_cell"], st["ctx_k"]] < 0:
        raise ValueError("decision.ctx_k: no hex in that direction")
    check_context(st)
