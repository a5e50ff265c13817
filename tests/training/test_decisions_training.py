"""`speciesgym train --eval-suite`: decision scores of the policy at each evaluation, in
eval.csv and TensorBoard (training.decisions.during_training)."""
import math
import os

import pytest

from tests.training.test_train import eval_rows, tiny
from speciesgym.training.decisions.during_training import SuiteEval
from speciesgym.training.report import read_eval
from speciesgym.training.train import train


def test_train_logs_suite_scores_at_each_evaluation(tmp_path):
    train(tiny(tmp_path, timesteps=300, name="s", eval_suite="feeding",
               eval_suite_positions=12))
    rows = eval_rows(tmp_path / "s")
    suite_rows = [r for r in rows if r["opponent"] == "suite:feeding"]
    game_rows = [r for r in rows if r["opponent"] == "random"]
    assert [r["step"] for r in suite_rows] == [r["step"] for r in game_rows]
    assert [r["step"] for r in suite_rows][0] == "256" and len(suite_rows) == 2
    for r in suite_rows:
        assert r["games"] == "12" and r["win_rate"] == ""
        assert 0 <= float(r["agreement"]) <= 1 and math.isfinite(float(r["agreement"]))
        assert 0 <= float(r["regret"]) <= 1
    assert all(not r["agreement"] for r in game_rows)      # short rows: no suite columns
    assert {op for _, op in read_eval(tmp_path / "s" / "eval.csv")} == {"random"}
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator
    tags = set()
    for root, _, files in os.walk(tmp_path / "s" / "tb"):
        for f in files:
            acc = EventAccumulator(os.path.join(root, f))
            acc.Reload()
            tags |= set(acc.Tags()["scalars"])
    assert {"eval/suite_feeding_agreement", "eval/suite_feeding_regret"} <= tags


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
