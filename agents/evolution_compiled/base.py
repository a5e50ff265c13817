"""The compiled scorer of the grazer and the hunter (agents.evolution_heuristics'
EvolutionHeuristic, term by term in the same order, so the scores are the same floats): one
scorer, parameterised by a style's weight vector (agents.evolution_compiled.styles lays it out).

Every legal action gets a score; the heuristic plays the best. It reads only the observation
(agents.evolution_compiled.read) and the mask.
"""
from numba import njit

from speciesgym.agents.evolution_compiled import read as r
from speciesgym.envs.evolution.data import N_KINDS, Kind
from speciesgym.envs.evolution.state import MAX_SPECIES, TRAIT_SLOTS, Pend, Phase, Source

K = Kind
S = MAX_SPECIES
# the weight vector: a value per kind on a herbivore, on a carnivore, then four numbers
W_HERB, W_CARN = 0, N_KINDS
W_MAKE_CARN, W_FOOD_CARD, W_BODY_HERB, W_BODY_CARN = 2 * N_KINDS + 0, 2 * N_KINDS + 1, \
    2 * N_KINDS + 2, 2 * N_KINDS + 3
N_WEIGHTS = 2 * N_KINDS + 4
UNSCORED = -1e6       # what an illegal action scores (as the Python heuristics' fill)


@njit(cache=True)
def defensive(kind):
    return kind in (K.CLIMBING, K.BURROWING, K.HARD_SHELL, K.HORNS, K.DEFENSIVE_HERDING,
                    K.WARNING_CALL, K.SYMBIOSIS, K.CAMOUFLAGE)


@njit(cache=True)
def is_carn(obs, s):
    return r.has(obs, 0, s, K.CARNIVORE)


@njit(cache=True)
def threat(obs):
    """Opponents' carnivores in play (what threatens our herbivores)."""
    n = 0
    for rel in range(1, r.n_players(obs)):
        for s in range(S):
            n += r.exists(obs, rel, s) and r.has(obs, rel, s, K.CARNIVORE)
    return float(n)


@njit(cache=True)
def carnivore_trait_value(obs, w, s):
    """Worth of the Carnivore trait on own species s (EvolutionHeuristic.trait_value)."""
    if is_carn(obs, s) or r.has(obs, 0, s, K.LONG_NECK) or r.has(obs, 0, s, K.FORAGING) \
            or r.has(obs, 0, s, K.COOPERATION):
        return -1.0
    n = r.n_species(obs, 0)
    carns = 0
    for t in range(n):
        carns += is_carn(obs, t)
    if n - carns <= 1:
        return -1.0
    return w[W_MAKE_CARN] + 0.4 * r.body(obs, 0, s) - 1.5 * carns


@njit(cache=True)
def trait_value(obs, w, kind, s):
    if kind == K.CARNIVORE:
        return carnivore_trait_value(obs, w, s)
    carn = is_carn(obs, s)
    if carn:
        value = w[W_CARN + kind]
    else:
        value = w[W_HERB + kind]
        if defensive(kind):
            value += 0.4 * min(threat(obs), 3.0)
    if kind == K.COOPERATION and s + 1 >= r.n_species(obs, 0):
        value -= 1.0
    if kind == K.FAT_TISSUE:
        value += 0.2 * r.body(obs, 0, s)
    if kind == K.PACK_HUNTING and carn:
        value += 0.3 * r.pop(obs, 0, s)
    if r.avian(obs, 0, s) and (kind == K.LONG_NECK or kind == K.BURROWING or kind == K.CLIMBING):
        value -= 1.0
    return value


@njit(cache=True)
def card_worth(obs, w, c):
    """Best use of card class c now (what giving it away loses)."""
    kind = r.class_kind(c)
    n = r.n_species(obs, 0)
    best = 1.0 if n else 0.5
    if kind >= K.FLIGHT:
        return 0.4
    for s in range(n):
        if not r.has(obs, 0, s, kind) and r.trait_count(obs, 0, s) < TRAIT_SLOTS:
            best = max(best, 1.0 + trait_value(obs, w, kind, s))
    return best


@njit(cache=True)
def pop_value(obs, s):
    p = r.pop(obs, 0, s)
    if p >= 6:
        return -1.0
    value = 1.6 - 0.25 * p
    if is_carn(obs, s):
        value += 0.2 if r.body(obs, 0, s) >= 4 else -0.6
    else:
        if r.has(obs, 0, s, K.FORAGING) or r.has(obs, 0, s, K.LONG_NECK):
            value += 0.5
        if r.has(obs, 0, s, K.FERTILE):
            value -= 0.3
    if r.last_round(obs):
        value += 0.5
    return value


@njit(cache=True)
def body_value(obs, w, s):
    b = r.body(obs, 0, s)
    if b >= 6:
        return -1.0
    if is_carn(obs, s):
        return w[W_BODY_CARN] - 0.15 * b
    value = w[W_BODY_HERB] + 0.15 * min(threat(obs), 3.0) - 0.1 * b
    if r.has(obs, 0, s, K.FAT_TISSUE):
        value += 0.4
    return value


@njit(cache=True)
def new_species_value(obs):
    n = r.n_species(obs, 0)
    if r.last_round(obs):
        return 0.6
    return 2.6 if n < 2 else 1.9 if n < 4 else 1.0 if n < 6 else 0.3


@njit(cache=True)
def use_card(obs, w, block, i):
    if block == r.B_TRAIT:
        s, k = divmod(i, TRAIT_SLOTS)
        occupied = r.trait_count(obs, 0, s) > k
        value = 1.0 + trait_value(obs, w, r.selected_kind(obs), s)
        return value - (2.5 if occupied else 0.0)
    if block == r.B_POP:
        return pop_value(obs, i)
    if block == r.B_BODY:
        return body_value(obs, w, i)
    if block == r.B_NEW_LAND:
        return new_species_value(obs) + (0.01 if i == 1 else 0.0)
    if block == r.B_NEW_AVIAN:
        return new_species_value(obs) - 1.2
    return 0.0


@njit(cache=True)
def feeding(obs, block, i):
    if block == r.B_FEED_WH or block == r.B_FEED_CLIFF:
        h = r.hunger(obs, 0, i)
        room = r.body(obs, 0, i) - r.fat(obs, 0, i) if r.has(obs, 0, i, K.FAT_TISSUE) else 0
        if h == 0 and room <= 0:
            return 0.2
        value = 3.0 + h if h else 1.0
        if r.has(obs, 0, i, K.FORAGING):
            value += 0.8
        if r.has(obs, 0, i, K.COOPERATION):
            value += 0.5
        return value + (0.2 if block == r.B_FEED_CLIFF else 0.0)
    if block == r.B_INTEL_FOOD:
        return 1.0 + 0.5 * r.hunger(obs, 0, i)
    if block == r.B_ATTACK:
        h = r.hunger(obs, 0, i)
        return (3.5 + h) if h else 0.5
    return 0.0


@njit(cache=True)
def target(obs, i):
    rel, s = divmod(i, S)
    if rel >= r.n_players(obs):
        return -10.0
    value = float(r.body(obs, rel, s))
    if rel == 0:
        return value - 20.0
    if r.pop(obs, rel, s) == 1:
        value += 1.0
    return value + 0.3 * r.trait_count(obs, rel, s)


@njit(cache=True)
def score(obs, w, ph, pe, block, i):
    """The base heuristic's score of one action (EvolutionHeuristic.score)."""
    if ph == Phase.SELECT_FOOD:
        return -card_worth(obs, w, i) + w[W_FOOD_CARD] * r.class_food(i)
    if ph == Phase.PLAY and pe == Pend.NONE:
        if block == r.B_DONE:
            return 0.05
        return card_worth(obs, w, i) - 0.001 * r.class_food(i)
    if pe == Pend.USE_CARD:
        return use_card(obs, w, block, i)
    if ph == Phase.EVENTS and pe == Pend.NONE:
        return 0.0 if block == r.B_DONE else -0.5
    if ph == Phase.FEEDING and pe == Pend.NONE:
        return 0.0 if block == r.B_DONE else feeding(obs, block, i)
    if pe == Pend.TARGET:
        return target(obs, i)
    if pe == Pend.AVIAN_PAY or pe == Pend.NEGATE_PAY or pe == Pend.INTEL_PAY:
        return -card_worth(obs, w, i)
    if pe == Pend.HORNS:
        return 0.0 if block == r.B_DONE else -card_worth(obs, w, i) + 0.5
    if pe == Pend.NEST_SOURCE or pe == Pend.BROOD_FOOD:
        return 1.0 if i == Source.BANK_PLANT else 0.0
    if pe == Pend.DIVE_SOURCE:
        return 2.0 if i == Source.BANK_PLANT else 1.0 if i == Source.CLIFF else 0.0
    if block == r.B_ORDER:
        s, t = divmod(i, 6)
        return -0.01 * s - 0.1 * t
    return 0.0


@njit(cache=True)
def base_scores(obs, mask, w, out):
    """out[a]: the score of each legal action a (UNSCORED elsewhere)."""
    ph, pe = r.phase(obs), r.pend(obs)
    for a in range(mask.shape[0]):
        out[a] = score(obs, w, ph, pe, r.BLOCK_OF[a], r.INDEX_OF[a]) if mask[a] else UNSCORED
