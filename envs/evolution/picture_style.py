"""Colours, short card names and the small drawing helpers every part of the Evolution
picture uses. Coordinates are pixels of the fixed-size figure, y growing downwards."""
from matplotlib.patches import Circle, FancyBboxPatch, Rectangle
from matplotlib.text import Text
from matplotlib.transforms import Affine2D

from speciesgym.envs.evolution.data import CLASS_FOOD, CLASS_KIND, Kind

WIDTH, HEIGHT = 1280, 800

INK = "#222222"
FAINT = "#777777"
PAPER = "#fbfaf6"
LAND = "#d8ecd0"          # land species board
LAND_EDGE = "#5c8a4c"
AVIAN = "#d3e6f7"         # avian species board
AVIAN_EDGE = "#3f74a8"
TRAIT = "#fffdf5"         # face-up trait card
CARNIVORE = "#f5c6bf"     # face-up Carnivore: predators read at a glance
FLIGHT = "#bcd8f2"        # the Flight trait of an avian
CARD_BACK = "#4b4f6e"     # a card whose face the viewer cannot see
CARD_BACK_SEEN = "#7b5ea7"  # face-down card whose face this picture may show
FOOD = "#e59a2f"          # food eaten (plant tokens on the track)
FOOD_EMPTY = "#ffffff"
FAT = "#f2d34f"           # food stored on Fat Tissue
UPKEEP = "#b5651d"        # avian upkeep food
WATER = "#3d8fd6"
CLIFF = "#9a7b5a"
TO_MOVE = "#e8731a"
FIRST = "#c9a227"
PASSED = "#e4e4e4"
ATTACK = "#d62828"

_SHORT = {Kind.DEFENSIVE_HERDING: "Def. Herding", Kind.BROOD_PARASITE: "Brood Parasite",
          Kind.GOOD_EYESIGHT: "Good Eyesight", Kind.WARNING_CALL: "Warning Call",
          Kind.PACK_HUNTING: "Pack Hunting", Kind.INTELLIGENCE: "Intelligence",
          Kind.SEED_DISPERSAL: "Seed Dispersal"}


def kind_label(kind):
    """A card kind's name, shortened where it is long ('Def. Herding')."""
    kind = Kind(int(kind))
    return _SHORT.get(kind, kind.name.replace("_", " ").title().replace("Dive Bomb",
                                                                           "Dive-Bomb"))


def card_label(cls):
    """A card class as 'Long Neck 9' (kind and printed food value; minus as a true minus)."""
    value = int(CLASS_FOOD[cls])
    return f"{kind_label(CLASS_KIND[cls])} {value if value >= 0 else chr(0x2212) + str(-value)}"


def fit_size(label, width_px, size):
    """The font size (at most `size`) at which `label` fits in width_px (DejaVu Sans: a
    character is about 0.85 px wide per point at 100 dpi)."""
    return max(4.5, min(size, width_px / (0.85 * max(len(label), 1))))


class Sheet:
    """The figure drawn on in pixels, (0, 0) at the top left. Artists go straight onto the
    figure, without axes: no data limits, clip paths or ticks to keep up to date (those
    took a third of the drawing time)."""

    def __init__(self, fig):
        self.fig = fig
        self.transform = Affine2D().scale(1 / WIDTH, -1 / HEIGHT).translate(0, 1) \
            + fig.transFigure

    def add(self, artist):
        artist.set_transform(self.transform)
        self.fig.add_artist(artist)
        return artist


def box(sheet, x, y, w, h, face, edge=INK, lw=0.8, round_px=0.0, **kw):
    """A rectangle (rounded by round_px) with its top-left corner at (x, y)."""
    if round_px:
        patch = FancyBboxPatch((x + round_px, y + round_px), w - 2 * round_px,
                               h - 2 * round_px, boxstyle=f"round,pad={round_px}",
                               facecolor=face, edgecolor=edge, linewidth=lw, **kw)
    else:
        patch = Rectangle((x, y), w, h, facecolor=face, edgecolor=edge, linewidth=lw, **kw)
    return sheet.add(patch)


def dot(sheet, x, y, r, face, edge=INK, lw=0.7):
    return sheet.add(Circle((x, y), r, facecolor=face, edgecolor=edge, linewidth=lw))


def text(sheet, x, y, s, size=8, color=INK, ha="left", va="center", weight="normal", **kw):
    return sheet.add(Text(x, y, s, fontsize=size, color=color, ha=ha, va=va,
                          fontweight=weight, **kw))


def card_back(sheet, x, y, w, h, label="", seen=False, size=6.5):
    """A face-down card: a plain back, or (seen) a hatched back with its face written on."""
    if seen:
        box(sheet, x, y, w, h, CARD_BACK_SEEN, edge="#2b2d40", lw=0.6, hatch="///",
            hatchcolor="#9d86c4")
    else:
        box(sheet, x, y, w, h, CARD_BACK, edge="#2b2d40", lw=0.6)
    if label:
        text(sheet, x + w / 2, y + h / 2, label, size=fit_size(label, w - 4, size),
             color="white", ha="center",
             style="italic" if not seen else "normal",
             weight="bold" if seen else "normal")
