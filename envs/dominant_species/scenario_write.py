"""Writing a position as a scenario dict (the format of envs.dominant_species.scenario),
with the decision in progress as raw fields so that loading it gives the same game."""
import json

import numpy as np

from envs.dominant_species import data as D
from envs.dominant_species.scenario_decision import DECISION_FIELDS


def to_scenario(engine, state):
    """A scenario dict of the position (the decision in progress as raw fields)."""
    st = state[0]
    p = int(st["num_players"])
    animals = [int(a) for a in st["seat_animal"][:p]]
    names = [D.ANIMAL_NAMES[a] for a in animals]
    qr = lambda c: [int(D.CELL_QR[c][0]), int(D.CELL_QR[c][1])]  # noqa: E731
    tiles = []
    for c in range(D.N_CELLS):
        if st["terrain"][c]:
            cubes = {D.ANIMAL_NAMES[a]: int(st["cubes"][c, a]) for a in animals if st["cubes"][c, a]}
            tiles.append({"hex": qr(c), "terrain": D.TERRAIN_NAMES[st["terrain"][c]], "cubes": cubes})
    counts = lambda row: {D.ELEM_NAMES[t]: int(n) for t, n in enumerate(row) if n}  # noqa: E731
    spaces = {}
    for kind in range(12):
        idx = [s for s in range(D.N_SPACES) if D.SPACE_ACTION[s] == kind]
        spaces[D.ACTION_NAMES[kind]] = [None if st["space"][s] < 0 else D.ANIMAL_NAMES[st["space"][s]]
                                        for s in idx]
    stacks = []
    for s in range(3):
        rest = [D.TERRAIN_NAMES[t] for t in st["stack_tiles"][s, st["stack_next"][s]:]]
        face = st["stack_face"][s]
        stacks.append(([D.TERRAIN_NAMES[face]] if face else [None]) + rest)
    data = {
        "animals": names,
        "options": {"forbid_useless_spaces": bool(st["opt_forbid_useless"])},
        "rng_word": int(st["rng"]),
        "round": int(st["round"]),
        "tiles": tiles,
        "elements": [{"corner": k, "type": D.ELEM_NAMES[st["corner"][k]]}
                     for k in range(D.N_CORNERS) if st["corner"][k] >= 0],
        "displays": {D.ANIMAL_NAMES[a]: counts(st["display"][a]) for a in animals},
        "gene": {D.ANIMAL_NAMES[a]: int(st["gene"][a]) for a in animals},
        "eliminated": {D.ANIMAL_NAMES[a]: int(st["elim"][a]) for a in animals},
        "vp": {D.ANIMAL_NAMES[a]: int(st["vp"][a]) for a in animals},
        "pawns": {D.ANIMAL_NAMES[a]: int(st["ap_total"][a]) for a in animals},
        "initiative": [D.ANIMAL_NAMES[a] for a in st["init_order"][:p]],
        "spaces": spaces,
        "boxes": {D.BOX_NAMES[b]: counts(st["box"][b]) for b in range(6)},
        "stacks": stacks,
        "tundra_left": int(st["tundra_left"]),
        "deck": [D.CARD_NAMES[c] for c in st["deck"][st["deck_ptr"]:st["deck_len"]]],
        "faceup": [None if c < 0 else D.CARD_NAMES[c] for c in st["faceup"]],
        "scored": [qr(c) for c in range(D.N_CELLS) if st["scored"][c]],
        "hibernating": [{"hex": qr(c), "animal": D.ANIMAL_NAMES[a], "n": int(st["hib"][c, a])}
                        for c in range(D.N_CELLS) for a in animals if st["hib"][c, a]],
        "ice_age": bool(st["ice_age"]),
        "decision": {k: (st[k].tolist() if isinstance(st[k], np.ndarray) else int(st[k]))
                     for k in DECISION_FIELDS},
    }
    return json.loads(json.dumps(data))
