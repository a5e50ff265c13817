"""Seed sweeps (training.ppo.sweep) and their report (training.analysis.sweep_report): folders per seed, resume of
one seed, refusal of mixed configs, the interval computation on known input, the report of a
hand-made set of eval.csv files."""
import argparse
import csv
import json
import os
import shutil
import signal
import sys

import numpy as np
import pytest

from speciesgym.agents.ppo_agent import read_metadata
from speciesgym.training import cli
from speciesgym.training.ppo import sweep as sweep_module
from speciesgym.training.analysis.sweep_report import ALL_HEURISTICS, run_report
from speciesgym.training.stats import iqm, stratified_bootstrap
from speciesgym.training.ppo.sweep import argv_of, parse_seeds, run_sweep
from speciesgym.training.ppo.train import Args, add_arguments, args_from_namespace

TINY = dict(game="evolution", players=2, timesteps=256, envs=2, n_steps=64, batch_size=64,
            n_epochs=1, net="16", checkpoint_every=128, eval_every=128, eval_games=2,
            baselines="random", self_play=0.5, progress=False)


def tiny(root, **kw):
    return Args(**dict(TINY, runs_dir=str(root), name="sw", **kw))


@pytest.fixture(scope="module")
def swept(tmp_path_factory):
    """Seeds 0 and 1 trained side by side (two worker processes); (root, printed lines)."""
    root = tmp_path_factory.mktemp("sweeps")
    lines = []
    assert run_sweep(tiny(root), [0, 1], workers=2, out=lines.append) == 0
    return root, lines


def test_a_sweep_makes_one_run_per_seed(swept):
    root, lines = swept
    sweep = root / "sw"
    stored = json.loads((sweep / "sweep.json").read_text())
    assert stored["seeds"] == [0, 1] and stored["config"]["net"] == "16"
    assert "seed" not in stored["config"] and "name" not in stored["config"]
    weights = []
    for seed in (0, 1):
        run = sweep / f"seed_{seed}"
        meta = read_metadata(run / "final.zip")
        assert meta["seed"] == seed and meta["num_timesteps"] == 256
        assert json.loads((run / "args.json").read_text())["seed"] == seed
        with open(run / "eval.csv") as f:
            assert [r["step"] for r in csv.DictReader(f)] == ["128", "256"]
        assert (sweep / "logs" / f"seed_{seed}.log").read_text().count("--- ") == 1
        weights.append((run / "final.zip").read_bytes())
    assert weights[0] != weights[1]                   # two seeds, two different runs
    assert any("all 2 seeds done" in line for line in lines)


def test_rerun_resumes_only_the_unfinished_seed(swept, tmp_path):
    """Seed 1 as if stopped after its first checkpoint: the rerun skips seed 0 and continues
    seed 1 from step 128 (not from nothing)."""
    sweep = tmp_path / "sw"
    shutil.copytree(swept[0] / "sw", sweep)
    seed1 = sweep / "seed_1"
    os.remove(seed1 / "final.zip")
    os.remove(seed1 / "checkpoints" / "step_0000000256.zip")
    before = (sweep / "seed_0" / "final.zip").read_bytes()
    lines = []
    assert run_sweep(tiny(tmp_path), [0, 1], workers=2, out=lines.append) == 0
    assert any("seed 0: done at step 256" in line for line in lines)
    assert any("seed 1: resumes from step 128" in line for line in lines)
    assert (sweep / "seed_0" / "final.zip").read_bytes() == before
    assert (sweep / "logs" / "seed_0.log").read_text().count("--- ") == 1     # not started
    assert "from step 128" in (sweep / "logs" / "seed_1.log").read_text()
    assert read_metadata(seed1 / "final.zip")["num_timesteps"] == 256


def test_another_config_under_the_same_name_is_refused(swept):
    root = swept[0]
    stored = (root / "sw" / "sweep.json").read_text()
    with pytest.raises(ValueError, match=r"another config.*--learning-rate 0\.0003 \(stored\) "
                                         r"vs 0\.001 \(given\)"):
        run_sweep(tiny(root, learning_rate=0.001), [0, 1])
    with pytest.raises(ValueError, match="--net '16' .stored. vs '32' .given."):
        run_sweep(tiny(root, net="32"), [2])
    assert (root / "sw" / "sweep.json").read_text() == stored         # nothing changed
    assert not (root / "sw" / "seed_2").exists()
    (root / "single").mkdir()
    (root / "single" / "args.json").write_text("{}")
    with pytest.raises(ValueError, match="single run, not a sweep"):
        run_sweep(Args(**dict(TINY, runs_dir=str(root), name="single")), [0])


def test_a_sweep_written_before_a_new_flag_resumes_when_the_flag_is_at_its_default(swept,
                                                                                   tmp_path):
    """A field added to Args after a sweep was written (say --eval-suite) is absent from its
    sweep.json: given at its default it is the same recipe; given otherwise it is refused."""
    sweep = tmp_path / "sw"
    shutil.copytree(swept[0] / "sw", sweep)
    stored = json.loads((sweep / "sweep.json").read_text())
    del stored["config"]["pool_size"]                 # as if written before --pool-size existed
    (sweep / "sweep.json").write_text(json.dumps(stored))
    lines = []
    assert run_sweep(tiny(tmp_path), [0, 1], out=lines.append) == 0
    assert any("all 2 seeds done" in line for line in lines)
    with pytest.raises(ValueError, match="--pool-size 5 .stored. vs 3 .given."):
        run_sweep(tiny(tmp_path, pool_size=3), [0, 1])


def test_a_sweep_from_before_pool_every_keeps_its_checkpoint_cadence_as_its_pool(swept,
                                                                                tmp_path):
    """Before --pool-every the self-play pool was the checkpoints: a sweep.json without it
    matches a pool cadence equal to its stored --checkpoint-every, and no other."""
    sweep = tmp_path / "sw"
    shutil.copytree(swept[0] / "sw", sweep)
    stored = json.loads((sweep / "sweep.json").read_text())
    del stored["config"]["pool_every"]
    (sweep / "sweep.json").write_text(json.dumps(stored))
    with pytest.raises(ValueError, match="--pool-every 128 .stored. vs 50000 .given."):
        run_sweep(tiny(tmp_path), [0, 1])
    assert run_sweep(tiny(tmp_path, pool_every=128), [0, 1], out=[].append) == 0


# A stand-in for a seed's training process: it says it is ready once its handlers are in, then
# records the first SIGINT or SIGTERM it gets and exits with 130, as a run does (an alarm ends
# it if no signal ever comes).
STAND_IN = """
import signal, sys
ready = sys.argv[1]
def stop(signum, frame):
    with open(ready + ".signals", "a") as f:
        f.write(f"{signum}\\n")
    sys.exit(130)
signal.signal(signal.SIGINT, stop)
signal.signal(signal.SIGTERM, stop)
signal.alarm(120)
open(ready, "w").close()
while True:
    signal.pause()
"""


def stand_in_seeds(monkeypatch, tmp_path, exit_codes=None):
    """Seeds run STAND_IN (or, for a seed in `exit_codes`, exit at once with that code)."""
    def command(run_args):
        if exit_codes and run_args.seed in exit_codes:
            return [sys.executable, "-c", f"raise SystemExit({exit_codes[run_args.seed]})"]
        return [sys.executable, "-c", STAND_IN, str(tmp_path / f"ready_{run_args.seed}")]
    monkeypatch.setattr(sweep_module, "seed_command", command)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_to_the_sweep_reaches_each_running_seed_once(tmp_path, monkeypatch, sig):
    """Two seeds side by side, a third waiting: the signal goes to both running ones, once each,
    the third never starts, and the sweep exits with 130."""
    stand_in_seeds(monkeypatch, tmp_path)
    before = signal.getsignal(signal.SIGINT)   # default_int_handler, or SIG_IGN in a background job
    sent = []

    def wait():
        if not sent and all((tmp_path / f"ready_{s}").exists() for s in (0, 1)):
            sent.append(sig)
            signal.raise_signal(sig)
    monkeypatch.setattr(sweep_module, "wait", wait)
    lines = []
    assert run_sweep(tiny(tmp_path), [0, 1, 2], workers=2, out=lines.append) == 130
    for s in (0, 1):
        assert (tmp_path / f"ready_{s}.signals").read_text() == f"{int(sig)}\n"
    assert not (tmp_path / "ready_2").exists()
    assert not (tmp_path / "sw" / "logs" / "seed_2.log").exists()
    assert "run the same command again to resume" in lines[-1]
    assert signal.getsignal(signal.SIGINT) is before                          # put back


def test_a_failing_seed_is_named_and_the_others_still_run(tmp_path, monkeypatch):
    stand_in_seeds(monkeypatch, tmp_path, exit_codes={0: 3, 1: 0})
    lines = []
    assert run_sweep(tiny(tmp_path), [0, 1], workers=1, out=lines.append) == 1
    assert any("seed 0 FAILED (exit 3), see" in line and "seed_0.log" in line for line in lines)
    assert any("seed 1 finished" in line for line in lines)
    assert "seeds 0 failed" in lines[-1]


def test_a_sweep_still_running_is_not_started_twice(tmp_path):
    """The lock of a running sweep (its seeds inherit it) refuses a second sweep of the name."""
    import fcntl
    (tmp_path / "sw").mkdir()
    with open(tmp_path / "sw" / ".lock", "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        with pytest.raises(ValueError, match="still running"):
            run_sweep(tiny(tmp_path), [0])
    assert os.listdir(tmp_path / "sw") == [".lock"]


def test_seed_lists_and_sweep_flags_are_checked():
    assert parse_seeds("0,1,2,3,4") == parse_seeds("0-4") == [0, 1, 2, 3, 4]
    assert parse_seeds("0-1, 7") == [0, 1, 7]
    for bad in ("", "a", "1,1", "3-1", "-1", "0-2,2"):
        with pytest.raises(ValueError, match="--seeds"):
            parse_seeds(bad)
    assert cli.main(["train", "--seeds", "0,0"]) == 2
    assert cli.main(["train", "--workers", "2"]) == 2
    assert cli.main(["train", "--seed", "3", "--seeds", "0,1"]) == 2


def test_a_seed_run_is_started_with_exactly_its_args():
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    args = Args(**dict(TINY, name="x/seed_3", seed=3, option=["flight=false"], resume=True,
                       baselines="", learning_rate=1e-3 / 3))
    assert args_from_namespace(parser.parse_args(argv_of(args))) == args


def test_iqm_of_known_sets():
    assert iqm([0.9, 0.1, 0.3, 0.2, 0.4]) == pytest.approx(0.3)     # cut one at each end of 5
    assert iqm([1, 2, 3, 4, 5, 6, 7, 100]) == pytest.approx(4.5)    # cut two of 8: 3,4,5,6
    assert iqm([0.2, 0.6]) == pytest.approx(0.4)                     # under 4 values: the mean
    assert iqm([0.7]) == pytest.approx(0.7)


def test_iqm_is_rliables_trimmed_mean():
    """rliable computes IQM as scipy.stats.trim_mean(x, 0.25); the same on 1 to 12 values."""
    stats = pytest.importorskip("scipy.stats")
    rng = np.random.default_rng(3)
    for n in range(1, 13):
        values = rng.random(n)
        assert iqm(values) == pytest.approx(stats.trim_mean(values, 0.25))


def test_bootstrap_interval_holds_the_iqm_and_is_reproducible():
    values = [0.35, 0.5, 0.55, 0.6, 0.8]
    low, high = stratified_bootstrap([values], reps=2000, seed=0)
    assert 0.35 <= low < iqm(values) < high <= 0.8
    assert stratified_bootstrap([values], reps=2000, seed=0) == (low, high)
    assert stratified_bootstrap([values], reps=2000, seed=1) != (low, high)
    assert stratified_bootstrap([[0.5] * 5], reps=100) == (0.5, 0.5)


def test_the_bootstrap_is_stratified_by_opponent():
    """Each opponent's seeds are resampled on their own: four 0s against one opponent and four
    1s against the other stay four and four in every resample, so the IQM of the eight never
    moves from 0.5; resampling the pooled eight would move it."""
    assert stratified_bootstrap([[0.0] * 4, [1.0] * 4], reps=500) == (0.5, 0.5)
    pooled = stratified_bootstrap([[0.0] * 4 + [1.0] * 4], reps=500)
    assert pooled[0] < 0.5 < pooled[1]


def write_eval(folder, rows):
    folder.mkdir(parents=True)
    with open(folder / "eval.csv", "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["step", "opponent", "games", "win_rate", "mean_reward", "mean_score",
                         "seconds", "cpu_seconds"])
        for step, opponent, win, cpu in rows:
            writer.writerow([step, opponent, 40, win, 0, 0, 1.0, cpu])


def test_report_of_a_hand_made_sweep(tmp_path, capsys):
    """Five seeds against random and two heuristics at steps 100 and 200; seed 4 has not
    reached step 200; seed 0 evaluated step 200 twice (a resume), the last row counts."""
    grazer = {100: [0.1, 0.2, 0.3, 0.4, 0.5], 200: [0.5, 0.6, 0.7, 0.8]}
    hunter = {100: [0.3, 0.3, 0.3, 0.3, 0.3], 200: [0.9, 0.5, 0.9, 0.2]}
    for seed in range(5):
        rows = []
        for step in (100, 200):
            if step == 200 and seed == 4:
                continue
            if step == 200 and seed == 0:
                rows.append((200, "heuristic:grazer", 0.0, 500.0))     # replaced below
            rows += [(step, "random", 1.0, step * 6.0 + seed),
                     (step, "heuristic:grazer", grazer[step][seed], step * 6.0 + seed + 1),
                     (step, "heuristic:hunter", hunter[step][seed], step * 6.0 + seed + 2)]
        write_eval(tmp_path / "sw" / f"seed_{seed}", rows)
    (tmp_path / "sw" / "logs").mkdir()
    assert cli.main(["report", str(tmp_path / "sw"), "--target", "0.55", "--reps", "500"]) == 0
    printed = capsys.readouterr().out
    assert "5 seeds (0, 1, 2, 3, 4)" in printed and "curves.png" in printed
    with open(tmp_path / "sw" / "report.csv") as f:
        rows = {(int(r["step"]), r["opponent"]): r for r in csv.DictReader(f)}
    assert len(rows) == 8
    g100, g200 = rows[(100, "heuristic:grazer")], rows[(200, "heuristic:grazer")]
    assert float(g100["iqm"]) == pytest.approx(0.3) and g100["seeds"] == "5"
    assert float(g100["past_target"]) == 0.0
    assert float(g200["iqm"]) == pytest.approx(0.65) and g200["seeds"] == "4"
    assert float(g200["past_target"]) == pytest.approx(0.75)      # 0.6, 0.7, 0.8 of four
    assert float(g200["low"]) <= 0.65 <= float(g200["high"])
    assert float(rows[(100, "random")]["low"]) == float(rows[(100, "random")]["high"]) == 1.0
    both = rows[(200, ALL_HEURISTICS)]                 # min per seed: 0.5, 0.5, 0.7, 0.2
    assert float(both["past_target"]) == pytest.approx(0.25) and both["seeds"] == "4"
    assert float(both["iqm"]) == pytest.approx(iqm([0.5, 0.6, 0.7, 0.8, 0.9, 0.5, 0.9, 0.2]))
    assert float(g200["cpu_minutes"]) == pytest.approx(np.median([1200, 1201, 1202, 1203]) / 60,
                                                      abs=0.01)
    report = json.loads((tmp_path / "sw" / "report.json").read_text())
    assert report["seeds"] == [0, 1, 2, 3, 4]
    assert [r["values"] for r in report["rows"] if r["step"] == 200
            and r["opponent"] == "heuristic:grazer"] == [{"0": 0.5, "1": 0.6, "2": 0.7, "3": 0.8}]
    assert (tmp_path / "sw" / "curves.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    again = tmp_path / "again"
    run_report(str(tmp_path / "sw"), reps=500, out_dir=str(again), plot=False, out=lambda s: 0)
    assert (again / "report.csv").read_text() == (tmp_path / "sw" / "report.csv").read_text()


def test_report_names_a_folder_without_evaluations(tmp_path):
    (tmp_path / "empty").mkdir()
    with pytest.raises(ValueError, match="no seed_<k>/eval.csv"):
        run_report(str(tmp_path / "empty"))
    assert cli.main(["report", str(tmp_path / "missing")]) == 2


def test_report_of_a_single_run_counts_it_as_its_seed(tmp_path):
    write_eval(tmp_path / "one", [(100, "random", 0.75, 60.0), (100, "heuristic:grazer", 0.5, 61)])
    (tmp_path / "one" / "args.json").write_text(json.dumps({"seed": 7}))
    lines = []
    run_report(str(tmp_path / "one"), plot=False, out=lines.append)
    assert "1 seed (7)" in lines[0]
    report = json.loads((tmp_path / "one" / "report.json").read_text())
    assert [(r["opponent"], r["iqm"], r["low"], r["high"]) for r in report["rows"]] == \
        [("random", 0.75, 0.75, 0.75), ("heuristic:grazer", 0.5, 0.5, 0.5)]
