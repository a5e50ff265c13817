"""Dominant Species tests. The compiled invariant kernels here call the rules, so their numba
cache is dropped whenever the engine or these tests change (see envs.dominant_species.cache)."""
import pathlib

from envs.dominant_species.cache import PACKAGE, drop_stale_cache

_HERE = pathlib.Path(__file__).resolve().parent
drop_stale_cache(_HERE, (PACKAGE, _HERE))
