"""The suites built and relabelled by successive halving (agents/search/label_halving.py,
`decisions build --start`, `decisions relabel --start`): the budget and the positions say
so, and a start above the final count is refused."""
import pytest

from tests.training.decision_suites import (tiny_build, tiny_relabel, tiny_suite,  # noqa: F401
                                            toy_suite)


@pytest.mark.parametrize("name", ["dominance-2p", "evolve-2p"])
def test_suites_of_many_actions_label_by_successive_halving(tmp_path, name):
    """The labeller of the Dominant Species table suites and of evolve-2p (about 11 legal
    actions a position, where feeding has 4) is successive halving: the budget says
    where it starts, each position records it, A's best and the rival B tests it against
    are among the actions run to the end, every action ran at least `start` times; a start
    above the final count, or with halving's budget in the journal, is refused."""
    from speciesgym.training.decisions.specs import suite_spec
    assert 0 < suite_spec(name).label["start"] < suite_spec(name).label["sims"]
    out = tmp_path / "dom.json.gz"
    data = tiny_build(out, suite=name, positions=2, sims=4, start=1)
    assert data["budget"]["start"] == 1 and data["budget"]["tree"] is True
    assert data["positions"]
    for rec in data["positions"]:
        assert rec["start"] == 1 and rec["labellings"] == 2
        assert rec["best"] in rec["legal"] and rec["best_b"] in rec["legal"]
    with pytest.raises(ValueError, match="other arguments"):
        tiny_build(out, suite=name, positions=2, sims=4, start=2)
    with pytest.raises(ValueError, match=r"--start must be an integer from 0 \(uniform\) to "
                                         r"--sims \(4\), got 8"):
        tiny_build(tmp_path / "bad.json.gz", suite=name, sims=4, start=8)


def test_relabel_by_successive_halving_records_its_start(tmp_path):
    """`relabel --start`: the budget and every position say where halving started; each
    position's best is one of the actions run to the end; a plain relabelling has no start."""
    suite = toy_suite(tmp_path)
    data = tiny_relabel(suite, tmp_path / "half.json.gz", sims=4, start=1)
    assert data["budget"]["start"] == 1 and data["complete"]
    plain = tiny_relabel(suite, tmp_path / "plain.json.gz", sims=4)
    assert "start" not in plain["budget"]
    for rec in data["positions"]:
        assert rec["best"] in rec["legal"] and len(rec["values"]) == len(rec["legal"])
    with pytest.raises(ValueError, match="--start must be an integer"):
        tiny_relabel(suite, tmp_path / "bad.json.gz", sims=4, start=5)


def test_label_bench_prices_uniform_labels_against_halving(tiny_suite, capsys):
    """The labelling bench prints one row per labeller, the first as the base, each with how
    often its best action is the suite's; a start above the simulations is refused."""
    from speciesgym.training.decisions import label_bench
    path, _ = tiny_suite
    argv = ["--suite", str(path), "--positions", "2", "--sims", "4", "--playouts", "greedy"]
    label_bench.main(argv + ["--starts", "0", "2"])
    rows = capsys.readouterr().out.splitlines()
    assert len(rows) == 3 and "4 simulations per action" in rows[0]
    assert "uniform" in rows[1] and "1.00x the first row" in rows[1]
    assert "halving from 2" in rows[2] and rows[2].endswith("of 2")
    with pytest.raises(SystemExit, match=r"--starts must lie from 0 to --sims \(4\), got \[8\]"):
        label_bench.main(argv + ["--starts", "8"])
