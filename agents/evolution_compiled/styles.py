"""The weights of the Evolution heuristic styles (the one place they are written: the Python
classes of agents.evolution_heuristics take theirs from here) and the compiled move of a
style: observe for the seat to move, score every legal action, play the best, ties drawn
from the generator word (agents.search.policy.best_scored).

WEIGHTS is a module-level table that numba freezes into the compiled code; it is built in
this file so that editing a weight changes this file and so invalidates numba's disk cache
(the cache does not notice changes to globals that live elsewhere).
"""
import numpy as np
from numba import njit

from speciesgym.agents.evolution_compiled.base import (N_WEIGHTS, W_BODY_CARN, W_BODY_HERB, W_CARN,
                                                       W_FOOD_CARD, W_HERB, W_MAKE_CARN)
from speciesgym.agents.evolution_compiled.score import scores
from speciesgym.agents.search.policy import best_scored
from speciesgym.envs.evolution.actions import N_ACTIONS
from speciesgym.envs.evolution.data import Kind
from speciesgym.envs.evolution.observe import OBS_SIZE, observe_into
from speciesgym.envs.evolution.rules import to_move

K = Kind
DEFAULT_TRAIT = 0.3     # a trait no weight names

# Herbivores that out-eat the table: Long Neck, Foraging, Fat Tissue, Cooperation, Fertile;
# big populations; high food cards to the watering hole.
GRAZER = dict(
    herbivore={K.LONG_NECK: 2.4, K.FORAGING: 2.2, K.FAT_TISSUE: 1.4, K.COOPERATION: 1.6,
               K.FERTILE: 1.3, K.INTELLIGENCE: 0.4, K.SCAVENGER: 0.2, K.NESTING: 1.0,
               K.HARD_SHELL: 0.6, K.CLIMBING: 0.6, K.BURROWING: 0.6, K.HORNS: 0.6,
               K.DEFENSIVE_HERDING: 0.5, K.WARNING_CALL: 0.4, K.SYMBIOSIS: 0.4,
               K.CAMOUFLAGE: 0.5, K.AMBUSH: 0.0, K.PACK_HUNTING: 0.0,
               K.GOOD_EYESIGHT: 0.0, K.BROOD_PARASITE: 0.3},
    carnivore={K.AMBUSH: 1.0, K.PACK_HUNTING: 1.0, K.INTELLIGENCE: 0.8},
    make_carnivore=-3.0, food_card_weight=0.25, body_herb=0.5, body_carn=1.2)

# Big carnivores with attack traits (Ambush, Pack Hunting, Intelligence, Climbing),
# herbivores behind defensive traits, small food cards to starve the table.
HUNTER = dict(
    herbivore={K.LONG_NECK: 1.4, K.FORAGING: 1.2, K.FAT_TISSUE: 1.0, K.COOPERATION: 0.6,
               K.FERTILE: 0.8, K.HARD_SHELL: 1.4, K.CLIMBING: 1.2, K.BURROWING: 1.2,
               K.HORNS: 1.4, K.DEFENSIVE_HERDING: 1.0, K.WARNING_CALL: 1.0,
               K.SYMBIOSIS: 0.8, K.CAMOUFLAGE: 1.0, K.INTELLIGENCE: 0.3, K.NESTING: 0.6,
               K.AMBUSH: 0.0, K.PACK_HUNTING: 0.0, K.SCAVENGER: 0.3},
    carnivore={K.AMBUSH: 1.8, K.PACK_HUNTING: 2.0, K.INTELLIGENCE: 1.8, K.CLIMBING: 1.4,
               K.GOOD_EYESIGHT: 1.0, K.FAT_TISSUE: 1.2, K.BURROWING: 0.6,
               K.HARD_SHELL: 0.6, K.HORNS: 0.6, K.SCAVENGER: 0.8, K.FERTILE: 0.5,
               K.COOPERATION: 0.1, K.LONG_NECK: -1.0, K.FORAGING: -1.0},
    make_carnivore=2.6, food_card_weight=-0.15, body_herb=0.6, body_carn=2.0)

# Avian herbivores on the Cliff, Nesting and Brood Parasite, the hunter's carnivores: the
# flyer's own terms are agents.evolution_compiled.flyer (flag "flyer")
FLYER = dict(
    herbivore={**GRAZER["herbivore"], K.GOOD_EYESIGHT: 0.9, K.BROOD_PARASITE: 0.2},
    carnivore={**HUNTER["carnivore"], K.NESTING: 0.3},
    make_carnivore=HUNTER["make_carnivore"], food_card_weight=0.15, body_herb=0.5,
    body_carn=1.8, flyer=True)

# compiled styles, in the order of their index (policy_action kind 2 + index, bot_action style)
STYLES = {"grazer": GRAZER, "hunter": HUNTER, "flyer": FLYER}


def weight_vector(style):
    """A style's weights as the float64 vector agents.evolution_compiled.base reads."""
    w = np.full(N_WEIGHTS, DEFAULT_TRAIT)
    for kind, value in style["herbivore"].items():
        w[W_HERB + int(kind)] = value
    for kind, value in style["carnivore"].items():
        w[W_CARN + int(kind)] = value
    w[W_MAKE_CARN], w[W_FOOD_CARD] = style["make_carnivore"], style["food_card_weight"]
    w[W_BODY_HERB], w[W_BODY_CARN] = style["body_herb"], style["body_carn"]
    return w


WEIGHTS = np.stack([weight_vector(style) for style in STYLES.values()])
FLYER_TERMS = np.array([style.get("flyer", False) for style in STYLES.values()])


def style_index(name):
    if name not in STYLES:
        raise ValueError(f"no compiled Evolution heuristic {name!r}; choose one of "
                         f"{', '.join(STYLES)}")
    return list(STYLES).index(name)


@njit(cache=True)
def style_scores(obs, mask, style, out):
    """out[a]: style `style`'s score of each legal action a of this observation."""
    scores(obs, mask, WEIGHTS[style], FLYER_TERMS[style], out)


@njit(cache=True)
def style_choice(obs, mask, style, word):
    """The style's action for this observation: the best, ties drawn from `word`."""
    values = np.empty(N_ACTIONS, np.float64)
    style_scores(obs, mask, style, values)
    return best_scored(values, mask, word)


@njit(cache=True)
def style_action(st, mask, word, style):
    """The style's action for the seat to move in state st, from that seat's observation."""
    obs = np.zeros(OBS_SIZE, np.float32)
    observe_into(st, to_move(st), obs)
    return style_choice(obs, mask, style, word)
