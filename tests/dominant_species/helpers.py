"""Test helpers: invariant checks on a state, scenario shortcuts, action lookup by block."""
import numpy as np

from speciesgym.envs.core.rng import seed_word
from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species import make_engine
from speciesgym.envs.dominant_species.actions import BLOCKS
from speciesgym.envs.dominant_species.engine import new_game_at
from speciesgym.envs.dominant_species.scenario import load_scenario
from speciesgym.envs.dominant_species.state import STATE_DTYPE


def new_games(players, n_games, seed, **options):
    """A batch of n_games new games (seeds seed, seed + 1, ...) for the compiled sweeps."""
    engine = make_engine(players, **options)
    states = np.zeros(n_games, STATE_DTYPE)
    for g in range(n_games):
        states[g]["rng"] = seed_word(seed + g)
        new_game_at(states, g, players, engine.animals, engine.forbid_useless)
    return states


def python_match(st, c):
    """Every animal's matching on cell c (DS-DOM-01), in plain numpy."""
    counts = np.zeros(6, np.int64)
    for k in D.CELL_CORNERS[c]:
        if st["corner"][k] >= 0:
            counts[st["corner"][k]] += 1
    return st["display"].astype(np.int64) @ counts


def python_dominance(st):
    """Dominance from its definition (DS-DOM-01..03), in plain numpy."""
    out = np.full(D.N_CELLS, -1)
    for c in range(D.N_CELLS):
        if st["terrain"][c] == D.EMPTY:
            continue
        match = python_match(st, c)
        present = st["cubes"][c] > 0
        if not present.any():
            continue
        best = match[present].max()
        if best >= 1 and (match[present] == best).sum() == 1:
            out[c] = int(np.flatnonzero(present & (match == best))[0])
    return out


def check_invariants(engine, state):
    st = state[0]
    p = int(st["num_players"])
    animals = [int(a) for a in st["seat_animal"][:p]]
    kept = D.cubes_for(p)
    assert (st["cubes"] >= 0).all() and (st["hib"] <= st["cubes"]).all()
    assert (st["cubes"][st["terrain"] == D.EMPTY] == 0).all(), "cubes on an empty hex"
    for a in range(6):
        if a in animals:
            total = int(st["cubes"][:, a].sum()) + int(st["gene"][a]) + int(st["elim"][a]) + 1
            assert total == kept, f"cubes of {D.ANIMAL_NAMES[a]}: {total} != {kept}"
            assert st["gene"][a] >= 0 and st["elim"][a] >= 0
            assert (st["display"][a] >= D.PRINTED[a]).all()
            assert st["display"][a].sum() <= D.MAX_DISPLAY
            placed = sum(1 for s in range(D.N_SPACES)
                         if st["space"][s] == a and not D.FREE_SPACE[s])
            assert st["ap_supply"][a] >= 0
            assert st["ap_supply"][a] + placed == st["ap_total"][a] <= D.MAX_PAWNS
        else:
            assert st["cubes"][:, a].sum() == 0 and st["display"][a].sum() == 0
    for t in range(6):
        n = int((st["corner"] == t).sum()) + int(st["box"][:, t].sum()) + int(st["bag"][t])
        n += sum(int(st["display"][a, t] - D.PRINTED[a, t]) for a in animals)
        assert n == D.ELEM_PER_TYPE, f"{n} {D.ELEM_NAMES[t]} elements"
    assert (st["bag"] >= 0).all() and (st["box"] >= 0).all()
    for k in range(D.N_CORNERS):
        if st["corner"][k] >= 0:
            assert any(c >= 0 and st["terrain"][c] for c in D.CORNER_CELLS[k])
    tundra = int((st["terrain"] == D.TUNDRA).sum())
    assert tundra + st["tundra_left"] == D.N_TUNDRA
    tiles = int((st["terrain"] > 0).sum())
    stacked = sum(int(D.STACK_SIZE - st["stack_next"][s]) + (1 if st["stack_face"][s] else 0)
                  for s in range(3))
    assert tiles + stacked == 31
    assert (st["dom"] == python_dominance(st)).all(), "dominance differs from its definition"
    mask = engine.legal_mask(state)
    if engine.to_move(state) >= 0:
        assert mask.sum() > 0, "empty mask for the player to move"
        assert 0 <= engine.to_move(state) < p
    else:
        assert mask.sum() == 0


def action(block, index=0):
    return BLOCKS.encode(block, index)


def cell(q, r):
    return D.cell_index(q, r)


def legal_names(engine, state):
    return [engine.action_name(state, a) for a in np.flatnonzero(engine.legal_mask(state))]


def legal_in(engine, state, block):
    """Indices within `block` that are legal now."""
    b = BLOCKS[block]
    return [int(a) - b.start for a in np.flatnonzero(engine.legal_mask(state))
            if b.start <= a < b.start + b.size]


def scenario(**fields):
    return load_scenario(fields)


def play(engine, state, *actions):
    from speciesgym.envs.core.engine import checked_step
    for a in actions:
        checked_step(engine, state, a)


def corner(*hexes):
    """Corner index shared by the given [q, r] hexes."""
    return D.corner_index([tuple(h) for h in hexes])


START_TILES = [{"hex": [0, 0], "terrain": "tundra"}, {"hex": [0, -1], "terrain": "wetland"},
               {"hex": [1, -1], "terrain": "savannah"}, {"hex": [1, 0], "terrain": "desert"},
               {"hex": [0, 1], "terrain": "mountain"}, {"hex": [-1, 1], "terrain": "forest"},
               {"hex": [-1, 0], "terrain": "jungle"}]


def tiles(*extra, cubes=None):
    """The seven starting tiles (plus extra {"hex", "terrain"} entries), with cubes given as
    {(q, r): {"mammal": 2}}."""
    out = [dict(t) for t in START_TILES] + [dict(t) for t in extra]
    for t in out:
        key = tuple(t["hex"])
        if cubes and key in cubes:
            t["cubes"] = cubes[key]
    return out


def two(**fields):
    """A mammal (seat 0) and reptile (seat 1) scenario with the given fields."""
    return load_scenario({"animals": ["mammal", "reptile"], **fields})


def seat_vp(state, animal):
    return int(state[0]["vp"][D.ANIMAL_NAMES.index(animal)])


def full_stacks(tile_list, *tops):
    """Three stacks with the given top tiles ([] = its face-up tile taken this round), filled
    below with the large tiles neither on `tile_list` nor on a top, so that every one of the
    game's 31 tiles is somewhere (the loader checks it)."""
    from speciesgym.envs.dominant_species.scenario_tiles import LARGE_TILES, N_TILES
    pool = LARGE_TILES.copy()
    occupied = 0
    for t in tile_list:
        ter = D.TERRAIN_NAMES.index(t["terrain"])
        occupied += ter != D.EMPTY
        if D.EMPTY < ter < D.TUNDRA:
            pool[ter] -= 1
    out = [list(top) if top else [None] for top in tops]
    for top in tops:
        for name in top:
            pool[D.TERRAIN_NAMES.index(name)] -= 1
    rest = [D.TERRAIN_NAMES[t] for t in range(D.SEA, D.TUNDRA) for _ in range(pool[t])]
    left = N_TILES - occupied - sum(len(top) for top in tops)
    s = 0
    while left > 0:
        if len([x for x in out[s] if x]) < D.STACK_SIZE:
            out[s].append(rest.pop())
            left -= 1
        s = (s + 1) % 3
    return out
