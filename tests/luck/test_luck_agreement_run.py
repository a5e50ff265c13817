"""benchmarks/scripts/luck_agreement.py: the agreement verdict follows the mean difference,
and a run cut short goes on from its last chunk without playing a game twice."""
import csv
import json

import numpy as np
import pytest

from tests.bench_scripts import load_script


@pytest.fixture(scope="module")
def script():
    return load_script("luck_agreement")


def rows(plain, adjusted):
    return [{"plain": p, "adjusted": a} for p, a in zip(plain, adjusted)]


def test_luck_agreement_verdict_follows_the_mean_correction(script):
    rng = np.random.default_rng(0)
    plain = rng.integers(0, 2, 400).astype(float)
    centred = plain - rng.normal(0.0, 0.1, 400)
    shifted = plain - 0.2 - rng.normal(0.0, 0.1, 400)
    assert script.agreement(rows(plain, centred), seed=0)["agree"]
    out = script.agreement(rows(plain, shifted), seed=0)
    assert not out["agree"]
    assert out["difference"]["low"] > 0.15


def test_luck_agreement_run_resumes_without_replaying(script, tmp_path, capsys):
    args = ["--game", "evolution", "--agents", "random,random", "--games", "4", "--chunk", "2",
            "--seed", "91000", "--value", "value:search:1", "--name", "agree", "--out",
            str(tmp_path)]
    script.main(args[:5] + ["2"] + args[6:])          # cut short: the first chunk only
    with open(tmp_path / "agree.csv", newline="") as fh:
        first = list(csv.DictReader(fh))
    assert [int(r["seed"]) for r in first] == [91000, 91001]
    script.main(args)
    with open(tmp_path / "agree.csv", newline="") as fh:
        done = list(csv.DictReader(fh))
    assert [int(r["seed"]) for r in done] == [91000, 91001, 91002, 91003]
    assert done[:2] == first                          # the first chunk was not played again
    summary = json.loads((tmp_path / "agree.json").read_text())
    assert summary["games"] == 4
    assert summary["value"] == "value:search:1"
    assert "agree" in capsys.readouterr().out.splitlines()[-3]
