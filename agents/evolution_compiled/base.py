"""The compiled values of the base Evolution heuristic (agents.evolution_heuristics'
EvolutionHeuristic: the grazer and the hunter), each function its method of the same name,
term by term in the same order, so the scores are the same floats. A style is a weight
vector (laid out here, filled by agents.evolution_compiled.styles); the decisions are
scored in agents.evolution_compiled.score. Only the observation is read
(agents.evolution_compiled.read).
"""
from numba import njit

from speciesgym.agents.evolution_compiled import read as r
from speciesgym.envs.evolution.data import N_KINDS, Kind
from speciesgym.envs.evolution.state import MAX_SPECIES, TRAIT_SLOTS

K = Kind
S = MAX_SPECIES
# the weight vector: a value per kind on a herbivore, on a carnivore, then four numbers
W_HERB, W_CARN = 0, N_KINDS
W_MAKE_CARN, W_FOOD_CARD, W_BODY_HERB, W_BODY_CARN = 2 * N_KINDS + 0, 2 * N_KINDS + 1, \
    2 * N_KINDS + 2, 2 * N_KINDS + 3
N_WEIGHTS = 2 * N_KINDS + 4


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
def feeding(obs, block, i):
    if block == r.B_DONE:
        return 0.0
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
