"""The Ray executor (training/tournament/ray_executor.py) against a local Ray instance that the module
starts and stops: the same config gives the same records and ratings as the local executor;
a bot's fault is the same forfeit; a task that fails outside the bots is retried, then
stored as a failed game (not rated) and the tournament goes on; a rerun plays nothing twice."""
import json
import os
import warnings

import pytest

ray = pytest.importorskip("ray", reason="pip install 'speciesgym[ray]' for the Ray executor")

from speciesgym.training.tournament.executors import ProcessExecutor  # noqa: E402
from speciesgym.training.tournament.ray_executor import RayExecutor  # noqa: E402
from speciesgym.training.tournament.ratings import leaderboard  # noqa: E402
from speciesgym.training.tournament.run import Config, run_tournament  # noqa: E402

BOTS = "py:tests.training.bad_bots."


def lines(out):
    with open(os.path.join(out, "results.jsonl")) as f:
        return sorted((json.loads(line) for line in f), key=lambda r: r["index"])


def test_ray_and_local_executors_give_identical_results_and_ratings(tmp_path, ray_local):
    cfg = Config("evolution", 3, ["random", "heuristic:grazer", "heuristic:hunter",
                                  BOTS + "Raises"], 6, seed=3)
    with ProcessExecutor(1) as local:
        rec_local, rat_local = run_tournament(cfg, str(tmp_path / "local"), executor=local)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)        # the forfeits, announced
        rec_ray, rat_ray = run_tournament(cfg, str(tmp_path / "ray"), executor=RayExecutor())
    assert rec_ray == rec_local
    assert lines(tmp_path / "ray") == lines(tmp_path / "local")
    assert any(r.get("forfeit") for r in rec_ray)              # the bad bot was judged there
    assert rat_ray.snapshot() == rat_local.snapshot()
    for name in os.listdir(tmp_path / "local" / "games"):
        with open(tmp_path / "local" / "games" / name) as a, \
                open(tmp_path / "ray" / "games" / name) as b:
            assert json.load(a) == json.load(b)


def test_a_task_failing_outside_the_bots_is_recorded_not_fatal_nor_rated(tmp_path, ray_local):
    cfg = Config("evolution", 2, ["random", "heuristic:grazer"], 4, seed=1)
    executor = RayExecutor(play=_faults().engine_fails_on_game_1)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        records, ratings = run_tournament(cfg, str(tmp_path), executor=executor)
    assert [r["index"] for r in records] == [0, 1, 2, 3]
    failed = records[1]["failed"]
    assert failed["reason"] == "task-failed"
    assert "the engine broke on game 1" in failed["detail"]
    assert records[1]["scores"] is None and not any(records[1]["winners"])
    assert any("game 1 failed outside the bots" in str(w.message) for w in caught)
    rows = {r["entrant"]: r for r in leaderboard(records, cfg.agents, ratings)}
    assert rows["random"]["games"] == rows["heuristic:grazer"]["games"] == 3
    # The ratings equal those of the three played games alone.
    from speciesgym.training.tournament.ratings import rate_records
    alone = rate_records([r for r in records if not r.get("failed")], cfg.agents)
    assert alone.snapshot() == ratings.snapshot()
    # Rerun: nothing is played again (the failed game is stored too).
    records2, _ = run_tournament(cfg, str(tmp_path), executor=RayExecutor(
        play=_faults().engine_fails_on_game_1))
    assert records2 == records
    assert len(lines(tmp_path)) == 4


def test_ray_executor_refuses_bad_settings():
    with pytest.raises(ValueError, match="num_cpus must be a positive integer"):
        RayExecutor(num_cpus=0)
    with pytest.raises(ValueError, match="num_cpus is for a local Ray instance"):
        RayExecutor(address="auto", num_cpus=2)
    with pytest.raises(ValueError, match="in_flight"):
        RayExecutor(in_flight=-1)


def _faults():
    from tests.training import ray_faults
    return ray_faults


def test_cli_tournament_on_ray_writes_the_leaderboard(tmp_path, ray_local, capsys):
    from speciesgym.training.cli import main
    out = str(tmp_path / "t")
    code = main(["tournament", "--game", "evolution", "--players", "2", "--agents",
                 "random,heuristic:grazer", "--games", "2", "--executor", "ray", "--out", out])
    assert code == 0
    assert "2 games" in capsys.readouterr().out
    assert [r["index"] for r in lines(out)] == [0, 1]
    assert os.path.exists(os.path.join(out, "leaderboard.csv"))


def test_cli_address_without_ray_executor_is_refused(tmp_path, capsys):
    from speciesgym.training.cli import main
    code = main(["tournament", "--agents", "random,heuristic:grazer", "--games", "1",
                 "--address", "auto", "--out", str(tmp_path / "t")])
    assert code == 2
    assert "--address is for --executor ray" in capsys.readouterr().err
    assert not os.path.exists(tmp_path / "t")


def test_importing_the_packages_never_imports_ray():
    import subprocess
    import sys
    code = ("import sys, speciesgym, speciesgym.envs, speciesgym.agents, speciesgym.training, "
            "speciesgym.training.cli, speciesgym.training.tournament.run, speciesgym.training.tournament.executors, "
            "speciesgym.training.tournament.ray_executor, speciesgym.training.cluster.tasks, "
            "speciesgym.training.decisions.cli, speciesgym.training.decisions.build, "
            "speciesgym.training.decisions.relabel, speciesgym.training.decisions.eval_tasks, "
            "speciesgym.training.decisions.leaderboard, "
            "speciesgym.envs.evolution, speciesgym.envs.dominant_species, speciesgym.evolution_v0, "
            "speciesgym.dominant_species_v0; "
            "print('ray' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"
