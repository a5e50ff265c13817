"""Dominant Species (GMT, base game) for 2..6 players: compiled engine and PettingZoo env.

- `make_engine(num_players=4, animals=None)`: the engine (envs.core.engine.GameEngine).
- `env(...)`, `raw_env(...)`: the AEC env (imported lazily: the engine never loads
  pettingzoo or gymnasium). See envs.dominant_species.aec_env for its documentation.
- `load_scenario(path_or_dict, seed=None) -> (engine, state)`, `to_scenario(engine, state) -> dict`,
  `save_scenario(engine, state, path)`: the JSON scenario format (see
  envs.dominant_species.scenario); a saved position loads back byte for byte.
- `warm()`: compile or load every kernel; `bench_engine(engine, n_games, seed)`.
"""
from speciesgym.envs.core.cache import drop_stale_cache

drop_stale_cache(__path__[0])
from speciesgym.envs.dominant_species.engine import OPTIONS, DominantSpeciesEngine  # noqa: E402
from speciesgym.envs.dominant_species.engine import bench_engine as _bench_engine  # noqa: E402


def make_engine(num_players=4, animals=None, forbid_useless_spaces=False, **opts):
    """The engine for the given options; ValueError names an unknown option.

    forbid_useless_spaces: planning skips spaces whose action can do nothing (DS-PLAN-04);
    off by default as the project's ruling A5."""
    if opts:
        raise ValueError(f"unknown option(s) for dominant_species: {', '.join(sorted(opts))}; "
                         f"known: {', '.join(OPTIONS)}")
    return DominantSpeciesEngine(num_players, animals, forbid_useless_spaces)


def bench_engine(engine, n_games, seed):
    return _bench_engine(engine, n_games, seed)


def load_scenario(path_or_dict, seed=None):
    from speciesgym.envs.dominant_species.scenario import load_scenario as _load
    return _load(path_or_dict, seed)


def to_scenario(engine, state):
    from speciesgym.envs.dominant_species.scenario import to_scenario as _to
    return _to(engine, state)


def save_scenario(engine, state, path):
    from speciesgym.envs.dominant_species.scenario import save_scenario as _save
    _save(engine, state, path)


def warm():
    """Compile (or load from cache) every kernel by playing short random games."""
    from speciesgym.envs.dominant_species.observe import observe
    for players in (2, 6):
        engine = make_engine(players)
        state = engine.new_state(players)
        observe(state, 0)
        engine.apply(state, int(engine.legal_mask(state).argmax()))
        mask = engine.legal_mask(state)
        engine.apply_then_mask(state, int(mask.argmax()), mask)
        engine.mask_into(state, mask)
        engine.to_move(state)
        for with_obs in (True, False):
            stepper = engine.stepper(with_obs)
            stepper.step(stepper.legal.item(0) if stepper.reset(1) >= 0 else 0)
        _bench_engine(engine, 1, players)
    from speciesgym.envs.dominant_species.scenario import load_scenario as _load, to_scenario as _to
    engine, state = _load({"animals": ["mammal", "insect"]})
    _load(_to(engine, state))


def __getattr__(name):
    if name in ("env", "raw_env", "DominantSpeciesEnv"):
        import importlib
        return getattr(importlib.import_module("speciesgym.envs.dominant_species.aec_env"), name)
    raise AttributeError(f"module 'speciesgym.envs.dominant_species' has no attribute {name!r}")
