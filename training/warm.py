"""Compile (or load from numba's disk cache) every game's kernels once, and say how long it
took, so that the tests that follow start warm.

Numba invalidates a cached kernel only when its own source file changes, not when a kernel
it calls (in another file) does. So before loading, the cache of a game is cleared whenever
any source file of that game or of envs/core has changed since the cache was written.
"""
import hashlib
import importlib
import pathlib
import time

from training.games import GAMES

ROOT = pathlib.Path(__file__).resolve().parent.parent
STAMP = "numba-source.sha256"


def source_hash(package_dir):
    digest = hashlib.sha256()
    for folder in (ROOT / "envs" / "core", package_dir):
        for path in sorted(folder.rglob("*.py")):
            digest.update(str(path.relative_to(ROOT)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def clear_stale_cache(package_dir):
    """Delete the game's numba cache files if its sources changed; True if cleared."""
    stamp = package_dir / "__pycache__" / STAMP
    current = source_hash(package_dir)
    if stamp.exists() and stamp.read_text() == current:
        return False
    for pattern in ("*.nbi", "*.nbc"):
        for path in list(package_dir.rglob(pattern)) + list((ROOT / "envs" / "core").rglob(pattern)):
            path.unlink(missing_ok=True)
    stamp.parent.mkdir(exist_ok=True)
    stamp.write_text(current)
    return True


def main():
    for name in GAMES:
        package_dir = ROOT / "envs" / name
        if not package_dir.exists():
            print(f"warm: {name} not built yet")
            continue
        cleared = clear_stale_cache(package_dir)
        start = time.perf_counter()
        importlib.import_module(f"envs.{name}").warm()
        state = "compiled" if cleared else "loaded from cache or compiled"
        print(f"warm: {name} kernels {state} in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
