"""Text rendering: the earth tile by tile, the action display, scores and face-up cards."""
from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species.names import decision_label
from speciesgym.envs.dominant_species.rules.board import PHASE_NAMES


def _elems(counts):
    return " ".join(f"{D.ELEM_NAMES[t]}x{n}" for t, n in enumerate(counts) if n) or "-"


def render_text(state):
    st = state[0]
    lines = [f"Dominant Species, round {st['round']}, {PHASE_NAMES[st['phase']]}: "
             f"{decision_label(state)}"]
    lines.append("Animals (food chain order):")
    for a in range(6):
        seat = st["animal_seat"][a]
        if seat < 0:
            continue
        pos = list(st["init_order"][:st["num_players"]]).index(a) + 1
        lines.append(
            f"  {D.ANIMAL_NAMES[a]:9s} seat {seat}  VP {st['vp'][a]:3d}  initiative {pos}  "
            f"pawns {st['ap_supply'][a]}/{st['ap_total'][a]}  gene pool {st['gene'][a]}  "
            f"eliminated {st['elim'][a]}  display {_elems(st['display'][a])}")
    lines.append("Earth:")
    for c in range(D.N_CELLS):
        ter = st["terrain"][c]
        if ter == D.EMPTY:
            continue
        q, r = D.CELL_QR[c]
        cubes = " ".join(f"{D.ANIMAL_LETTERS[a]}{st['cubes'][c, a]}" for a in range(6)
                         if st["cubes"][c, a])
        elems = [st["corner"][k] for k in D.CELL_CORNERS[c]]
        counts = [sum(1 for e in elems if e == t) for t in range(6)]
        dom = st["dom"][c]
        lines.append(f"  ({q:2d},{r:2d}) {D.TERRAIN_NAMES[ter]:8s} cubes [{cubes or '-'}] "
                     f"elements [{_elems(counts)}]"
                     + (f" dominant {D.ANIMAL_NAMES[dom]}" if dom >= 0 else "")
                     + (" scored" if st["scored"][c] else ""))
    lines.append("Action display:")
    for kind in range(12):
        spaces = [s for s in range(D.N_SPACES) if D.SPACE_ACTION[s] == kind]
        marks = "".join("." if st["space"][s] < 0 else D.ANIMAL_LETTERS[st["space"][s]]
                        for s in spaces)
        lines.append(f"  {D.ACTION_NAMES[kind]:12s} [{marks}]")
    for b in range(6):
        lines.append(f"  box {D.BOX_NAMES[b]:11s} {_elems(st['box'][b])}")
    lines.append(f"  bag {_elems(st['bag'])}")
    faces = ", ".join(D.TERRAIN_NAMES[f] if f else "-" for f in st["stack_face"])
    lines.append(f"  terrain stacks: {faces}; tundra tiles left {st['tundra_left']}")
    cards = ", ".join(D.CARD_NAMES[c] for c in st["faceup"] if c >= 0) or "-"
    lines.append(f"Face-up cards: {cards}; deck {st['deck_len'] - st['deck_ptr']} cards")
    return "\n".join(lines)
