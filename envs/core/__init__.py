"""What both games share: the generator kept in the state, action-block layouts, turn
order, scenario validation and the PettingZoo AEC base.

Nothing here imports pettingzoo, gymnasium, torch or matplotlib except `speciesgym.envs.core.aec`,
which is the wrapper layer (the engine never imports it).
"""
from speciesgym.envs.core.blocks import ActionBlocks
from speciesgym.envs.core.rng import rng_below, rng_next, seed_word, shuffle_prefix

__all__ = ["ActionBlocks", "rng_below", "rng_next", "seed_word", "shuffle_prefix"]
