"""Every Python block in README.md and docs/ runs as written (mktestdocs), each file's blocks
in order in one namespace. A block too long for the test suite would be listed in LONG with
the reason; none is today."""
from pathlib import Path

import matplotlib
import pytest
from mktestdocs import check_md_file, grab_code_blocks

matplotlib.use("Agg")

ROOT = Path(__file__).resolve().parents[2]
FILES = [ROOT / "README.md"] + sorted(p for p in (ROOT / "docs").rglob("*.md")
                                      if "gen" not in p.relative_to(ROOT / "docs").parts)
WITH_PYTHON = [p for p in FILES if grab_code_blocks(p.read_text(), lang="python")]
LONG = {}   # path relative to the root -> why it is not run here


def test_the_pages_hold_python_examples():
    names = {str(p.relative_to(ROOT)) for p in WITH_PYTHON}
    assert {"README.md", "docs/index.md", "docs/concepts.md", "docs/scenarios.md"} <= names


@pytest.mark.parametrize("path", WITH_PYTHON, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_python_block_runs(path, monkeypatch, tmp_path):
    name = str(path.relative_to(ROOT))
    if name in LONG:
        pytest.skip(LONG[name])
    monkeypatch.chdir(tmp_path)              # blocks that write files write them here
    check_md_file(path, memory=True)
