"""Every rule id of seeds/dominant_species.md has a status and a test named after it; every id
the code cites exists in the seeds."""
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
SEEDS = (ROOT / "seeds" / "dominant_species.md").read_text(encoding="utf-8")
ID = re.compile(r"DS-[A-Z]+-\d\d")


def _seed_ids():
    return re.findall(r"^- \*\*(DS-[A-Z]+-\d\d)\*\*", SEEDS, flags=re.M)


def test_every_rule_id_has_a_status():
    ids = _seed_ids()
    assert len(ids) == len(set(ids)) > 100
    for block in re.split(r"^- \*\*", SEEDS, flags=re.M)[1:]:
        text = " ".join(block.split())
        assert re.search(r"— (implemented|decision|not yet implemented)", text), block[:60]


def test_every_rule_id_has_a_test():
    names = set()
    for path in (ROOT / "tests" / "dominant_species" / "rules").glob("test_*.py"):
        names |= set(re.findall(r"^def (test_DS_\w+)", path.read_text(encoding="utf-8"), flags=re.M))
    missing = []
    for rid in _seed_ids():
        fam, nn = rid.split("-")[1:]
        if not any(re.match(rf"test_DS_{fam}_(\d\d_)*{nn}_", n) for n in names):
            missing.append(rid)
    assert not missing, f"rule ids without a test: {missing}"


def test_ids_cited_in_the_code_exist():
    known = set(_seed_ids())
    cited = set()
    for path in (ROOT / "envs" / "dominant_species").rglob("*.py"):
        cited |= set(ID.findall(path.read_text(encoding="utf-8")))
    assert cited and cited <= known, sorted(cited - known)
