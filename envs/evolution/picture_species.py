"""One species board in the Evolution picture: land or avian, body size, population, the
food on its track, Fat Tissue store and avian upkeep, and its trait cards (face up, or
face down as a card back whose face is written only where the picture may show it)."""
from speciesgym.envs.evolution.data import CLASS_KIND, FLIGHT_CLASS, Kind
from speciesgym.envs.evolution.picture_style import (AVIAN, AVIAN_EDGE, CARNIVORE, FAT, FAINT, FLIGHT,
                                          FOOD, FOOD_EMPTY, LAND, LAND_EDGE, TRAIT,
                                          UPKEEP, box, card_back, dot, fit_size,
                                          kind_label, text)
from speciesgym.envs.evolution.state import TRAIT_SLOTS

MAX_POP = 6


def _trait_face(cls):
    if cls == FLIGHT_CLASS:
        return FLIGHT
    return CARNIVORE if CLASS_KIND[cls] == Kind.CARNIVORE else TRAIT


def draw_traits(sheet, st, p, s, x, y, w, h, show_face, size):
    """The species' trait slots (up to the game's trait limit, Flight included) as cards."""
    slots = min(max(int(st["trait_limit"]), 1), TRAIT_SLOTS)   # Flight takes a slot too
    gap = 2
    ch = min((h - gap * (slots - 1)) / slots, 25)
    for k in range(slots):
        cy = y + k * (ch + gap)
        cls = int(st["traits"][p, s, k])
        if cls < 0:
            box(sheet, x, cy, w, ch, "none", edge="#bbbbbb", lw=0.5, linestyle=(0, (2, 2)))
        elif st["hidden"][p, s, k]:
            label = kind_label(CLASS_KIND[cls]) if show_face else "face down"
            card_back(sheet, x, cy, w, ch, label, seen=show_face, size=size)
        else:
            box(sheet, x, cy, w, ch, _trait_face(cls), edge="#8a8a8a", lw=0.6)
            label = kind_label(CLASS_KIND[cls])
            text(sheet, x + w / 2, cy + ch / 2, label, size=fit_size(label, w - 4, size),
                 ha="center")


def _food_track(sheet, st, p, s, x, y, w):
    """Population as circles (one row, or two rows of three in a narrow box), filled for each
    food eaten; the Fat Tissue store and avian upkeep at the right. Returns its height."""
    pop, food = int(st["pop"][p, s]), int(st["food"][p, s])
    fat, upkeep = int(st["fat"][p, s]), int(st["upkeep"][p, s]) * int(st["avian"][p, s])
    room = w - 16 * ((fat > 0) + (upkeep > 0))        # Fat and upkeep take the right end
    per_row = MAX_POP if room / (2.6 * MAX_POP) >= 3.5 else MAX_POP // 2
    r = min(5.5, room / (2.6 * per_row))
    for i in range(pop):
        row, col = divmod(i, per_row)
        dot(sheet, x + r + 1 + col * 2.6 * r, y + r + row * 2.6 * r, r,
            FOOD if i < food else FOOD_EMPTY)
    right, cy = x + w, y + 6.5
    if fat:
        dot(sheet, right - 7, cy, 6.5, FAT, lw=0.6)
        text(sheet, right - 7, cy, str(fat), size=7, ha="center", weight="bold")
        right -= 16
    if upkeep:
        box(sheet, right - 13, cy - 6, 12, 12, UPKEEP, lw=0.6)
        text(sheet, right - 7, cy, str(upkeep), size=7, ha="center", color="white",
             weight="bold")
    rows = 1 if pop <= per_row else 2
    return max(13, rows * 2.6 * r)


def draw_species(sheet, st, p, s, x, y, w, h, show_face, outline=None):
    """Species s of seat p in the box (x, y, w, h); show_face: face-down traits are named.
    outline: an edge colour marking it (e.g. the attacker), or None."""
    avian = bool(st["avian"][p, s])
    face, edge = (AVIAN, AVIAN_EDGE) if avian else (LAND, LAND_EDGE)
    box(sheet, x, y, w, h, face, edge=outline or edge, lw=2.2 if outline else 1.0, round_px=3)
    small = 6.5 if w >= 95 else 5.5
    text(sheet, x + 4, y + 8, f"{'avian' if avian else 'land'} {s}", size=small,
         color=edge, weight="bold")
    # body size and population, the board's two numbers
    half = (w - 8) / 2
    for i, (label, value) in enumerate((("body", st["body"][p, s]), ("pop", st["pop"][p, s]))):
        cx = x + 4 + half * i + half / 2
        text(sheet, cx, y + 20, label, size=6, color=FAINT, ha="center")
        text(sheet, cx, y + 33, str(int(value)), size=13 if w >= 80 else 10, ha="center",
             weight="bold")
    top = y + 45 + _food_track(sheet, st, p, s, x + 4, y + 42, w - 8) + 4
    draw_traits(sheet, st, p, s, x + 3, top, w - 6, h - (top - y) - 3, show_face,
                size=7.5 if w >= 120 else 6.5)
