"""The floor model (training/decisions/floor_model.py): the noise floor a suite's labels
would have at k times the simulations, fitted to the suite's two labellings."""
import numpy as np
import pytest

from speciesgym.training.decisions.crossfit import floor
from speciesgym.training.decisions.floor_model import expected_floor, main, model_inputs, table
from speciesgym.training.decisions.suite import FORMAT, FORMAT_VERSION, write_suite


def drawn_records(n, se, seed=0):
    """Positions whose two labellings are drawn as the model says: values apart by about
    one standard error, each labelling's errors independent normal of `se`."""
    rng = np.random.default_rng(seed)
    out = []
    for i in range(n):
        true = rng.normal(0, se, 4)
        a = true + rng.normal(0, se, 4)
        b = true + rng.normal(0, se, 4)
        out.append({"id": f"p{i}", "legal": [1, 2, 3, 4], "values": a.tolist(),
                    "values_b": b.tolist(), "se": [se] * 4, "se_b": [se] * 4,
                    "best": int(1 + a.argmax()), "best_b": int(1 + b.argmax())})
    return out


def test_no_noise_no_floor_and_more_simulations_lower_it():
    exact = [(np.array([0.5, 0.4, 0.1]), np.zeros(3))]
    assert expected_floor(exact, 1) == 0.0
    noisy = [(np.array([0.5, 0.48, 0.1]), np.full(3, 0.05))]
    floors = [expected_floor(noisy, k, draws=4000) for k in (1, 4, 16)]
    assert floors[0] > floors[1] > floors[2] > 0
    # one action legal: nothing to get wrong
    assert expected_floor([(np.array([0.3]), np.array([0.1]))], 1) == 0.0
    with pytest.raises(ValueError, match="above 0"):
        expected_floor(noisy, 0)


def test_the_model_recovers_the_floor_of_labels_drawn_from_it():
    """Labels drawn from the model: its floor at k = 1 lies near the floor observed, and
    quadrupling the simulations cuts it by half or more (the errors shrink as one over the
    root, and with them how often the best is missed)."""
    records = drawn_records(300, 0.02)
    observed = float(np.mean([floor(r) for r in records]))
    rows, seen = table(records, [1, 4], spread=0.04, draws=400)
    assert seen == pytest.approx(observed)
    (_, at_one, scaled_one, share), (_, at_four, _, _) = rows
    assert at_one == pytest.approx(observed, rel=0.35)
    assert scaled_one == pytest.approx(observed)
    assert share == pytest.approx(observed / 0.04)
    assert 0.2 < at_four / at_one < 0.6


def test_halving_and_single_labellings_are_refused_by_name():
    one = {"id": "x", "legal": [1, 2], "values": [0.1, 0.2], "se": [0.01, 0.01], "best": 2}
    with pytest.raises(ValueError, match="x: one labelling"):
        model_inputs([one])
    halved = dict(drawn_records(1, 0.01)[0], start=16)
    with pytest.raises(ValueError, match="successive halving"):
        model_inputs([halved])


def test_command_prints_the_table_and_refuses_a_bad_spread(tmp_path, capsys):
    path = tmp_path / "s.json.gz"
    write_suite({"format": FORMAT, "format_version": FORMAT_VERSION, "name": "toy", "version": 1,
                 "game": "evolution", "budget": {"sims": 64},
                 "positions": drawn_records(40, 0.02)}, path)
    assert main(["--suite", str(path), "--spread", "0.05", "--times", "1", "4"]) == 0
    out = capsys.readouterr().out
    assert "toy v1: 40 positions, 64 simulations" in out
    assert len([ln for ln in out.splitlines() if ln.strip().startswith(("1 ", "4 "))]) == 2
    with pytest.raises(SystemExit, match="--spread must be above 0"):
        main(["--suite", str(path), "--spread", "0"])
    with pytest.raises(SystemExit, match="floor_model: suite file not found"):
        main(["--suite", str(tmp_path / "none.json.gz")])
