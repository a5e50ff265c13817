"""The compile notice: a cold numba cache is detected cheaply and announced
on stderr with its time; a warm one says nothing. Tested on a tiny fake package compiled in a
subprocess, never by compiling a game cold."""
import io
import os
import subprocess
import sys
import textwrap

from speciesgym.envs.core.cold_cache import cache_is_cold, cold_sources, kernel_sources

KERNEL = textwrap.dedent("""
    from numba import njit


    @njit(cache=True)
    def {name}(x):
        return x + {k}
""")


def fake_package(root, n=3):
    pkg = root / "fakegame"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "plain.py").write_text("VALUE = 1\n")
    for k in range(n):
        (pkg / f"kernel{k}.py").write_text(KERNEL.format(name=f"add{k}", k=k))
    return pkg


def compile_in_subprocess(root, modules, env=None):
    calls = "; ".join(f"import fakegame.{m} as m{i}; m{i}.add{m[-1]}(1)"
                      for i, m in enumerate(modules))
    subprocess.run([sys.executable, "-c", calls], cwd=root, check=True,
                   env=dict(os.environ, **(env or {})), timeout=300)


def test_a_fresh_package_is_cold_and_compiled_kernels_make_it_warm(tmp_path):
    pkg = fake_package(tmp_path)
    assert [p.name for p in kernel_sources(pkg)] == ["kernel0.py", "kernel1.py", "kernel2.py"]
    assert cache_is_cold(pkg)
    compile_in_subprocess(tmp_path, ["kernel0"])
    assert len(cold_sources(pkg)) == 2 and cache_is_cold(pkg)       # one of three: still cold
    compile_in_subprocess(tmp_path, ["kernel1", "kernel2"])
    assert cold_sources(pkg) == [] and not cache_is_cold(pkg)
    source = pkg / "kernel1.py"                                      # an edited source is stale
    source.write_text(source.read_text().replace("x + 1", "x + 10"))
    (pkg / "kernel2.py").write_text((pkg / "kernel2.py").read_text() + "\n# edited\n")
    assert [p.name for p in cold_sources(pkg)] == ["kernel1.py", "kernel2.py"]
    assert cache_is_cold(pkg)


def test_numba_cache_dir_is_where_the_index_is_looked_for(tmp_path, monkeypatch):
    pkg = fake_package(tmp_path, n=1)
    cache = tmp_path / "numba-cache"
    compile_in_subprocess(tmp_path, ["kernel0"], {"NUMBA_CACHE_DIR": str(cache)})
    assert cache_is_cold(pkg)                                  # nothing beside the sources
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(cache))
    assert not cache_is_cold(pkg)


def test_the_notice_is_printed_for_a_cold_cache_only(monkeypatch):
    import speciesgym.training.cli.warm as warm
    calls = []
    monkeypatch.setattr(warm, "warm_game", lambda name: calls.append(name) or 58.25)
    monkeypatch.setattr(warm, "cache_is_cold", lambda path: True)
    stream = io.StringIO()
    assert warm.compile_if_cold("evolution", stream)
    assert stream.getvalue() == ("speciesgym: compiling evolution kernels (first use, about a "
                                 "minute)...\nspeciesgym: ... done in 58.2 s\n")
    monkeypatch.setattr(warm, "cache_is_cold", lambda path: False)
    stream = io.StringIO()
    assert not warm.compile_if_cold("dominant_species", stream)
    assert stream.getvalue() == "" and calls == ["evolution"]


def test_a_warmed_game_reads_as_warm():
    """After a game's warm() (instant when `make warm` ran), its cache reads as warm: the
    kernel files the ordinary game never compiles do not make it look cold."""
    import speciesgym.envs.dominant_species
    import speciesgym.envs.evolution
    for module in (speciesgym.envs.evolution, speciesgym.envs.dominant_species):
        module.warm()
        assert not cache_is_cold(module.__path__[0]), cold_sources(module.__path__[0])
