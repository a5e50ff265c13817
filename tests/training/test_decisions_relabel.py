"""Decision suites relabelled and compared (training/decisions/relabel.py, agree.py):
relabels reproducible from their seed and resumable, a failing or interrupted task stops the
run naming it and the rerun continues, agreement of two labellings to known figures."""
import json

import numpy as np
import pytest

from speciesgym.training.cli import main
from speciesgym.training.decisions import load_suite
from speciesgym.training.decisions.suite import read_suite_file, write_suite
from tests.training.decision_suites import (labels_only, tiny_relabel, tiny_suite,  # noqa: F401
                                          toy_suite)


def test_relabel_is_reproducible_from_its_seed_and_resumable(tiny_suite, tmp_path):
    """Same positions as the suite, the suite's budget by default, the same labels from the
    same seed (also after an interrupted run), other labels from another seed."""
    path, data = tiny_suite
    first = tiny_relabel(path, tmp_path / "a.json.gz")
    assert first["complete"] and first["budget"]["sims"] == 3 and first["seed"] == 5
    assert [p["scenario"] for p in first["positions"]] == \
        [p["scenario"] for p in data["positions"]]
    assert first["relabel"]["source_seed"] == 7
    part = tiny_relabel(path, tmp_path / "b.json.gz", max_positions=1)
    assert not part["complete"] and len(part["positions"]) == 1
    again = tiny_relabel(path, tmp_path / "b.json.gz")
    assert again["complete"] and labels_only(again) == labels_only(first)
    assert len(load_suite(tmp_path / "b.json.gz")) == 3          # a suite file like any other
    parallel = tiny_relabel(path, tmp_path / "w.json.gz", workers=2)
    assert labels_only(parallel) == labels_only(first)
    other = tiny_relabel(path, tmp_path / "c.json.gz", seed=6)
    assert [p["values"] for p in other["positions"]] != [p["values"] for p in first["positions"]]
    more = tiny_relabel(path, tmp_path / "d.json.gz", sims=4)
    assert more["budget"]["sims"] == 4 and all(p["sims"] == 4 for p in more["positions"])
    with pytest.raises(ValueError, match="other arguments"):
        tiny_relabel(path, tmp_path / "b.json.gz", seed=6)


def relabel_stopped_at(tmp_path, monkeypatch, position, exc):
    """A relabel command of the toy suite whose labelling of `position` raises `exc`: its
    argv, and a function that puts the real labeller back for the rerun."""
    from speciesgym.training.decisions import relabel as module
    labelled = module.relabel_task

    def stops(game, record, sims, seed, i, *playout):
        if i == position:
            raise exc
        return labelled(game, record, sims, seed, i, *playout)

    monkeypatch.setattr(module, "relabel_task", stops)
    argv = ["decisions", "relabel", "--suite", str(toy_suite(tmp_path)), "--sims", "2",
            "--quiet", "--out", str(tmp_path / "r.json.gz")]
    return argv, lambda: monkeypatch.setattr(module, "relabel_task", labelled)


def journal_tasks(tmp_path):
    lines = (tmp_path / "r.partial.jsonl").read_text().splitlines()
    return [json.loads(line)["task"] for line in lines[1:]]


def test_a_task_that_raises_stops_the_run_naming_it_and_the_rerun_continues(tmp_path, capsys,
                                                                          monkeypatch):
    argv, mend = relabel_stopped_at(tmp_path, monkeypatch, 1, RuntimeError("the labeller broke"))
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert "decisions relabel: position 1 (toy-1) failed: RuntimeError: the labeller broke" \
        in err and "the same command continues" in err
    assert journal_tasks(tmp_path) == [0]
    mend()
    assert main(argv) == 0
    out = read_suite_file(tmp_path / "r.json.gz")
    assert out["complete"] and len(out["positions"]) == 4


def test_ctrl_c_keeps_the_journal_says_so_and_the_rerun_continues(tmp_path, capsys,
                                                                   monkeypatch):
    argv, mend = relabel_stopped_at(tmp_path, monkeypatch, 2, KeyboardInterrupt())
    assert main(argv) == 130
    err = capsys.readouterr().err
    assert "interrupted" in err and "run the same command again to continue" in err
    assert journal_tasks(tmp_path) == [0, 1]
    mend()
    assert main(argv) == 0
    assert len(read_suite_file(tmp_path / "r.json.gz")["positions"]) == 4
    import importlib
    evaluate_module = importlib.import_module("speciesgym.training.decisions.evaluate")
    monkeypatch.setattr(evaluate_module, "evaluate",
                        lambda *a, **k: (_ for _ in ()).throw(KeyboardInterrupt))
    suite = toy_suite(tmp_path)
    assert main(["decisions", "eval", "--suite", str(suite), "--agent", "random"]) == 130
    assert "nothing was written" in capsys.readouterr().err


def two_labellings(tmp_path):
    """A and B of the toy suite's four positions: values rising with the action in A, in B
    too except position 0 (falling); clear in A: 0, 1, 2; clear in B: 0, 1."""
    a = read_suite_file(toy_suite(tmp_path))
    b = json.loads(json.dumps(a))
    for i, (x, y) in enumerate(zip(a["positions"], b["positions"])):
        n = len(x["legal"])
        x["values"] = np.linspace(0.1, 0.9, n).tolist()
        y["values"] = x["values"][::-1] if i == 0 else x["values"]
        x["best"] = x["legal"][-1]
        y["best"] = y["legal"][0] if i == 0 else y["legal"][-1]
        x["clear"], y["clear"] = i < 3, i < 2
    return a, b


def test_agree_on_hand_made_labellings_gives_known_figures(tmp_path):
    from speciesgym.training.decisions.agree import agreement
    from speciesgym.training.stats import wilson
    a, b = two_labellings(tmp_path)
    fig = agreement(a, b)
    assert (fig["clear_in_a"]["same_best"], fig["clear_in_a"]["n"]) == (2, 3)
    assert (fig["clear_in_both"]["same_best"], fig["clear_in_both"]["n"]) == (1, 2)
    assert (fig["all"]["same_best"], fig["all"]["n"]) == (3, 4)
    assert fig["clear_in_a"]["share"] == pytest.approx(2 / 3, abs=1e-4)
    assert fig["clear_in_a"]["ci95"] == pytest.approx([0.2077, 0.9385], abs=1e-3)
    assert fig["rank_correlation"] == {"mean": 0.5, "n": 4}
    assert not fig["partial"]
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-3)
    for x, y, z in zip(a["positions"], b["positions"], (5.0, 2.5, 3.5, 0.0)):
        x["z"] = y["z"] = z
    strict = agreement(a, b, min_z=3)            # clear in both now: positions 0 and 2
    assert (strict["clear_in_both"]["same_best"], strict["clear_in_both"]["n"]) == (1, 2)
    assert strict["clear_rule"] == {"min_z": 3} and fig["clear_rule"] is None


def test_agree_refuses_other_positions_and_compares_a_partial_relabel(tmp_path, capsys):
    from speciesgym.training.decisions.agree import agreement
    a, b = two_labellings(tmp_path)
    swapped = dict(b, positions=b["positions"][::-1])
    with pytest.raises(ValueError, match="position 0 differs in 'id'"):
        agreement(a, swapped)
    with pytest.raises(ValueError, match="A has 4 positions, B 3"):
        agreement(a, dict(b, positions=b["positions"][:3]))
    part = agreement(a, dict(b, positions=b["positions"][:2], complete=False))
    assert part["partial"] and part["all"]["n"] == 2
    write_suite(a, tmp_path / "a.json.gz")
    write_suite(dict(b, positions=b["positions"][1:]), tmp_path / "b.json.gz")
    assert main(["decisions", "agree", str(tmp_path / "a.json.gz"),
                 str(tmp_path / "b.json.gz")]) == 2
    assert "not two labellings of the same positions" in capsys.readouterr().err
    write_suite(b, tmp_path / "b.json.gz")
    out = tmp_path / "agree.json"
    assert main(["decisions", "agree", str(tmp_path / "a.json.gz"), str(tmp_path / "b.json.gz"),
                 "--out", str(out)]) == 0
    assert json.loads(out.read_text())["clear_in_a"]["same_best"] == 2
    assert "positions clear in A" in capsys.readouterr().out
