"""The earth of a Dominant Species picture: the 35 hexes (flat-top, axial q, r) coloured by
terrain with tundra hatched, the elements on the corners, each animal's cubes on each tile
and the dominant animal's cone and outline.

All of it is public at the table (DS-MAP-*, DS-DOM-03), so every viewer sees the same earth.
"""
import numpy as np

from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species.picture_style import (ANIMAL_COLORS, GREY, INK, TERRAIN_COLORS,
                                                 TERRAIN_SHORT)
from speciesgym.envs.dominant_species.rules import board as B

SQ3 = np.sqrt(3.0)
CHIP_W, CHIP_H = 30, 17
# decisions about one hex already chosen (st.ctx_cell): that hex gets a dashed outline
CELL_DECISIONS = frozenset((
    B.D_SPEC_COUNT, B.D_WANDER_ELEM, B.D_WANDER_CORNER, B.D_WANDER_MOVE, B.D_MIG_TO,
    B.D_COMP_VICTIM, B.D_AQUA_COUNT, B.D_BLIGHT_KEEP, B.D_CATA_SURVIVOR, B.D_CATA_ADJ,
    B.D_EVO_ANIMAL, B.D_HIB_COUNT, B.D_EXODUS_DEST))


def focus_cell(st):
    """The hex the decision in progress is about, -1 if none."""
    if st["phase"] == B.PH_OVER:
        return -1
    if int(st["sub"]) in CELL_DECISIONS:
        return int(st["ctx_cell"])
    if int(st["sub"]) == B.D_DOM_CARD:
        return int(st["dom_cell"])
    return -1


def hex_centres(cx, cy, radius):
    """Pixel centres of the 35 cells, the earth centred on (cx, cy)."""
    q = D.CELL_QR[:, 0].astype(float)
    r = D.CELL_QR[:, 1].astype(float)
    return np.stack([cx + radius * 1.5 * q, cy + radius * SQ3 * (r + q / 2)], axis=1)


def corner_points(cx, cy, radius):
    """Pixel position of each corner: the mean of the centres of its three hexes."""
    keys = np.array(D.CORNER_KEYS, float)                      # [corner, 3, (q, r)]
    q, r = keys[..., 0], keys[..., 1]
    x = cx + radius * 1.5 * q
    y = cy + radius * SQ3 * (r + q / 2)
    return np.stack([x.mean(axis=1), y.mean(axis=1)], axis=1)


def draw_earth(sk, st, cx, cy, radius):
    centres = hex_centres(cx, cy, radius)
    focus = focus_cell(st)
    for c in range(D.N_CELLS):
        _draw_cell(sk, st, c, centres[c], radius)
        if c == focus:
            sk.hexagon(*centres[c], radius * 0.76, "none", INK, 2.0, z=1.6, dashed=True)
    points = corner_points(cx, cy, radius)
    for k in range(D.N_CORNERS):
        if st["corner"][k] >= 0:
            sk.elem(points[k, 0], points[k, 1], int(st["corner"][k]), r=radius * 0.16, z=6)


def _draw_cell(sk, st, c, centre, radius):
    x, y = centre
    ter = int(st["terrain"][c])
    q, r = (int(v) for v in D.CELL_QR[c])
    if ter == D.EMPTY:
        sk.hexagon(x, y, radius * 0.97, TERRAIN_COLORS[0], "#cccccc", 0.8, z=1)
        sk.text(x, y, f"{q},{r}", size=7, color="#aaaaaa")
        return
    if ter == D.TUNDRA:
        sk.hexagon(x, y, radius * 0.97, TERRAIN_COLORS[ter], "#b4c7d6", 0.6, z=1, hatch="..")
    sk.hexagon(x, y, radius * 0.97, "none" if ter == D.TUNDRA else TERRAIN_COLORS[ter],
               "#555555", 1.0, z=1.1)
    dom = int(st["dom"][c])
    if dom >= 0:
        sk.hexagon(x, y, radius * 0.86, "none", ANIMAL_COLORS[dom], 3.5, z=1.5)
        sk.triangle(x + radius * 0.5, y - radius * 0.5, radius * 0.17, ANIMAL_COLORS[dom], z=3)
    sk.text(x - radius * 0.1, y - radius * 0.56, TERRAIN_SHORT[ter], size=7.5, color=INK,
            weight="bold")
    if st["scored"][c]:
        sk.text(x - radius * 0.1, y + radius * 0.62, f"{q},{r} scored", size=6.5, color=INK)
    else:
        sk.text(x, y + radius * 0.62, f"{q},{r}", size=6.5, color=GREY)
    present = [a for a in range(D.N_ANIMALS) if st["cubes"][c, a] > 0]
    rows = [present[:3], present[3:]] if len(present) > 3 else [present]
    for i, row in enumerate(rows):
        yy = y + (i - (len(rows) - 1) / 2) * (CHIP_H + 3) + 2
        for j, a in enumerate(row):
            xx = x + (j - (len(row) - 1) / 2) * (CHIP_W + 2)
            edge, lw = (INK, 2.2) if a == dom else ("#333333", 0.7)
            sk.chip(xx, yy, CHIP_W, CHIP_H, a, f"{D.ANIMAL_LETTERS[a]}{st['cubes'][c, a]}",
                    edge=edge, lw=lw)


def earth_size(radius):
    """Width and height in pixels of the earth drawn with hex radius `radius`."""
    centres = hex_centres(0.0, 0.0, radius)
    return (np.ptp(centres[:, 0]) + 2 * radius, np.ptp(centres[:, 1]) + SQ3 * radius)

