"""What both games' pictures share: a matplotlib figure of a fixed size drawn off-screen (Agg,
no window), turned into an HxWx3 uint8 array or written as PNG or SVG. The figures are
never registered with pyplot and no backend is chosen here, so drawing a position leaves a
notebook's inline plots (or any other backend) as they were.

Each game draws its own position in `envs/<game>/picture.py` with
`draw(state, viewer=None, reveal=False) -> Figure`; this module is imported only when a
picture is asked for, so the engines never load matplotlib.

Who sees what (the same rule for every picture):
- `viewer=None`: the spectator's view, only what is public at the table;
- `viewer=<seat>`: what that seat sees (its own hand and face-down cards besides);
- `reveal=True`: everything, hidden cards drawn as such (marked "hidden").
"""
import os

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from speciesgym.envs.core.viewer import check_viewer  # noqa: F401  (the games' pictures use it)

DPI = 100
FORMATS = ("png", "svg")


def new_figure(width_px, height_px):
    """A figure of exactly width_px x height_px pixels, not registered with pyplot (no
    window, no global state, garbage-collected like any object)."""
    fig = Figure(figsize=(width_px / DPI, height_px / DPI), dpi=DPI)
    FigureCanvasAgg(fig)
    return fig


def figure_to_rgb(fig):
    """The figure as an HxWx3 uint8 array (its fixed size)."""
    canvas = fig.canvas
    canvas.draw()
    rgba = np.asarray(canvas.buffer_rgba())
    return np.ascontiguousarray(rgba[:, :, :3])


def save_figure(fig, path):
    """Write the figure as PNG or SVG, chosen by the file's ending; ValueError otherwise."""
    ext = os.path.splitext(os.fspath(path))[1].lower().lstrip(".")
    if ext not in FORMATS:
        raise ValueError(f"picture file {path}: ending must be .png or .svg, got {ext!r}")
    fig.savefig(path, format=ext, dpi=DPI)
    return path
