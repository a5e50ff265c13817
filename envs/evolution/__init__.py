"""Evolution (2nd edition) with the Flight expansion: compiled rules and a PettingZoo env.

`make_engine(num_players=4, flight=True)` gives the engine; `env()` / `raw_env()` the AEC
environment (imported lazily, so the engine never loads pettingzoo or gymnasium).
"""
from envs.evolution.engine import EvolutionEngine


def make_engine(num_players=4, flight=True, **unknown):
    if unknown:
        raise ValueError(f"unknown Evolution option(s): {', '.join(sorted(unknown))}; "
                         "known: flight")
    return EvolutionEngine(num_players=num_players, flight=flight)


def __getattr__(name):
    if name in ("env", "raw_env"):
        from envs.evolution import env as env_module
        return getattr(env_module, name)
    if name in ("load_scenario", "to_scenario"):
        from envs.evolution import scenario
        return getattr(scenario, name)
    if name in ("warm", "bench_engine"):
        from envs.evolution import batch
        return getattr(batch, name)
    raise AttributeError(f"module 'envs.evolution' has no attribute {name!r}")
