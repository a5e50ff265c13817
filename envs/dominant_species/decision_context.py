"""What the context of each pending Dominant Species decision must be, checked against the
board when a position is loaded (the decision codes are rules.board's D_*).

CONTEXT_RULES maps every decision code to {field: rule}: the context fields (ctx_*, flags,
dom_cell, the actor) that the decision's kernels read, and the decisions that follow from it
read, while it is in progress; a field missing from a decision's entry is not read there
(each kernel writes it before anything reads it). The rules are those of
decision_context_rules: a function (st, value) -> None when the value fits the board, else
the text of what it should be. Building the table fails at import if a decision code has no
entry, so a new decision kind cannot be added without saying what its context must be.
"""
import numpy as np

from speciesgym.envs.dominant_species.decision_context_rules import (
    actor_and_opponent, aquatic_corner, aquatic_tile, arrivals_of_actor, blighted_tile,
    competition_terrains, corner_of_cell, crowded_tile, element_in_abundance, element_in_bag,
    element_in_wanderlust, element_type, face_up_stack, fecundity_marks, holds_a_pawn,
    more_elements_than_the_taker, no_corner_yet, place_of_cell, replaced_count,
    replaced_opponents, scored_and_dominated, some_left, source_of_actor, taker,
    terrain_of_victim_tile, the_mammal, tile, tile_with_cubes)
from speciesgym.envs.dominant_species.rules import board as B

_TILE = {"ctx_cell": tile}
_GIVEN = {
    B.D_PLAN: {"actor": holds_a_pawn},
    B.D_MIG_FROM: {"ctx_n": some_left, "flags": arrivals_of_actor},
    B.D_MIG_TO: {"flags": arrivals_of_actor, "ctx_cell": source_of_actor, "ctx_n": some_left},
    B.D_COMP_CELL: {"ctx_bits": competition_terrains},
    B.D_COMP_VICTIM: {"ctx_cell": actor_and_opponent, "ctx_bits": terrain_of_victim_tile},
    B.D_DOM_CARD: {"dom_cell": scored_and_dominated},
    B.D_MAMMAL_SAVE: {"actor": the_mammal},
    B.D_SPEC_CORNER: {"ctx_elem": element_type},
    B.D_SPEC_COUNT: {"ctx_cell": tile, "ctx_corner": corner_of_cell, "ctx_k": place_of_cell},
    B.D_WANDER_CELL: {"ctx_k": face_up_stack},
    B.D_WANDER_CORNER: {"ctx_cell": tile, "ctx_elem": element_in_wanderlust},
    B.D_WANDER_ELEM: _TILE, B.D_WANDER_MOVE: _TILE,
    B.D_ABUND_CORNER: {"ctx_elem": element_in_abundance},
    B.D_AQUA_ELEM: {"ctx_corner": no_corner_yet},
    B.D_AQUA_CORNER: {"ctx_elem": element_in_bag, "ctx_corner": no_corner_yet},
    B.D_AQUA_CELL: {"ctx_corner": aquatic_corner},
    B.D_AQUA_COUNT: {"ctx_corner": aquatic_corner, "ctx_cell": aquatic_tile},
    B.D_HABITAT_CORNER: {"ctx_elem": element_in_bag},
    B.D_BIOMASS: {"ctx_cell": crowded_tile},
    B.D_BLIGHT_KEEP: {"ctx_cell": blighted_tile},
    B.D_CATA_SURVIVOR: _TILE, B.D_CATA_ADJ: _TILE,
    B.D_DISEASE: {"actor": more_elements_than_the_taker},
    B.D_EVO_CELL: {"ctx_bits": replaced_opponents, "ctx_n": replaced_count(2)},
    B.D_EVO_ANIMAL: {"ctx_cell": tile, "ctx_bits": replaced_opponents,
                     "ctx_n": replaced_count(1)},
    B.D_FECUNDITY: {"flags": fecundity_marks},
    B.D_HIB_COUNT: _TILE,
    B.D_EXODUS_DEST: {"ctx_cell": tile_with_cubes},
    B.D_PREDATOR: {"ctx_cell": actor_and_opponent},
}
# decisions whose kernels read no context field (their choices are computed from the board,
# the actor and the owner; the fields they set are written before anything reads them)
_NONE = (B.D_NONE, B.D_INIT_PLACE, B.D_ADAPT, B.D_REGRESS, B.D_ABUND_ELEM,
         B.D_WASTE, B.D_DEPLETE, B.D_GLACIATE, B.D_SPEC_INSECT, B.D_WANDER_STACK,
         B.D_DOM_CELL, B.D_BLIGHT_CELL, B.D_CATA_CELL, B.D_FERTILE,
         B.D_HABITAT_ELEM, B.D_HIB_CELL, B.D_ICE_SHEET, B.D_IMMI_OPTION, B.D_IMMI_ELEM,
         B.D_INSTINCT, B.D_EXODUS_CELL, B.D_META_OUT, B.D_META_IN)
# card decisions that the taker makes (DS-CARD-00); Disease and Immigrants ask other animals
_TAKERS = (B.D_AQUA_ELEM, B.D_AQUA_CORNER, B.D_AQUA_CELL, B.D_AQUA_COUNT, B.D_BIOMASS,
           B.D_BLIGHT_CELL, B.D_BLIGHT_KEEP, B.D_CATA_CELL, B.D_CATA_SURVIVOR, B.D_CATA_ADJ,
           B.D_EVO_CELL, B.D_EVO_ANIMAL, B.D_FECUNDITY, B.D_FERTILE, B.D_HABITAT_ELEM,
           B.D_HABITAT_CORNER, B.D_HIB_CELL, B.D_HIB_COUNT, B.D_ICE_SHEET, B.D_INSTINCT,
           B.D_EXODUS_CELL, B.D_EXODUS_DEST, B.D_META_OUT, B.D_META_IN, B.D_PREDATOR)


def _table():
    both = set(_NONE) & set(_GIVEN)
    if both:
        raise AssertionError("decision codes listed with and without context rules: "
                             + ", ".join(B.DECISION_NAMES[s] for s in sorted(both)))
    table = {**{s: {} for s in _NONE}, **_GIVEN}
    for s in _TAKERS:
        table[s] = {"actor": taker, **table.get(s, {})}
    missing = sorted(set(range(B.N_DECISIONS)) - set(table))
    if missing:
        raise AssertionError("decision codes without context rules: "
                             + ", ".join(B.DECISION_NAMES[s] for s in missing))
    return table


CONTEXT_RULES = _table()


def check_context(st):
    """ValueError naming the first context field of the decision in progress that does not
    fit the board, and what it should be."""
    sub = int(st["sub"])
    for field, rule in CONTEXT_RULES[sub].items():
        value = st[field]
        if np.ndim(value):
            wrong = rule(st, np.asarray(value, np.int64))
            got = ""
        else:
            wrong = rule(st, int(value))
            got = f", got {int(value)}"
        if wrong:
            raise ValueError(f"decision.{field}: {B.DECISION_NAMES[sub]} needs {wrong}{got}")
