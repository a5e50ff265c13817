"""Guard against stale compiled kernels in numba's disk cache.

Numba invalidates a cached function only when its own source file changes, not when a
function it calls (and compiles into itself) changes in another file: after editing
`rules/board.py`, the cached `engine.step_at` would still run the old rules. So we hash every
source file the kernels are built from and, when the hash differs from the last run, delete
the cache files under the given roots before anything is loaded from them.
"""
import hashlib
import os
import pathlib

PACKAGE = pathlib.Path(__file__).resolve().parent


def sources_digest(roots):
    """Hash of the files kernels are compiled from: those defining kernels, and the constant
    tables (data.py, actions.py) they read."""
    h = hashlib.sha256()
    for root in roots:
        for path in sorted(pathlib.Path(root).rglob("*.py")):
            text = path.read_bytes()
            if b"njit" in text or path.name in ("data.py", "actions.py"):
                h.update(str(path.relative_to(root)).encode())
                h.update(text)
    return h.hexdigest()


def drop_stale_cache(cache_root=PACKAGE, source_roots=(PACKAGE,), stamp="numba-sources.sha256"):
    """Delete numba cache files under cache_root when the sources changed; True if dropped."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return False                      # caches live elsewhere (e.g. a fresh test directory)
    cache_root = pathlib.Path(cache_root)
    digest = sources_digest(list(source_roots) + [PACKAGE.parent / "core"])
    stamp_path = cache_root / "__pycache__" / stamp
    try:
        if stamp_path.read_text() == digest:
            return False
    except OSError:
        pass
    for path in cache_root.rglob("*.nb[ic]"):
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
