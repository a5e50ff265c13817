"""One import namespace: the distribution installs `speciesgym` and nothing
else at the top of site-packages, and a user's project with its own `agents/`, `envs/` and
`training/` packages still imports and plays speciesgym.

The wheel test builds the wheel from a copy of the sources, installs it (without dependencies)
into a fresh venv that borrows this venv's third-party packages through a .pth file, and from a
folder holding decoy packages imports every module of the installed copy and plays a game."""
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import textwrap
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
OLD = r"(envs|agents|training)"
OLD_IMPORT = re.compile(rf"^\s*(from {OLD}[.\s]|import {OLD}\b)", re.M)
OLD_IN_NOTEBOOK = re.compile(rf"\"\s*(from {OLD}[.\s]|import {OLD}\b)")
OLD_MODULE_STRING = re.compile(rf"(-m |[\"'])(?<!/){OLD}\.(?!md\b)[a-z_]")   # not a page: "training.md"


RESULTS = ROOT / "benchmarks" / "results"   # records of runs: may drive older commits' layouts


def project_files():
    for folder in ("speciesgym", "envs", "agents", "training", "tests", "notebooks"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in (".py", ".ipynb", ".sh") and "__pycache__" not in path.parts \
                    and ".ipynb_checkpoints" not in path.parts \
                    and RESULTS not in path.parents \
                    and path != Path(__file__).resolve():   # this file's decoys import them
                yield path
    yield ROOT / "Makefile"


def test_no_source_imports_the_old_top_level_names():
    found = []
    for path in project_files():
        text = path.read_text()
        for pattern in (OLD_IMPORT, OLD_IN_NOTEBOOK, OLD_MODULE_STRING):
            for match in pattern.finditer(text):
                line = text.count("\n", 0, match.start()) + 1
                found.append(f"{path.relative_to(ROOT)}:{line}: {match.group(0).strip()}")
    assert not found, "imports outside the speciesgym namespace:\n" + "\n".join(found)


@pytest.mark.parametrize("first", ["speciesgym", "pettingzoo"])
def test_importing_speciesgym_registers_the_envs_and_loads_no_game(first):
    second = {"speciesgym": "pettingzoo", "pettingzoo": "speciesgym"}[first]
    code = (f"import sys, {first}; "
            "light = 'pettingzoo' not in sys.modules; "
            f"import {second}; "
            "from pettingzoo import aec_registry; "
            "assert 'speciesgym/evolution-v0' in aec_registry, 'not registered'; "
            "assert 'speciesgym/dominant_species-v0' in aec_registry, 'not registered'; "
            "heavy = [m for m in ('numba', 'speciesgym.envs.evolution', "
            "'speciesgym.envs.dominant_species', 'torch', 'ray') if m in sys.modules]; "
            "assert not heavy, heavy; print(light)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    if first == "speciesgym":                # speciesgym alone does not import PettingZoo
        assert out.stdout.strip() == "True"


def copy_sources(dest):
    ignore = shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc", "*.egg-info")
    for folder in ("speciesgym", "envs", "agents", "training"):
        shutil.copytree(ROOT / folder, dest / folder, ignore=ignore)
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, dest / name)


USER_SCRIPT = textwrap.dedent("""
    import importlib, pkgutil, sys
    import agents, envs, training            # the user's own packages, imported first
    import numpy as np
    import pettingzoo
    import speciesgym
    from speciesgym import evolution_v0, dominant_species_v0

    env = evolution_v0.env(num_players=2)
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        action = None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)
        steps += 1
    assert steps > 20, steps
    assert callable(dominant_species_v0.raw_env)
    made = pettingzoo.make("aec", "speciesgym/evolution-v0", num_players=3)
    made.reset(seed=1)
    assert len(made.agents) == 3

    from speciesgym.training.decisions.suite import SPECS, shipped_path
    for name in SPECS:
        assert shipped_path(name).is_file(), f"suite {name} not shipped"

    from speciesgym.agents import from_spec
    from speciesgym.agents.runner import play_game
    from speciesgym.agents.zoo import names as zoo_names
    assert {"evolution-2p", "dominant_species-2p"} <= set(zoo_names()), zoo_names()
    net = from_spec("zoo:evolution-2p", "evolution", 2)
    assert net.net.meta["strength"], "a shipped net carries its measured strength"
    done = play_game("evolution", 2, [net, from_spec("random", "evolution", 2, seed=1)], seed=5)
    assert len(done.rewards_rank) == 2

    names = [m.name for m in pkgutil.walk_packages(speciesgym.__path__, "speciesgym.")]
    for name in names:
        importlib.import_module(name)
    site = speciesgym.__file__.rsplit("/speciesgym/", 1)[0]
    outside = [n for n in names if not sys.modules[n].__file__.startswith(site)]
    assert not outside, outside
    for decoy in (agents, envs, training):   # still the user's, and still the same objects
        assert decoy.WHO.startswith("the user") and sys.modules[decoy.__name__] is decoy
    print("OK", len(names), "modules", steps, "steps")
""")


@pytest.mark.soak
def test_the_wheel_installs_speciesgym_alone_and_plays_beside_a_users_packages(tmp_path):
    src = tmp_path / "src"
    copy_sources(src)
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                            str(tmp_path / "dist"), str(src)], capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    (wheel,) = (tmp_path / "dist").glob("speciesgym-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        tops = {name.split("/")[0] for name in zf.namelist()}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"speciesgym"}, tops
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
    results = [n for n in names if "/results/" in n or n.endswith((".csv", ".jsonl", ".log"))]
    assert not results, f"result files in the wheel: {results[:5]}"
    assert "speciesgym/py.typed" in names, "the wheel should mark its type hints (py.typed)"
    assert wheel.stat().st_size < 30e6, f"wheel of {wheel.stat().st_size / 1e6:.1f} MB"

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    installed = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install",
                                "--no-deps", "--no-index", "-q", str(wheel)],
                               capture_output=True, text=True)
    assert installed.returncode == 0, installed.stderr
    target = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()"
                             "['purelib'])"], capture_output=True, text=True, check=True)
    (Path(target.stdout.strip()) / "borrowed_deps.pth").write_text(
        sysconfig.get_paths()["purelib"] + "\n")

    user = tmp_path / "user_project"
    for decoy in ("agents", "envs", "training"):
        (user / decoy).mkdir(parents=True)
        (user / decoy / "__init__.py").write_text(f'WHO = "the user\'s own {decoy}"\n')
    (user / "play.py").write_text(USER_SCRIPT)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "NUMBA_CACHE_DIR")}
    env["NUMBA_CACHE_DIR"] = str(tmp_path / "numba-cache")
    run = subprocess.run([str(python), "play.py"], cwd=user, capture_output=True,
                         text=True, env=env)
    assert run.returncode == 0, run.stdout + run.stderr[-3000:]
    assert run.stdout.startswith("OK"), run.stdout
