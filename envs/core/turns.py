"""Turn-order helpers shared by both games (numba kernels)."""
from numba import njit


@njit(cache=True)
def seat_after(seat, n_players):
    """The next seat clockwise (to the left)."""
    return (seat + 1) % n_players


@njit(cache=True)
def seat_in_order(first, i, n_players):
    """The i-th seat in turn order starting from `first`."""
    return (first + i) % n_players


@njit(cache=True)
def relative_seat(viewer, seat, n_players):
    """Where `seat` sits as seen from `viewer` (0 = the viewer, 1 = next clockwise...)."""
    return (seat - viewer) % n_players


@njit(cache=True)
def absolute_seat(viewer, rel, n_players):
    """Inverse of relative_seat."""
    return (viewer + rel) % n_players
