"""Who sees what, for every human-facing view of a position (text tables, pictures, replay
pages), the same rule for both games:
- `viewer=None`: the spectator's view, only what is public at the table;
- `viewer=<seat>`: what that seat sees (its own hand and face-down cards besides);
- `reveal=True`: everything, hidden cards marked as hidden (for analysis, never for play).
"""
import numpy as np


def check_viewer(viewer, num_players):
    """viewer is None (spectator) or a seat 0..num_players-1; ValueError otherwise."""
    if viewer is None:
        return None
    if isinstance(viewer, bool) or not isinstance(viewer, (int, np.integer)) \
            or not 0 <= viewer < num_players:
        raise ValueError(f"viewer must be None (spectator) or a seat 0..{num_players - 1}, "
                         f"got {viewer!r}")
    return int(viewer)
