"""Chance events of Dominant Species: the dominance deck (DS-SET, DS-RESET) and the element
bag (DS-SET-08, DS-RESET-07).

The dominance deck is shuffled at setup with the Ice Age card at the bottom; its k-th next
card (deck[deck_ptr + k]) is, given the k cards above it, a uniform draw from the shuffled
part below (the Ice Age card only once nothing else is left). Elements are drawn from the
bag by the game's generator word at the moment of the draw: the next m draws give element
e_j with probability bag[e_j] / (bag total), the bag losing each drawn element. Forcing a
bag outcome replaces the generator word by the first word of a fixed sequence (the current
word first) whose next draws give the wanted elements; the rules are unchanged and the
future the new word brings is as random as any other (a value function must not read the
word anyway). The generator word at the start of a step is also the outcome of all the bag
draws of that step at once (`bag_drawn`): the step applied under a fresh word draws with the
rules' own law from the bag as it is at each draw (a reset returns elements to the bag
before it draws, DS-RESET-05). The terrain stacks are in chance_tiles.
"""
import numpy as np
from numba import njit

from speciesgym.envs.core.chance import outcome_arrays, pile_force, pile_outcomes
from speciesgym.envs.core.rng import WORD_DTYPE, rng_below, rng_next
from speciesgym.envs.dominant_species.data import C_ICE_AGE, N_CARDS, N_ELEM
from speciesgym.envs.dominant_species.engine import check_state

MAX_TRIES = 50_000_000
ICE_AGE = C_ICE_AGE


def _deck_slice(state, k):
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k < 0:
        raise ValueError(f"draw index k must be a non-negative int, got {k!r}")
    st = state[0]
    ptr, length = int(st["deck_ptr"]), int(st["deck_len"])
    pos = ptr + int(k)
    if pos >= length:
        raise ValueError(f"draw {k} is past the dominance deck ({length - ptr} cards)")
    hi = length
    if state["deck"][0][length - 1] == C_ICE_AGE and pos < length - 1:
        hi = length - 1                       # the Ice Age card stays at the bottom
    return pos, hi


def card_outcomes(state, k=0):
    """(card ids, probabilities) of the k-th next dominance card drawn."""
    check_state(state)
    pos, hi = _deck_slice(state, k)
    vals, probs = outcome_arrays(N_CARDS)
    m = pile_outcomes(state["deck"][0], pos, hi, vals, probs)
    return vals[:m].copy(), probs[:m].copy()


def force_card(state, k, card):
    """Make the k-th next dominance card be `card` (one swap inside the undrawn part)."""
    check_state(state)
    pos, hi = _deck_slice(state, k)
    if not pile_force(state["deck"][0], pos, hi, pos, int(card)):
        raise ValueError(f"card {card!r} is not among the dominance cards left to draw")


def bag_outcomes(state, drawn=()):
    """(elements, probabilities) of the next bag draw after the elements `drawn` left it."""
    check_state(state)
    bag = _bag_after(state, drawn)
    total = int(bag.sum())
    if total == 0:
        raise ValueError("the bag is empty")
    elems = np.flatnonzero(bag)
    return elems.astype(np.int64), bag[elems] / total


def _bag_after(state, drawn):
    bag = state["bag"][0].astype(np.int64)
    for e in drawn:
        if not 0 <= int(e) < N_ELEM or bag[int(e)] == 0:
            raise ValueError(f"element {e!r} is not in the bag")
        bag[int(e)] -= 1
    return bag


@njit(cache=True)
def _draws_match(word, bag, seq, m):
    b = bag.copy()
    for j in range(m):
        n = 0
        for t in range(b.shape[0]):
            n += b[t]
        r = rng_below(word[0], n)
        for t in range(b.shape[0]):
            if r < b[t]:
                break
            r -= b[t]
        if t != seq[j]:
            return False
        b[t] -= 1
    return True


@njit(cache=True)
def _find_word(start, bag, seq, m, max_tries):
    word = np.zeros(1, WORD_DTYPE)
    search = np.zeros(1, WORD_DTYPE)
    search[0].rng = start
    cand = start
    for _ in range(max_tries):
        word[0].rng = cand
        if _draws_match(word, bag, seq, m):
            return cand
        rng_next(search[0])
        cand = search[0].rng
    return np.uint64(0)


def force_bag(state, elements):
    """Make the next len(elements) bag draws give `elements`, in order, by choosing the
    generator word (the current one if it already does)."""
    check_state(state)
    seq = np.asarray(list(elements), np.int64)
    _bag_after(state, seq)                     # every element must be there to draw
    word = _find_word(np.uint64(state[0]["rng"]), state["bag"][0].astype(np.int64), seq,
                      seq.shape[0], MAX_TRIES)
    if word == 0:
        raise ValueError(f"no generator word found for bag draws {list(seq)}")
    state[0]["rng"] = word


def next_bag_draws(state, m):
    """The elements the next m bag draws will give with the current word (what happens)."""
    check_state(state)
    word = np.zeros(1, WORD_DTYPE)
    word[0]["rng"] = state[0]["rng"]
    return _peek(word, state["bag"][0].astype(np.int64), int(m))


@njit(cache=True)
def _peek(word, bag, m):
    out = np.full(m, -1, np.int64)
    b = bag.copy()
    for j in range(m):
        n = 0
        for t in range(b.shape[0]):
            n += b[t]
        if n == 0:
            break
        r = rng_below(word[0], n)
        for t in range(b.shape[0]):
            if r < b[t]:
                break
            r -= b[t]
        out[j] = t
        b[t] -= 1
    return out


def bag_drawn(before, after):
    """Whether the step from `before` to `after` drew from the bag: after setup only bag
    draws advance the generator word (DS-SET-08, DS-RESET-07, DS-CARD-26), and every draw
    advances it."""
    check_state(before)
    check_state(after)
    return int(before[0]["rng"]) != int(after[0]["rng"])


def bag_draws_in_step(before, after, max_draws=64):
    """The elements the bag gave between two states one step apart, found by replaying the
    generator word (after setup only bag draws use it) on the bag of `before`: a list, or
    ValueError, also when the bag changed by more than these draws (a reset returns
    elements to the bag before it draws, DS-RESET-05: then the draws cannot be read off the
    word and the bag of `before`)."""
    check_state(before)
    check_state(after)
    word = np.zeros(1, WORD_DTYPE)
    word[0]["rng"] = before[0]["rng"]
    target = np.uint64(after[0]["rng"])
    bag = before["bag"][0].astype(np.int64)
    drawn = []
    while word[0]["rng"] != target:
        if len(drawn) == max_draws or bag.sum() == 0:
            raise ValueError("the two states are not one step of bag draws apart")
        e = int(_peek(word, bag, 1)[0])
        drawn.append(e)
        bag[e] -= 1
    if not np.array_equal(bag, after["bag"][0].astype(np.int64)):
        raise ValueError("the bag changed in the step by more than its draws (elements "
                         "returned to it): the draws cannot be read off the word")
    return drawn
