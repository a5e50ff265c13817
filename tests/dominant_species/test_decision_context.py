"""The pending decision's context is checked against the board when a position loads
(decision_context.CONTEXT_RULES): a field that a decision's kernels read and that does not
fit the board is refused, naming the field. Action decisions here; card decisions in
test_decision_context_cards."""
import numpy as np
import pytest

from speciesgym.envs.dominant_species import load_scenario, to_scenario
from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species.decision_context import CONTEXT_RULES
from speciesgym.envs.dominant_species.rules import board as B
from tests.dominant_species.decision_positions import (at_space, first_position,
                                                        load_unchecked, started)
from tests.dominant_species.helpers import check_invariants

CELL = B.A_CELL_START


def mammal_migration(st):
    return int(st["sub"]) == B.D_MIG_TO and int(st["actor"]) == D.MAMMAL


def refused(data, field, words=""):
    with pytest.raises(ValueError, match=rf"decision\.{field}: {words}"):
        load_scenario(data)


def test_every_decision_code_has_context_rules():
    assert set(CONTEXT_RULES) == set(range(B.N_DECISIONS))


def test_migration_source_without_the_actors_cubes_is_refused():
    """DS-MIGR-01: the mammal moves its own cubes, so the source hex must hold one that has
    not moved (DS-MIGR-03); hex 0 holds no tile, so nothing of the mammal's can leave it."""
    data = first_position(mammal_migration)
    engine, state = load_scenario(data)            # the unchanged position loads
    check_invariants(engine, state)
    data["decision"]["ctx_cell"] = 0
    refused(data, "ctx_cell", "Migration needs a tile holding a cube of the actor")


def test_migration_source_with_only_moved_cubes_is_refused():
    """DS-MIGR-03: a cube that arrived this action cannot move again."""
    data = first_position(mammal_migration)
    c = data["decision"]["ctx_cell"]
    cubes = load_scenario(data)[1][0]["cubes"][c, D.MAMMAL]
    data["decision"]["flags"][c] = int(cubes)
    refused(data, "ctx_cell")


def test_migration_arrivals_are_cubes_of_the_actor():
    """DS-MIGR-03: the arrivals of this action (decision.flags) are the actor's cubes on
    that hex; more arrivals than cubes there is no position of the game."""
    data = first_position(mammal_migration)
    flags = data["decision"]["flags"]
    flags[0] = 1                                   # hex 0 holds no tile, so no mammal cube
    refused(data, "flags", r"Migration needs at most the actor's cubes .*hex 0 has 1")


def test_migration_with_nothing_left_to_move_is_refused():
    """DS-MIGR-01: up to n cubes; a pending move has at least one cube left."""
    data = first_position(mammal_migration)
    data["decision"]["ctx_n"] = 0
    refused(data, "ctx_n", "Migration needs at least 1")


def test_wanderlust_from_a_stack_without_a_face_up_tile_is_refused(monkeypatch):
    """DS-WAND-01: the tile is the face-up tile of a stack that shows one. The third stack of
    the scenario shows none; unchecked, the tile placed from it is no tile at all: the hex
    stays empty and its placer still scores bonus VPs for it (DS-WAND-03)."""
    data = at_space("Wanderlust", ["reptile"], choices=[0])
    assert data["stacks"][2][0] is None and data["decision"]["ctx_k"] == 0
    load_scenario(data)
    data["decision"]["ctx_k"] = 2
    refused(data, "ctx_k", "Wanderlust needs a stack showing a face-up tile, got 2")
    engine, state = load_unchecked(monkeypatch, data, B.D_WANDER_CELL)
    c = int(np.flatnonzero(engine.legal_mask(state))[0]) - CELL
    vp = int(state[0]["vp"][D.REPTILE])
    engine.apply(state, CELL + c)
    assert state[0]["terrain"][c] == D.EMPTY and state[0]["vp"][D.REPTILE] > vp


def test_competition_on_a_terrain_the_space_does_not_list_is_refused(monkeypatch):
    """DS-COMP-01/02: the second Competition space lists jungle, wetland and tundra. With
    desert added to the open terrains, the reptile could strike on the desert tile."""
    data = at_space("Competition", [None, "reptile"])
    assert data["decision"]["ctx_bits"] == D.COMPETITION_TERRAINS[1]
    desert = D.cell_index(1, 0)
    data["decision"]["ctx_bits"] |= 1 << D.DESERT
    refused(data, "ctx_bits", "Competition needs terrains of the Competition space")
    engine, state = load_unchecked(monkeypatch, data, B.D_COMP_CELL)
    assert engine.legal_mask(state)[CELL + desert]


def test_competition_victim_on_a_tile_of_a_used_terrain_is_refused():
    """DS-COMP-02: one tile per listed terrain; the tile chosen is of a terrain still open."""
    data = at_space("Competition", [None, "reptile"], choices=[0])
    assert data["decision"]["sub"] == B.D_COMP_VICTIM
    load_scenario(data)
    data["decision"]["ctx_bits"] &= ~(1 << D.WETLAND)
    refused(data, "ctx_bits", "Competition needs a set of terrains holding that of")


def test_speciation_tile_out_of_turn_is_refused():
    """DS-SPEC-02: the tiles around the element are counted in turn (decision.ctx_k is the
    place of the tile among them); a wrong place would ask again for a tile counted already
    or skip one."""
    data = at_space("Speciation", ["reptile"], choices=[0])
    dec = data["decision"]
    assert D.CORNER_CELLS[dec["ctx_corner"], dec["ctx_k"]] == dec["ctx_cell"]
    load_scenario(data)
    dec["ctx_k"] = (dec["ctx_k"] + 1) % 3
    refused(data, "ctx_k", "Speciation needs the place of decision.ctx_cell")


def test_domination_card_for_a_tile_not_scored_is_refused():
    """DS-DOMN-03: the dominant animal of the tile just scored takes a card; Niche Biomes
    (DS-CARD-21) reads that tile (decision.dom_cell)."""
    engine, state = started({"execute": "Domination"}, choices=[1])
    st = state[0]
    assert int(st["sub"]) == B.D_DOM_CARD and st["scored"][st["dom_cell"]]
    data = to_scenario(engine, state)
    load_scenario(data)
    other = next(c for c in range(D.N_CELLS) if st["terrain"][c] and not st["scored"][c])
    data["decision"]["dom_cell"] = other
    refused(data, "dom_cell", "Domination card needs a tile scored this round that the actor")


def test_the_mammal_saves_its_own_cube():
    """DS-RESET-02: the mammal chooses the tile where it saves a cube."""
    data = first_position(lambda st: int(st["sub"]) == B.D_MAMMAL_SAVE)
    load_scenario(data)
    other = next(a for a in data["animals"] if a != "mammal")
    data["decision"]["actor"] = D.ANIMAL_NAMES.index(other)
    refused(data, "actor", "Extinction \\(mammal save\\) needs the mammal")
