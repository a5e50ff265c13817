"""Evolution (2nd edition) with the Flight expansion: compiled rules and a PettingZoo env.

`make_engine(num_players=4, flight=True)` gives the engine; `env()` / `raw_env()` the AEC
environment (imported lazily, so the engine never loads pettingzoo or gymnasium).
"""
import importlib

from speciesgym.envs.core.cache import drop_stale_cache

drop_stale_cache(__path__[0])
from speciesgym.envs.evolution.engine import EvolutionEngine  # noqa: E402


def make_engine(num_players=4, flight=True, **unknown):
    if unknown:
        raise ValueError(f"unknown Evolution option(s): {', '.join(sorted(unknown))}; "
                         "known: flight")
    return EvolutionEngine(num_players=num_players, flight=flight)


_LAZY = {"env": "aec_env", "raw_env": "aec_env", "load_scenario": "scenario",
         "to_scenario": "scenario", "save_scenario": "scenario", "warm": "batch",
         "bench_engine": "batch"}


def __getattr__(name):
    if name in _LAZY:
        module = importlib.import_module(f"speciesgym.envs.evolution.{_LAZY[name]}")
        return getattr(module, name)
    raise AttributeError(f"module 'speciesgym.envs.evolution' has no attribute {name!r}")
