"""Writing a position as a scenario dict (the format of envs.dominant_species.scenario),
with the decision in progress as raw fields so that loading it gives the same record, byte
for byte. Tables are built once so that writing a position costs well under a millisecond
(the round-trip tests write every decision of hundreds of games)."""
import numpy as np

from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species.scenario_decision import DECISION_FIELDS

_QR = [[int(q), int(r)] for q, r in D.CELL_QR]
_SPACES_OF = [(D.ACTION_NAMES[k], [s for s in range(D.N_SPACES) if D.SPACE_ACTION[s] == k])
              for k in range(len(D.ACTION_NAMES))]
_ANIMAL = D.ANIMAL_NAMES + (None,)          # index -1 -> None
_CARD = D.CARD_NAMES + (None,)
_ARRAY_FIELDS = {k for k in DECISION_FIELDS if k in ("flags", "protect")}


def _counts(row):
    return {D.ELEM_NAMES[t]: n for t, n in enumerate(row) if n}


def to_scenario(engine, state):
    """A scenario dict of the position (plain ints, strings, lists and dicts; JSON-ready)."""
    st = state[0]
    p = int(st["num_players"])
    animals = st["seat_animal"][:p].tolist()
    terrain = st["terrain"].tolist()
    cubes = st["cubes"].tolist()
    display = st["display"].tolist()
    gene, elim, vp, total = (st[f].tolist() for f in ("gene", "elim", "vp", "ap_total"))
    space = st["space"].tolist()
    corner = st["corner"].tolist()
    hib = st["hib"]
    tiles = []
    for c, ter in enumerate(terrain):
        if ter:
            row = cubes[c]
            tiles.append({"hex": list(_QR[c]), "terrain": D.TERRAIN_NAMES[ter],
                          "cubes": {D.ANIMAL_NAMES[a]: row[a] for a in animals if row[a]}})
    stacks = []
    face = st["stack_face"].tolist()
    nxt = st["stack_next"].tolist()
    for s in range(D.N_STACKS):
        rest = [D.TERRAIN_NAMES[t] for t in st["stack_tiles"][s, nxt[s]:].tolist()]
        stacks.append([D.TERRAIN_NAMES[face[s]] if face[s] else None] + rest)
    name = {a: D.ANIMAL_NAMES[a] for a in animals}
    box = st["box"].tolist()
    ptr, length = int(st["deck_ptr"]), int(st["deck_len"])
    dec = {}
    for k in DECISION_FIELDS:
        dec[k] = st[k].tolist() if k in _ARRAY_FIELDS else int(st[k])
    return {
        "animals": [name[a] for a in animals],
        "options": {"forbid_useless_spaces": bool(st["opt_forbid_useless"])},
        "rng_word": int(st["rng"]),
        "round": int(st["round"]),
        "tiles": tiles,
        "elements": [{"corner": k, "type": D.ELEM_NAMES[e]} for k, e in enumerate(corner)
                     if e >= 0],
        "displays": {name[a]: _counts(display[a]) for a in animals},
        "gene": {name[a]: gene[a] for a in animals},
        "eliminated": {name[a]: elim[a] for a in animals},
        "vp": {name[a]: vp[a] for a in animals},
        "pawns": {name[a]: total[a] for a in animals},
        "initiative": [name[a] for a in st["init_order"][:p].tolist()],
        "spaces": {act: [_ANIMAL[space[s]] for s in idx] for act, idx in _SPACES_OF},
        "boxes": {D.BOX_NAMES[b]: _counts(box[b]) for b in range(6)},
        "stacks": stacks,
        "tundra_left": int(st["tundra_left"]),
        "deck": [D.CARD_NAMES[c] for c in st["deck"][ptr:length].tolist()],
        "faceup": [_CARD[c] for c in st["faceup"].tolist()],
        "scored": [list(_QR[c]) for c in np.flatnonzero(st["scored"]).tolist()],
        "hibernating": [{"hex": list(_QR[c]), "animal": D.ANIMAL_NAMES[a], "n": int(hib[c, a])}
                        for c, a in zip(*(x.tolist() for x in np.nonzero(hib))) if a in name],
        "ice_age": bool(st["ice_age"]),
        "decision": dec,
    }
