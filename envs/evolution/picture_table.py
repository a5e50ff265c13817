"""The right-hand column of the Evolution picture: the shared table (watering hole, Cliff,
deck, reserve, discard pile, species boards left) and the legend."""
from speciesgym.envs.evolution.picture_style import (AVIAN, AVIAN_EDGE, CARNIVORE, CLIFF, FAINT, FAT,
                                          FIRST, FOOD, FOOD_EMPTY, LAND, LAND_EDGE, PASSED,
                                          TO_MOVE, TRAIT, UPKEEP, WATER, ATTACK, box,
                                          card_back, dot, text)


def _pile(sheet, x, y, label, count):
    """A small stack of card backs with its count beside it."""
    for i in range(3):
        box(sheet, x + i * 2, y - i * 2, 16, 22, "#4b4f6e", edge="#2b2d40", lw=0.6)
    text(sheet, x + 24, y + 5, label, size=7, color=FAINT)
    text(sheet, x + 24, y + 17, str(count), size=11, weight="bold")


def draw_table(sheet, st, x, y, w):
    """Watering hole and Cliff food, the piles and the supply of species boards; returns
    the y below the panel."""
    h = 196
    box(sheet, x, y, w, h, "white", edge="#999999", round_px=4)
    text(sheet, x + 10, y + 13, "Table", size=10, weight="bold")
    flight = bool(st["flight"])
    cx = x + w * (0.27 if flight else 0.5)
    dot(sheet, cx, y + 56, 25, WATER, edge="#1f5f99", lw=1.2)
    text(sheet, cx, y + 56, str(int(st["wh"])), size=17, color="white", ha="center",
         weight="bold")
    text(sheet, cx, y + 93, "watering hole", size=7.5, ha="center")
    if flight:
        cx = x + w * 0.73
        box(sheet, cx - 26, y + 31, 52, 50, CLIFF, edge="#5e4a35", lw=1.2, round_px=4)
        text(sheet, cx, y + 56, str(int(st["cliff"])), size=17, color="white", ha="center",
             weight="bold")
        text(sheet, cx, y + 93, "Cliff", size=7.5, ha="center")
    piles = [("deck", int(st["deck_n"])), ("discard", int(st["discard"].sum()))]
    if flight:
        piles.insert(1, ("reserve", int(st["reserve_n"])))
    step = (w - 16) / len(piles)
    for i, (label, count) in enumerate(piles):
        _pile(sheet, x + 12 + i * step, y + 116, label, count)
    boards = f"boards left: land {int(st['land_left'])}"
    if flight:
        boards += f", avian {int(st['avian_left'])}"
    text(sheet, x + 10, y + 160, boards, size=7.5)
    if 0 <= st["last_round"] <= st["round"]:
        text(sheet, x + 10, y + 178, "last round (the deck ran out)", size=7.5, color="#b00020",
             weight="bold")
    return y + h


def draw_legend(sheet, x, y, w, h):
    """The key to every mark in the picture."""
    box(sheet, x, y, w, h, "white", edge="#999999", round_px=4)
    text(sheet, x + 10, y + 13, "Legend", size=10, weight="bold")
    col2 = x + w / 2 + 4
    row = 15
    top = y + 32

    items = [
        (x + 10, lambda cx, cy: box(sheet, cx, cy - 6, 16, 12, LAND, edge=LAND_EDGE),
         "land species"),
        (col2, lambda cx, cy: box(sheet, cx, cy - 6, 16, 12, AVIAN, edge=AVIAN_EDGE),
         "avian species"),
        (x + 10, lambda cx, cy: dot(sheet, cx + 8, cy, 4.5, FOOD), "food eaten"),
        (col2, lambda cx, cy: dot(sheet, cx + 8, cy, 4.5, FOOD_EMPTY), "population unfed"),
        (x + 10, lambda cx, cy: dot(sheet, cx + 8, cy, 5.5, FAT), "Fat Tissue store"),
        (col2, lambda cx, cy: box(sheet, cx + 2, cy - 6, 12, 12, UPKEEP), "avian upkeep"),
        (x + 10, lambda cx, cy: box(sheet, cx, cy - 6, 16, 12, TRAIT, edge="#8a8a8a"),
         "trait face up"),
        (col2, lambda cx, cy: box(sheet, cx, cy - 6, 16, 12, CARNIVORE, edge="#8a8a8a"),
         "Carnivore"),
        (x + 10, lambda cx, cy: card_back(sheet, cx, cy - 6, 16, 12), "face-down card"),
        (col2, lambda cx, cy: card_back(sheet, cx, cy - 6, 16, 12, seen=True),
         "face down, seen"),
        (x + 10, lambda cx, cy: box(sheet, cx, cy - 6, 16, 12, "none", edge=TO_MOVE, lw=2.2),
         "to move"),
        (col2, lambda cx, cy: text(sheet, cx + 8, cy, "\u2605", size=11, color=FIRST,
                                   ha="center"), "first player"),
        (x + 10, lambda cx, cy: box(sheet, cx, cy - 6, 16, 12, PASSED, edge="#999999"),
         "passed (feeding)"),
        (col2, lambda cx, cy: box(sheet, cx, cy - 6, 16, 12, "none", edge=ATTACK, lw=2.2),
         "attacker / prey"),
    ]
    for i, (col, mark, label) in enumerate(items):
        cy = top + (i // 2) * row
        mark(col, cy)
        text(sheet, col + 22, cy, label, size=7)
    notes = top + (len(items) + 1) // 2 * row + 4
    text(sheet, x + 10, notes, "score = bag + population + traits\n"
         "hatched: face down, seen by owner / reveal", size=7, color=FAINT, va="top",
         linespacing=1.4)
