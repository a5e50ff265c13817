"""The tiles of a Dominant Species scenario: scored and hibernating marks, the three stacks
and the tundra left (every large tile on the earth or in a stack), and the box sizes."""
import numpy as np

from speciesgym.envs.core.fields import integer, json_list
from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species.scenario_fields import hex_index, name_index

N_TILES = len(D.STACK_TILES) + len(D.START_TILES)   # 31 large tiles: on the earth or stacked
LARGE_TILES = np.bincount(np.concatenate([D.STACK_TILES, list(D.START_TILES.values())]),
                          minlength=D.TUNDRA + 1)


def check_box_sizes(st):
    """DS-SET-08, DS-RESET-06/07: a box receives at most four elements (drawn, or moved down
    from the box above), and elements only leave it, so no box ever holds more."""
    for b in range(len(D.BOX_NAMES)):
        n = int(st["box"][b].sum())
        if n > D.BOX_DRAW:
            raise ValueError(f"boxes.{D.BOX_NAMES[b]}: {n} elements, a box holds at most "
                             f"{D.BOX_DRAW}")


def tile_hex(value, st, field):
    """Index of a hex that holds a tile."""
    c = hex_index(value, field)
    if st["terrain"][c] == D.EMPTY:
        raise ValueError(f"{field}: no tile at {list(value)}")
    return c


def set_marks(st, data):
    """Scored tiles and hibernating cubes: marks on tiles only."""
    for i, h in enumerate(json_list(data.get("scored", []), "scored")):
        st["scored"][tile_hex(h, st, f"scored[{i}]")] = 1
    for i, h in enumerate(json_list(data.get("hibernating", []), "hibernating")):
        f = f"hibernating[{i}]"
        if not isinstance(h, dict):
            raise ValueError(f"{f}: expected an object with hex, animal, n")
        c = tile_hex(h.get("hex"), st, f"{f}.hex")
        a = name_index(h.get("animal"), D.ANIMAL_NAMES, f"{f}.animal")
        st["hib"][c, a] = integer(h.get("n"), f"{f}.n", 0, int(st["cubes"][c, a]))


def set_stacks(st, data):
    """Stacks and tundra: every one of the 31 large tiles is on the earth (perhaps under
    tundra) or in a stack, every one of the 12 tundra tiles on the earth or left. Omitted
    stacks are dealt from the large tiles not on the earth (shuffled by a numpy generator
    seeded with the state's generator word, which itself is not advanced)."""
    occupied = int((st["terrain"] > 0).sum())
    tundra_on = int((st["terrain"] == D.TUNDRA).sum())
    if tundra_on > D.N_TUNDRA:
        raise ValueError(f"tiles: {tundra_on} tundra tiles, the game has {D.N_TUNDRA}")
    large = np.bincount(st["terrain"][(st["terrain"] > 0) & (st["terrain"] < D.TUNDRA)],
                        minlength=D.TUNDRA + 1)
    for ter in range(D.SEA, D.TUNDRA):
        if large[ter] > LARGE_TILES[ter]:
            raise ValueError(f"tiles: {large[ter]} {D.TERRAIN_NAMES[ter]} tiles, the game has "
                             f"{LARGE_TILES[ter]}")
    need = N_TILES - occupied
    if not 0 <= need <= D.N_STACKS * D.STACK_SIZE:
        raise ValueError(f"tiles: {occupied} hexes hold tiles; the other of the {N_TILES} tiles "
                         f"must fit the 3 stacks of {D.STACK_SIZE} (7..{N_TILES} hexes)")
    if "stacks" in data:
        stacks = json_list(data["stacks"], "stacks")
        if len(stacks) != D.N_STACKS:
            raise ValueError("stacks: expected 3 stacks")
        for s, stack in enumerate(stacks):
            json_list(stack, f"stacks[{s}]")
    else:
        pool = np.concatenate([np.full(LARGE_TILES[t] - large[t], t) for t in range(D.SEA, D.TUNDRA)])
        np.random.default_rng(int(st["rng"])).shuffle(pool)
        cut = [need * s // D.N_STACKS for s in range(D.N_STACKS + 1)]
        stacks = [[D.TERRAIN_NAMES[t] for t in pool[cut[s]:cut[s + 1]]] for s in range(3)]
    have = large.copy()
    stacked = 0
    for s, stack in enumerate(stacks):
        taken = bool(stack) and stack[0] is None       # face-up tile already taken
        ters = [name_index(x, D.TERRAIN_NAMES, f"stacks[{s}]") for x in stack[1 if taken else 0:]]
        if any(t in (D.EMPTY, D.TUNDRA) for t in ters):
            raise ValueError(f"stacks[{s}]: only large terrain tiles")
        if len(ters) > D.STACK_SIZE:
            raise ValueError(f"stacks[{s}]: at most {D.STACK_SIZE} tiles")
        stacked += len(ters)
        for t in ters:
            have[t] += 1
        st["stack_tiles"][s, :] = 0
        start = D.STACK_SIZE - len(ters)
        if taken or not ters:
            st["stack_face"][s] = 0
            st["stack_next"][s] = start
            st["stack_tiles"][s, start:] = ters
        else:
            st["stack_face"][s] = ters[0]
            st["stack_next"][s] = start + 1
            st["stack_tiles"][s, start + 1:] = ters[1:]
    for ter in range(D.SEA, D.TUNDRA):
        if have[ter] > LARGE_TILES[ter]:
            raise ValueError(f"tiles/stacks: {have[ter]} {D.TERRAIN_NAMES[ter]} tiles, the game "
                             f"has {LARGE_TILES[ter]}")
    if stacked != need:
        raise ValueError(f"stacks: {stacked} tiles in the stacks, {need} expected (the game's "
                         f"{N_TILES} tiles less the {occupied} on the earth)")
    st["tundra_left"] = integer(data.get("tundra_left", D.N_TUNDRA - tundra_on), "tundra_left",
                             D.N_TUNDRA - tundra_on, D.N_TUNDRA - tundra_on)
