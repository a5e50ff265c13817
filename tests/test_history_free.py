"""Product text names no history of its making: no numbered work periods or work items
("session 17", "issue 13", "helper-33"), no commit ids, no absolute folders of the machine a
file was written on (/tmp/..., /home/..., /work/...), in README.md, docs/, envs/, agents/,
training/, speciesgym/ and notebooks/ (code, docstrings, pages, notebooks). Dated changes a
user must know belong in CHANGELOG.md. A failure names every file and line."""
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PLACES = ["README.md", "docs", "envs", "agents", "training", "speciesgym", "notebooks"]
SUFFIXES = {".py", ".md", ".ipynb", ".sh", ".txt", ".yml", ".yaml", ".toml", ".cfg", ".html",
            ".js", ".css"}
WORK = re.compile(r"\b(?:sessions?|issues?|helpers?|work items?)[ _-]?#?\d+", re.I)
FOLDER = re.compile(r"(?<![\w.~$})])/(?:tmp|home|work|root|Users|mnt|scratch)/")
# a commit id: 7 to 40 hex digits with both a digit and a letter, standing alone
HEX = re.compile(r"(?<![\w#.-])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}(?![\w-])")
# where a commit id is the point: the benchmark pages say which commit measured each table
COMMITS_ALLOWED = ("docs/benchmarks/", "docs/gen/bench_sources.py")


def files():
    for place in PLACES:
        path = ROOT / place
        if path.is_file():
            yield path
            continue
        for file in sorted(path.rglob("*")):
            if (file.is_file() and file.suffix in SUFFIXES and "__pycache__" not in file.parts
                    and not file.is_symlink() and not any(p.is_symlink() for p in
                                                          file.relative_to(ROOT).parents
                                                          if p != Path("."))):
                yield file


def lines(path):
    """(where, line) pairs: the line number, or in a notebook its cells' text (cell ids and
    metadata are the notebook format's own, not product text)."""
    text = path.read_text(errors="replace")
    if path.suffix != ".ipynb":
        return [(str(n), line) for n, line in enumerate(text.splitlines(), 1)]
    out = []
    for c, cell in enumerate(json.loads(text)["cells"], 1):
        body = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        for o in cell.get("outputs", []):
            body += "\n" + "".join(o.get("text", "")) if isinstance(o.get("text", ""), (list, str)) else ""
        out += [(f"cell {c} line {n}", line) for n, line in enumerate(body.splitlines(), 1)]
    return out


def findings(path):
    name = str(path.relative_to(ROOT))
    hex_ok = name.startswith(COMMITS_ALLOWED)
    out = []
    for number, line in lines(path):
        for pattern, what in ((WORK, "numbered work period or item"),
                              (FOLDER, "absolute machine folder")):
            for match in pattern.finditer(line):
                out.append(f"{name}:{number}: {what} {match.group(0)!r}")
        if not hex_ok:
            for match in HEX.finditer(line):
                out.append(f"{name}:{number}: commit-id-like {match.group(0)!r}")
    return out


def test_the_patterns_find_what_they_are_for(tmp_path):
    sample = tmp_path / "sample.md"
    sample.write_text("fixed in session 17 (issue 13, helper-33)\nsee /tmp/x and /work/runs\n"
                      "landed as 6097d02\nrun `python -m docs.gen` at 1e-3, 0x9E37, sha-abc\n")
    found = [f.split(": ", 1)[1] for f in findings_at(sample, tmp_path)]
    assert found == ["numbered work period or item 'session 17'",
                     "numbered work period or item 'issue 13'",
                     "numbered work period or item 'helper-33'",
                     "absolute machine folder '/tmp/'", "absolute machine folder '/work/'",
                     "commit-id-like '6097d02'"]


def findings_at(path, root):
    global ROOT
    saved, ROOT = ROOT, root
    try:
        return findings(path)
    finally:
        ROOT = saved


@pytest.mark.parametrize("place", PLACES)
def test_no_history_in_product_text(place):
    found = [f for file in files() if str(file.relative_to(ROOT)).startswith(place)
             for f in findings(file)]
    assert not found, f"{len(found)} mentions of the project's history:\n" + "\n".join(found)
