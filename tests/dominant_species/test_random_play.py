"""Random masked play of full games with invariant checks after every step."""
import os
import subprocess
import sys

import numpy as np
import pytest

from speciesgym.envs.core.rng import seed_word
from speciesgym.envs.dominant_species import make_engine
from speciesgym.envs.dominant_species.state import STATE_DTYPE
from tests.dominant_species.helpers import check_invariants, new_games
from tests.dominant_species.invariants import ERRORS, play_checked



def _sweep(players, n_games, seed, **options):
    states = new_games(players, n_games, seed, **options)
    picker = np.zeros(1, STATE_DTYPE)                 # only its generator word is used
    picker[0]["rng"] = seed_word(seed * 7 + 1)
    code, game, step, decisions = play_checked(states, picker[0], 200000)
    assert code == 0, f"{ERRORS[code]} in game {game} at step {step} ({players} players, seed {seed})"
    assert (states["phase"] == 3).all()
    return states, decisions


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_play_invariants_after_every_step(players):
    states, decisions = _sweep(players, 44, 1000 * players)
    assert decisions > 44 * 50
    # every game ended by Ice Age or the round cap, and someone scored
    assert ((states["ice_age"] == 1) | (states["round"] == 40)).all()
    assert (states["vp"].sum(axis=1) > 0).all()


def test_random_play_with_useless_spaces_forbidden():
    states, _ = _sweep(4, 12, 4242, forbid_useless_spaces=True)
    assert (states["opt_forbid_useless"] == 1).all()


def test_random_play_through_the_python_engine_api():
    """A few games stepped through the engine methods, checked by the numpy re-statement."""
    rng = np.random.default_rng(3)
    for players, seed in ((2, 11), (4, 12), (6, 13)):
        engine = make_engine(players)
        state = engine.new_state(seed)
        steps = 0
        while engine.to_move(state) >= 0:
            check_invariants(engine, state)
            legal = np.flatnonzero(engine.legal_mask(state))
            engine.apply(state, int(rng.choice(legal)))
            steps += 1
        check_invariants(engine, state)
        scores, winners, key = engine.final(state)
        assert winners.sum() == 1 and scores[winners][0] == scores.max()


def test_same_seed_same_game():
    a, _ = _sweep(3, 3, 77)
    b, _ = _sweep(3, 3, 77)
    assert a.tobytes() == b.tobytes()


@pytest.mark.soak
def test_boundscheck_subset(tmp_path):
    """A few games again with NUMBA_BOUNDSCHECK=1, compiled afresh in an empty cache (numba's
    disk cache does not key on the bounds-check flag); also a search rollout, and loads of
    random and randomly mutated scenarios (tests/dominant_species/test_scenario_checks.py).
    Numba's record-subtyping warning is an error here: every kernel is typed afresh, and no
    Dominant Species kernel may be typed for a record other than the state's."""
    code = (
        "import warnings\n"
        "from numba.core.errors import NumbaExperimentalFeatureWarning\n"
        "warnings.simplefilter('error', NumbaExperimentalFeatureWarning)\n"
        "from speciesgym.agents.rollout import dominant_species_rollout, new_picker\n"
        "from speciesgym.envs.dominant_species import make_engine\n"
        "from tests.dominant_species.test_random_play import _sweep\n"
        "from tests.dominant_species import test_scenario_checks as T\n"
        "dominant_species_rollout(make_engine(3).new_state(1), new_picker(2), 10 ** 6)\n"
        "for p in (2, 4, 6):\n"
        "    _sweep(p, 2, 500 + p)\n"
        "T.sweep_mutations(300)\n"
        "print('ok')\n")
    env = dict(os.environ, NUMBA_BOUNDSCHECK="1", NUMBA_CACHE_DIR=str(tmp_path))
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    out = subprocess.run([sys.executable, "-c", code], cwd=root, env=env,
                         capture_output=True, text=True, timeout=1200)
    assert out.returncode == 0, out.stderr[-3000:]
    assert "ok" in out.stdout


def test_a_copied_state_continues_identically_and_independently():
    engine = make_engine(4)
    state = engine.new_state(31)
    rng = np.random.default_rng(0)
    for _ in range(300):
        engine.apply(state, int(rng.choice(np.flatnonzero(engine.legal_mask(state)))))
    clone = state.copy()
    before = state.tobytes()
    picks = np.random.default_rng(5)
    while engine.to_move(clone) >= 0:
        engine.apply(clone, int(picks.choice(np.flatnonzero(engine.legal_mask(clone)))))
    assert state.tobytes() == before                     # the original did not move
    picks = np.random.default_rng(5)
    while engine.to_move(state) >= 0:
        engine.apply(state, int(picks.choice(np.flatnonzero(engine.legal_mask(state)))))
    assert state.tobytes() == clone.tobytes()
