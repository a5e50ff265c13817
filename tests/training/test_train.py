"""Training: a smoke run that saves, reloads and plays; resume; checkpoints and their errors;
the command line."""
import csv
import dataclasses
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import zipfile

import numpy as np
import pytest

from speciesgym.agents.ppo_agent import PPOAgent, read_metadata, write_checkpoint
from speciesgym.training.ppo.single_agent import SingleAgentEnv
from speciesgym.training.ppo.train import Args, Run, train

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TINY = dict(players=2, envs=2, n_steps=64, batch_size=64, n_epochs=1, net="32,32",
            checkpoint_every=256, eval_every=256, eval_games=2, baselines="random",
            self_play=0.5, pool_size=2, progress=False)


def tiny(tmp_path, game="evolution", **kw):
    return Args(**dict(TINY, game=game, runs_dir=str(tmp_path), **kw))


def eval_rows(run_dir):
    with open(os.path.join(run_dir, "eval.csv")) as f:
        return list(csv.DictReader(f))


def play_full_games(agent, game, n=2):
    env = SingleAgentEnv(game, 2, opponents=["random"], seed=9)
    for _ in range(n):
        obs, _ = env.reset()
        done, steps = False, 0
        while not done:
            obs, _, done, truncated, info = env.step(agent.act(obs, env.action_masks()))
            steps += 1
        assert "win" in info and steps > 10


@pytest.fixture(scope="module")
def evolution_run(tmp_path_factory):
    root = tmp_path_factory.mktemp("runs")
    rows = train(tiny(root, timesteps=600, name="smoke"))
    return root / "smoke", rows


def test_smoke_trains_saves_reloads_and_plays(evolution_run):
    run_dir, final_rows = evolution_run
    meta = read_metadata(run_dir / "final.zip")
    assert meta["game"] == "evolution" and meta["num_players"] == 2
    assert meta["num_timesteps"] >= 600 and meta["options"] == {}
    steps = sorted(int(f[5:-4]) for f in os.listdir(run_dir / "checkpoints"))
    assert len(steps) == 2 and steps[-1] == meta["num_timesteps"]     # pool_size=2 kept
    rows = eval_rows(run_dir)
    assert [r["step"] for r in rows] == ["256", "512", str(meta["num_timesteps"])]
    assert all(r["opponent"] == "random" and 0 <= float(r["win_rate"]) <= 1 for r in rows)
    assert final_rows[0][0] == meta["num_timesteps"]
    agent = PPOAgent.load(run_dir / "final.zip", "evolution", 2)
    play_full_games(agent, "evolution")
    assert os.listdir(run_dir / "tb")


def test_dominant_species_smoke(tmp_path):
    train(tiny(tmp_path, game="dominant_species", timesteps=256, name="ds", eval_every=0))
    agent = PPOAgent.load(tmp_path / "ds" / "final.zip", "dominant_species", 2)
    play_full_games(agent, "dominant_species", n=1)


def test_agents_from_spec_loads_a_checkpoint(evolution_run):
    from_spec = pytest.importorskip("speciesgym.agents").from_spec
    agent = from_spec(f"ppo:{evolution_run[0] / 'final.zip'}", "evolution", 2)
    assert isinstance(agent, PPOAgent)


def test_ppo_agent_is_deterministic_and_legal(evolution_run):
    agent = PPOAgent.load(evolution_run[0] / "final.zip", "evolution", 2)
    env = SingleAgentEnv("evolution", 2, seed=1)
    obs, _ = env.reset()
    mask = env.action_masks()
    a = agent.act(obs, mask)
    assert mask[a] and all(agent.act(obs, mask) == a for _ in range(3))
    only = np.zeros_like(mask)
    only[np.flatnonzero(mask)[-1]] = True
    assert agent.act(obs, only) == np.flatnonzero(mask)[-1]
    with pytest.raises(ValueError, match="empty"):
        agent.act(obs, np.zeros_like(mask))


def test_resume_continues_from_the_saved_step(tmp_path):
    train(tiny(tmp_path, timesteps=256, name="r", eval_every=0))
    first = read_metadata(tmp_path / "r" / "final.zip")["num_timesteps"]
    assert first == 256
    with pytest.raises(ValueError, match="--resume"):
        train(tiny(tmp_path, timesteps=512, name="r"))
    (tmp_path / "r" / "checkpoints" / "step_abc.zip").write_text("not a checkpoint")
    train(tiny(tmp_path, timesteps=512, name="r", resume=True, eval_every=0))
    assert read_metadata(tmp_path / "r" / "final.zip")["num_timesteps"] == 512
    steps = [r["step"] for r in eval_rows(tmp_path / "r")]
    assert steps == ["256", "512"]                 # one row per final evaluation, no restart
    with pytest.raises(ValueError, match="no checkpoint"):
        train(tiny(tmp_path, timesteps=512, name="none", resume=True))


def test_same_command_same_run(tmp_path):
    for name in ("a", "b"):
        train(tiny(tmp_path, timesteps=256, name=name, eval_every=0, checkpoint_every=128))
    pa = PPOAgent.load(tmp_path / "a" / "final.zip", "evolution", 2).policy.state_dict()
    pb = PPOAgent.load(tmp_path / "b" / "final.zip", "evolution", 2).policy.state_dict()
    assert all((pa[k] == pb[k]).all() for k in pa)
    strip = lambda rows: [{k: v for k, v in r.items() if "seconds" not in k} for r in rows]
    assert strip(eval_rows(tmp_path / "a")) == strip(eval_rows(tmp_path / "b"))


def weights(path):
    return PPOAgent.load(path, "evolution", 2).policy.state_dict()


def test_the_result_does_not_depend_on_the_checkpoint_or_evaluation_cadence(tmp_path):
    """Checkpoints and evaluations change what is written, never the run. The
    self-play pool changes every 128 steps here (self-play 0.5); checkpoints every 128, 384
    or 1000 steps and evaluations never, every 128 or every 256 steps give the same weights
    (before --pool-every the pool was the checkpoints, and runs a and b differed)."""
    cadences = {"a": dict(checkpoint_every=128, eval_every=0),
                "b": dict(checkpoint_every=384, eval_every=128),
                "c": dict(checkpoint_every=1000, eval_every=256)}
    for name, kw in cadences.items():
        train(tiny(tmp_path, timesteps=512, name=name, pool_every=128, **kw))
    wa = weights(tmp_path / "a" / "final.zip")
    for name in ("b", "c"):
        wb = weights(tmp_path / name / "final.zip")
        assert all((wa[k] == wb[k]).all() for k in wa), name
    assert [s for s, _ in Run(tiny(tmp_path, name="b")).snapshots()] == [256, 384]
    assert [s for s, _ in Run(tiny(tmp_path, name="b")).checkpoints()] == [384, 512]


def test_a_resume_with_other_settings_is_refused_and_changes_nothing(tmp_path):
    """--resume loads the checkpoint's model: a net, learning rate, player count or option
    other than the run's is refused by name, before args.json or the pool is touched; what
    only changes when figures are written (evaluation, checkpoint cadence) may change."""
    train(tiny(tmp_path, timesteps=256, name="r", eval_every=0))
    stored = (tmp_path / "r" / "args.json").read_text()
    for change, named in [({"net": "64,64"}, "--net '32,32' (stored) vs '64,64' (given)"),
                          ({"players": 3}, "--players 2 (stored) vs 3 (given)"),
                          ({"learning_rate": 0.5}, "--learning-rate"),
                          ({"option": ["flight=false"]}, "--option [] (stored)")]:
        with pytest.raises(ValueError, match="was trained with other settings") as refused:
            train(tiny(tmp_path, timesteps=512, name="r", resume=True, eval_every=0, **change))
        assert named in str(refused.value)
        assert (tmp_path / "r" / "args.json").read_text() == stored
    assert not os.path.exists(tmp_path / "r" / "checkpoints" / "step_0000000512.zip")
    train(tiny(tmp_path, timesteps=512, name="r", resume=True, eval_every=512,
               checkpoint_every=512, eval_games=3))
    assert [r["step"] for r in eval_rows(tmp_path / "r")] == ["256", "512"]


def test_a_run_from_before_pool_every_resumes_with_its_checkpoints_as_its_pool(tmp_path,
                                                                                capsys):
    train(tiny(tmp_path, timesteps=256, name="old", eval_every=0, checkpoint_every=128,
               pool_every=128))
    run = Run(tiny(tmp_path, name="old"))
    shutil.rmtree(run.pool_dir)                       # as the run was written before
    stored = json.loads((tmp_path / "old" / "args.json").read_text())
    del stored["pool_every"]
    (tmp_path / "old" / "args.json").write_text(json.dumps(stored))
    train(tiny(tmp_path, timesteps=512, name="old", eval_every=0, checkpoint_every=128,
               pool_every=512, resume=True))
    assert "began before --pool-every" in capsys.readouterr().out
    assert [s for s, _ in run.snapshots()] == [256, 384]        # the checkpoints' cadence
    assert json.loads((tmp_path / "old" / "args.json").read_text())["pool_every"] == 128


def test_resume_drops_the_snapshots_of_steps_it_plays_again(tmp_path):
    kw = dict(timesteps=512, name="r", eval_every=0, checkpoint_every=256, pool_every=128)
    train(tiny(tmp_path, **kw))
    run = Run(tiny(tmp_path, name="r"))
    assert [s for s, _ in run.snapshots()] == [256, 384]
    before = weights(run.snapshot_path(384))
    os.remove(run.checkpoint_path(512))               # as if stopped before step 512's save
    os.remove(os.path.join(run.dir, "final.zip"))
    train(tiny(tmp_path, resume=True, **kw))          # resumes at 256: 384 is played again
    assert [s for s, _ in run.snapshots()] == [256, 384]
    again = weights(run.snapshot_path(384))         # taken again (resumed games differ)
    assert any((before[k] != again[k]).any() for k in before)
    assert read_metadata(run.snapshot_path(384))["num_timesteps"] == 384


def test_bad_checkpoints_are_named(evolution_run, tmp_path):
    good = evolution_run[0] / "final.zip"
    with pytest.raises(ValueError, match="dominant_species"):
        PPOAgent.load(good, "dominant_species", 2)
    with pytest.raises(ValueError, match="flight"):
        PPOAgent.load(good, "evolution", 2, options={"flight": False})
    missing = tmp_path / "missing.zip"
    with pytest.raises(ValueError, match="missing.zip.*no such file"):
        PPOAgent.load(missing, "evolution", 2)
    text = tmp_path / "text.zip"
    text.write_text("not a zip")
    with pytest.raises(ValueError, match="text.zip.*not a zip"):
        PPOAgent.load(text, "evolution", 2)
    bare = tmp_path / "bare.zip"
    with zipfile.ZipFile(bare, "w") as z:
        z.writestr("data", "{}")
    with pytest.raises(ValueError, match="bare.zip.*not a speciesgym"):
        PPOAgent.load(bare, "evolution", 2)
    with pytest.raises(ValueError, match="nosuch"):
        train(tiny(tmp_path, timesteps=256, name="x", baselines="random,nosuch:1"))


def test_a_checkpoint_plays_any_player_count_of_matching_sizes(evolution_run, tmp_path):
    """Trained at 2 players, it plays a 4-player game (the layouts are padded to 6 seats);
    a checkpoint whose recorded sizes differ from the engine's is refused, naming them."""
    from speciesgym.agents.runner import play_game
    good = evolution_run[0] / "final.zip"
    agent = PPOAgent.load(good, "evolution", 4)
    result = play_game("evolution", 4, [agent, agent, agent, agent], seed=3)
    assert result.decisions > 50
    with zipfile.ZipFile(good) as src:
        members = {n: src.read(n) for n in src.namelist()}
    meta = json.loads(members["speciesgym.json"])
    meta["obs_size"] += 1
    members["speciesgym.json"] = json.dumps(meta)
    other = tmp_path / "other.zip"
    with zipfile.ZipFile(other, "w") as dst:
        for name, data in members.items():
            dst.writestr(name, data)
    with pytest.raises(ValueError, match=rf"other.zip.*expects {meta['obs_size']} observations"):
        PPOAgent.load(other, "evolution", 4)


def test_checkpoint_write_is_atomic(evolution_run, tmp_path, monkeypatch):
    from sb3_contrib import MaskablePPO
    model = MaskablePPO.load(evolution_run[0] / "final.zip", device="cpu")
    path = tmp_path / "c.zip"
    meta = read_metadata(evolution_run[0] / "final.zip")
    write_checkpoint(model, path, meta)
    before = path.read_bytes()

    def crash(*a):
        raise KeyboardInterrupt
    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        write_checkpoint(model, path, dict(meta, num_timesteps=1))
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["c.zip"]            # no temporary file left behind
    assert read_metadata(path)["num_timesteps"] == meta["num_timesteps"]


def test_cli_train_runs_and_reports(tmp_path):
    args = ["train", "--game", "evolution", "--players", "2", "--timesteps", "128", "--envs", "2",
            "--n-steps", "64", "--batch-size", "64", "--n-epochs", "1", "--net", "16",
            "--eval-games", "2", "--baselines", "random", "--runs-dir", str(tmp_path),
            "--recipe", "none", "--name", "cli", "--no-progress"]
    out = subprocess.run([sys.executable, "-m", "speciesgym.training.cli", *args], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    assert "vs random" in out.stdout and (tmp_path / "cli" / "final.zip").exists()
    saved = json.loads((tmp_path / "cli" / "args.json").read_text())
    assert saved["timesteps"] == 128 and set(saved) == {f.name for f in dataclasses.fields(Args)}
    bad = subprocess.run([sys.executable, "-m", "speciesgym.training.cli", *args[:-3], "--name", "cli",
                          "--vec", "threads"], cwd=ROOT, capture_output=True, text=True,
                         timeout=300)
    assert bad.returncode == 2 and "--vec" in bad.stderr


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_leaves_a_usable_checkpoint_and_resume_continues(tmp_path, sig):
    """The SIGINT run starts with SIGINT ignored, as a background job of a non-interactive
    shell does (so it used to fail: the run never saw the Ctrl-C and ran on to exit 0). The
    signal goes out once two checkpoints exist, which the run writes only after installing its
    handlers, and the run (10**7 steps) cannot finish before it: a run that loses the signal
    times out here and is killed; it never passes. Output goes to files, not pipes, so that
    the child can never block on a full pipe while the test waits."""
    args = ["train", "--game", "evolution", "--timesteps", "10000000", "--envs", "2",
            "--n-steps", "64", "--batch-size", "64", "--n-epochs", "1", "--net", "16",
            "--checkpoint-every", "128", "--eval-every", "0", "--baselines", "random",
            "--runs-dir", str(tmp_path), "--name", "int", "--no-progress", "--recipe", "none"]
    ckpts = tmp_path / "int" / "checkpoints"
    err_path = tmp_path / "stderr.txt"
    # an ignored signal stays ignored across exec: the child inherits it, as from a shell
    previous = signal.getsignal(signal.SIGINT) or signal.default_int_handler
    if sig == signal.SIGINT:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with open(tmp_path / "stdout.txt", "w") as out, open(err_path, "w") as err:
            proc = subprocess.Popen([sys.executable, "-m", "speciesgym.training.cli", *args], cwd=ROOT,
                                    stdout=out, stderr=err, text=True)
    finally:
        signal.signal(signal.SIGINT, previous)
    try:
        deadline = time.monotonic() + 600      # a guard against a hung child, not a sync
        while len(list(ckpts.glob("step_*.zip")) if ckpts.exists() else []) < 2:
            assert proc.poll() is None, \
                f"the run ended ({proc.returncode}) before two checkpoints: " \
                f"{err_path.read_text()[-3000:]}"
            assert time.monotonic() < deadline, "no two checkpoints after 600 s"
            time.sleep(0.2)
        proc.send_signal(sig)
        proc.wait(timeout=300)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    err = err_path.read_text()
    assert proc.returncode == 130, err[-3000:]
    assert "interrupted; last checkpoint" in err and "--resume" in err
    saved = sorted(ckpts.glob("step_*.zip"))
    assert saved and not list(ckpts.glob(".*"))          # complete files only
    step = read_metadata(saved[-1])["num_timesteps"]
    PPOAgent.load(saved[-1], "evolution", 2)
    resumed = subprocess.run([sys.executable, "-m", "speciesgym.training.cli", *args[:4], str(step + 128),
                              *args[5:], "--resume"], cwd=ROOT, capture_output=True, text=True,
                             timeout=300)
    assert resumed.returncode == 0, resumed.stderr[-3000:]
    assert f"from step {step}" in resumed.stdout
    assert read_metadata(tmp_path / "int" / "final.zip")["num_timesteps"] == step + 128


def send_at_env_step(monkeypatch, n, send):
    """Calls `send()` inside the n-th step of the learner's envs (per-game envs: run the
    training with vec="dummy", whose envs step in this process)."""
    step, calls = SingleAgentEnv.step, []

    def counted(self, action):
        calls.append(1)
        if len(calls) == n:
            send()
        return step(self, action)
    monkeypatch.setattr(SingleAgentEnv, "step", counted)


def test_sigint_stops_a_run_that_inherited_it_ignored(tmp_path, monkeypatch):
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        send_at_env_step(monkeypatch, 300, lambda: signal.raise_signal(signal.SIGINT))
        with pytest.raises(KeyboardInterrupt):
            train(tiny(tmp_path, timesteps=1024, name="ign", eval_every=0, vec="dummy"))
        assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN          # put back
    finally:
        signal.signal(signal.SIGINT, previous)
    assert not (tmp_path / "ign" / "final.zip").exists()


class SignalsWhenCollected:
    """Raises `sig` from its finalizer, where Python drops the handler's exception."""

    def __init__(self, sig):
        self.sig = sig

    def __del__(self):
        signal.raise_signal(self.sig)


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_dropped_inside_a_finalizer_still_stops_the_run(tmp_path, monkeypatch, sig):
    send_at_env_step(monkeypatch, 300, lambda: SignalsWhenCollected(sig))
    with pytest.raises(KeyboardInterrupt, match=f"signal {int(sig)}"):
        train(tiny(tmp_path, timesteps=1024, name="fin", eval_every=0, vec="dummy"))
    assert not (tmp_path / "fin" / "final.zip").exists()
    assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL


def test_checkpoint_listing_ignores_files_whose_step_is_not_an_integer(tmp_path):
    run = Run(tiny(tmp_path, name="stray"))
    os.makedirs(run.ckpt_dir)
    for name in ("step_abc.zip", "step_.zip", "step_+5.zip", "step_-1.zip", "step_1_000.zip",
                 "step_\u0663.zip", "step_ 7.zip", "step_12.zip.tmp", ".step_9.zip.1.tmp",
                 "STEP_3.zip", "step_0000000256.zip", "step_128.zip"):
        (tmp_path / "stray" / "checkpoints" / name).write_bytes(b"")
    os.makedirs(os.path.join(run.ckpt_dir, "step_64.zip"))         # a folder, not a file
    assert run.checkpoints() == [(128, run.ckpt_dir + "/step_128.zip"),
                                 (256, run.ckpt_dir + "/step_0000000256.zip")]


def test_argument_checks_off_while_training_change_no_number(tmp_path, monkeypatch):
    """Training turns torch's distribution argument checks off (they cost 16% of a Dominant
    Species PPO step) and back on after: the same weights as a run with them on."""
    import torch
    Distribution = torch.distributions.Distribution
    assert Distribution._validate_args
    seen = []
    real = Distribution.set_default_validate_args
    monkeypatch.setattr(Distribution, "set_default_validate_args",
                        staticmethod(lambda value: (seen.append(value), real(value))))
    train(tiny(tmp_path, timesteps=256, name="off", eval_every=0))
    assert seen == [False, True] and Distribution._validate_args
    monkeypatch.setattr(Distribution, "set_default_validate_args",
                        staticmethod(lambda value: seen.append(value)))
    train(tiny(tmp_path, timesteps=256, name="on", eval_every=0))
    assert seen[2:] == [False, True]                       # asked for, but left on
    wa, wb = weights(tmp_path / "off" / "final.zip"), weights(tmp_path / "on" / "final.zip")
    assert all((wa[k] == wb[k]).all() for k in wa)


def test_vf_net_shapes_the_value_network_only(tmp_path):
    train(tiny(tmp_path, timesteps=128, name="vf", eval_every=0, vf_net="16"))
    policy = PPOAgent.load(tmp_path / "vf" / "final.zip", "evolution", 2).policy
    assert [m.out_features for m in policy.mlp_extractor.value_net if hasattr(m, "out_features")] == [16]
    assert [m.out_features for m in policy.mlp_extractor.policy_net if hasattr(m, "out_features")] == [32, 32]
    with pytest.raises(ValueError, match="--vf-net 'x'"):
        train(tiny(tmp_path, timesteps=128, name="bad", vf_net="x"))
    assert not os.path.exists(tmp_path / "bad")
