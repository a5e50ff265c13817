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

from speciesgym.envs.core.fields import integer, json_list
from speciesgym.envs.core.rng import seed_word
from speciesgym.envs.core.scenario import save_json, scenario_data
from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species.engine import DominantSpeciesEngine
from speciesgym.envs.dominant_species.rules import fill_legal, settle
from speciesgym.envs.dominant_species.rules.board import recompute_dominance
from speciesgym.envs.dominant_species.rules import board as B
from speciesgym.envs.dominant_species.scenario_cards import place_cards, read_cards
from speciesgym.envs.dominant_species.scenario_decision import set_start
from speciesgym.envs.dominant_species.scenario_fields import (BOX_LOWER, PAWN_SPACE, element_counts,
                                                             hex_index, name_index, per_animal,
                                                             space_index)
from speciesgym.envs.dominant_species.scenario_tiles import check_box_sizes, set_marks, set_stacks
from speciesgym.envs.dominant_species.state import STATE_DTYPE

KNOWN = {"animals", "options", "rng", "rng_word", "round", "tiles", "elements", "displays", "gene", "eliminated",
         "vp", "pawns", "initiative", "spaces", "boxes", "stacks", "tundra_left", "deck",
         "faceup", "scored", "hibernating", "ice_age", "start", "decision"}
GAME = "dominant_species"


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


def build_state(data):
    """(engine, state) from a scenario dict; ValueError names the first bad field."""
    if not isinstance(data, dict):
        raise ValueError("scenario must be a JSON object")
    unknown = sorted(set(data) - KNOWN)
    if unknown:
        raise ValueError(f"scenario has unknown field(s): {', '.join(unknown)}")
    if "animals" not in data:
        raise ValueError("scenario is missing field 'animals'")
    names = json_list(data["animals"], "animals")
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
    st["rng"] = seed_word(integer(data.get("rng", 1), "rng", 0, 2 ** 62))
    if "rng_word" in data:
        st["rng"] = np.uint64(integer(data["rng_word"], "rng_word", 1, 2 ** 64 - 1))
    st["num_players"] = p
    st["opt_forbid_useless"] = engine.forbid_useless
    st["seat_animal"][:] = -1
    st["animal_seat"][:] = -1
    for s, a in enumerate(animals):
        st["seat_animal"][s] = a
        st["animal_seat"][a] = s
    st["round"] = integer(data.get("round", 1), "round", 1, D.MAX_ROUNDS)
    # tiles and cubes
    tiles = data.get("tiles")
    if tiles is None:
        tiles = [{"hex": list(qr), "terrain": D.TERRAIN_NAMES[t]} for qr, t in D.START_TILES.items()]
        tiles[0]["terrain"] = "tundra"
    seen = set()
    for i, tile in enumerate(json_list(tiles, "tiles")):
        f = f"tiles[{i}]"
        if not isinstance(tile, dict) or set(tile) - {"hex", "terrain", "cubes"}:
            raise ValueError(f"{f}: expected an object with hex, terrain, cubes")
        c = hex_index(tile.get("hex"), f"{f}.hex")
        if c in seen:
            raise ValueError(f"{f}.hex: hex {tile['hex']} listed twice")
        seen.add(c)
        ter = name_index(tile.get("terrain"), D.TERRAIN_NAMES, f"{f}.terrain")
        st["terrain"][c] = ter
        cubes = per_animal(tile.get("cubes", {}), f"{f}.cubes", animals, 0, 55)
        if ter == D.EMPTY and any(cubes.values()):
            raise ValueError(f"{f}.cubes: cubes on an empty hex {tile['hex']}")
        for a, n in cubes.items():
            st["cubes"][c, a] = n
    if not (st["terrain"] > 0).any():
        raise ValueError("tiles: the earth needs at least one tile")
    # elements
    st["corner"][:] = -1
    for i, el in enumerate(json_list(data.get("elements", []), "elements")):
        f = f"elements[{i}]"
        if not isinstance(el, dict) or set(el) - {"hexes", "corner", "type"}:
            raise ValueError(f"{f}: expected an object with hexes or corner, and type")
        if "corner" in el:
            k = integer(el["corner"], f"{f}.corner", 0, D.N_CORNERS - 1)
        else:
            try:
                k = D.corner_index([tuple(h) for h in json_list(el.get("hexes"), f"{f}.hexes")])
            except (ValueError, TypeError) as exc:
                raise ValueError(f"{f}.hexes: {exc}") from None
        if st["corner"][k] >= 0:
            raise ValueError(f"{f}: corner {k} already holds an element")
        if not any(c >= 0 and st["terrain"][c] > 0 for c in D.CORNER_CELLS[k]):
            raise ValueError(f"{f}: corner {k} touches no tile")
        st["corner"][k] = name_index(el.get("type"), D.ELEM_NAMES, f"{f}.type")
    # displays
    displays = data.get("displays", {})
    if not isinstance(displays, dict):
        raise ValueError("displays: expected an object animal -> elements")
    for a in animals:
        st["display"][a] = D.PRINTED[a]
    for key, counts in displays.items():
        a = name_index(key, D.ANIMAL_NAMES, "displays")
        if a not in animals:
            raise ValueError(f"displays.{key}: animal not in play")
        have = element_counts(counts, f"displays.{key}")
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
        b = name_index(key, BOX_LOWER, "boxes")
        st["box"][b] = element_counts(counts, f"boxes.{key}")
    # the bag holds the rest of each type
    for t in range(6):
        used = int((st["corner"] == t).sum()) + int(st["box"][:, t].sum())
        used += int(sum(st["display"][a, t] - D.PRINTED[a, t] for a in animals))
        if used > D.ELEM_PER_TYPE:
            raise ValueError(f"elements: {used} {D.ELEM_NAMES[t]} elements on earth, displays "
                             f"and boxes, there are only {D.ELEM_PER_TYPE}")
        st["bag"][t] = D.ELEM_PER_TYPE - used
    check_box_sizes(st)
    # cubes off earth
    kept = D.cubes_for(p)
    elim = per_animal(data.get("eliminated", {}), "eliminated", animals, 0, kept)
    vp = per_animal(data.get("vp", {}), "vp", animals, 0, 100000)
    gene = per_animal(data.get("gene", {}), "gene", animals, 0, kept)
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
        for j, who in enumerate(json_list(slots, f"spaces.{key}")):
            sp = space_index(key, j + 1, f"spaces.{key}")
            f = f"spaces.{key}[{j}]"
            if who is None:
                st["space"][sp] = -1
                continue
            a = name_index(who, D.ANIMAL_NAMES, f)
            if a not in animals:
                raise ValueError(f"{f}: animal not in play")
            if D.FREE_SPACE[sp] and a != D.FREE_OWNER[sp]:
                raise ValueError(f"{f}: this space belongs to the {D.ANIMAL_NAMES[D.FREE_OWNER[sp]]}")
            st["space"][sp] = a
    pawns = per_animal(data.get("pawns", {}), "pawns", animals, 0, D.MAX_PAWNS)
    for a in animals:
        total = pawns.get(a, D.pawns_for(p))
        placed = int(((st["space"] == a) & PAWN_SPACE).sum())
        if placed > total:
            raise ValueError(f"pawns.{D.ANIMAL_NAMES[a]}: {placed} pawns on the display, "
                             f"only {total} owned")
        st["ap_total"][a] = total
        st["ap_supply"][a] = total - placed
    # initiative
    order = data.get("initiative", [D.ANIMAL_NAMES[a] for a in sorted(animals, reverse=True)])
    order = [name_index(x, D.ANIMAL_NAMES, "initiative") for x in json_list(order, "initiative")]
    if sorted(order) != sorted(animals):
        raise ValueError("initiative: must list every animal in play exactly once")
    st["init_order"][:] = -1
    st["init_order"][:p] = order
    set_stacks(st, data)
    deck, face = read_cards(data)          # placed once the card in play is known
    set_marks(st, data)
    ice_age = data.get("ice_age", False)
    if not isinstance(ice_age, bool):
        raise ValueError(f"ice_age: expected true or false, got {ice_age!r}")
    st["ice_age"] = int(ice_age)
    st["card"] = -1
    st["card_pending"] = -1
    st["ctx_corner"] = -1
    st["ctx_cell"] = -1
    st["ctx_elem"] = -1
    set_start(st, data, animals)
    place_cards(st, data, deck, face)
    if "decision" not in data:
        settle_at(state, 0)
    else:
        refresh_at(state, 0)
        if st["phase"] != B.PH_OVER and not st["mask"].any():
            raise ValueError("decision: no player could act in this decision (phase, sub, "
                             "actor and context do not fit together)")
    return engine, state


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
