"""The table of games: their names and their packages, imported when first asked for.

Every part of speciesgym that takes a game by name looks it up here, so a third game is
added in one place. The imports are written out (not built from the name), so that type
checkers and editors follow them.
"""
import importlib
from types import ModuleType

GAMES = ("evolution", "dominant_species")


def check_game(name: str) -> str:
    """`name` if it is a game; ValueError naming the games otherwise."""
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}; choose one of {', '.join(GAMES)}")
    return name


def package(name: str) -> ModuleType:
    """The package of a game (speciesgym.envs.<name>): make_engine, raw_env, env,
    load_scenario, warm."""
    if check_game(name) == "evolution":
        from speciesgym.envs import evolution
        return evolution
    from speciesgym.envs import dominant_species
    return dominant_species


def submodule(name: str, module: str) -> ModuleType:
    """A module of a game's package (`actions`, `state`, `resample`, `public_names`, ...)."""
    return importlib.import_module(f"{package(name).__name__}.{module}")


def public_namer(name: str):
    """The game's `public_action_name(state, action, viewer)`: an action as a seat that did
    not take it saw it (a card played face down stays unnamed)."""
    return submodule(name, "public_names").public_action_name
