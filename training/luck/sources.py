"""The chance sources of each game that the luck correction corrects, and the redraw of
everything nobody has seen yet.

A source lists the chance events of one recorded step (`events(state, after)`: one context
per event, in the order the step draws them) and builds the counterfactual children of an
event. Two sorts:

  exact (a pre-shuffled pile)  outcomes(state, ctx) -> (ids, probabilities), happened(state,
                               ctx), force(child, ctx, id) and redraw(child, ctx, rng):
                               the child of an outcome has the earlier draws as they
                               happened, that outcome forced, everything unseen after it
                               redrawn; the expectation enumerates the outcomes.
  word (the generator word)    redraw(child, ctx, rng) redraws everything unseen but the
                               word; the outcome is the word the step starts with, which
                               decides every draw the step makes (its law: a uniform word);
                               the expectation is sampled (training.luck.evaluate).

Sources of one game are independent (the pile orders and the generator word are separate
shuffles), and a step's events are taken source by source in the order below: the child of
an event keeps every earlier source's draws of the step as they happened and redraws the
later ones.

  evolution         card: each draw from the draw pile (EVO-DEAL-02, EVO-DEAL-05; draws a
                    refill shuffle serves are not corrected)
  dominant_species  card: each dominance card drawn (DS-RESET-03); bag: the element-bag
                    draws of a step, all at once (DS-RESET-07, DS-CARD-26); tile: each
                    terrain tile turned (DS-RESET-08). Setup's draws are not corrected.
"""
import numpy as np

from speciesgym.envs.core.rng import seed_word
from speciesgym.envs.dominant_species import chance as ds_chance
from speciesgym.envs.dominant_species import chance_tiles as ds_tiles
from speciesgym.envs.evolution import chance as evo_chance


def reshuffle(part, rng):
    """A fresh order of `part` in place that depends on its contents and `rng` only, not on
    the order it had (so a redraw cannot leak the game's unseen order)."""
    part[:] = rng.permutation(np.sort(part))


def new_word(state, rng):
    state[0]["rng"] = seed_word(int(rng.integers(0, 2**62)))


def _redraw_evolution(state, fixed, rng):
    n = int(state[0]["deck_n"])
    reshuffle(state["deck"][0][:max(0, n - fixed)], rng)
    reshuffle(state["reserve"][0][:int(state[0]["reserve_n"])], rng)
    new_word(state, rng)


def _redraw_deck(state, fixed, rng):
    """The dominance deck below its `fixed` next cards (Ice Age stays at the bottom)."""
    ptr, length = int(state[0]["deck_ptr"]), int(state[0]["deck_len"])
    reshuffle(state["deck"][0][min(ptr + fixed, length - 1):length - 1], rng)


def _redraw_tiles(state, fixed, rng):
    """The face-down terrain tiles, the top tiles of the stacks in `fixed` left in place."""
    cells = ds_tiles.unseen_cells(state, fixed)
    pool = np.array([state["stack_tiles"][0][c] for c in cells])
    reshuffle(pool, rng)
    for c, t in zip(cells, pool):
        state["stack_tiles"][0][c] = t


def _redraw_dominant_species(state, fixed, rng):
    _redraw_deck(state, fixed, rng)
    _redraw_tiles(state, (), rng)
    new_word(state, rng)


# game -> redraw(state, fixed, rng): everything unseen below the `fixed` next pile draws
REDRAW = {"evolution": _redraw_evolution, "dominant_species": _redraw_dominant_species}


class EvolutionPile:
    kind, exact = "card", True

    def events(self, state, after):
        n0, n1 = int(state[0]["deck_n"]), int(after[0]["deck_n"])
        return list(range(min(n0 - n1, n0) if n1 < n0 else 0))

    def outcomes(self, state, k):
        return evo_chance.draw_outcomes(state, k)

    def happened(self, state, k):
        return evo_chance.drawn_class(state, k)

    def force(self, child, k, b):
        evo_chance.force_draw(child, k, b)

    def redraw(self, child, k, rng):
        REDRAW["evolution"](child, k + 1, rng)


def _cards_in_step(state, after):
    return int(after[0]["deck_ptr"]) - int(state[0]["deck_ptr"])


class DominanceDeck:
    kind, exact = "card", True

    def events(self, state, after):
        return list(range(_cards_in_step(state, after)))

    def outcomes(self, state, k):
        return ds_chance.card_outcomes(state, k)

    def happened(self, state, k):
        return int(state["deck"][0][int(state[0]["deck_ptr"]) + k])

    def force(self, child, k, b):
        ds_chance.force_card(child, k, b)

    def redraw(self, child, k, rng):
        REDRAW["dominant_species"](child, k + 1, rng)


class ElementBag:
    """ctx: the number of dominance cards the step draws (kept as they happened)."""
    kind, exact = "bag", False

    def events(self, state, after):
        return [_cards_in_step(state, after)] if ds_chance.bag_drawn(state, after) else []

    def redraw(self, child, cards, rng):
        _redraw_deck(child, cards, rng)
        _redraw_tiles(child, (), rng)


class TerrainStacks:
    """ctx: (cards the step draws, the stacks it turns, j): the j-th turn of the step."""
    kind, exact = "tile", True

    def events(self, state, after):
        flips = tuple(ds_tiles.flipped_stacks(state, after))
        cards = _cards_in_step(state, after)
        return [(cards, flips, j) for j in range(len(flips))]

    def outcomes(self, state, ctx):
        return ds_tiles.tile_outcomes(state, ctx[1], ctx[2])

    def happened(self, state, ctx):
        return ds_tiles.turned_tile(state, ctx[1], ctx[2])

    def force(self, child, ctx, b):
        ds_tiles.force_tile(child, ctx[1], ctx[2], b)

    def redraw(self, child, ctx, rng):
        cards, flips, j = ctx
        _redraw_deck(child, cards, rng)
        _redraw_tiles(child, flips[:j + 1], rng)      # the word: the bag as it happened


SOURCES = {"evolution": (EvolutionPile(),),
           "dominant_species": (DominanceDeck(), ElementBag(), TerrainStacks())}
