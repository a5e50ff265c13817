"""Readable names of actions and decisions (for logs, replays and the terminal)."""
from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species.actions import BLOCKS
from speciesgym.envs.dominant_species.rules import board as B

_CELL_DECISION_VERB = {
    B.D_GLACIATE: "glaciate", B.D_ICE_SHEET: "glaciate", B.D_SPEC_INSECT: "1 insect cube on",
    B.D_WANDER_CELL: "put the tile on", B.D_WANDER_MOVE: "move one cube onto the new tile from",
    B.D_MIG_FROM: "move a cube from", B.D_MIG_TO: "move the cube to",
    B.D_COMP_CELL: "compete on", B.D_DOM_CELL: "score", B.D_MAMMAL_SAVE: "save 1 cube on",
    B.D_AQUA_CELL: "species on", B.D_BLIGHT_CELL: "blight", B.D_CATA_CELL: "strike",
    B.D_EVO_CELL: "replace a cube on", B.D_FECUNDITY: "1 cube on", B.D_FERTILE: "score cubes on",
    B.D_HIB_CELL: "bring cubes back on", B.D_EXODUS_CELL: "empty", B.D_EXODUS_DEST: "move a cube to",
}


def cell_label(state_rec, c):
    q, r = D.CELL_QR[c]
    ter = D.TERRAIN_NAMES[state_rec["terrain"][c]]
    return f"{ter} ({q},{r})"


def corner_label(state_rec, k):
    cells = ", ".join(f"({D.CELL_QR[c][0]},{D.CELL_QR[c][1]})" for c in D.CORNER_CELLS[k] if c >= 0)
    e = state_rec["corner"][k]
    what = D.ELEM_NAMES[e] if e >= 0 else "vacant"
    return f"corner {k} [{cells}] ({what})"


def decision_label(state):
    st = state[0]
    sub = int(st["sub"])
    if st["phase"] == B.PH_OVER:
        return "game over"
    label = B.DECISION_NAMES[sub]
    if sub == B.D_SPEC_CORNER:
        label += f" ({D.ELEM_NAMES[st['ctx_elem']]})"
    if st["card"] >= 0 and sub >= B.D_AQUA_ELEM:
        label = f"{D.CARD_NAMES[st['card']]}"
    actor = st["actor"]
    who = D.ANIMAL_NAMES[actor] if 0 <= actor < 6 else "-"
    return f"{label} [{who}]"


def action_name(state, action):
    """A readable name of `action` in the decision in progress of state[0]."""
    st = state[0]
    block, i = BLOCKS.decode(int(action))
    sub = int(st["sub"])
    head = decision_label(state)
    if block == "pass":
        return f"{head}: pass / done"
    if block == "place":
        return f"{head}: pawn on {D.ACTION_NAMES[D.SPACE_ACTION[i]]} space {D.SPACE_SLOT[i] + 1}"
    if block == "elem":
        return f"{head}: {D.ELEM_NAMES[i]}"
    if block == "corner":
        if sub == B.D_SPEC_CORNER:
            return f"{head}: seed around {corner_label(st, i)}"
        if sub == B.D_BLIGHT_KEEP:
            return f"{head}: keep {corner_label(st, i)}"
        if sub == B.D_DEPLETE:
            return f"{head}: remove {corner_label(st, i)}"
        elem = D.ELEM_NAMES[st["ctx_elem"]] if st["ctx_elem"] >= 0 else "element"
        return f"{head}: {elem} on {corner_label(st, i)}"
    if block == "cell" and sub == B.D_EXODUS_DEST:
        mover = next(a for a in range(6) if st["cubes"][st["ctx_cell"], a] > 0)
        return f"{head}: move one {D.ANIMAL_NAMES[mover]} cube to {cell_label(st, i)}"
    if block == "cell":
        verb = _CELL_DECISION_VERB.get(sub, "hex")
        return f"{head}: {verb} {cell_label(st, i)}"
    if block == "animal":
        where = st["ctx_cell"]
        if sub == B.D_CATA_ADJ:
            where = D.NEIGHBORS[where, st["ctx_k"]]
        verb = "keep one cube of" if sub == B.D_CATA_SURVIVOR else "one cube of"
        return f"{head}: {verb} {D.ANIMAL_NAMES[i]} on {cell_label(st, where)}"
    if block == "count":
        return f"{head}: {i} cube{'' if i == 1 else 's'} on {cell_label(st, st['ctx_cell'])}"
    if block == "stack":
        face = st["stack_face"][i]
        return f"{head}: {D.TERRAIN_NAMES[face]} tile of stack {i + 1}"
    if block == "card":
        card = st["faceup"][i]
        return f"{head}: take {D.CARD_NAMES[card] if card >= 0 else 'empty slot'}"
    if block == "option":
        return f"{head}: " + ("lose an added element", "lose a pawn", "keep one cube per tile")[i]
    return f"{head}: {block} {i}"
