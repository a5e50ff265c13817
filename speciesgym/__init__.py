"""speciesgym: Evolution (with Flight) and Dominant Species for bot training.

One import namespace. The repository keeps its folders at the top (envs/, agents/,
training/); installed, they are the subpackages speciesgym.envs, speciesgym.agents and
speciesgym.training (setup.py maps them). In a checkout without an install, the repository
root is added to this package's path so that the same names resolve to those folders.

    from speciesgym import evolution_v0, dominant_species_v0
    env = evolution_v0.env(num_players=4)

Importing speciesgym registers the PettingZoo ids (`pettingzoo.make("aec",
"speciesgym/evolution-v0")`) and loads no game module, no numba kernel and no training library.
"""
from pathlib import Path as _Path

_HERE = _Path(__file__).resolve().parent
if not (_HERE / "envs").is_dir() and (_HERE.parent / "envs" / "__init__.py").is_file():
    __path__.append(str(_HERE.parent))  # a checkout: speciesgym.envs is <root>/envs

from speciesgym.envs import registry as _registry  # noqa: E402,F401  (registers the ids)

__version__ = "0.1.0"
__all__ = ["evolution_v0", "dominant_species_v0"]


def __getattr__(name):
    if name in __all__:
        import importlib
        return importlib.import_module(f"speciesgym.{name}")
    raise AttributeError(f"module 'speciesgym' has no attribute {name!r}")
