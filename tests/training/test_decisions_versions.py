"""Versions that bite (training/decisions/versions.py): a suite labelled under other rules is
refused, or with --allow-stale scored marked stale in every output; every result names its
suite's name, version, rules hash and file hash; a relabelling writes its own version and
the running rules' hash."""
import csv
import json

import pytest

from speciesgym.training.cli import main
from speciesgym.training.decisions import evaluate, load_suite
from speciesgym.training.decisions.leaderboard import run_leaderboard
from speciesgym.training.decisions.proof import board_suite
from speciesgym.training.decisions.rescore import rescore
from speciesgym.training.decisions.suite import read_suite_file, write_suite
from speciesgym.training.decisions.versions import _code_only, file_hash, rules_hash
from tests.training.decision_suites import Highest, Lowest, tiny_relabel, toy_suite
from tests.training.test_decisions_labels import rising


def stale_copy(tmp_path, **changes):
    """The toy suite written again with `changes` (e.g. another rules_hash)."""
    data = read_suite_file(toy_suite(tmp_path))
    data.update(changes)
    data = {k: v for k, v in data.items() if v is not None}
    write_suite(data, tmp_path / "stale.json.gz")
    return tmp_path / "stale.json.gz"


def test_a_suite_labelled_under_other_rules_is_refused(tmp_path):
    stale = stale_copy(tmp_path, rules_hash="0" * 16)
    with pytest.raises(ValueError, match="labelled under other evolution rules .rules hash "
                                         "0000000000000000, these rules "
                                         + rules_hash("evolution")):
        load_suite(stale)
    unstamped = stale_copy(tmp_path, rules_hash=None)
    with pytest.raises(ValueError, match="records no rules hash"):
        load_suite(unstamped)
    assert not load_suite(toy_suite(tmp_path)).stale


def test_a_stale_suite_is_scored_marked_stale_only_when_allowed(tmp_path, capsys):
    stale = stale_copy(tmp_path, rules_hash="0" * 16)
    assert main(["decisions", "eval", "--suite", str(stale), "--agent", "random"]) == 2
    assert "--allow-stale" in capsys.readouterr().err
    out = tmp_path / "eval.json"
    assert main(["decisions", "eval", "--suite", str(stale), "--agent", "random",
                 "--allow-stale", "--out", str(out)]) == 0
    assert "STALE" in capsys.readouterr().out.splitlines()[0]
    result = json.loads(out.read_text())
    assert result["stale"] and result["suite_info"]["stale"]
    board = tmp_path / "board"
    assert main(["decisions", "leaderboard", "--suite", str(stale), "--agents", "random",
                 "--allow-stale", "--out", str(board)]) == 0
    with open(board / "leaderboard.csv", newline="") as fh:
        assert [row["stale"] for row in csv.DictReader(fh)] == ["True"]
    assert "STALE" in (board / "leaderboard.txt").read_text().splitlines()[0]
    assert board_suite(board)["stale"]


def test_every_result_names_the_suite_version_and_file_hash(tmp_path):
    suite = toy_suite(tmp_path)
    expected = {"name": "toy", "version": 1, "rules_hash": rules_hash("evolution"),
                "file_sha256": file_hash(suite), "stale": False}
    assert evaluate(str(suite), Lowest()).to_dict()["suite_info"] == expected
    run_leaderboard(str(suite), [Lowest(), Highest()], tmp_path / "board")
    assert board_suite(tmp_path / "board") == expected
    with open(tmp_path / "board" / "leaderboard.csv", newline="") as fh:
        row = next(csv.DictReader(fh))
    assert (row["suite"], row["suite_version"], row["suite_sha256"]) == \
        ("toy", "1", file_hash(suite))
    new = rising(suite, tmp_path / "b.json.gz", {"rules_hash": rules_hash("evolution"),
                                                 "version": 2})
    results = rescore(tmp_path / "board", new, tmp_path / "again")
    assert results[0].suite_info == dict(expected, version=2, file_sha256=file_hash(new))
    note = json.loads((tmp_path / "again" / "rescore.json").read_text())
    assert note["suite_info"]["file_sha256"] == file_hash(new)


def test_rescore_under_stale_labels_is_refused_unless_allowed(tmp_path):
    suite = toy_suite(tmp_path)
    run_leaderboard(str(suite), [Lowest(), Highest()], tmp_path / "board")
    new = rising(suite, tmp_path / "b.json.gz", {"rules_hash": "0" * 16})
    with pytest.raises(ValueError, match="decisions rescore: suite toy .* other evolution "
                                         "rules"):
        rescore(tmp_path / "board", new, tmp_path / "again")
    results = rescore(tmp_path / "board", new, tmp_path / "again", allow_stale=True)
    assert all(r.stale for r in results)


def test_relabel_writes_its_own_version_and_the_running_rules(tmp_path):
    """A relabelling of a stale suite (whose positions still load) is current; its version
    is the source's + 1 unless given."""
    stale = stale_copy(tmp_path, rules_hash="0" * 16)
    data = tiny_relabel(stale, tmp_path / "new.json.gz", sims=2)
    assert data["rules_hash"] == rules_hash("evolution") and data["version"] == 2
    assert data["relabel"]["source_version"] == 1 and data["relabel"]["source_info"]["stale"]
    assert not load_suite(tmp_path / "new.json.gz").stale
    other = tiny_relabel(stale, tmp_path / "v7.json.gz", sims=2, version=7)
    assert other["version"] == 7


def test_the_rules_hash_follows_code_not_explanations():
    code = 'def f(x):\n    """Doc."""\n    return x + 1  # note\n'
    assert _code_only(code) == _code_only('def f(x):\n    """Other doc,\n    two lines."""\n\n'
                                          '    return x + 1\n')
    assert _code_only(code) != _code_only(code.replace("x + 1", "x + 2"))
    assert _code_only('s = "# not a comment"\n') == 's = "# not a comment"'


def test_info_reads_the_figures_from_the_file(tmp_path, capsys):
    from speciesgym.training.decisions.info import suite_info
    info = suite_info(toy_suite(tmp_path))
    assert (info["positions"], info["clear"], info["labellings"], info["noise_floor"]) == \
        (4, 3, 1, None)
    assert info["by_players"] == {"2": {"positions": 4, "clear": 3}}
    assert info["suite"]["file_sha256"] == file_hash(toy_suite(tmp_path))
    assert suite_info(stale_copy(tmp_path, rules_hash="0" * 16))["suite"]["stale"]
    out = tmp_path / "info.json"
    assert main(["decisions", "info", str(toy_suite(tmp_path)), "--out", str(out)]) == 0
    assert "4 positions from 4 games, 3 clear" in capsys.readouterr().out
    assert json.loads(out.read_text())["clear"] == 3
    assert sum(info["types"].values()) == 4


def test_restamp_only_when_the_rules_play_the_same_from_every_position(tmp_path, capsys):
    from speciesgym.training.decisions.behaviour import record_behaviour, restamp
    data = read_suite_file(toy_suite(tmp_path))
    for i, p in enumerate(data["positions"]):
        p["behaviour"] = record_behaviour("evolution", p, i)
    write_suite(dict(data, rules_hash="0" * 16), tmp_path / "old.json.gz")
    out = tmp_path / "new.json.gz"
    assert main(["decisions", "restamp", str(tmp_path / "old.json.gz"), "--out",
                 str(out)]) == 0
    assert "4 positions play as when labelled" in capsys.readouterr().out
    new = read_suite_file(out)
    assert new["rules_hash"] == rules_hash("evolution") and not load_suite(out).stale
    assert new["rules_stamps"][-1]["from"] == "0" * 16
    with pytest.raises(ValueError, match="already labelled under these rules"):
        restamp(out, tmp_path / "again.json.gz")
    data["positions"][2]["behaviour"] = "f" * 16            # it played otherwise then
    write_suite(dict(data, rules_hash="0" * 16), tmp_path / "other.json.gz")
    with pytest.raises(ValueError, match="play differently from position 2"):
        restamp(tmp_path / "other.json.gz", tmp_path / "x.json.gz")
    del data["positions"][0]["behaviour"]
    write_suite(dict(data, rules_hash="0" * 16), tmp_path / "none.json.gz")
    with pytest.raises(ValueError, match="position 0 .* has no behaviour hash"):
        restamp(tmp_path / "none.json.gz", tmp_path / "y.json.gz")
    assert not (tmp_path / "x.json.gz").exists() and not (tmp_path / "y.json.gz").exists()


def test_built_positions_carry_their_behaviour(tmp_path):
    from speciesgym.training.decisions.behaviour import record_behaviour
    from tests.training.decision_suites import tiny_build
    data = tiny_build(tmp_path / "b.json.gz", positions=2, sims=2)
    for i, p in enumerate(data["positions"]):
        assert p["behaviour"] == record_behaviour("evolution", p, i)
