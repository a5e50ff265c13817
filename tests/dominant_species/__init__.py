"""Dominant Species tests. The compiled invariant kernels here call the rules, so their numba
cache is dropped whenever the engine or these tests change (see envs.core.cache)."""
import pathlib

from speciesgym.envs.core.cache import drop_stale_cache

_HERE = pathlib.Path(__file__).resolve().parent
_ENGINE = _HERE.parent.parent / "envs" / "dominant_species"
drop_stale_cache(_HERE, (_ENGINE, _HERE))
