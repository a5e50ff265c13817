"""The pending decision's context is checked against the board when a position loads
(decision_context.CONTEXT_RULES): a Migration whose source hex holds none of the actor's
cubes is refused naming decision.ctx_cell (DS-MIGR-01, DS-MIGR-03)."""
import numpy as np
import pytest

from speciesgym.envs.dominant_species import load_scenario, make_engine, to_scenario
from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species.decision_context import CONTEXT_RULES
from speciesgym.envs.dominant_species.rules import board as B
from tests.dominant_species.helpers import check_invariants


def first_position(want, seed=0):
    """The scenario of the first decision of a random 2-player game satisfying `want`."""
    engine = make_engine(2)
    state = engine.new_state(seed)
    rng = np.random.default_rng(seed)
    while engine.to_move(state) >= 0:
        if want(state[0]):
            return to_scenario(engine, state)
        engine.apply(state, int(rng.choice(np.flatnonzero(engine.legal_mask(state)))))
    raise AssertionError("no such position in the game")


def mammal_migration(st):
    return int(st["sub"]) == B.D_MIG_TO and int(st["actor"]) == D.MAMMAL


def test_every_decision_code_has_context_rules():
    assert set(CONTEXT_RULES) == set(range(B.N_DECISIONS))


def test_migration_source_without_the_actors_cubes_is_refused():
    """DS-MIGR-01: the mammal moves its own cubes, so the source hex must hold one that has
    not moved (DS-MIGR-03); hex 0 holds no tile, so nothing of the mammal's can leave it."""
    data = first_position(mammal_migration)
    engine, state = load_scenario(data)            # the unchanged position loads
    check_invariants(engine, state)
    data["decision"]["ctx_cell"] = 0
    with pytest.raises(ValueError, match=r"decision\.ctx_cell: Migration needs a tile "
                                         r"holding a cube of the actor"):
        load_scenario(data)


def test_migration_source_with_only_moved_cubes_is_refused():
    """DS-MIGR-03: a cube that arrived this action cannot move again."""
    data = first_position(mammal_migration)
    c = data["decision"]["ctx_cell"]
    cubes = load_scenario(data)[1][0]["cubes"][c, D.MAMMAL]
    data["decision"]["flags"][c] = int(cubes)
    with pytest.raises(ValueError, match=r"decision\.ctx_cell"):
        load_scenario(data)


def test_migration_with_nothing_left_to_move_is_refused():
    """DS-MIGR-01: up to n cubes; a pending move has at least one cube left."""
    data = first_position(mammal_migration)
    data["decision"]["ctx_n"] = 0
    with pytest.raises(ValueError, match=r"decision\.ctx_n: Migration needs at least 1"):
        load_scenario(data)
