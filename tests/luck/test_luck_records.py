"""`speciesgym luck` over stored records: every Dominant Species dominance card drawn is a
corrected chance event (DS-RESET-03), the output names the value and prints the variance
ratio line, and bad input is refused."""
import json

import numpy as np
import pytest

from speciesgym.agents.runner import make_engine
from speciesgym.training.cli.app import main
from speciesgym.training.records.record import add_action, finish_record, new_record, save_record


def _record(seed):
    engine = make_engine("dominant_species", 2)
    rng = np.random.default_rng(seed)
    state = engine.new_state(seed)
    rec = new_record("dominant_species", 2, {}, seed, ["random", "random"])
    while engine.to_move(state) >= 0:
        a = int(rng.choice(np.flatnonzero(engine.legal_mask(state))))
        add_action(rec, engine.to_move(state), a, engine.action_name(state, a))
        engine.apply(state, a)
    scores, winners, _ = engine.final(state)
    finish_record(rec, scores, winners)
    return rec


def test_luck_command_over_records(tmp_path, capsys):
    for seed in (1, 2, 3):
        save_record(_record(seed), tmp_path / f"{seed}.json")
    out = tmp_path / "luck.json"
    assert main(["luck", str(tmp_path), "--luck", "value:search:1", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "variance ratio" in text and "value:search:1" in text
    data = json.loads(out.read_text())
    assert data["summary"]["value"] == "value:search:1"
    for row in data["games"]:
        assert row["plain"] in (0.0, 0.5, 1.0)
        assert row["adjusted"] == pytest.approx(row["plain"] - row["chance"])
        assert row["by_label"]                      # cards were drawn and corrected


def test_luck_command_refuses_bad_input(tmp_path, capsys):
    save_record(_record(4), tmp_path / "a.json")
    save_record(_record(5), tmp_path / "b.json")
    assert main(["luck", str(tmp_path), "--luck", "value:oracle"]) == 2
    assert "unknown value function" in capsys.readouterr().err
    assert main(["luck", str(tmp_path / "missing")]) == 2


def test_luck_match_flag_prints_the_adjusted_block(capsys):
    code = main(["match", "--game", "dominant_species", "--agents", "random,heuristic:spreader",
                 "--games", "2", "--seed", "7", "--luck", "value:search:1"])
    assert code == 0
    text = capsys.readouterr().out
    assert "win share" in text and "adjusted reward" in text and "variance ratio" in text


def test_luck_tournament_flag_writes_luck_json(tmp_path, capsys):
    out = tmp_path / "t"
    code = main(["tournament", "--game", "dominant_species", "--players", "2", "--agents",
                 "random,heuristic:spreader", "--games", "2", "--out", str(out),
                 "--luck", "value:search:1"])
    assert code == 0
    assert "variance ratio" in capsys.readouterr().out
    data = json.loads((out / "luck.json").read_text())
    assert data["random"]["value"] == "value:search:1"
