"""The games the command line knows, imported lazily by name."""
from speciesgym.envs.games import GAMES, package


def game_module(name):
    """The package envs.<name>, which offers make_engine, raw_env, env and load_scenario."""
    return package(name)


# keyword names the engines take beside the options, each with the flag that sets it
RESERVED = {"num_players": "give --players instead"}


def parse_options(pairs):
    """--option key=value pairs as keyword arguments: true/false as booleans, integers as
    ints, a value with commas as a list of strings (e.g. animals=bird,insect)."""
    out = {}
    for pair in pairs or []:
        if "=" not in pair:
            raise ValueError(f"--option expects key=value, got {pair!r}")
        key, value = pair.split("=", 1)
        if key in RESERVED:
            raise ValueError(f"--option {pair}: {key} is not a game option; {RESERVED[key]}")
        low = value.lower()
        if low in ("true", "false"):
            out[key] = low == "true"
        elif value.lstrip("-").isdigit():
            out[key] = int(value)
        elif "," in value:
            out[key] = value.split(",")
        else:
            out[key] = value
    return out
