"""The action display of a Dominant Species picture: one row per action in execution order
(DS-EXEC-01), its spaces with the action pawns in their animal's colour, the free animal
spaces (DS-PLAN-03) outlined in their owner's colour, the element boxes beside their
actions, and the space being resolved outlined in red. All of it is public."""
from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species.picture_style import (ANIMAL_COLORS, ELEM_COLORS, GREY, HIDDEN,
                                                 INK, TERRAIN_COLORS)
from speciesgym.envs.dominant_species.rules.board import PH_EXECUTION

SPACE = 28            # side of a space square, pixels
GAP = 4
LABEL_W = 92
WIDTH = LABEL_W + 8 * (SPACE + GAP) + 6      # Competition, the longest row
BOX_OF_ACTION = {D.ACT_ADAPTATION: D.BOX_ADAPTATION, D.ACT_REGRESSION: D.BOX_REGRESSION,
                 D.ACT_ABUNDANCE: D.BOX_ABUNDANCE, D.ACT_WASTELAND: D.BOX_WASTELAND,
                 D.ACT_DEPLETION: D.BOX_DEPLETION, D.ACT_WANDERLUST: D.BOX_WANDERLUST}


def draw_display(sk, st, x0, y0, row_h):
    """The 12 rows from (x0, y0) down, `row_h` pixels each; returns the bottom y."""
    sk.text(x0, y0 - 12, "Action display (resolved top to bottom)", size=9,
            weight="bold", ha="left")
    now = int(st["space_now"]) if st["phase"] == PH_EXECUTION else -1
    for kind in range(12):
        y = y0 + kind * row_h + row_h / 2
        sk.rect(x0, y - row_h / 2 + 1, WIDTH, row_h - 2, "#f7f7f7" if kind % 2 else "white",
                "none", 0, z=0.5)
        sk.text(x0 + 4, y, D.ACTION_NAMES[kind], size=8.5, ha="left", weight="bold")
        spaces = [s for s in range(D.N_SPACES) if D.SPACE_ACTION[s] == kind]
        for i, s in enumerate(spaces):
            _draw_space(sk, st, s, x0 + LABEL_W + i * (SPACE + GAP), y, s == now)
        if kind in BOX_OF_ACTION:
            bx = x0 + LABEL_W + len(spaces) * (SPACE + GAP) + 14
            _draw_box(sk, st["box"][BOX_OF_ACTION[kind]], bx, y)
    return y0 + 12 * row_h


def _draw_space(sk, st, s, x, y, current):
    top = y - SPACE / 2
    owner = int(D.FREE_OWNER[s])
    if owner >= 0 and st["animal_seat"][owner] < 0:      # DS-PLAN-03: absent animal, no space
        sk.rect(x, top, SPACE, SPACE, "#e6e6e6", "#bbbbbb", 0.8, z=2, dashed=True)
        return
    if owner >= 0:
        sk.rect(x, top, SPACE, SPACE, "white", ANIMAL_COLORS[owner], 2.0, z=2, dashed=True)
    else:
        sk.rect(x, top, SPACE, SPACE, "white", "#888888", 0.8, z=2)
    _draw_space_mark(sk, s, x, top)
    who = int(st["space"][s])
    if who >= 0:
        sk.disc(x + SPACE / 2, y, SPACE * 0.36, ANIMAL_COLORS[who], z=4)
        sk.text(x + SPACE / 2, y, D.ANIMAL_LETTERS[who], size=7.5, weight="bold",
                color="white" if who in (0, 3, 4, 5) else INK, z=4.5)
    elif owner >= 0:
        sk.text(x + SPACE / 2, y, D.ANIMAL_LETTERS[owner], size=7, color=ANIMAL_COLORS[owner])
    if current:
        sk.rect(x - 3, top - 3, SPACE + 6, SPACE + 6, "none", HIDDEN, 2.5, z=4.8)


def _draw_space_mark(sk, s, x, top):
    """What a space of the printed display says: its element, range or terrains."""
    kind = D.SPACE_ACTION[s]
    slot = int(D.SPACE_SLOT[s])
    if kind == D.ACT_SPECIATION and s < D.SP_INSECT:
        sk.disc(x + SPACE - 5, top + SPACE - 5, 4.5, ELEM_COLORS[s - D.SP_SPECIATION0], lw=0.5,
                z=3)
    elif kind == D.ACT_MIGRATION:
        sk.text(x + 5, top + 6, str(D.MIGRATION_RANGE[slot]), size=6, color=GREY)
    elif kind == D.ACT_COMPETITION and s != D.SP_ARACHNID:
        bits = int(D.COMPETITION_TERRAINS[slot])
        ters = [t for t in range(D.SEA, D.TUNDRA) if bits >> t & 1]
        for j, t in enumerate(ters):
            sk.rect(x + 2 + j * 9, top + SPACE - 9, 8, 7, TERRAIN_COLORS[t], "#555555", 0.4,
                    z=3)
    elif kind == D.ACT_GLACIATION:
        sk.text(x + 5, top + 6, str(slot + 1), size=6, color=GREY)


def _draw_box(sk, counts, x, y):
    """An element box: a tray with its elements' discs (4 at most, DS-SET-08)."""
    sk.rect(x, y - 11, 4 * 20 + 6, 22, "#eeeeee", "#999999", 0.8, z=2)
    i = 0
    for t in range(D.N_ELEM):
        for _ in range(int(counts[t])):
            sk.elem(x + 13 + i * 20, y, t, r=8.5, z=3)
            i += 1
    if i == 0:
        sk.text(x + 43, y, "empty box", size=6.5, color=GREY)
