"""DS-SCEN: what a scenario may say (tiles conserved, drawn pieces leave their pile, start
or decision)."""
import json

import pytest

from speciesgym.envs.dominant_species import load_scenario, make_engine, to_scenario
from tests.dominant_species.helpers import check_invariants, full_stacks, tiles, two


def test_DS_SCEN_01_tiles_are_conserved_and_omitted_stacks_are_dealt():
    eng, st = two()
    check_invariants(eng, st)
    assert sum(8 - st[0]["stack_next"]) + (st[0]["stack_face"] > 0).sum() == 31 - 7
    with pytest.raises(ValueError, match="stacks: 1 tiles in the stacks, 24 expected"):
        two(stacks=[["sea"], [], []])
    with pytest.raises(ValueError, match="tundra_left"):
        two(tundra_left=10)
    check_invariants(*two(tiles=tiles(), stacks=full_stacks(tiles(), ["sea"], [], [])))


def test_DS_SCEN_02_drawn_cards_and_flipped_tiles_leave_their_pile():
    eng = make_engine(4)
    state = eng.new_state(9)
    st = state[0]
    assert (st["deck"][:st["deck_ptr"]] == -1).all()
    assert all((st["stack_tiles"][s, :st["stack_next"][s]] == 0).all() for s in range(3))
    assert load_scenario(json.loads(json.dumps(to_scenario(eng, state))))[1].tobytes() == \
        state.tobytes()


def test_DS_SCEN_03_start_or_decision_never_both():
    eng = make_engine(2)
    data = to_scenario(eng, eng.new_state(3))
    with pytest.raises(ValueError, match="start: give either"):
        load_scenario({**data, "start": "planning"})
