"""`speciesgym train --eval-suite`: decision scores of the policy at each evaluation, in
eval.csv and TensorBoard (training.decisions.during_training)."""
import math
import os

import pytest

from tests.training.test_train import eval_rows, tiny
from speciesgym.training.decisions.during_training import MIN_CLEAR, SuiteEval, table_suite
from tests.training.decision_suites import Lowest
from speciesgym.training.analysis.sweep_report import read_eval
from speciesgym.training.ppo.train import train


def test_train_logs_suite_scores_at_each_evaluation(tmp_path, capsys):
    """A 2-player run scores the 2-player suite; 12 positions hold fewer than MIN_CLEAR
    clear ones: regret and the clear count, no agreement."""
    train(tiny(tmp_path, timesteps=300, name="s", eval_suite="feeding",
               eval_suite_positions=12))
    assert "--eval-suite: suite feeding-2p v" in capsys.readouterr().out
    rows = eval_rows(tmp_path / "s")
    suite_rows = [r for r in rows if r["opponent"] == "suite:feeding-2p"]
    game_rows = [r for r in rows if r["opponent"] == "random"]
    assert [r["step"] for r in suite_rows] == [r["step"] for r in game_rows]
    assert [r["step"] for r in suite_rows][0] == "256" and len(suite_rows) == 2
    for r in suite_rows:
        assert r["games"] == "12" and r["win_rate"] == ""
        assert r["agreement"] == "" and 0 <= int(r["clear"]) < MIN_CLEAR
        assert 0 <= float(r["regret"]) <= 1 and math.isfinite(float(r["regret"]))
    assert all(not r["agreement"] for r in game_rows)      # short rows: no suite columns
    assert {op for _, op in read_eval(tmp_path / "s" / "eval.csv")} == {"random"}
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator
    tags = set()
    for root, _, files in os.walk(tmp_path / "s" / "tb"):
        for f in files:
            acc = EventAccumulator(os.path.join(root, f))
            acc.Reload()
            tags |= set(acc.Tags()["scalars"])
    assert {"eval/suite_feeding-2p_clear", "eval/suite_feeding-2p_regret"} <= tags
    assert "eval/suite_feeding-2p_agreement" not in tags


def test_agreement_is_shown_from_min_clear_positions(tmp_path):
    """Agreement is a figure only from MIN_CLEAR clear positions of the slice; the row puts
    the clear count beside it; a run started with the older two columns keeps them."""
    few = SuiteEval("feeding", "evolution", 5, positions=60, seed=4)
    many = SuiteEval("feeding", "evolution", 5, positions=500, seed=4)
    assert few.clear < MIN_CLEAR <= many.clear
    for suite_eval in (few, many):
        score = suite_eval.score(Lowest())
        assert score["n_clear"] == suite_eval.clear
        assert (score["agreement"] is None) == (suite_eval.clear < MIN_CLEAR)
        row = suite_eval.row(10, score, 1.0)
        assert row[-1] == suite_eval.clear and (row[-3] == "") == (suite_eval.clear < MIN_CLEAR)
    old = tmp_path / "eval.csv"
    old.write_text("step,opponent,games,win_rate,mean_reward,mean_score,seconds,cpu_seconds,"
                   "agreement,regret\n")
    many.check_header(old)
    assert len(many.row(10, many.score(Lowest()), 1.0)) == 10


def test_the_suite_of_the_runs_table_size_is_used():
    assert table_suite("feeding", 2) == "feeding-2p"
    assert table_suite("feeding", 5) == "feeding"            # no 5-player suite ships
    assert table_suite("dominance", 2) == "dominance-2p"
    assert SuiteEval("feeding", "evolution", 2, positions=5).name == "feeding-2p"


def test_suite_slice_is_fixed_and_fits_the_table():
    a = SuiteEval("feeding", "evolution", 3, positions=15, seed=4)
    b = SuiteEval("feeding", "evolution", 3, positions=15, seed=4)
    assert [p.id for p in a.suite.positions] == [p.id for p in b.suite.positions]
    assert len(a.suite) == 15 and {p.players for p in a.suite.positions} == {3}
    with pytest.raises(ValueError, match="no 7-player position"):
        SuiteEval("feeding", "evolution", 7)
    off = SuiteEval("feeding", "evolution", 3, {"flight": False}, positions=500)
    assert off.suite.positions and all(not p.options["flight"] for p in off.suite.positions)


@pytest.mark.parametrize("kw, message", [
    (dict(game="dominant_species", eval_suite="feeding"),
     "suite of evolution decisions, but --game is dominant_species"),
    (dict(eval_suite="nosuch"), "unknown suite 'nosuch'"),
    (dict(eval_suite="feeding", eval_suite_positions=0), "--eval-suite-positions"),
])
def test_bad_eval_suite_is_a_clear_error_before_any_work(tmp_path, kw, message):
    args = dict(timesteps=256, name="bad")
    args.update(kw)
    with pytest.raises(ValueError, match=message):
        train(tiny(tmp_path, **args))
    assert not (tmp_path / "bad").exists()
