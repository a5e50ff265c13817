"""speciesgym: Evolution (with Flight) and Dominant Species for bot training.

One import namespace. The repository keeps its folders at the top (envs/, agents/,
training/); this package holds a link to each (speciesgym/envs -> ../envs, ...), so that
speciesgym.envs, speciesgym.agents and speciesgym.training resolve the same way in a
checkout, in an editable install, in a built wheel (which holds the files themselves) and
for static tools (type checkers, import linters, editors).

    from speciesgym import evolution_v0, dominant_species_v0
    env = evolution_v0.env(num_players=4)

After `import speciesgym`, `pettingzoo.make("aec", "speciesgym/evolution-v0")` works: the ids are
registered as soon as PettingZoo is imported (at once if it already is). Importing speciesgym
loads no game module, no numba kernel, no PettingZoo and no training library.
"""
import sys


def _register():
    from speciesgym.envs import registry  # noqa: F401  (registers the speciesgym/ ids)


class _RegisterAfterPettingZoo:
    """A meta path finder that lets PettingZoo import as usual and registers our ids right
    after it: `import speciesgym` alone makes `pettingzoo.make(...)` work without paying for
    the PettingZoo and Gymnasium imports in programs that use only the engines."""

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if name != "pettingzoo":
            return None
        import importlib.machinery
        sys.meta_path.remove(cls)
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or spec.loader is None:
            return spec
        load = spec.loader.exec_module

        def exec_then_register(module):
            load(module)
            _register()
        spec.loader.exec_module = exec_then_register
        return spec


if "pettingzoo" in sys.modules:
    _register()
elif _RegisterAfterPettingZoo not in sys.meta_path:
    sys.meta_path.insert(0, _RegisterAfterPettingZoo)

__version__ = "0.1.0"
__all__ = ["evolution_v0", "dominant_species_v0"]


def __getattr__(name):
    if name in __all__:
        import importlib
        return importlib.import_module(f"speciesgym.{name}")
    raise AttributeError(f"module 'speciesgym' has no attribute {name!r}")
