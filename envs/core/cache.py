"""Guard against stale compiled kernels in numba's disk cache.

Numba invalidates a cached function only when its own source file changes, not when a
function it calls (and compiles into itself) changes in another file: after editing one rules
module, a cached dispatcher elsewhere would still run the old rules. So each game package
hashes every source file its kernels are built from (its own and envs/core) on import and,
when the hash differs from the one stored with the cache, deletes its cache files first.
"""
import hashlib
import os
import pathlib

CORE = pathlib.Path(__file__).resolve().parent


def sources_digest(roots):
    """Hash of the files kernels are compiled from: those defining kernels, and the constant
    tables (data.py, actions.py, state.py) they read. A root may be a folder (searched) or a
    single source file."""
    h = hashlib.sha256(__name__.encode())   # cached kernels name their modules: a rename counts
    for root in roots:
        root = pathlib.Path(root)
        files = [root] if root.is_file() else sorted(root.rglob("*.py"))
        base = root.parent if root.is_file() else root
        for path in files:
            text = path.read_bytes()
            if b"njit" in text or b"@rule_kernel" in text or b"@state_kernel" in text \
                    or path.name in ("data.py", "actions.py", "state.py"):
                h.update(str(path.relative_to(base)).encode())
                h.update(text)
    return h.hexdigest()


def drop_stale_cache(cache_root, source_roots=None, stamp="numba-sources.sha256"):
    """Delete numba cache files under cache_root and envs/core when its sources (cache_root
    itself, or source_roots, plus envs/core) or the package's import name changed since the
    last call; True if dropped."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return False                      # caches live elsewhere (e.g. a fresh test directory)
    cache_root = pathlib.Path(cache_root)
    roots = list(source_roots or [cache_root]) + [CORE]
    digest = sources_digest(roots)
    stamp_path = cache_root / "__pycache__" / stamp
    try:
        if stamp_path.read_text() == digest:
            return False
    except OSError:
        pass
    for root in {cache_root, CORE}:       # kernels in envs/core are compiled into every game
        for path in root.rglob("*.nb[ic]"):
            try:
                path.unlink()
            except OSError:
                pass
    try:
        stamp_path.parent.mkdir(exist_ok=True)
        stamp_path.write_text(digest)
    except OSError:
        pass
    return True
