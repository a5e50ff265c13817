"""Behaviour cloning (training.ppo.imitation and `--pretrain`): the recorded decisions are what the
teachers saw and did, the returns are what the learner's env would pay, and fitting them
makes the policy agree with the teacher."""
import json

import numpy as np
import pytest

from speciesgym.training.ppo.imitation import _returns, collect, pretrain
from speciesgym.training.ppo.single_agent import SingleAgentEnv
from speciesgym.training.ppo.train import Args, train

TEACHER = "heuristic:dominator"


@pytest.fixture(scope="module")
def demos():
    return collect("dominant_species", 2, [TEACHER], games=4, seed=3)


def test_decisions_are_legal_and_complete(demos):
    assert demos.games == 4 and len(demos) > 4 * 100
    assert demos.observations.shape[0] == demos.masks.shape[0] == len(demos)
    assert demos.masks[np.arange(len(demos)), demos.actions].all()
    again = collect("dominant_species", 2, [TEACHER], games=4, seed=3)
    assert (again.actions == demos.actions).all()               # seeded
    other = collect("dominant_species", 2, [TEACHER], games=4, seed=4)
    assert len(other) != len(demos) or (other.actions != demos.actions).any()


def test_win_returns_without_shaping_are_the_discounted_final_reward(demos):
    # zero-sum win rewards in 2-player games: every return is +-gamma**k (k decisions before
    # the seat's last one), and each seat's last decision returns exactly +-1 (or 0 on a tie)
    r = demos.returns.astype(np.float64)
    k = np.log(np.abs(r[r != 0])) / np.log(0.999)
    assert np.abs(k - np.rint(k)).max() < 0.05
    assert np.isclose(np.abs(r), 1.0).sum() >= 2 * demos.games - 1


def test_shaped_returns_telescope():
    margins = [0.0, 0.5, -0.2]
    out = _returns(margins, final_margin=1.0, final_reward=-1.0, shaping=2.0, gamma=1.0)
    # from each decision: shaping * (final margin - margin then) + final reward
    assert np.allclose(out, [2.0 * (1.0 - m) - 1.0 for m in margins])
    discounted = _returns([0.0, 0.0], 0.0, 1.0, 0.0, gamma=0.5)
    assert np.allclose(discounted, [0.5, 1.0])


def test_cloning_makes_the_policy_agree_with_the_teacher(demos):
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv
    import torch
    torch.manual_seed(0)
    venv = DummyVecEnv([lambda: SingleAgentEnv("dominant_species", 2)])
    model = MaskablePPO("MlpPolicy", venv, policy_kwargs={"net_arch": [64]}, seed=0,
                        device="cpu")
    before = pretrain(model, demos, epochs=1, learning_rate=0.0, seed=1)
    after = pretrain(model, demos, epochs=6, learning_rate=3e-3, seed=1)
    assert after["accuracy"] > before["accuracy"] + 0.15
    assert after["value_mse"] < before["value_mse"]


def test_pretrain_flag_clones_then_trains(tmp_path):
    args = Args(game="dominant_species", players=2, envs=2, n_steps=64, batch_size=64,
                n_epochs=1, net="32,32", timesteps=128, checkpoint_every=128, eval_every=128,
                eval_games=2, baselines="random", progress=False, runs_dir=str(tmp_path),
                name="bc", pretrain=TEACHER, pretrain_games=2, pretrain_epochs=2,
                pretrain_rounds=2)
    train(args)
    stats = json.loads((tmp_path / "bc" / "pretrain.json").read_text())
    assert stats["teachers"] == [TEACHER] and stats["epoch"] == 2
    assert [r["games"] for r in stats["rounds"]] == [2, 3]       # DAgger adds 2 // 2 games
    assert 0.0 <= stats["accuracy"] <= 1.0
    with open(tmp_path / "bc" / "eval.csv") as f:
        steps = [line.split(",")[0] for line in f.read().splitlines()[1:]]
    assert steps[0] == "0"                    # the cloned policy is evaluated before PPO


def test_bad_teacher_is_named_before_any_work(tmp_path):
    args = Args(game="dominant_species", players=2, timesteps=128, progress=False,
                runs_dir=str(tmp_path), name="bad", pretrain="heuristic:nosuch")
    with pytest.raises(ValueError, match="nosuch"):
        train(args)
    assert not (tmp_path / "bad" / "pretrain.json").exists()
    with pytest.raises(ValueError, match="at least one teacher"):
        collect("dominant_species", 2, [], games=1)
    with pytest.raises(ValueError, match="pretrain-games"):
        collect("dominant_species", 2, [TEACHER], games=0)


def test_dagger_records_the_students_positions_with_the_teachers_labels(demos):
    from speciesgym.agents.random_agent import RandomAgent
    from speciesgym.agents.spec import from_spec
    mixed = collect("dominant_species", 2, [TEACHER], games=4, seed=3, student=RandomAgent(0))
    assert mixed.masks[np.arange(len(mixed)), mixed.actions].all()
    assert not np.array_equal(mixed.observations[:50], demos.observations[:50]) or \
        len(mixed) != len(demos)
    teacher = from_spec(TEACHER, "dominant_species", 2, seed=0)
    agree = np.mean([teacher.act(o, m) == a for o, m, a in
                     zip(mixed.observations[:300], mixed.masks[:300], mixed.actions[:300])])
    assert agree > 0.8          # the labels are the teacher's choices (ties broken at random)


def test_rows_in_blocks_are_gathered_and_rounds_added_in_place(demos, monkeypatch):
    from speciesgym.training.ppo.imitation import Demonstrations
    monkeypatch.setattr(Demonstrations, "BLOCK", 64)     # many blocks, rows across their edges
    small = collect("dominant_species", 2, [TEACHER], games=4, seed=3)
    assert len(small._blocks) == -(-len(small) // 64) > 2
    assert np.array_equal(small.observations, demos.observations)
    assert np.array_equal(small.returns, demos.returns)
    rows = np.random.default_rng(0).permutation(len(small))[:100]
    obs, masks, acts, rets = small.take(rows)
    assert np.array_equal(obs, demos.observations[rows])
    assert np.array_equal(masks, demos.masks[rows]) and np.array_equal(acts, demos.actions[rows])
    assert np.array_equal(rets, demos.returns[rows])
    n = len(small)
    more = collect("dominant_species", 2, [TEACHER], games=2, seed=9, into=small)
    alone = collect("dominant_species", 2, [TEACHER], games=2, seed=9)
    assert more is small and more.games == 6 and len(more) == n + len(alone)
    assert np.array_equal(more.actions[n:], alone.actions)
    assert np.array_equal(more.observations[:n], demos.observations)
    with pytest.raises(IndexError, match="rows"):
        small.take([len(small)])
