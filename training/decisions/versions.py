"""Which rules a suite was labelled under, and which file a result was scored on.

`rules_hash(game)` is a short hash of the game's rules code: the files RULES_FILES of
envs/<game>/ (the rules kernels, the action layout, the state record and the card data),
read without their comments and docstrings, so that editing an explanation leaves it alone
and editing code changes it. A suite stores the hash it was labelled under (`rules_hash`);
`check_rules` refuses a suite whose hash is not the running rules' (or that has none), unless
the caller allows stale suites, which are then scored marked `stale` in every output.
`decisions relabel` labels a suite's positions again under the running rules and writes the
running hash, which is how a suite whose positions still load is brought up to date; when
only the code changed, not what it does from the suite's positions (behaviour.py),
`decisions restamp` stamps it with the running hash.

`identity(data, path, stale)` is what every result names its suite by: name, version, the
rules hash, the first 16 hex digits of the file's SHA-256, and whether it is stale.
"""
import ast
import hashlib
import io
import pathlib
import tokenize

ENVS = pathlib.Path(__file__).resolve().parents[2] / "envs"
RULES_FILES = ("actions.py", "state.py", "data.py", "rules")
_CACHE = {}


def _code_only(text):
    """The source text with comments and docstrings blanked, trailing spaces and blank lines
    dropped: what is left when only explanations change is the same."""
    lines = text.splitlines()
    spans = []                   # (line, start col, end line, end col), characters
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.COMMENT:
            spans.append((*tok.start, *tok.end))
    for node in ast.walk(ast.parse(text)):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) \
                and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            doc = body[0]
            start = len(lines[doc.lineno - 1].encode()[:doc.col_offset].decode())
            end = len(lines[doc.end_lineno - 1].encode()[:doc.end_col_offset].decode())
            spans.append((doc.lineno, start, doc.end_lineno, end))
    for l0, c0, l1, c1 in spans:
        for ln in range(l0, l1 + 1):
            line = lines[ln - 1]
            a = c0 if ln == l0 else 0
            b = c1 if ln == l1 else len(line)
            lines[ln - 1] = line[:a] + " " * (b - a) + line[b:]
    return "\n".join(s.rstrip() for s in lines if s.strip())


def rules_files(game):
    """The rules files of `game` (paths relative to envs/<game>/, sorted)."""
    root = ENVS / game
    if not root.is_dir():
        raise ValueError(f"rules hash: unknown game {game!r}")
    found = []
    for name in RULES_FILES:
        path = root / name
        found += sorted(path.rglob("*.py")) if path.is_dir() else [path] if path.is_file() else []
    return sorted(found, key=lambda p: p.relative_to(root).as_posix())


def rules_hash(game):
    """A short hash of `game`'s rules code (comments and docstrings left out)."""
    if game not in _CACHE:
        digest = hashlib.sha256()
        root = ENVS / game
        for path in rules_files(game):
            digest.update(path.relative_to(root).as_posix().encode() + b"\0")
            digest.update(_code_only(path.read_text(encoding="utf-8")).encode() + b"\0")
        _CACHE[game] = digest.hexdigest()[:16]
    return _CACHE[game]


def file_hash(path):
    """The first 16 hex digits of the SHA-256 of a file's bytes."""
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()[:16]


def check_rules(data, path, allow_stale=False):
    """Whether suite dict `data` (read from `path`) is stale: labelled under other rules than
    the running ones, or with no rules hash recorded. ValueError unless allow_stale."""
    stored, running = data.get("rules_hash"), rules_hash(data["game"])
    if stored == running:
        return False
    if not allow_stale:
        what = (f"was labelled under other {data['game']} rules (rules hash {stored}, these "
                f"rules {running})" if stored else "records no rules hash (labelled before "
                "suites recorded the rules they were labelled under)")
        raise ValueError(f"suite {data.get('name')} ({path}) {what}: its labels may be wrong "
                         f"under these rules. Label it again (speciesgym decisions relabel "
                         f"--suite {path} --out NEW.json.gz); if the rules play the same from "
                         f"its positions, restamp it (speciesgym decisions restamp {path} "
                         f"--out NEW.json.gz); or pass --allow-stale to score it marked stale")
    return True


def identity(data, path, stale):
    """{"name", "version", "rules_hash", "file_sha256", "stale"} of a suite file."""
    return {"name": data.get("name"), "version": data.get("version"),
            "rules_hash": data.get("rules_hash"), "file_sha256": file_hash(path),
            "stale": bool(stale)}


def describe(info):
    """A suite identity in words, for the first line of a report."""
    if not info:
        return "suite ?"
    stale = "  ** STALE: labelled under other rules **" if info.get("stale") else ""
    return (f"suite {info.get('name')} v{info.get('version')} (file sha256 "
            f"{info.get('file_sha256')}, rules {info.get('rules_hash')}){stale}")
