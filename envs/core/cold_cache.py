"""Is a game's numba cache cold? A cheap look at numba's cache index files, before the
first use compiles for a minute in silence (training.cli.warm announces it).

Numba keeps, per compiled function, an index file `<module>.<function>-<line>.py<ver>.nbi`
beside the source (`__pycache__`), under NUMBA_CACHE_DIR when that is set, or in the user's
cache folder when the source folder is read-only. An index is fresh when it was written by
this numba version for the source's current content (numba's own test: a sha256 of the
file). This module reads those files only; it never compiles. (It must not mention numba's
decorator by name: envs.core.cache hashes every file that does into the cache stamp.)
"""
import hashlib
import os
import pathlib


def kernel_sources(package_dir):
    """The source files of a package that define cached kernels (`cache=True`, or the
    rule helpers of envs.core.kernel, all cached)."""
    return [path for path in sorted(pathlib.Path(package_dir).rglob("*.py"))
            if any(mark in path.read_bytes()
                   for mark in (b"cache=True", b"@rule_kernel", b"@state_kernel"))]


def cache_dirs(py_file):
    """Where numba may keep the cache of the kernels of `py_file`, in the order its locators
    try them: NUMBA_CACHE_DIR when set, else the __pycache__ beside the file, else the
    user-wide cache."""
    folder = os.path.dirname(os.path.abspath(py_file))
    sub = "_".join([os.path.basename(folder), hashlib.sha1(folder.encode()).hexdigest()])
    if os.environ.get("NUMBA_CACHE_DIR"):
        return [os.path.join(os.environ["NUMBA_CACHE_DIR"], sub)]
    from numba.misc.appdirs import AppDirs
    user = AppDirs(appname="numba", appauthor=False).user_cache_dir
    return [os.path.join(folder, "__pycache__"), os.path.join(user, sub)]


def has_fresh_index(py_file):
    """True if numba holds an index for some kernel of `py_file` written by this numba for
    the file's current content (numba's own freshness test: version and source hash)."""
    import pickle

    import numba
    stem = pathlib.Path(py_file).stem
    source = hashlib.sha256(pathlib.Path(py_file).read_bytes()).digest()
    for folder in cache_dirs(py_file):
        for index in sorted(pathlib.Path(folder).glob(f"{stem}.*.nbi")):
            try:
                with open(index, "rb") as fh:
                    if pickle.load(fh) != numba.__version__:
                        continue
                    stamp = pickle.loads(fh.read())[0]
            except Exception:  # unreadable or foreign index: numba would recompile too
                continue
            if stamp == source:
                return True
    return False


def cold_sources(package_dir):
    """The kernel source files of a package without a fresh numba cache."""
    return [path for path in kernel_sources(package_dir) if not has_fresh_index(path)]


def cache_is_cold(package_dir):
    """True when most of a package's kernels would compile on first use (a fresh checkout,
    a cleared cache, or sources changed since the cache was written): more than half of its
    kernel files have no fresh index. (A few files whose kernels the ordinary game never
    calls may stay uncompiled; they must not make a warm cache look cold.)"""
    sources = kernel_sources(package_dir)
    return bool(sources) and 2 * len(cold_sources(package_dir)) > len(sources)
