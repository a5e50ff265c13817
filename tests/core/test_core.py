"""The shared core: generator, action blocks, rewards, and the engine's import hygiene."""
import subprocess
import sys

import numpy as np
import pytest

from speciesgym.envs.core.blocks import ActionBlocks
from speciesgym.envs.core.rewards import final_rewards
from speciesgym.envs.core.rng import WORD_DTYPE, rng_below, seed_word, shuffle_prefix

REC = WORD_DTYPE


def test_generator_is_reproducible_and_uniform_enough():
    a, b = np.zeros(1, REC), np.zeros(1, REC)
    a[0]["rng"] = b[0]["rng"] = seed_word(9)
    draws_a = [rng_below(a[0], 6) for _ in range(6000)]
    draws_b = [rng_below(b[0], 6) for _ in range(6000)]
    assert draws_a == draws_b
    counts = np.bincount(draws_a, minlength=6)
    assert counts.min() > 850 and counts.max() < 1150


def test_shuffle_is_a_permutation_and_depends_on_the_seed():
    out = []
    for seed in (1, 2):
        rec = np.zeros(1, REC)
        rec[0]["rng"] = seed_word(seed)
        arr = np.arange(50, dtype=np.int16)
        shuffle_prefix(rec[0], arr, 50)
        assert sorted(arr.tolist()) == list(range(50))
        out.append(arr.tolist())
    assert out[0] != out[1]


def test_seed_word_rejects_non_integers():
    with pytest.raises(ValueError, match="seed"):
        seed_word("7")
    assert seed_word(0) != 0


def test_action_blocks():
    blocks = ActionBlocks([("A", 3), ("B", 1), ("C", 5)])
    assert blocks.n == 9 and blocks.encode("C", 2) == 6 and blocks.decode(6) == ("C", 2)
    with pytest.raises(ValueError):
        blocks.encode("A", 3)
    with pytest.raises(ValueError):
        ActionBlocks([("A", 1), ("A", 2)])


def test_rewards():
    scores, key = [10, 20, 20, 5], [10, 20, 20, 5]
    win = final_rewards("win", scores, [False, True, True, False], key)
    assert np.allclose(win, [-0.5, 0.5, 0.5, -0.5])
    rank = final_rewards("rank", scores, [False, True, False, False], [10, 20, 19, 5])
    assert rank.argmax() == 1 and rank.argmin() == 3 and abs(rank.sum()) < 1e-12
    tie = final_rewards("rank", [3, 3], [True, True], [3, 3])
    assert np.allclose(tie, [0, 0])
    assert np.allclose(final_rewards("score", scores, [0, 1, 1, 0], key), scores)


def test_engines_import_no_wrapper_or_training_library():
    code = ("import sys; import speciesgym.envs.evolution, speciesgym.envs.evolution.rules, speciesgym.envs.evolution.scenario, "
            "speciesgym.envs.evolution.batch; "
            "bad = [m for m in ('pettingzoo', 'gymnasium', 'torch', 'stable_baselines3', "
            "'matplotlib') if m in sys.modules]; print(bad); assert not bad")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
