"""The viewer's-eye block of the observation (ego_*): the same public facts as the rest of
the vector, seen from the viewer's animal. Checked against the full state over random play,
for every seat, so one policy can serve whichever animal a seat is dealt."""
import numpy as np
import pytest

from speciesgym.agents.search.ds_heur_view import OFFSETS
from speciesgym.agents.random_agent import RandomAgent
from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species import make_engine
from speciesgym.envs.dominant_species.observe import EGO_CELL
from tests.dominant_species.helpers import python_dominance, python_match


def piece(obs, name):
    o, n = OFFSETS[name]
    return obs[o:o + n]


def payout(st, c, a):
    """VP of animal a if tile c were scored now (DS-DOMN-02, from the rule text)."""
    cubes = st["cubes"][c]
    if cubes[a] == 0:
        return 0
    place = sum(1 for b in range(6) if cubes[b] > cubes[a] or (cubes[b] == cubes[a] and b < a))
    return int(D.TERRAIN_VP[st["terrain"][c], place]) if place < 4 else 0


def expected_cells(st, me, rivals):
    out = np.zeros((D.N_CELLS, EGO_CELL))
    dom = python_dominance(st)
    for c in range(D.N_CELLS):
        if st["terrain"][c] == D.EMPTY:
            continue
        match = python_match(st, c)
        cubes = st["cubes"][c]
        out[c] = [cubes[me] / 5, max(cubes[r] for r in rivals) / 5,
                  sum(cubes[r] for r in rivals) / 10, match[me] / 6,
                  max(match[r] for r in rivals) / 6, dom[c] == me, dom[c] not in (-1, me),
                  payout(st, c, me) / 9, max(payout(st, c, r) for r in rivals) / 9,
                  cubes[me] > 0 and match[me] == 0]
    return out


@pytest.mark.parametrize("players", [2, 4])
def test_ego_block_matches_the_state_for_every_seat(players):
    engine = make_engine(players)
    state = engine.new_state(11)
    rng = RandomAgent(seed=2)
    checked = 0
    for step in range(600):
        if engine.to_move(state) < 0:
            break
        if step % 40 == 0:
            st = state[0]
            for seat in range(players):
                me = int(st["seat_animal"][seat])
                rivals = [int(a) for a in st["seat_animal"][:players] if a != me]
                obs = engine.observe(state, seat)
                cells = piece(obs, "ego_cells").reshape(D.N_CELLS, EGO_CELL)
                assert np.allclose(cells, expected_cells(st, me, rivals), atol=1e-6)
                scal = piece(obs, "ego_scalars")
                rival_vp = max(int(st["vp"][r]) for r in rivals)
                assert np.isclose(scal[1] * 100, st["vp"][me])
                assert np.isclose(scal[3] * 50, int(st["vp"][me]) - rival_vp)
                types = piece(obs, "ego_types")
                assert np.allclose(types[:6] * 6, st["display"][me])
                spaces = piece(obs, "ego_spaces").reshape(-1, 2)
                assert (spaces[:, 0] == (st["space"] == me)).all()
                assert (spaces[:, 1] == ((st["space"] >= 0) & (st["space"] != me))).all()
                checked += 1
        engine.apply(state, rng.act(None, engine.legal_mask(state)))
    assert checked >= 5 * players


def test_two_seats_see_their_own_side():
    engine = make_engine(2)
    state = engine.new_state(5)
    o0, o1 = engine.observe(state, 0), engine.observe(state, 1)
    c0 = piece(o0, "ego_cells").reshape(D.N_CELLS, EGO_CELL)
    c1 = piece(o1, "ego_cells").reshape(D.N_CELLS, EGO_CELL)
    assert np.allclose(c0[:, 0], c1[:, 1]) and np.allclose(c1[:, 0], c0[:, 1])
    assert c0[:, 0].any()                        # the opening species are on the board
