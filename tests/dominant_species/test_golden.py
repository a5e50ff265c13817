"""Golden transcripts: whole games (every decision: phase, player, number of legal actions,
the choice by name; the scores at each new round) for a few seeds, compared line by line
with files under tests/dominant_species/golden.

A rules change that alters play shows up here as a readable diff. After an intended change,
regenerate with `python -m tests.dominant_species.test_golden` and review the diff before
committing.
"""
import pathlib

import numpy as np
import pytest

from speciesgym.envs.core.engine import checked_step
from speciesgym.envs.dominant_species import make_engine

GOLDEN = pathlib.Path(__file__).parent / "golden"
CASES = [(2, 1), (5, 2)]


def transcript(players, seed):
    engine = make_engine(players)
    state = engine.new_state(seed)
    rng = np.random.default_rng(seed)
    lines = []
    last_round = 0
    while engine.to_move(state) >= 0:
        st = state[0]
        if st["round"] != last_round:
            last_round = int(st["round"])
            lines.append(f"round {last_round} vp {st['vp'].tolist()} faceup {st['faceup'].tolist()}")
        seat = engine.to_move(state)
        legal = np.flatnonzero(engine.legal_mask(state))
        action = int(legal[rng.integers(legal.size)])
        lines.append(f"p{seat} [{legal.size}] {engine.action_name(state, action)}")
        checked_step(engine, state, action)
    scores, winners, _ = engine.final(state)
    lines.append(f"final scores {scores.tolist()} winners {np.flatnonzero(winners).tolist()}")
    return lines


def _path(players, seed):
    return GOLDEN / f"dominant_species_{players}p_seed{seed}.txt"


@pytest.mark.parametrize("players, seed", CASES)
def test_transcript_matches_golden(players, seed):
    expected = _path(players, seed).read_text().splitlines()
    actual = transcript(players, seed)
    for i, (want, got) in enumerate(zip(expected, actual)):
        assert got == want, f"line {i + 1} differs"
    assert len(actual) == len(expected)


if __name__ == "__main__":
    for case in CASES:
        _path(*case).write_text("\n".join(transcript(*case)) + "\n")
        print("wrote", _path(*case))
