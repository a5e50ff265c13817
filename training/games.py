"""The games the command line knows, imported lazily by name."""
import importlib

GAMES = ("evolution", "dominant_species")


def game_module(name):
    """The package envs.<name>, which offers make_engine, raw_env, env and load_scenario."""
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}; choose one of {', '.join(GAMES)}")
    return importlib.import_module(f"envs.{name}")
