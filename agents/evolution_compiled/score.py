"""Scoring every legal action of one Evolution decision, compiled: EvolutionHeuristic.score
and the methods it calls, with the flyer's overrides (agents.evolution_flyer) chosen by the
flag `fl` where the Python class would dispatch to them (numba has no virtual methods: a
base method that calls `self.card_worth` calls `card_worth(obs, w, fl, c)` here).
"""
from numba import njit

from speciesgym.agents.evolution_compiled import base as b
from speciesgym.agents.evolution_compiled import flyer as f
from speciesgym.agents.evolution_compiled import flyer_decisions as fd
from speciesgym.agents.evolution_compiled import read as r
from speciesgym.envs.evolution.data import Kind
from speciesgym.envs.evolution.state import TRAIT_SLOTS, Pend, Phase, Source

K = Kind
UNSCORED = -1e6       # what an illegal action scores (as the Python heuristics' fill)


@njit(cache=True)
def card_worth(obs, w, fl, c):
    return f.card_worth(obs, w, c) if fl else b.card_worth(obs, w, c)


@njit(cache=True)
def new_species_value(obs, fl):
    return f.new_species_value(obs) if fl else b.new_species_value(obs)


@njit(cache=True)
def use_card(obs, w, fl, block, i):
    """What to do with the selected card (EvolutionHeuristic / FlyerAgent.use_card)."""
    if fl and block == r.B_NEW_AVIAN:
        return f.new_species_value(obs) + f.avian_value(obs) - 1.0 + 0.01 * (i == 1)
    if block == r.B_TRAIT:
        s, k = divmod(i, TRAIT_SLOTS)
        occupied = r.trait_count(obs, 0, s) > k
        if fl and occupied and r.has(obs, 0, s, K.FLIGHT) and r.avian(obs, 0, s):
            return -5.0        # never trade Flight away (FLT-AVIAN-07)
        kind = r.selected_kind(obs)
        value = 1.0 + (f.trait_value(obs, w, kind, s) if fl else b.trait_value(obs, w, kind, s))
        return value - (2.5 if occupied else 0.0)
    if block == r.B_POP:
        return f.pop_value(obs, i) if fl else b.pop_value(obs, i)
    if block == r.B_BODY:
        return f.body_value(obs, w, i) if fl else b.body_value(obs, w, i)
    if block == r.B_NEW_LAND:
        return new_species_value(obs, fl) + (0.01 if i == 1 else 0.0)
    if block == r.B_NEW_AVIAN:
        return new_species_value(obs, fl) - 1.2
    return 0.0


@njit(cache=True)
def flyer_first(obs, w, ph, pe, block, i):
    """FlyerAgent.score's own decisions; (True, score) or (False, 0.0) for the base's."""
    if ph == Phase.SELECT_FOOD:
        return True, -f.card_worth(obs, w, i) + fd.food_card_bias(obs, w) * r.class_food(i)
    if ph == Phase.PLAY and pe == Pend.NONE and block == r.B_DONE:
        return True, 0.15 - 0.25 * max(0, r.hand_size(obs, 0) - 3)   # cards in hand score nothing
    if ph == Phase.EVENTS and pe == Pend.NONE:
        return True, fd.event(obs, block, i)
    if ph == Phase.FEEDING and pe == Pend.NONE:
        return True, fd.feeding(obs, block, i)
    if pe == Pend.DIVE_SPECIES:
        return True, r.hunger(obs, 0, i) + 0.5 * r.has(obs, 0, i, K.FORAGING)
    if pe == Pend.BROOD_FOOD:
        return True, fd.brood_food(obs, i)
    return False, 0.0


@njit(cache=True)
def score(obs, w, fl, ph, pe, block, i):
    """One action's score (EvolutionHeuristic.score; FlyerAgent.score when fl)."""
    if fl:
        own, value = flyer_first(obs, w, ph, pe, block, i)
        if own:
            return value
    if ph == Phase.SELECT_FOOD:
        return -card_worth(obs, w, fl, i) + w[b.W_FOOD_CARD] * r.class_food(i)
    if ph == Phase.PLAY and pe == Pend.NONE:
        if block == r.B_DONE:
            return 0.05
        return card_worth(obs, w, fl, i) - 0.001 * r.class_food(i)
    if pe == Pend.USE_CARD:
        return use_card(obs, w, fl, block, i)
    if ph == Phase.EVENTS and pe == Pend.NONE:
        return 0.0 if block == r.B_DONE else -0.5
    if ph == Phase.FEEDING and pe == Pend.NONE:
        return b.feeding(obs, block, i)
    if pe == Pend.TARGET:
        return fd.target(obs, i) if fl else b.target(obs, i)
    if pe == Pend.AVIAN_PAY or pe == Pend.NEGATE_PAY or pe == Pend.INTEL_PAY:
        return -card_worth(obs, w, fl, i)
    if pe == Pend.HORNS:
        return 0.0 if block == r.B_DONE else -card_worth(obs, w, fl, i) + 0.5
    if pe == Pend.NEST_SOURCE or pe == Pend.BROOD_FOOD:
        return 1.0 if i == Source.BANK_PLANT else 0.0
    if pe == Pend.DIVE_SOURCE:
        return 2.0 if i == Source.BANK_PLANT else 1.0 if i == Source.CLIFF else 0.0
    if block == r.B_ORDER:
        s, t = divmod(i, 6)
        return -0.01 * s - 0.1 * t
    return 0.0


@njit(cache=True)
def scores(obs, mask, w, fl, out):
    """out[a]: the score of each legal action a (UNSCORED elsewhere)."""
    ph, pe = r.phase(obs), r.pend(obs)
    for a in range(mask.shape[0]):
        out[a] = score(obs, w, fl, ph, pe, r.BLOCK_OF[a], r.INDEX_OF[a]) if mask[a] else UNSCORED
