"""The rules of decision_context.CONTEXT_RULES. Each is a function (st, value) -> None when
the value of one context field of the decision in progress fits the board, else the text of
what it should be. `st` is the position being loaded; the loader has already checked each
field's range and that the actor is in play. A rule may read another context field when the
table lists that field first (it is then checked)."""
import numpy as np

from speciesgym.envs.dominant_species import data as D


def tile(st, c):
    """A hex holding a tile."""
    if c < 0 or int(st["terrain"][c]) == D.EMPTY:
        return "a hex holding a tile"
    return None


def _elements_on(st, c):
    return [int(e) for e in st["corner"][D.CELL_CORNERS[c]] if e >= 0]


def dominant(st, c):
    """DS-DOM-03: the animal dominating tile c, else -1."""
    present = st["cubes"][c] > 0
    if int(st["terrain"][c]) == D.EMPTY or not present.any():
        return -1
    match = st["display"].astype(np.int64) @ np.bincount(_elements_on(st, c), minlength=6)
    best = match[present].max()
    if best < 1 or (match[present] == best).sum() != 1:
        return -1
    return int(np.flatnonzero(present & (match == best))[0])


# --- who decides --------------------------------------------------------------------------
def holds_a_pawn(st, a):
    """DS-PLAN-01: the planner places an action pawn from those in hand."""
    if a < 0 or int(st["ap_supply"][a]) <= 0:
        return "an animal holding an action pawn in hand"
    return None


def taker(st, a):
    """DS-CARD-00: the taker makes every choice of its card (decision.owner)."""
    if a != int(st["owner"]):
        return "the taker of the card (decision.owner)"
    return None


def more_elements_than_the_taker(st, a):
    """DS-CARD-07: Disease strikes the animals with more elements than the taker."""
    if a == int(st["owner"]) or int(st["display"][a].sum()) <= int(st["display"][
            int(st["owner"])].sum()):
        return "an animal with more elements than the taker (decision.owner)"
    return None


def the_mammal(st, a):
    """DS-RESET-02: the mammal chooses the tile whose cube it saves."""
    if a != D.MAMMAL:
        return "the mammal"
    return None


# --- Migration, Competition, Domination ---------------------------------------------------
def source_of_actor(st, c):
    """DS-MIGR-01/03: a tile where the actor has a cube that has not moved yet."""
    if tile(st, c) or int(st["cubes"][c, st["actor"]]) - int(st["flags"][c]) <= 0:
        return "a tile holding a cube of the actor that has not moved this action"
    return None


def arrivals_of_actor(st, flags):
    """DS-MIGR-03: the cubes that arrived on a hex this action are the actor's, still there."""
    over = np.flatnonzero(flags > st["cubes"][:, st["actor"]])
    if over.size:
        return (f"at most the actor's cubes on each hex as arrivals (hex {int(over[0])} has "
                f"{int(flags[over[0]])})")
    return None


def some_left(st, n):
    """Cubes still to move: at least one."""
    if n < 1:
        return "at least 1"
    return None


def actor_and_opponent(st, c):
    """DS-COMP-02, DS-CARD-25: a tile shared by the actor and an opponent."""
    a = int(st["actor"])
    if (tile(st, c) or int(st["cubes"][c, a]) <= 0
            or int(st["cubes"][c].sum()) - int(st["cubes"][c, a]) <= 0):
        return "a tile shared by the actor and an opponent"
    return None


def competition_terrains(st, bits):
    """DS-COMP-01: the terrains still open are among those of the space (decision.ctx_k)."""
    if bits & ~int(D.COMPETITION_TERRAINS[int(st["ctx_k"])]):
        return "terrains of the Competition space decision.ctx_k only"
    return None


def terrain_of_victim_tile(st, bits):
    """DS-COMP-01/02: the tile chosen is of a listed terrain not used yet."""
    wrong = competition_terrains(st, bits)
    if wrong or not (bits >> int(st["terrain"][int(st["ctx_cell"])])) & 1:
        return wrong or "a set of terrains holding that of decision.ctx_cell"
    return None


def scored_and_dominated(st, c):
    """DS-DOMN-03: the tile just scored, which the actor dominates (its card is taken for
    that tile: DS-CARD-21 reads it)."""
    if tile(st, c) or not st["scored"][c] or dominant(st, c) != int(st["actor"]):
        return "a tile scored this round that the actor dominates"
    return None


# --- elements -----------------------------------------------------------------------------
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


# --- Speciation, Wanderlust ---------------------------------------------------------------
def corner_of_cell(st, k):
    """DS-SPEC-01: the chosen element's corner touches the tile being counted."""
    if k < 0 or int(st["ctx_cell"]) not in [int(c) for c in D.CORNER_CELLS[k]]:
        return "a corner of decision.ctx_cell"
    return None


def place_of_cell(st, j):
    """DS-SPEC-02: the tiles around the element are counted in turn; j is the place of
    decision.ctx_cell among the hexes of decision.ctx_corner (the later ones come next)."""
    if not 0 <= j < 3 or int(D.CORNER_CELLS[int(st["ctx_corner"]), j]) != int(st["ctx_cell"]):
        return "the place of decision.ctx_cell among the hexes of decision.ctx_corner"
    return None


def face_up_stack(st, s):
    """DS-WAND-01: the tile taken is the face-up tile of a stack that shows one."""
    if not 0 <= s < D.N_STACKS or int(st["stack_face"][s]) <= 0:
        return "a stack showing a face-up tile"
    return None


# --- cards --------------------------------------------------------------------------------
def no_corner_yet(st, k):
    """DS-CARD-01: Aquatic's element is not placed yet."""
    if k != -1:
        return "-1 (no element placed yet)"
    return None


def _watery(st, c):
    return c >= 0 and int(st["terrain"][c]) in (D.SEA, D.WETLAND)


def aquatic_corner(st, k):
    """DS-CARD-01: -1 (no element could be placed) or the corner of the element placed,
    touching a sea or wetland tile."""
    if k != -1 and (int(st["corner"][k]) < 0
                    or not any(_watery(st, int(c)) for c in D.CORNER_CELLS[k])):
        return "-1 or a corner holding an element and touching a sea or wetland tile"
    return None


def aquatic_tile(st, c):
    """DS-CARD-01: a sea or wetland tile, touching the element placed (if one was)."""
    k = int(st["ctx_corner"])
    if not _watery(st, c) or (k >= 0 and c not in [int(x) for x in D.CORNER_CELLS[k]]):
        return "a sea or wetland tile touching decision.ctx_corner (when set)"
    return None


def crowded_tile(st, c):
    """DS-CARD-03: Biomass strikes a tile holding more cubes than elements."""
    if tile(st, c) or int(st["cubes"][c].sum()) <= len(_elements_on(st, c)):
        return "a tile holding more cubes than elements"
    return None


def blighted_tile(st, c):
    """DS-CARD-04: Blight strikes a tile with two or more elements."""
    if tile(st, c) or len(_elements_on(st, c)) < 2:
        return "a tile with two or more elements"
    return None


def tile_with_cubes(st, c):
    """DS-CARD-19: Mass Exodus moves the cubes of a tile until none is left."""
    if tile(st, c) or int(st["cubes"][c].sum()) <= 0:
        return "a tile holding cubes"
    return None


def replaced_opponents(st, bits):
    """DS-CARD-09: the opponents whose cube was replaced: in play, not the taker, at most 2."""
    owner = int(st["owner"])
    for b in range(D.N_ANIMALS):
        if (bits >> b) & 1 and (b == owner or int(st["animal_seat"][b]) < 0):
            return "opponents of the taker in play only"
    if bits >> D.N_ANIMALS or bin(bits).count("1") > 2:
        return "at most two opponents"
    return None


def replaced_count(most):
    """DS-CARD-09: how many cubes were replaced: one per opponent of decision.ctx_bits."""
    def rule(st, n):
        if n != bin(int(st["ctx_bits"])).count("1") or n > most:
            return f"the number of opponents in decision.ctx_bits, at most {most}"
        return None
    rule.__doc__ = replaced_count.__doc__
    return rule


def fecundity_marks(st, flags):
    """DS-CARD-10: 1 on each tile the taker occupied and has not been given a cube yet."""
    wrong = np.flatnonzero((flags > 1) | ((flags > 0) & (st["cubes"][:, st["owner"]] <= 0)))
    if wrong.size:
        return (f"0 or 1 on each hex, 1 only where the taker has cubes (hex {int(wrong[0])} "
                f"has {int(flags[wrong[0]])})")
    return None
