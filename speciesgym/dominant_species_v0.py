"""Dominant Species, PettingZoo AEC, version 0.

`env(num_players=4, animals=None, render_mode=None, reward="win")` is the wrapped env,
`raw_env(...)` the bare one; options as in speciesgym.envs.dominant_species.aec_env.
"""
# pyright: basic
from speciesgym.envs.dominant_species.aec_env import env, raw_env

__all__ = ["env", "raw_env"]
