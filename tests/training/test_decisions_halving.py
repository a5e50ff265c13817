"""The suites built and relabelled by successive halving (agents/search/label_halving.py,
`decisions build --start`, `decisions relabel --start`): the budget and the positions say
so, and a start above the final count is refused."""
import pytest

from tests.training.decision_suites import tiny_build, tiny_relabel, toy_suite


def test_dominance_suites_label_by_successive_halving(tmp_path):
    """The Dominant Species table suites' labeller is successive halving: the budget says
    where it starts, each position records it, A's best and the rival B tests it against
    are among the actions run to the end, every action ran at least `start` times; a start
    above the final count, or with halving's budget in the journal, is refused."""
    from speciesgym.training.decisions.specs import suite_spec
    assert suite_spec("dominance-2p").label["start"] < suite_spec("dominance-2p").label["sims"]
    out = tmp_path / "dom.json.gz"
    data = tiny_build(out, suite="dominance-2p", positions=2, sims=4, start=1)
    assert data["budget"]["start"] == 1 and data["budget"]["tree"] is True
    assert data["positions"]
    for rec in data["positions"]:
        assert rec["start"] == 1 and rec["labellings"] == 2
        assert rec["best"] in rec["legal"] and rec["best_b"] in rec["legal"]
    with pytest.raises(ValueError, match="other arguments"):
        tiny_build(out, suite="dominance-2p", positions=2, sims=4, start=2)
    with pytest.raises(ValueError, match=r"--start must be an integer from 0 \(uniform\) to "
                                         r"--sims \(4\), got 8"):
        tiny_build(tmp_path / "bad.json.gz", suite="dominance-2p", sims=4, start=8)


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
