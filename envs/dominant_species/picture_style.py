"""Colours and the drawing primitives shared by the Dominant Species picture modules.

Everything is drawn in pixel coordinates (x right, y down) straight onto the figure (no
axes: creating one costs more than drawing the picture). Shapes and labels are collected by a `Sketch` and added as a few collections at the
end; labels are glyph outlines (TextPath, cached per string) rather than Text artists, which
cost about a millisecond each to lay out and draw: a picture holds some 300 labels.
"""
from collections import defaultdict
from functools import lru_cache

import numpy as np
from matplotlib.collections import PathCollection, PolyCollection
from matplotlib.colors import to_rgb
from matplotlib.font_manager import FontProperties
from matplotlib.path import Path
from matplotlib.textpath import TextPath
from matplotlib.transforms import Affine2D

# food-chain order: mammal, reptile, bird, amphibian, arachnid, insect (saturated, so that
# they stand out on the pale terrains)
ANIMAL_COLORS = ("#d7263d", "#f4b400", "#29b6f6", "#1e40af", "#8e44ad", "#2e9d3a")
# meat, sun, seed, water, grub, grass
ELEM_COLORS = ("#9b1b30", "#ffd23f", "#8d5524", "#3a86ff", "#f5e6cc", "#6a994e")
ELEM_SHORT = ("Me", "Su", "Se", "Wa", "Gr", "Gs")
# empty, sea, wetland, savannah, jungle, forest, desert, mountain, tundra (pale)
TERRAIN_COLORS = ("#f2f2f2", "#9cc9ee", "#9fd8c4", "#efe29a", "#b5e08c", "#8fb996",
                  "#f6d2a2", "#c2b3a6", "#f7fbff")
TERRAIN_SHORT = ("", "sea", "wetland", "savannah", "jungle", "forest", "desert", "mountain",
                 "tundra")
INK = "#222222"
GREY = "#777777"
HIDDEN = "#b00020"            # what only reveal=True shows is written in this colour
PX_PER_PT = 100 / 72           # envs.core.picture.DPI
HEX_ANGLES = np.deg2rad(np.arange(0, 360, 60))      # flat-top hexes
_CIRCLE = np.stack([np.cos(np.linspace(0, 2 * np.pi, 20, endpoint=False)),
                    np.sin(np.linspace(0, 2 * np.pi, 20, endpoint=False))], axis=1)
_TRIANGLE = np.array([(0.0, -1.0), (0.87, 0.5), (-0.87, 0.5)])


def ink_on(color):
    """Black or white, whichever reads better on `color`."""
    r, g, b = to_rgb(color)
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 0.55 else "white"


def hex_corners(x, y, radius):
    return np.stack([x + radius * np.cos(HEX_ANGLES), y + radius * np.sin(HEX_ANGLES)], axis=1)


@lru_cache(maxsize=4096)
def _glyphs(line, size, weight):
    """(vertices flipped to y-down with the baseline at 0, codes, x0, x1) of one line of
    text `size` points high (None for a blank line)."""
    if not line.strip():
        return None
    path = TextPath((0, 0), line, size=size * PX_PER_PT,
                    prop=FontProperties(family="DejaVu Sans", weight=weight))
    verts = path.vertices * (1.0, -1.0)
    return verts, path.codes, verts[:, 0].min(), verts[:, 0].max()


class Sketch:
    """Shapes gathered per layer (z order, hatch, line style) and labels per z order, drawn
    as one collection each by `finish`."""

    def __init__(self, fig, width, height):
        self.fig = fig
        self.transform = Affine2D().scale(1 / width, -1 / height).translate(0, 1) \
            + fig.transFigure
        self.layers = defaultdict(lambda: ([], [], [], []))
        self.labels = defaultdict(lambda: ([], []))

    def poly(self, verts, face, edge=INK, lw=0.8, z=1, hatch=None, dashed=False):
        verts_, faces, edges, widths = self.layers[(z, hatch, dashed)]
        verts_.append(np.asarray(verts, float))
        faces.append(face)
        edges.append(edge)
        widths.append(lw)

    def rect(self, x, y, w, h, face, edge=INK, lw=0.8, z=2, **kw):
        self.poly([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], face, edge, lw, z, **kw)

    def disc(self, x, y, r, face, edge=INK, lw=0.7, z=3, **kw):
        self.poly(_CIRCLE * r + (x, y), face, edge, lw, z, **kw)

    def triangle(self, x, y, r, face, edge=INK, lw=0.8, z=3):
        self.poly(_TRIANGLE * r + (x, y), face, edge, lw, z)

    def hexagon(self, x, y, radius, face, edge=INK, lw=0.8, z=1, **kw):
        self.poly(hex_corners(x, y, radius), face, edge, lw, z, **kw)

    def text(self, x, y, s, size=8, color=INK, ha="center", weight="normal", z=5,
             linespacing=1.15):
        """Text of `size` points, its lines centred vertically on y; ha left, center, right."""
        lines = str(s).split("\n")
        px = size * PX_PER_PT
        base = y + 0.36 * px - (len(lines) - 1) * linespacing * px / 2
        paths, colors = self.labels[z]
        for i, line in enumerate(lines):
            glyphs = _glyphs(line, size, weight)
            if glyphs is None:
                continue
            verts, codes, x0, x1 = glyphs
            dx = {"left": -x0, "center": -(x0 + x1) / 2, "right": -x1}[ha]
            paths.append(Path(verts + (x + dx, base + i * linespacing * px), codes))
            colors.append(color)

    def elem(self, x, y, t, r=9, z=3, label=True):
        """An element disc of type t (data.MEAT..GRASS) with its two-letter name."""
        self.disc(x, y, r, ELEM_COLORS[t], z=z)
        if label:
            self.text(x, y, ELEM_SHORT[t], size=max(5, r * 0.6), color=ink_on(ELEM_COLORS[t]),
                      z=z + 0.5)

    def chip(self, x, y, w, h, animal, label, size=7.5, z=3, edge=INK, lw=0.8):
        """A rectangle in an animal's colour centred on (x, y) with a label."""
        color = ANIMAL_COLORS[animal]
        self.rect(x - w / 2, y - h / 2, w, h, color, edge, lw, z)
        self.text(x, y, label, size=size, color=ink_on(color), weight="bold", z=z + 0.5)

    def finish(self):
        for (z, hatch, dashed), (verts, faces, edges, widths) in sorted(
                self.layers.items(), key=lambda kv: kv[0][0]):
            coll = PolyCollection(verts, facecolors=faces, edgecolors=edges, linewidths=widths,
                                  zorder=z, hatch=hatch, linestyles="--" if dashed else "-")
            self._add(coll)
        for z, (paths, colors) in self.labels.items():
            self._add(PathCollection(paths, facecolors=colors, edgecolors="none", linewidths=0,
                                     zorder=z))

    def _add(self, coll):
        coll.set_transform(self.transform)
        self.fig.add_artist(coll, clip=False)
