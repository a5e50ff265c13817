"""Compiled (numba) twins of the Evolution heuristic bots of agents.evolution_heuristics:
`read` decodes the observation vector, `base` scores actions as EvolutionHeuristic does
(one scorer, a weight vector per style), `styles` holds the styles' weights and the compiled
move, `agent` the table agent that draws its ties from a generator word."""
import pathlib

from speciesgym.envs.core.cache import drop_stale_cache

_HERE = pathlib.Path(__file__).resolve().parent
# the scorer compiles in the rules' observe and to_move: drop its cache when they change too
drop_stale_cache(_HERE, [_HERE, _HERE.parent.parent / "envs"])
