"""Random masked play of full games with invariant checks after every step (cards in
exactly one place, boards, bounds, trait limits, the food ledger, a non-empty mask for the
player to move), determinism, clones and batches."""
import os
import subprocess
import sys

import numpy as np
import pytest

from speciesgym.envs.core.engine import checked_step
from speciesgym.envs.evolution import make_engine
from speciesgym.envs.evolution.batch import new_batch, play_random_batch
from speciesgym.envs.evolution.observe import OBS_SIZE
from tests.evolution.invariants import check_invariants

STEP_CAP = 20_000
GAMES_PER_SETTING = 30   # x 5 player counts x 2 (Flight on/off) = 300 games


def play_checked(engine, seed, rng):
    state = engine.new_state(seed)
    check_invariants(state[0])
    bags = state[0]["bag"].copy()
    transcript = []
    while engine.to_move(state) >= 0:
        mask = engine.legal_mask(state)
        legal = np.flatnonzero(mask)
        assert legal.size > 0, f"empty mask in {engine.phase_name(state)}"
        action = int(rng.choice(legal))
        transcript.append(action)
        checked_step(engine, state, action)
        check_invariants(state[0])
        assert (state[0]["bag"] >= bags).all(), "a food bag shrank"
        bags = state[0]["bag"].copy()
        assert len(transcript) < STEP_CAP
    assert not engine.legal_mask(state).any()
    return state, transcript


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("flight", [True, False])
def test_random_games_keep_every_invariant(players, flight):
    engine = make_engine(players, flight=flight)
    rng = np.random.default_rng(players * 10 + flight)
    rounds = []
    for g in range(GAMES_PER_SETTING):
        state, _ = play_checked(engine, 1000 * players + g, rng)
        rounds.append(int(state[0]["round"]) + 1)
        scores, winners, _ = engine.final(state)
        assert winners.any() and scores[winners].min() == scores.max()
    assert min(rounds) >= 2


def test_same_seed_same_game_and_clones_continue_identically():
    engine = make_engine(4)
    state_a, moves_a = play_checked(engine, 77, np.random.default_rng(1))
    state_b, moves_b = play_checked(engine, 77, np.random.default_rng(1))
    assert moves_a == moves_b and state_a.tobytes() == state_b.tobytes()
    # A clone taken mid-game continues exactly like the original, and independently.
    state = engine.new_state(5)
    rng = np.random.default_rng(2)
    for _ in range(60):
        checked_step(engine, state, int(rng.choice(np.flatnonzero(engine.legal_mask(state)))))
    clone = state.copy()
    tail = [int(a) for a in np.random.default_rng(3).integers(0, 1 << 30, 400)]
    for s in (state, clone):
        for r in tail:
            if engine.to_move(s) < 0:
                break
            legal = np.flatnonzero(engine.legal_mask(s))
            checked_step(engine, s, int(legal[r % legal.size]))
    assert state.tobytes() == clone.tobytes()


def test_batch_play_matches_and_is_deterministic():
    a, agents_a = new_batch(8, 3, True, seed=40)
    b, agents_b = new_batch(8, 3, True, seed=40)
    assert play_random_batch(a, agents_a, STEP_CAP) == play_random_batch(b, agents_b, STEP_CAP)
    assert a.tobytes() == b.tobytes()
    single, agent = new_batch(1, 3, True, seed=43)
    play_random_batch(single, agent, STEP_CAP)
    # game 3 of the batch used seed 43 for the game and the agent: same as alone
    assert single[0].tobytes() == a[3].tobytes()
    for g in range(8):
        check_invariants(a[g])


def test_observation_has_the_documented_size_and_no_nan():
    engine = make_engine(5)
    state, _ = play_checked(engine, 3, np.random.default_rng(0))
    for seat in range(5):
        obs = engine.observe(state, seat)
        assert obs.shape == (OBS_SIZE,) and np.isfinite(obs).all()


BOUNDSCHECK_SCRIPT = """
import numpy as np
from speciesgym.envs.evolution.batch import new_batch, play_random_batch
from tests.evolution.invariants import check_invariants
total = 0
for players in (2, 4, 6):
    states, agents = new_batch(6, players, players != 4, seed=players)
    total += play_random_batch(states, agents, 20000)
    for g in range(6):
        check_invariants(states[g])
print("decisions", total, flush=True)
import pytest
raise SystemExit(pytest.main(["-q", "-x", "-p", "no:cacheprovider",
                              "tests/evolution/test_scenario_fuzz.py"]))
"""


@pytest.mark.soak
def test_games_under_numba_boundscheck(tmp_path):
    """Random games, then the scenario property tests (a tenth of their examples), compiled
    afresh with NUMBA_BOUNDSCHECK=1: an index past a field raises instead of corrupting."""
    env = dict(os.environ, NUMBA_BOUNDSCHECK="1", NUMBA_CACHE_DIR=str(tmp_path),
               FUZZ_EXAMPLES="0.1")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    out = subprocess.run([sys.executable, "-c", BOUNDSCHECK_SCRIPT], cwd=root, env=env,
                         capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, (out.stdout + out.stderr)[-3000:]
    assert int(out.stdout.split("decisions")[1].split()[0]) > 1000
