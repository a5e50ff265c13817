"""`speciesgym effects`: a variant sweep against a base sweep, on hand-made
sweeps whose figures are known."""
import csv
import json

import numpy as np
import pytest

from speciesgym.training import cli
from speciesgym.training.analysis.effects import delta_interval, effects
from speciesgym.training.stats import iqm
from speciesgym.training.ppo.train import Args
from speciesgym.training.ppo.sweep import sweep_config

GRAZER = {"base": [0.5, 0.6, 0.7, 0.8, 0.9], "noshape": [0.1, 0.2, 0.3, 0.2, 0.1]}
HUNTER = {"base": [0.6, 0.6, 0.6, 0.6, 0.6], "noshape": [0.6, 0.7, 0.5, 0.6, 0.6]}


def make_sweep(root, name, config, grazer, hunter, steps=(100, 200)):
    folder = root / name
    for seed, (g, h) in enumerate(zip(grazer, hunter)):
        (folder / f"seed_{seed}").mkdir(parents=True)
        with open(folder / f"seed_{seed}" / "eval.csv", "w", newline="") as f:
            writer = csv.writer(f)
            writer.writerow(["step", "opponent", "games", "win_rate", "mean_reward",
                             "mean_score", "seconds", "cpu_seconds"])
            for step in steps:       # earlier steps at half the win rate: only the last counts
                scale = 1.0 if step == steps[-1] else 0.5
                writer.writerow([step, "heuristic:grazer", 200, g * scale, 0, 0, 1, step * 6])
                writer.writerow([step, "heuristic:hunter", 200, h * scale, 0, 0, 1, step * 6])
    (folder / "sweep.json").write_text(json.dumps({"config": config, "seeds": [0, 1, 2, 3, 4]}))
    return str(folder)


def config(**kw):
    return sweep_config(Args(**{"game": "evolution", "players": 2, "shaping": 2.0, **kw}))


def test_a_variant_against_the_base_gives_known_differences(tmp_path, capsys):
    base = make_sweep(tmp_path, "base", config(), GRAZER["base"], HUNTER["base"])
    variant = make_sweep(tmp_path, "noshape", config(shaping=0.0), GRAZER["noshape"],
                         HUNTER["noshape"])
    rows = {(r["sweep"], r["opponent"]): r for r in effects([base, variant], reps=500)}
    g = rows[(variant, "heuristic:grazer")]
    assert g["changes"] == "--shaping 0.0" and g["step"] == 200 and g["seeds"] == 5
    expected = iqm(GRAZER["noshape"]) - iqm(GRAZER["base"])        # 0.2 - 0.7
    assert g["delta"] == pytest.approx(expected, abs=1e-4)
    assert g["delta_low"] <= expected <= g["delta_high"] < 0      # clearly worse
    h = rows[(variant, "heuristic:hunter")]
    assert h["delta_low"] < 0 < h["delta_high"]                   # no difference shown
    pooled = rows[(variant, "all heuristics")]                    # grazer and hunter pooled
    both = iqm(GRAZER["noshape"] + HUNTER["noshape"]) - iqm(GRAZER["base"] + HUNTER["base"])
    assert pooled["delta"] == pytest.approx(both, abs=1e-4)
    assert pooled["delta_low"] <= both <= pooled["delta_high"]
    assert rows[(base, "heuristic:grazer")]["changes"] == "base"
    assert np.isnan(rows[(base, "heuristic:grazer")]["delta"])
    out = tmp_path / "table"
    assert cli.main(["effects", base, variant, "--reps", "500", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "--shaping 0.0" in printed and "-53.3%" in printed      # 16.7% - 70.0%
    with open(out / "effects.csv") as f:
        assert len(list(csv.DictReader(f))) == 6                  # 2 sweeps x 3 rows
    assert json.loads((out / "effects.json").read_text())["statistic"] == "iqm"
    table = (out / "effects.md").read_text().splitlines()
    assert table[0] == "| sweep (change) | seeds | grazer | hunter | all heuristics |"
    assert table[2].startswith("| base (`base`) | 5 | 70.0% [")
    assert table[3].startswith("| noshape (`--shaping 0.0`) | 5 | 16.7%, -53.3 [")


def test_the_difference_interval_is_reproducible_and_holds_the_difference():
    a, b = [0.2, 0.4, 0.6, 0.8], [0.5, 0.6, 0.7, 0.9]
    first = delta_interval([a], [b], reps=400, seed=3)
    assert first == delta_interval([a], [b], reps=400, seed=3)
    assert first[0] <= iqm(b) - iqm(a) <= first[1]
    assert delta_interval([[0.5] * 4], [[0.5] * 4], reps=50) == (0.0, 0.0)


def test_a_pool_cadence_from_before_pool_every_counts_as_the_checkpoint_cadence(tmp_path):
    old = config(checkpoint_every=100_000)
    del old["pool_every"]
    base = make_sweep(tmp_path, "old", old, GRAZER["base"], HUNTER["base"])
    same = make_sweep(tmp_path, "new", config(checkpoint_every=100_000, pool_every=100_000),
                      GRAZER["base"], HUNTER["base"])
    rows = effects([base, same], reps=50)
    assert {r["changes"] for r in rows if r["sweep"] == same} == {"(same config)"}


def test_sweeps_that_do_not_compare_are_refused(tmp_path, capsys):
    base = make_sweep(tmp_path, "base", config(), GRAZER["base"], HUNTER["base"])
    four = make_sweep(tmp_path, "four", config(players=4), GRAZER["base"], HUNTER["base"])
    with pytest.raises(ValueError, match="--players 4, the base .* of 2"):
        effects([base, four])
    (tmp_path / "loose").mkdir()
    assert cli.main(["effects", base, str(tmp_path / "loose")]) == 2
    assert "not a sweep" in capsys.readouterr().err
    with pytest.raises(ValueError, match="at least one variant"):
        effects([base])


def test_a_field_added_since_a_sweep_was_written_counts_at_its_default(tmp_path):
    """A sweep written before --vf-net existed ran with the value network shaped as --net:
    it matches a sweep with --vf-net empty, and differs from one with --vf-net 64,64."""
    old = config()
    del old["vf_net"]
    base = make_sweep(tmp_path, "old", old, GRAZER["base"], HUNTER["base"])
    same = make_sweep(tmp_path, "new", config(), GRAZER["base"], HUNTER["base"])
    small = make_sweep(tmp_path, "small", config(vf_net="64,64"), GRAZER["base"], HUNTER["base"])
    rows = effects([base, same, small], reps=50)
    assert {r["changes"] for r in rows if r["sweep"] == same} == {"(same config)"}
    assert {r["changes"] for r in rows if r["sweep"] == small} == {"--vf-net 64,64"}


def test_changes_names_a_flag_switched_off_as_typed():
    """An empty value (cloning off: `--pretrain=`) reads as the flag with `=`, a changed
    value as `--flag value`, a flag only one side has as <absent>."""
    from speciesgym.training.analysis.effects import changes
    base = {"pretrain": "heuristic:flyer", "shaping": 2.0}
    assert changes(base, {"pretrain": "", "shaping": 2.0}) == "--pretrain="
    assert changes(base, {"pretrain": "heuristic:flyer", "shaping": 0.0}) == "--shaping 0.0"
    assert changes(base, {"shaping": 2.0}) == "--pretrain <absent>"
    assert changes(base, dict(base)) == "(same config)"
