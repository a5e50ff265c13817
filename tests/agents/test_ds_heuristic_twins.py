"""The Dominant Species heuristics score in compiled code (agents.search.ds_heur_scores, one
source for the Python agents and the batched env's compiled opponents); their decisions are
those of the Python scoring they replaced.

data/ds_heuristic_positions.npz was recorded with that Python scoring (agents/ds_heuristics.py
and agents/ds_view.py of commit 107a119): 6 seeded games (2, 3 and 4 players; seats played by
dominator, spreader and a uniform random player, 3040 decisions in all), and at every
decision, for each style, the set of legal actions within 1e-9 of the best score (the ties
agents.base.best_legal draws from), the best score and the sum of all legal actions' scores.
The games are replayed here from their seeds and recorded actions."""
import pathlib

import numpy as np
import pytest
from numba import njit

from speciesgym.agents.ds_heuristics import DominatorAgent, SpreaderAgent
from speciesgym.agents.search.dominant_species import bot_action
from speciesgym.agents.search.policy import best_actions
from speciesgym.envs.core.rng import WORD_DTYPE, seed_word
from speciesgym.envs.dominant_species import make_engine
from speciesgym.envs.dominant_species.actions import N_ACTIONS
from speciesgym.envs.dominant_species.resample import redeal_at

DATA = pathlib.Path(__file__).parent / "data" / "ds_heuristic_positions.npz"
STYLES = (DominatorAgent(0), SpreaderAgent(0))       # the order of the recording


@njit
def bot_at(states, b, seat, mask, style):
    return bot_action(states[b], seat, mask, style)


def recorded_positions():
    """(state, seat, obs, mask, record index) at every recorded decision, in order."""
    rec = np.load(DATA)
    k = 0
    for g, (players, seed) in enumerate(rec["games"]):
        eng = make_engine(int(players))
        st = eng.new_state(int(seed))
        while eng.to_move(st) >= 0:
            assert rec["game"][k] == g, "the replay ran past the recorded game"
            seat = eng.to_move(st)
            yield st, seat, eng.observe(st, seat), eng.legal_mask(st), k
            eng.apply(st, int(rec["action"][k]))
            k += 1
    assert k == rec["action"].size, "the replay ended before the recording"


def recorded_top(rec, k, j):
    """The recorded best actions of style j at decision k."""
    i = 2 * k + j
    end = rec["top_off"][i + 1] if i + 1 < rec["top_off"].size else rec["top"].size
    return rec["top"][rec["top_off"][i]:end].astype(np.int64)


def test_every_decision_is_the_recorded_python_one():
    rec = np.load(DATA)
    top = np.empty(N_ACTIONS, np.int64)
    ties = 0
    for st, seat, obs, mask, k in recorded_positions():
        legal = np.flatnonzero(mask)
        for j, agent in enumerate(STYLES):
            want = recorded_top(rec, k, j)
            s = agent.scores(obs, mask)
            np.testing.assert_array_equal(legal[s[legal] >= s[legal].max() - 1e-9], want)
            assert s[legal].max() == pytest.approx(rec["best"][2 * k + j], abs=1e-9)
            assert s[legal].sum() == pytest.approx(rec["total"][2 * k + j], rel=1e-9, abs=1e-9)
            n = best_actions(s, mask, top)
            np.testing.assert_array_equal(top[:n], want)
            # the batched env's kernel: the unique best, or -1 to let the agent draw a tie
            assert bot_at(st, 0, seat, mask, j) == (want[0] if want.size == 1 else -1)
            ties += want.size > 1
    assert ties > 0          # both branches of the kernel ran


def test_the_agent_plays_the_recorded_ties_with_its_generator():
    """A Python agent asked twice on a tie with the same generator seed draws the same
    action, and only among the recorded best."""
    rec = np.load(DATA)
    for st, seat, obs, mask, k in recorded_positions():
        want = recorded_top(rec, k, 1)
        if want.size > 2:
            picks = {SpreaderAgent(s).act(obs, mask) for s in range(12)}
            assert picks <= set(want.tolist()) and len(picks) > 1
            assert SpreaderAgent(5).act(obs, mask) == SpreaderAgent(5).act(obs, mask)
            return
    pytest.fail("no recorded position with three tied best actions")


def test_the_compiled_bots_read_only_what_their_seat_sees():
    """Redrawing what the seat to move cannot see (deck order, face-down tiles) changes
    neither the kernel's action nor the agent's scores."""
    words = np.zeros(1, WORD_DTYPE)
    checked = changed = 0
    for st, seat, obs, mask, k in recorded_positions():
        if k % 97:
            continue
        base = [bot_at(st, 0, seat, mask, j) for j in range(2)]
        scores = [agent.scores(obs, mask) for agent in STYLES]
        for w in range(3):
            other = st.copy()
            words[0]["rng"] = seed_word(1000 * k + w)
            redeal_at(other, 0, seat, words)
            changed += other.tobytes() != st.tobytes()
            assert [bot_at(other, 0, seat, mask, j) for j in range(2)] == base
            for agent, s in zip(STYLES, scores):
                eng_obs = make_engine(int(st[0]["num_players"])).observe(other, seat)
                np.testing.assert_array_equal(agent.scores(eng_obs, mask), s)
        checked += 1
    assert checked >= 30 and changed > 0
