"""Chance events of Evolution: the draws from the draw pile (EVO-DEAL, EVO-END-02, FLT-EVENT-06).

All randomness of a game after setup is the order of the draw pile (shuffled at setup and
at each refill from the discard pile, EVO-DEAL-05). Its k-th next card (k = 0: the top,
deck[deck_n - 1]) is, given the k cards above it, a uniform draw from deck[0:deck_n - k].
`draw_outcomes` lists that draw's classes and probabilities; `force_draw` fixes it to a
given class. Draws that a refill shuffle would serve (k >= deck_n) are not listed here: the
discard pile's order does not exist before the refill.
"""
import numpy as np

from speciesgym.envs.core.chance import outcome_arrays, pile_force, pile_outcomes
from speciesgym.envs.evolution.data import N_CLASSES
from speciesgym.envs.evolution.engine import check_state


def _check_k(state, k):
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k < 0:
        raise ValueError(f"draw index k must be a non-negative int, got {k!r}")
    n = int(state[0]["deck_n"])
    if k >= n:
        raise ValueError(f"draw {k} is past the draw pile ({n} cards)")
    return int(k), n


def draw_outcomes(state, k=0):
    """(classes, probabilities) of the k-th next draw from the draw pile."""
    check_state(state)
    k, n = _check_k(state, k)
    vals, probs = outcome_arrays(N_CLASSES)
    m = pile_outcomes(state["deck"][0], 0, n - k, vals, probs)
    return vals[:m].copy(), probs[:m].copy()


def drawn_class(state, k=0):
    """The class the k-th next draw will give (what happened, read from the pile)."""
    check_state(state)
    k, n = _check_k(state, k)
    return int(state["deck"][0][n - 1 - k])


def force_draw(state, k, card_class):
    """Make the k-th next draw give `card_class` (one swap inside the undrawn part)."""
    check_state(state)
    k, n = _check_k(state, k)
    deck = state["deck"][0]
    if not pile_force(deck, 0, n - k, n - 1 - k, int(card_class)):
        raise ValueError(f"class {card_class!r} is not among the {n - k} cards left to draw")
