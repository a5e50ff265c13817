"""`speciesgym decisions build | relabel | eval | leaderboard --executor ray` against a local
Ray instance that the module starts and stops: the same seeds give the same suite file and
evaluation JSON as the local executor; a driver stopped mid-build loses only the tasks in
flight; a task that raises is retried once, then the build stops naming its game, and the
same command continues it."""
import json

import pytest

ray = pytest.importorskip("ray", reason="pip install 'speciesgym[ray]' for the Ray executor")

from tests.training.decision_suites import (labels_only, tiny_build, tiny_relabel,  # noqa: E402
                                           without_times)
from speciesgym.training.cli import main  # noqa: E402
from speciesgym.training.decisions import evaluate  # noqa: E402
from speciesgym.training.decisions.suite import load_slice, read_suite_file  # noqa: E402
from speciesgym.training.decisions.tasks import TaskFailed  # noqa: E402
from speciesgym.training.cluster.tasks import RayTasks  # noqa: E402

TINY = ["--suite", "feeding", "--positions", "3", "--sims", "3", "--seed", "7", "--quiet"]


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """The tiny build of tests/training/test_decisions.py, with the local executor."""
    path = tmp_path_factory.mktemp("local") / "tiny.json.gz"
    return path, tiny_build(path)


def journal_tasks(out):
    lines = out.with_name(out.name[:-len(".json.gz")] + ".partial.jsonl").read_text()
    return [json.loads(line)["task"] for line in lines.splitlines()[1:]]


def test_cli_build_and_relabel_on_ray_equal_the_local_executor(reference, tmp_path, ray_local,
                                                               capsys):
    path, data = reference
    out = tmp_path / "ray.json.gz"
    assert main(["decisions", "build", *TINY, "--executor", "ray", "--out", str(out)]) == 0
    assert "3 positions" in capsys.readouterr().out
    assert without_times(read_suite_file(out)) == without_times(data)
    local = tiny_relabel(path, tmp_path / "local-relabel.json.gz")
    remote = tmp_path / "ray-relabel.json.gz"
    assert main(["decisions", "relabel", "--suite", str(path), "--seed", "5", "--quiet",
                 "--executor", "ray", "--out", str(remote)]) == 0
    assert labels_only(read_suite_file(remote)) == labels_only(local)


def without_seconds(result):
    """An eval JSON without what the clock measured, as text (NaN, the agreement over no
    clear positions, then equals itself)."""
    def clean(summary):
        return {k: v for k, v in summary.items() if k != "ms_per_decision"}
    return json.dumps({"suite": result["suite"], "agent": result["agent"],
                       "overall": clean(result["overall"]),
                       "by_type": {k: clean(v) for k, v in result["by_type"].items()},
                       "by_players": {k: clean(v) for k, v in result["by_players"].items()},
                       "positions": [{k: v for k, v in r.items() if k != "seconds"}
                                     for r in result["positions"]]}, sort_keys=True)


def test_cli_eval_and_leaderboard_on_ray_equal_scoring_in_process(tmp_path, ray_local, capsys):
    """Stochastic agents (random, a search) on positions of every player count, several of
    each: one agent per player count fed its positions in suite order, as in one process."""
    out = tmp_path / "eval.json"
    assert main(["decisions", "eval", "--suite", "feeding", "--players", "3", "--limit", "6",
                 "--agent", "search:4", "--seed", "2", "--executor", "ray",
                 "--out", str(out)]) == 0
    local = evaluate(load_slice("feeding", players=3), "search:4", seed=2, limit=6)
    assert without_seconds(json.loads(out.read_text())) == without_seconds(local.to_dict())
    assert len(local.rows) == 6
    board = tmp_path / "board"
    assert main(["decisions", "leaderboard", "--suite", "feeding", "--limit", "20",
                 "--agents", "random,heuristic:grazer", "--seed", "1", "--executor", "ray",
                 "--out", str(board)]) == 0
    assert "random" in capsys.readouterr().out
    for agent in ("random", "heuristic:grazer"):
        local = evaluate("feeding", agent, seed=1, limit=20).to_dict()
        assert len({r["players"] for r in local["positions"]}) == 5
        got = json.loads((board / f"eval-{agent.replace(':', '_')}.json").read_text())
        assert without_seconds(got) == without_seconds(local)
    assert len((board / "leaderboard.csv").read_text().splitlines()) == 3


class StopsAfter(RayTasks):
    """A driver stopped (Ctrl-C) after `n` results, with tasks still in flight."""

    def __init__(self, n):
        super().__init__()
        self.n = n

    def run(self, calls):
        results = super().run(calls)
        try:
            for k, item in enumerate(results):
                if k == self.n:
                    raise KeyboardInterrupt
                yield item
        finally:
            results.close()


def test_an_interrupted_ray_build_resumes_losing_only_the_tasks_in_flight(reference, tmp_path,
                                                                          ray_local):
    _, data = reference
    out = tmp_path / "resumed.json.gz"
    with pytest.raises(KeyboardInterrupt):
        tiny_build(out, executor=StopsAfter(1))
    assert len(journal_tasks(out)) == 1                 # the one result that came in
    resumed = tiny_build(out, executor=RayTasks())
    assert without_times(resumed) == without_times(data)
    tasks = journal_tasks(out)
    assert len(tasks) == len(set(tasks))                # nothing labelled twice


class Flaky(RayTasks):
    """Every task through tests.training.ray_faults.flaky: game 1 raises on its first
    `fails` tries."""

    def __init__(self, folder, fails):
        super().__init__()
        self.folder, self.fails = str(folder), fails

    def run(self, calls):
        from tests.training import ray_faults
        return super().run((label, ray_faults.flaky, (self.folder, self.fails, fn, *args))
                           for label, fn, args in calls)


def test_a_failing_task_is_retried_once_then_stops_the_build_naming_its_game(reference,
                                                                             tmp_path,
                                                                             ray_local):
    _, data = reference
    once = tmp_path / "once"
    once.mkdir()
    built = tiny_build(once / "s.json.gz", executor=Flaky(once, 1))
    assert (once / "tries-1").read_text().count("try") == 2     # failed, retried, done
    assert without_times(built) == without_times(data)
    twice = tmp_path / "twice"
    twice.mkdir()
    out = twice / "s.json.gz"
    with pytest.raises(TaskFailed) as caught:
        tiny_build(out, executor=Flaky(twice, 2))
    message = str(caught.value)
    assert "decisions build: game 1 (feeding-7-1) failed twice on Ray" in message
    assert "the labeller broke on game 1 (try 2)" in message
    assert str(out.with_name("s.partial.jsonl")) in message
    assert (twice / "tries-1").read_text().count("try") == 2    # one retry, no more
    assert 1 not in journal_tasks(out)
    resumed = tiny_build(out, executor=RayTasks())           # the fault gone: it continues
    assert without_times(resumed) == without_times(data)
