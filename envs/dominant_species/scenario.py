"""JSON scenarios: a Dominant Species position written by hand or saved by `save_scenario`,
loaded with every field checked (a ValueError names the field that is wrong). What loads
passes every invariant of the game (cubes, elements, pawns and tiles conserved, dominance,
a player to move) and plays on to the end; `load_scenario(to_scenario(e, s))` gives `s` back
byte for byte, options included.

API (shared with Evolution): `load_scenario(path_or_dict) -> (engine, state)`,
`to_scenario(engine, state) -> dict`, `save_scenario(engine, state, path)` (the file names
its game: "game": "dominant_species"; a file may start with a byte-order mark).

Format (every key but "animals" is optional; animals are named, hexes are [q, r] axial
coordinates, element types and terrains by name, cards by name):

    {
      "animals": ["mammal", "reptile", "insect"],      # one per seat, seat order
      "options": {"forbid_useless_spaces": false},
      "rng": 12345,                                     # seed of the generator (default 1)
      "rng_word": 987654321,                            # or its exact 64-bit word
      "round": 1,
      "tiles": [{"hex": [0, 0], "terrain": "tundra", "cubes": {"mammal": 2}}, ...],
                                                        # default: the 7 starting tiles, no cubes
      "elements": [{"hexes": [[0,0],[0,-1],[1,-1]], "type": "water"}, {"corner": 41, "type": "sun"}],
      "displays": {"mammal": {"meat": 3, "sun": 1}},    # totals incl. printed; default printed
      "gene": {"mammal": 10}, "eliminated": {...}, "vp": {...},   # gene default: the rest
      "pawns": {"mammal": 5},                           # owned; supply = owned - on display
      "initiative": ["insect", "reptile", "mammal"],    # default reverse food chain
      "spaces": {"Domination": ["mammal", null], "Regression": [null, null, "reptile"]},
                                                        # slot lists; free spaces default filled
      "boxes": {"Adaptation": {"meat": 1}},
      "stacks": [["sea", "wetland", ...], [...], [null, "desert", ...]],
                                                        # top first, face up; null = its
                                                        # face-up tile was taken this round;
                                                        # together exactly the 31 large tiles
                                                        # not on the earth (DS-SCEN-01);
                                                        # default: those dealt at random
      "tundra_left": 11,                                # must be 12 - tundra on the earth
      "deck": ["Predator", "Ice Age"],                  # top first: Ice Age, at the bottom,
                                                        # is the last card until it is drawn;
                                                        # default: the standard deck, shuffled
                                                        # (the cards not face up or in play)
      "faceup": ["Aquatic", null, ...],                 # null = an empty slot; default: none,
                                                        # or dealt from a default deck
      "scored": [[0, 1]], "hibernating": [{"hex": [0,1], "animal": "mammal", "n": 1}],
                                                        # on tiles only
      "ice_age": false,                                 # Ice Age played
      "start": "planning" | "reset" | {"execute": "Speciation", "slot": 1}
               | {"card": "Predator", "taker": "mammal", "scored_hex": [0, 1]},
      "decision": {...}                                 # raw decision fields written by
                                                        # to_scenario (scenario_decision
                                                        # checks them); never with "start"
    }

The bag is never given: it holds what is left of the 20 elements per type; a box holds at
most 4 elements. A "card" start resolves the card as if taken by Domination space 4
(execution then goes on with Domination space 5); the card is then in neither the deck nor
the face-up row. The cards obey DS-SET-09 (envs.dominant_species.scenario_cards): each card in
one place at most, Ice Age in exactly one (the bottom of the deck, the face-up row, in play or
played), the deck empty once Ice Age has left it. An omitted deck is the standard deck: the
cards not face up or in play, shuffled by a numpy generator seeded with the scenario's
generator word, Ice Age at the bottom (empty if Ice Age is out), and with "faceup" omitted
too its top five (less one per card in play) are dealt face up as at setup; so a scenario
of "animals" alone is a new game's card setup.
"""
# pyright: basic
from __future__ import annotations

import os
from typing import Any

import numpy as np
from numba import njit

from speciesgym.envs.core.rng import seed_word
from speciesgym.envs.core.scenario import save_json, scenario_data
from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species.engine import DominantSpeciesEngine
from speciesgym.envs.dominant_species.rules import fill_legal, settle
from speciesgym.envs.dominant_species.rules.board import recompute_dominance
from speciesgym.envs.dominant_species.rules import board as B
from speciesgym.envs.dominant_species.scenario_cards import place_cards, read_cards
from speciesgym.envs.dominant_species.scenario_decision import CARD_LOWER, set_start
from speciesgym.envs.dominant_species.state import STATE_DTYPE

KNOWN = {"animals", "options", "rng", "rng_word", "round", "tiles", "elements", "displays", "gene", "eliminated",
         "vp", "pawns", "initiative", "spaces", "boxes", "stacks", "tundra_left", "deck",
         "faceup", "scored", "hibernating", "ice_age", "start", "decision"}
GAME = "dominant_species"
N_TILES = len(D.STACK_TILES) + len(D.START_TILES)   # 31 large tiles: on the earth or stacked
LARGE_TILES = np.bincount(np.concatenate([D.STACK_TILES, list(D.START_TILES.values())]),
                     minlength=D.TUNDRA + 1)


@njit(cache=True)
def settle_at(states, b):
    """Run the loaded position to its first decision; every tile's dominance is computed
    (the loader's `dom` is not a position's)."""
    st = states[b]
    settle(st)
    recompute_dominance(st)


@njit(cache=True)
def refresh_at(states, b):
    st = states[b]
    fill_legal(st, st.mask)
    recompute_dominance(st)


ACTION_LOWER = tuple(n.lower() for n in D.ACTION_NAMES)
BOX_LOWER = tuple(n.lower() for n in D.BOX_NAMES)
_TABLES = {id(t): {n: i for i, n in enumerate(t)} for t in (
    D.ANIMAL_NAMES, D.ELEM_NAMES, D.TERRAIN_NAMES, ACTION_LOWER, BOX_LOWER, CARD_LOWER)}
_SPACE_OF = {(kind, slot + 1): sp for kind in range(len(D.ACTION_NAMES))
             for slot, sp in enumerate(np.flatnonzero(D.SPACE_ACTION == kind).tolist())}
_SLOTS = [int((D.SPACE_ACTION == kind).sum()) for kind in range(len(D.ACTION_NAMES))]
_PAWN_SPACE = D.FREE_SPACE == 0


def _name(value, names, field):
    """Index of `value` (a name, any case) in the name table `names`."""
    if isinstance(value, str):
        i = _TABLES[id(names)].get(value) if value.islower() else None
        if i is None:
            i = _TABLES[id(names)].get(value.lower())
        if i is not None:
            return i
    raise ValueError(f"{field}: unknown name {value!r}; choose from {', '.join(names)}")


def _int(value, field, low, high):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"{field}: expected an integer, got {value!r}")
    if not low <= value <= high:
        raise ValueError(f"{field}: {value} is outside {low}..{high}")
    return int(value)


def _hex(value, field):
    if not (isinstance(value, (list, tuple)) and len(value) == 2):
        raise ValueError(f"{field}: a hex is [q, r], got {value!r}")
    try:
        return D.cell_index(_int(value[0], field, -3, 3), _int(value[1], field, -3, 3))
    except ValueError as exc:
        raise ValueError(f"{field}: {exc}") from None


def _per_animal(data, field, animals, low, high):
    out = {}
    if not isinstance(data, dict):
        raise ValueError(f"{field}: expected an object animal -> number")
    for key, value in data.items():
        a = _name(key, D.ANIMAL_NAMES, f"{field}")
        if a not in animals:
            raise ValueError(f"{field}.{key}: animal not in play")
        out[a] = _int(value, f"{field}.{key}", low, high)
    return out


def _counts(data, field):
    if not isinstance(data, dict):
        raise ValueError(f"{field}: expected an object element -> count")
    out = np.zeros(6, np.int64)
    for key, value in data.items():
        out[_name(key, D.ELEM_NAMES, field)] = _int(value, f"{field}.{key}", 0, 20)
    return out


def _list(data, field):
    if not isinstance(data, list):
        raise ValueError(f"{field}: expected a list")
    return data


def _space_index(action, slot, field):
    kind = _name(action, ACTION_LOWER, field)
    if (kind, slot) not in _SPACE_OF:
        raise ValueError(f"{field}: {action} has spaces 1..{_SLOTS[kind]}, got {slot}")
    return _SPACE_OF[kind, slot]


def build_state(data):
    """(engine, state) from a scenario dict; ValueError names the first bad field."""
    if not isinstance(data, dict):
        raise ValueError("scenario must be a JSON object")
    unknown = sorted(set(data) - KNOWN)
    if unknown:
        raise ValueError(f"scenario has unknown field(s): {', '.join(unknown)}")
    if "animals" not in data:
        raise ValueError("scenario is missing field 'animals'")
    names = _list(data["animals"], "animals")
    if not D.MIN_PLAYERS <= len(names) <= D.MAX_PLAYERS:
        raise ValueError(f"animals: {len(names)} animals, need 2..6 players")
    options = data.get("options", {})
    if not isinstance(options, dict) or set(options) - {"forbid_useless_spaces"}:
        raise ValueError("options: only forbid_useless_spaces (true/false) is known")
    engine = DominantSpeciesEngine(len(names), names, **options)
    p = engine.num_players
    animals = [int(a) for a in engine.animals[:p]]
    state = np.zeros(1, STATE_DTYPE)
    st = state[0]
    st["rng"] = seed_word(_int(data.get("rng", 1), "rng", 0, 2 ** 62))
    if "rng_word" in data:
        st["rng"] = np.uint64(_int(data["rng_word"], "rng_word", 1, 2 ** 64 - 1))
    st["num_players"] = p
    st["opt_forbid_useless"] = engine.forbid_useless
    st["seat_animal"][:] = -1
    st["animal_seat"][:] = -1
    for s, a in enumerate(animals):
        st["seat_animal"][s] = a
        st["animal_seat"][a] = s
    st["round"] = _int(data.get("round", 1), "round", 1, D.MAX_ROUNDS)
    # tiles and cubes
    tiles = data.get("tiles")
    if tiles is None:
        tiles = [{"hex": list(qr), "terrain": D.TERRAIN_NAMES[t]} for qr, t in D.START_TILES.items()]
        tiles[0]["terrain"] = "tundra"
    seen = set()
    for i, tile in enumerate(_list(tiles, "tiles")):
        f = f"tiles[{i}]"
        if not isinstance(tile, dict) or set(tile) - {"hex", "terrain", "cubes"}:
            raise ValueError(f"{f}: expected an object with hex, terrain, cubes")
        c = _hex(tile.get("hex"), f"{f}.hex")
        if c in seen:
            raise ValueError(f"{f}.hex: hex {tile['hex']} listed twice")
        seen.add(c)
        ter = _name(tile.get("terrain"), D.TERRAIN_NAMES, f"{f}.terrain")
        st["terrain"][c] = ter
        cubes = _per_animal(tile.get("cubes", {}), f"{f}.cubes", animals, 0, 55)
        if ter == D.EMPTY and any(cubes.values()):
            raise ValueError(f"{f}.cubes: cubes on an empty hex {tile['hex']}")
        for a, n in cubes.items():
            st["cubes"][c, a] = n
    if not (st["terrain"] > 0).any():
        raise ValueError("tiles: the earth needs at least one tile")
    # elements
    st["corner"][:] = -1
    for i, el in enumerate(_list(data.get("elements", []), "elements")):
        f = f"elements[{i}]"
        if not isinstance(el, dict) or set(el) - {"hexes", "corner", "type"}:
            raise ValueError(f"{f}: expected an object with hexes or corner, and type")
        if "corner" in el:
            k = _int(el["corner"], f"{f}.corner", 0, D.N_CORNERS - 1)
        else:
            try:
                k = D.corner_index([tuple(h) for h in _list(el.get("hexes"), f"{f}.hexes")])
            except (ValueError, TypeError) as exc:
                raise ValueError(f"{f}.hexes: {exc}") from None
        if st["corner"][k] >= 0:
            raise ValueError(f"{f}: corner {k} already holds an element")
        if not any(c >= 0 and st["terrain"][c] > 0 for c in D.CORNER_CELLS[k]):
            raise ValueError(f"{f}: corner {k} touches no tile")
        st["corner"][k] = _name(el.get("type"), D.ELEM_NAMES, f"{f}.type")
    # displays
    displays = data.get("displays", {})
    if not isinstance(displays, dict):
        raise ValueError("displays: expected an object animal -> elements")
    for a in animals:
        st["display"][a] = D.PRINTED[a]
    for key, counts in displays.items():
        a = _name(key, D.ANIMAL_NAMES, "displays")
        if a not in animals:
            raise ValueError(f"displays.{key}: animal not in play")
        have = _counts(counts, f"displays.{key}")
        if (have < D.PRINTED[a]).any():
            raise ValueError(f"displays.{key}: fewer than the printed elements")
        if have.sum() > D.MAX_DISPLAY:
            raise ValueError(f"displays.{key}: {have.sum()} elements, a display holds at most 6")
        st["display"][a] = have
    # boxes
    boxes = data.get("boxes", {})
    if not isinstance(boxes, dict):
        raise ValueError("boxes: expected an object box -> elements")
    for key, counts in boxes.items():
        b = _name(key, BOX_LOWER, "boxes")
        st["box"][b] = _counts(counts, f"boxes.{key}")
    # the bag holds the rest of each type
    for t in range(6):
        used = int((st["corner"] == t).sum()) + int(st["box"][:, t].sum())
        used += int(sum(st["display"][a, t] - D.PRINTED[a, t] for a in animals))
        if used > D.ELEM_PER_TYPE:
            raise ValueError(f"elements: {used} {D.ELEM_NAMES[t]} elements on earth, displays "
                             f"and boxes, there are only {D.ELEM_PER_TYPE}")
        st["bag"][t] = D.ELEM_PER_TYPE - used
    _check_box_sizes(st)
    # cubes off earth
    kept = D.cubes_for(p)
    elim = _per_animal(data.get("eliminated", {}), "eliminated", animals, 0, kept)
    vp = _per_animal(data.get("vp", {}), "vp", animals, 0, 100000)
    gene = _per_animal(data.get("gene", {}), "gene", animals, 0, kept)
    for a in animals:
        on_earth = int(st["cubes"][:, a].sum())
        st["elim"][a] = elim.get(a, 0)
        st["vp"][a] = vp.get(a, 0)
        rest = kept - 1 - on_earth - st["elim"][a]
        st["gene"][a] = gene.get(a, rest)
        if st["gene"][a] != rest or rest < 0:
            raise ValueError(f"gene.{D.ANIMAL_NAMES[a]}: earth {on_earth} + gene pool "
                             f"{st['gene'][a]} + eliminated {st['elim'][a]} + VP marker must "
                             f"be the {kept} cubes of {p} players")
    # action display
    st["space"][:] = -1
    for sp in range(D.N_SPACES):
        o = D.FREE_OWNER[sp]
        if o >= 0 and o in animals:
            st["space"][sp] = o
    spaces = data.get("spaces", {})
    if not isinstance(spaces, dict):
        raise ValueError("spaces: expected an object action -> list of animals")
    for key, slots in spaces.items():
        for j, who in enumerate(_list(slots, f"spaces.{key}")):
            sp = _space_index(key, j + 1, f"spaces.{key}")
            f = f"spaces.{key}[{j}]"
            if who is None:
                st["space"][sp] = -1
                continue
            a = _name(who, D.ANIMAL_NAMES, f)
            if a not in animals:
                raise ValueError(f"{f}: animal not in play")
            if D.FREE_SPACE[sp] and a != D.FREE_OWNER[sp]:
                raise ValueError(f"{f}: this space belongs to the {D.ANIMAL_NAMES[D.FREE_OWNER[sp]]}")
            st["space"][sp] = a
    pawns = _per_animal(data.get("pawns", {}), "pawns", animals, 0, D.MAX_PAWNS)
    for a in animals:
        total = pawns.get(a, D.pawns_for(p))
        placed = int(((st["space"] == a) & _PAWN_SPACE).sum())
        if placed > total:
            raise ValueError(f"pawns.{D.ANIMAL_NAMES[a]}: {placed} pawns on the display, "
                             f"only {total} owned")
        st["ap_total"][a] = total
        st["ap_supply"][a] = total - placed
    # initiative
    order = data.get("initiative", [D.ANIMAL_NAMES[a] for a in sorted(animals, reverse=True)])
    order = [_name(x, D.ANIMAL_NAMES, "initiative") for x in _list(order, "initiative")]
    if sorted(order) != sorted(animals):
        raise ValueError("initiative: must list every animal in play exactly once")
    st["init_order"][:] = -1
    st["init_order"][:p] = order
    _set_stacks(st, data)
    deck, face = read_cards(data, _name)          # placed once the card in play is known
    _set_marks(st, data)
    ice_age = data.get("ice_age", False)
    if not isinstance(ice_age, bool):
        raise ValueError(f"ice_age: expected true or false, got {ice_age!r}")
    st["ice_age"] = int(ice_age)
    st["card"] = -1
    st["card_pending"] = -1
    st["ctx_corner"] = -1
    st["ctx_cell"] = -1
    st["ctx_elem"] = -1
    set_start(st, data, animals, _space_index, _name, _hex, _int)
    place_cards(st, data, deck, face)
    if "decision" not in data:
        settle_at(state, 0)
    else:
        refresh_at(state, 0)
        if st["phase"] != B.PH_OVER and not st["mask"].any():
            raise ValueError("decision: no player could act in this decision (phase, sub, "
                             "actor and context do not fit together)")
    return engine, state


def _check_box_sizes(st):
    """DS-SET-08, DS-RESET-06/07: a box receives at most four elements (drawn, or moved down
    from the box above), and elements only leave it, so no box ever holds more."""
    for b in range(len(D.BOX_NAMES)):
        n = int(st["box"][b].sum())
        if n > D.BOX_DRAW:
            raise ValueError(f"boxes.{D.BOX_NAMES[b]}: {n} elements, a box holds at most "
                             f"{D.BOX_DRAW}")


def _tile_hex(value, st, field):
    """Index of a hex that holds a tile."""
    c = _hex(value, field)
    if st["terrain"][c] == D.EMPTY:
        raise ValueError(f"{field}: no tile at {list(value)}")
    return c


def _set_marks(st, data):
    """Scored tiles and hibernating cubes: marks on tiles only."""
    for i, h in enumerate(_list(data.get("scored", []), "scored")):
        st["scored"][_tile_hex(h, st, f"scored[{i}]")] = 1
    for i, h in enumerate(_list(data.get("hibernating", []), "hibernating")):
        f = f"hibernating[{i}]"
        if not isinstance(h, dict):
            raise ValueError(f"{f}: expected an object with hex, animal, n")
        c = _tile_hex(h.get("hex"), st, f"{f}.hex")
        a = _name(h.get("animal"), D.ANIMAL_NAMES, f"{f}.animal")
        st["hib"][c, a] = _int(h.get("n"), f"{f}.n", 0, int(st["cubes"][c, a]))


def _set_stacks(st, data):
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
        stacks = _list(data["stacks"], "stacks")
        if len(stacks) != D.N_STACKS:
            raise ValueError("stacks: expected 3 stacks")
        for s, stack in enumerate(stacks):
            _list(stack, f"stacks[{s}]")
    else:
        pool = np.concatenate([np.full(LARGE_TILES[t] - large[t], t) for t in range(D.SEA, D.TUNDRA)])
        np.random.default_rng(int(st["rng"])).shuffle(pool)
        cut = [need * s // D.N_STACKS for s in range(D.N_STACKS + 1)]
        stacks = [[D.TERRAIN_NAMES[t] for t in pool[cut[s]:cut[s + 1]]] for s in range(3)]
    have = large.copy()
    stacked = 0
    for s, stack in enumerate(stacks):
        taken = bool(stack) and stack[0] is None       # face-up tile already taken
        ters = [_name(x, D.TERRAIN_NAMES, f"stacks[{s}]") for x in stack[1 if taken else 0:]]
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
    st["tundra_left"] = _int(data.get("tundra_left", D.N_TUNDRA - tundra_on), "tundra_left",
                             D.N_TUNDRA - tundra_on, D.N_TUNDRA - tundra_on)


def load_scenario(source: str | os.PathLike[str] | dict[str, Any],
                  seed: int | None = None) -> tuple[DominantSpeciesEngine, np.ndarray]:
    """(engine, state) from a scenario file path or dict (a "game" field, if any, must say
    dominant_species). `seed`, if given, replaces the scenario's generator ("rng" and
    "rng_word"): the order of an omitted deck, the bag's draws and all chance after it."""
    data = scenario_data(source, GAME)
    if seed is not None:
        data.pop("rng_word", None)
        data["rng"] = seed
    return build_state(data)


def save_scenario(engine: DominantSpeciesEngine, state: np.ndarray,
                  path: str | os.PathLike[str]) -> None:
    """Write the position to `path` as a scenario file (atomic; "game": "dominant_species")."""
    save_json(GAME, to_scenario(engine, state), path)


def to_scenario(engine: DominantSpeciesEngine, state: np.ndarray) -> dict[str, Any]:
    """A scenario dict of the position (see envs.dominant_species.scenario_write)."""
    from speciesgym.envs.dominant_species.scenario_write import to_scenario as _to
    return _to(engine, state)
