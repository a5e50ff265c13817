"""The shipped fuzzer: inputs are re-created from (seed, index), a few hundred per game pass
(refused with a message, or loaded, conserved and played to the end), and every failing
input once found is kept under tests/data/fuzz/<game>/ as a regression scenario."""
import io
import json
import pathlib

import numpy as np
import pytest

from speciesgym.envs.fuzz.__main__ import main, run
from speciesgym.envs.fuzz.mutate import mutate
from speciesgym.envs.fuzz.target import GAMES, make_input, verdict

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "fuzz"
KEPT = sorted(DATA.glob("*/*.json"))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_inputs_are_recreated_from_seed_and_index(game):
    assert make_input(game, 5, 17)[0] == make_input(game, 5, 17)[0]
    assert make_input(game, 5, 17)[0] != make_input(game, 5, 18)[0]


def test_mutations_change_the_position():
    base = {"a": [1, 2, {"b": 3}], "c": "x"}
    changed = [mutate(base, np.random.default_rng(i)) for i in range(20)]
    assert base == {"a": [1, 2, {"b": 3}], "c": "x"}
    assert sum(c != base for c in changed) >= 15


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_few_hundred_inputs_pass(game):
    out = io.StringIO()
    counts = run(game, 200, 2024, out=out)
    assert counts["inconsistent"] == counts["crash"] == counts["hang"] == 0, out.getvalue()
    assert counts["refused"] > 0 and counts["played"] > 0


def test_a_failure_is_reported_and_exits_non_zero(monkeypatch, tmp_path, capsys):
    import speciesgym.envs.fuzz.__main__ as cli
    monkeypatch.setattr(cli, "verdict", lambda game, data, rng: ("inconsistent", "made up"))
    assert main(["--game", "evolution", "--seed", "3", "--only", "4",
                 "--save", str(tmp_path)]) == 1
    assert "inconsistent 1" in capsys.readouterr().out
    saved = tmp_path / "evolution" / "3-4.json"
    assert json.loads(saved.read_text()) == make_input("evolution", 3, 4)[0]


@pytest.mark.parametrize("path", KEPT, ids=[f"{p.parent.name}/{p.name}" for p in KEPT])
def test_kept_failures_are_now_refused_or_played(path):
    kind, detail = verdict(path.parent.name, json.loads(path.read_text()),
                           np.random.default_rng(0))
    assert kind in ("refused", "played"), detail
