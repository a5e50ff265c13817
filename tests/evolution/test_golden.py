"""Golden transcripts: whole games (every decision: phase, player, legal actions by name,
the choice) for a few seeds, compared line by line with files under tests/evolution/golden.

A rules change that alters play shows up here as a readable diff. After an intended change,
regenerate with `python -m tests.evolution.test_golden` and review the diff before committing.
"""
import pathlib

import numpy as np
import pytest

from speciesgym.envs.core.engine import checked_step
from speciesgym.envs.evolution import make_engine

GOLDEN = pathlib.Path(__file__).parent / "golden"
CASES = [(2, True, 1), (4, False, 2), (6, True, 3)]


def transcript(players, flight, seed):
    engine = make_engine(players, flight=flight)
    state = engine.new_state(seed)
    rng = np.random.default_rng(seed)
    lines = []
    while engine.to_move(state) >= 0:
        seat = engine.to_move(state)
        legal = np.flatnonzero(engine.legal_mask(state))
        action = int(legal[rng.integers(legal.size)])
        names = [engine.action_name(state, a) for a in legal]
        lines.append(f"{engine.phase_name(state)} p{seat} [{len(legal)}: "
                     f"{' | '.join(names[:6])}{' ...' if len(names) > 6 else ''}] "
                     f"-> {engine.action_name(state, action)}")
        checked_step(engine, state, action)
    scores, winners, _ = engine.final(state)
    lines.append(f"final scores {scores.tolist()} winners {np.flatnonzero(winners).tolist()}")
    return lines


def _path(players, flight, seed):
    return GOLDEN / f"evolution_{players}p_{'flight' if flight else 'base'}_seed{seed}.txt"


@pytest.mark.parametrize("players, flight, seed", CASES)
def test_transcript_matches_golden(players, flight, seed):
    expected = _path(players, flight, seed).read_text().splitlines()
    actual = transcript(players, flight, seed)
    for i, (want, got) in enumerate(zip(expected, actual)):
        assert got == want, f"decision {i} differs"
    assert len(actual) == len(expected)


if __name__ == "__main__":
    for case in CASES:
        _path(*case).write_text("\n".join(transcript(*case)) + "\n")
        print("wrote", _path(*case))
