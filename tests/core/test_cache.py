"""The stale-cache guard (envs/core/cache.py): numba's cache files name the module a kernel was
compiled in, so a change of the package's import name (`envs` became
`speciesgym.envs`) must count as a change of sources, like an edited rules file."""
from speciesgym.envs.core import cache


def test_the_digest_changes_with_the_import_name(tmp_path, monkeypatch):
    (tmp_path / "kernels.py").write_text("from numba import njit\n")
    now = cache.sources_digest([tmp_path])
    monkeypatch.setattr(cache, "__name__", ".".join(["envs", "core", "cache"]))  # the old name
    assert cache.sources_digest([tmp_path]) != now


def test_a_changed_source_drops_the_cache_files_once(tmp_path, monkeypatch):
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setattr(cache, "CORE", tmp_path / "core")
    (tmp_path / "core").mkdir()
    game = tmp_path / "game"
    (game / "__pycache__").mkdir(parents=True)
    (game / "rules.py").write_text("from numba import njit\n")
    stale = [game / "__pycache__" / "rules.f-1.py311.nbi", tmp_path / "core" / "rng.g-1.py311.nbc"]
    for path in stale:
        path.write_text("old")
    assert cache.drop_stale_cache(game) is True
    assert not any(path.exists() for path in stale), "core and game caches both dropped"
    stale[0].write_text("new")
    assert cache.drop_stale_cache(game) is False and stale[0].exists()
    (game / "rules.py").write_text("from numba import njit  # edited\n")
    assert cache.drop_stale_cache(game) is True and not stale[0].exists()


def test_a_single_source_file_root_counts(tmp_path):
    """A root may be one file (agents/ppo_compiled.py, whose dense layer the net-guided search
    compiles in): editing it changes the digest; an unrelated file beside it does not."""
    layer = tmp_path / "ppo_compiled.py"
    layer.write_text("from numba import njit\n")
    now = cache.sources_digest([layer])
    (tmp_path / "other.py").write_text("from numba import njit\n")
    assert cache.sources_digest([layer]) == now
    layer.write_text("from numba import njit  # edited\n")
    assert cache.sources_digest([layer]) != now
