"""speciesgym.envs.core.atomic: a file is its old contents or its new ones, never half
of the new."""
import gzip
import json

import pytest

from speciesgym.envs.core.atomic import atomic_write
from speciesgym.envs.core.scenario import save_json
from speciesgym.training.decisions.suite import write_suite


def test_a_finished_write_replaces_the_file_and_leaves_no_temporary(tmp_path):
    path = tmp_path / "a.json"
    path.write_text("old")
    with atomic_write(path) as fh:
        fh.write("new")
        assert path.read_text() == "old"            # not visible before the block ends
    assert path.read_text() == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json"]


@pytest.mark.parametrize("error", [KeyboardInterrupt, RuntimeError])
def test_an_error_inside_the_block_keeps_the_old_file_and_removes_the_temporary(tmp_path, error):
    path = tmp_path / "a.bin"
    path.write_bytes(b"old")
    with pytest.raises(error):
        with atomic_write(path, "wb") as fh:
            fh.write(b"half of the ne")
            raise error("interrupted")
    assert path.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.bin"]


def test_an_interrupted_first_write_leaves_no_file(tmp_path):
    with pytest.raises(KeyboardInterrupt):
        with atomic_write(tmp_path / "new.json") as fh:
            fh.write("{")
            raise KeyboardInterrupt
    assert list(tmp_path.iterdir()) == []


def test_a_read_mode_is_refused_by_name(tmp_path):
    with pytest.raises(ValueError, match="mode must be 'w' or 'wb', got 'r'"):
        with atomic_write(tmp_path / "x", "r"):
            pass
    assert list(tmp_path.iterdir()) == []


def test_writers_that_share_it_are_interrupted_cleanly(tmp_path, monkeypatch):
    """A scenario and a suite, each torn by Ctrl-C while its bytes are written: the earlier
    file stays whole and no temporary is left beside it."""
    scenario, suite = tmp_path / "s.json", tmp_path / "suite.json.gz"
    save_json("evolution", {"x": 1}, scenario)
    write_suite({"positions": [1, 2]}, suite)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}

    def torn(*args, **kwargs):
        raise KeyboardInterrupt("interrupted mid-write")
    monkeypatch.setattr(json, "dump", torn)
    with pytest.raises(KeyboardInterrupt):
        save_json("evolution", {"x": 2}, scenario)
    monkeypatch.setattr(gzip.GzipFile, "write", torn)
    with pytest.raises(KeyboardInterrupt):
        write_suite({"positions": [3]}, suite)
    monkeypatch.undo()
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
    assert json.loads(scenario.read_text())["x"] == 1
