"""What the context of each pending Dominant Species decision must be, checked against the
board when a position is loaded (the decision codes are rules.board's D_*).

CONTEXT_RULES maps every decision code to {context field: rule}; a field missing from a
decision's entry is not read by that decision's kernels. A rule is a function
(st, value) -> None when the value fits the board, else the text of what it should be.
Building the table fails at import if a decision code has no entry, so a new decision kind
cannot be added without saying what its context must be.
"""
from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species.rules import board as B


def tile(st, c):
    """A hex holding a tile."""
    if c < 0 or int(st["terrain"][c]) == D.EMPTY:
        return "a hex holding a tile"
    return None


def source_of_actor(st, c):
    """DS-MIGR-01/03: a tile where the actor has a cube that has not moved yet."""
    if tile(st, c) or int(st["cubes"][c, st["actor"]]) - int(st["flags"][c]) <= 0:
        return "a tile holding a cube of the actor that has not moved this action"
    return None


def actor_and_opponent(st, c):
    """DS-COMP-02: a tile shared by the actor and an opponent."""
    a = int(st["actor"])
    if (tile(st, c) or int(st["cubes"][c, a]) <= 0
            or int(st["cubes"][c].sum()) - int(st["cubes"][c, a]) <= 0):
        return "a tile shared by the actor and an opponent"
    return None


def element_type(st, t):
    if not 0 <= t < 6:
        return "an element type 0..5"
    return None


def element_in_bag(st, t):
    """The element waiting to be placed is drawn from the bag."""
    if element_type(st, t) or int(st["bag"][t]) <= 0:
        return "an element type still in the bag"
    return None


def element_in_wanderlust(st, t):
    """DS-WAND-03: the element comes from the Wanderlust box."""
    if element_type(st, t) or int(st["box"][D.BOX_WANDERLUST, t]) <= 0:
        return "an element type in the Wanderlust box"
    return None


def element_in_abundance(st, t):
    """DS-ABUN-02: the chosen element goes from the Abundance box to the corner."""
    if element_type(st, t) or int(st["box"][D.BOX_ABUNDANCE, t]) <= 0:
        return "an element type in the Abundance box"
    return None


def corner_of_cell(st, k):
    """DS-SPEC-01: the chosen element's corner touches the tile being counted."""
    if k < 0 or int(st["ctx_cell"]) not in [int(c) for c in D.CORNER_CELLS[k]]:
        return "a corner of decision.ctx_cell"
    return None


def holds_a_pawn(st, a):
    """DS-PLAN-01: the planner places an action pawn from those in hand."""
    if a < 0 or int(st["ap_supply"][a]) <= 0:
        return "an animal holding an action pawn in hand"
    return None


def some_left(st, n):
    """Cubes still to move: at least one."""
    if n < 1:
        return "at least 1"
    return None


_TILE = {"ctx_cell": tile}
_GIVEN = {
    B.D_PLAN: {"actor": holds_a_pawn},
    B.D_MIG_FROM: {"ctx_n": some_left},
    B.D_MIG_TO: {"ctx_cell": source_of_actor, "ctx_n": some_left},
    B.D_COMP_VICTIM: {"ctx_cell": actor_and_opponent},
    B.D_SPEC_CORNER: {"ctx_elem": element_type},
    B.D_SPEC_COUNT: {"ctx_cell": tile, "ctx_corner": corner_of_cell},
    B.D_WANDER_CORNER: {"ctx_cell": tile, "ctx_elem": element_in_wanderlust},
    B.D_WANDER_ELEM: _TILE, B.D_WANDER_MOVE: _TILE,
    B.D_ABUND_CORNER: {"ctx_elem": element_in_abundance},
    B.D_AQUA_CORNER: {"ctx_elem": element_in_bag},
    B.D_HABITAT_CORNER: {"ctx_elem": element_in_bag},
    B.D_AQUA_COUNT: _TILE, B.D_BIOMASS: _TILE, B.D_BLIGHT_KEEP: _TILE,
    B.D_CATA_SURVIVOR: _TILE, B.D_CATA_ADJ: _TILE, B.D_PREDATOR: _TILE,
    B.D_EVO_ANIMAL: _TILE, B.D_HIB_COUNT: _TILE, B.D_EXODUS_DEST: _TILE,
}
# decisions whose kernels read no context field (their choices are computed from the board)
_NONE = (B.D_NONE, B.D_INIT_PLACE, B.D_ADAPT, B.D_REGRESS, B.D_ABUND_ELEM,
         B.D_WASTE, B.D_DEPLETE, B.D_GLACIATE, B.D_SPEC_INSECT,
         B.D_WANDER_STACK, B.D_WANDER_CELL, B.D_COMP_CELL, B.D_DOM_CELL, B.D_DOM_CARD,
         B.D_MAMMAL_SAVE, B.D_AQUA_ELEM, B.D_AQUA_CELL, B.D_BLIGHT_CELL, B.D_CATA_CELL,
         B.D_DISEASE, B.D_EVO_CELL, B.D_FECUNDITY, B.D_FERTILE, B.D_HABITAT_ELEM,
         B.D_HIB_CELL, B.D_ICE_SHEET, B.D_IMMI_OPTION, B.D_IMMI_ELEM, B.D_INSTINCT,
         B.D_EXODUS_CELL, B.D_META_OUT, B.D_META_IN)


def _table():
    table = {**{s: {} for s in _NONE}, **_GIVEN}
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
        wrong = rule(st, int(st[field]))
        if wrong:
            raise ValueError(f"decision.{field}: {B.DECISION_NAMES[sub]} needs {wrong}, "
                             f"got {int(st[field])}")
