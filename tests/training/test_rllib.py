"""RLlib self-play (training/rllib, agents/rllib_agent.py), on a local Ray instance: a tiny
run trains, checkpoints, resumes from its checkpoint, refuses other settings in its folder,
and loads as the agent `rllib:<run>` that plays only legal actions in whole games; the env
gives every seat its reward when the game ends."""
import csv
import os
import signal

import numpy as np
import pytest

pytest.importorskip("ray.rllib", reason="pip install 'speciesgym[ray]' for RLlib training")

from speciesgym.agents import from_spec  # noqa: E402
from speciesgym.agents.runner import play_game  # noqa: E402
from speciesgym.training.rllib.env import GameMultiAgentEnv  # noqa: E402
from speciesgym.training.rllib.train import RLlibConfig, train_rllib  # noqa: E402

TINY = dict(game="evolution", players=2, batch=200, minibatch=100, epochs=1, net=(16,),
            num_env_runners=0)


def test_the_env_gives_every_seat_its_final_reward_and_masks():
    env = GameMultiAgentEnv({"game": "evolution", "players": 3, "seed": 4})
    obs, _ = env.reset()
    rng = np.random.default_rng(0)
    total = {a: 0.0 for a in env.agents}
    while True:
        (agent, o), = obs.items()
        legal = np.flatnonzero(o["action_mask"])
        assert legal.size and o["observations"].shape == (env.engine.obs_size,)
        obs, rew, term, trunc, _ = env.step({agent: int(rng.choice(legal))})
        for a, r in rew.items():
            total[a] += r
        if term["__all__"]:
            break
        with pytest.raises(ValueError, match="is not legal here"):
            (nxt, o2), = obs.items()
            env.step({nxt: int(np.flatnonzero(o2["action_mask"] == 0)[0])})
    assert set(obs) == set(env.agents)                  # everyone sees the end
    assert sorted(total.values())[-1] > 0 > sorted(total.values())[0]


def test_rllib_run_trains_resumes_and_plays_as_an_agent(tmp_path):
    out = str(tmp_path / "run")
    cfg = RLlibConfig(**TINY)
    before = signal.getsignal(signal.SIGTERM)
    train_rllib(cfg, out, 1, save_every=1, log=lambda *_: None)
    assert signal.getsignal(signal.SIGTERM) == before      # Ray's own handler is gone again
    ckpt = os.path.join(out, "checkpoint")
    assert os.path.isdir(ckpt)
    first = os.path.getmtime(os.path.join(ckpt, "rllib_checkpoint.json"))
    steps = train_rllib(cfg, out, 2, save_every=1, log=lambda *_: None)   # resumes at 2
    with open(os.path.join(out, "progress.csv")) as f:
        rows = list(csv.DictReader(f))
    assert [r["iteration"] for r in rows] == ["1", "2"]
    assert steps >= int(rows[0]["env_steps"]) + 200 > 200
    assert os.path.getmtime(os.path.join(ckpt, "rllib_checkpoint.json")) >= first
    with pytest.raises(ValueError, match="holds another RLlib run.*players"):
        train_rllib(RLlibConfig(**dict(TINY, players=3)), out, 3)
    agent = from_spec(f"rllib:{out}", "evolution", 2)
    other = from_spec("random", "evolution", 2, seed=1)
    res = play_game("evolution", 2, [agent, other], seed=7)      # raises on an illegal action
    assert res.decisions > 0
    with pytest.raises(ValueError, match="trained for evolution, not dominant_species"):
        from_spec(f"rllib:{out}", "dominant_species", 2)


def test_rllib_spec_bad_input_is_a_clear_error(tmp_path):
    with pytest.raises(ValueError, match="rllib needs a run folder"):
        from_spec("rllib:", "evolution", 2)
    with pytest.raises(ValueError, match="no such folder"):
        from_spec(f"rllib:{tmp_path}/nothing", "evolution", 2)
    with pytest.raises(ValueError, match="not a speciesgym RLlib run"):
        from_spec(f"rllib:{tmp_path}", "evolution", 2)


def test_train_rllib_command_refuses_bad_settings_before_starting_ray(tmp_path, capsys):
    from speciesgym.training.cli import main
    out = str(tmp_path / "r")
    assert main(["train-rllib", "--net", "wide", "--out", out]) == 2
    assert "--net 'wide'" in capsys.readouterr().err
    assert main(["train-rllib", "--players", "7", "--out", out]) == 2
    assert "players must be an integer from 2 to 6" in capsys.readouterr().err
    assert not os.path.exists(out)
