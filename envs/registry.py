"""Register speciesgym's envs with PettingZoo's registry.

`import speciesgym.envs.registry` (done by every env module) makes
`pettingzoo.make("aec", "speciesgym/evolution-v0", num_players=4)` and
`pettingzoo.make("aec", "speciesgym/dominant_species-v0", num_players=4)` work. Entry points are
strings, so a game module is imported only when its env is made.
"""
from pettingzoo import aec_registry, register

ENV_IDS = {
    "speciesgym/evolution-v0": "speciesgym.envs.evolution.aec_env:env",
    "speciesgym/dominant_species-v0": "speciesgym.envs.dominant_species.aec_env:env",
}

for _env_id, _entry_point in ENV_IDS.items():
    if _env_id not in aec_registry:
        register("aec", _env_id, entry_point=_entry_point)
