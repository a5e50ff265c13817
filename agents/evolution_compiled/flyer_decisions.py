"""The compiled twin of heuristic:flyer's decisions of its own (agents.evolution_flyer.
FlyerAgent: event, food_card_bias, brood_food, feed_value, feeding, target; each function its
method of the same name, term by term in the same order)."""
from numba import njit

from speciesgym.agents.evolution_compiled import base as b
from speciesgym.agents.evolution_compiled import read as r
from speciesgym.agents.evolution_compiled.flyer import herbivore, opp_avian_eaters
from speciesgym.envs.evolution.data import Kind
from speciesgym.envs.evolution.state import MAX_SPECIES, Source

K = Kind
S = MAX_SPECIES


@njit(cache=True)
def event(obs, block, i):
    if block == r.B_DONE:
        return 0.0
    if r.class_kind(i) == K.DIVE_BOMB:
        return 2.0
    n_pl = r.n_players(obs)
    mine = total = 0
    for rel in range(n_pl):
        for s in range(r.n_species(obs, rel)):
            if herbivore(obs, rel, s):
                h = r.hunger(obs, rel, s)
                total += h
                mine += h if rel == 0 else 0
    return (mine / total - 1.0 / n_pl) if total else -1.0


@njit(cache=True)
def food_card_bias(obs, w):
    """+ feed the watering hole while our herbivores' mouths outnumber our carnivores' (up
    to 3 players); - starve it otherwise."""
    herb = carn = 0
    for s in range(r.n_species(obs, 0)):
        if b.is_carn(obs, s):
            carn += r.pop(obs, 0, s)
        else:
            herb += r.pop(obs, 0, s)
    return w[b.W_FOOD_CARD] if herb >= carn and r.n_players(obs) <= 3 else -0.15


@njit(cache=True)
def brood_food(obs, i):
    """FLT-TRAIT-01: meat only when Cooperation passes it on to a hungry carnivore."""
    meat = False
    for t in range(1, r.n_species(obs, 0)):
        meat |= b.is_carn(obs, t) and r.hunger(obs, 0, t) > 0 \
            and r.has(obs, 0, t - 1, K.COOPERATION)
    return (1.0 if meat else 0.0) if i == Source.BANK_MEAT else 0.5


@njit(cache=True)
def feed_value(obs, s):
    """One feeding of own species s: food on population beats upkeep."""
    pop_h, due = r.pop_hunger(obs, 0, s), r.upkeep_due(obs, 0, s)
    room = r.body(obs, 0, s) - r.fat(obs, 0, s) if r.has(obs, 0, s, K.FAT_TISSUE) else 0
    if pop_h + due == 0:
        return 0.2 if room <= 0 else 0.8
    value = 3.0 + pop_h - 0.4 * due
    if r.has(obs, 0, s, K.FORAGING):
        value += 0.8
    if r.has(obs, 0, s, K.COOPERATION):
        value += 0.5
    return value


@njit(cache=True)
def feeding(obs, block, i):
    if block == r.B_DONE:
        return 0.9 if not r.last_round(obs) else -0.5
    if block == r.B_FEED_WH or block == r.B_FEED_CLIFF:
        value = feed_value(obs, i)
        contested = opp_avian_eaters(obs) > 0
        if block == r.B_FEED_WH:
            value += 0.0 if contested else 0.3
        else:
            value += 0.3 if contested else 0.0
        return value
    if block == r.B_INTEL_FOOD:
        gain = min(2 + r.has(obs, 0, i, K.FORAGING), r.pop_hunger(obs, 0, i))
        return 0.3 + gain if (gain or r.last_round(obs)) else 0.1
    if block == r.B_ATTACK:
        h = r.pop_hunger(obs, 0, i)
        return (3.5 + h) if h else (1.0 if r.last_round(obs) else 0.5)
    return 0.0


@njit(cache=True)
def target(obs, i):
    rel, s = divmod(i, S)
    value = b.target(obs, i)
    if 0 < rel < r.n_players(obs) and r.has(obs, rel, s, K.NESTING):
        value += 0.5
    return value

