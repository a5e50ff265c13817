"""The compiled twin of heuristic:flyer's own terms (agents.evolution_flyer.FlyerAgent, each
function its method of the same name, term by term in the same order): the table read from
the observation (opponents' carnivores, Cliff eaters, food slack) and the values it overrides;
its decisions of its own (events, feeding, prey) are agents.evolution_compiled.flyer_decisions.
What it inherits from the base heuristic comes from agents.evolution_compiled.base; which
function a decision calls is chosen in agents.evolution_compiled.score.
"""
from numba import njit

from speciesgym.agents.evolution_compiled import base as b
from speciesgym.agents.evolution_compiled import read as r
from speciesgym.envs.evolution.data import Kind
from speciesgym.envs.evolution.state import MAX_SPECIES

K = Kind
S = MAX_SPECIES


@njit(cache=True)
def flying_useless(kind):
    return kind in (K.CLIMBING, K.BURROWING, K.HARD_SHELL, K.HORNS, K.DEFENSIVE_HERDING,
                    K.SYMBIOSIS, K.WARNING_CALL)


# --- the table -----------------------------------------------------------------------------
@njit(cache=True)
def opp_carnivores(obs, flying):
    """Opponents' carnivores (only flying or Intelligent ones when `flying`)."""
    n = 0
    for rel in range(1, r.n_players(obs)):
        for s in range(r.n_species(obs, rel)):
            if r.has(obs, rel, s, K.CARNIVORE) and (not flying or r.avian(obs, rel, s)
                                                    or r.has(obs, rel, s, K.INTELLIGENCE)):
                n += 1
    return n


@njit(cache=True)
def threat_to(obs, s):
    """FLT-FLIGHT-02: flying carnivores threaten an avian, any carnivore a land species."""
    return min(opp_carnivores(obs, r.avian(obs, 0, s)), 3)


@njit(cache=True)
def opp_avian_eaters(obs):
    """Opponents' hungry avian herbivores: who else eats from the Cliff."""
    n = 0
    for rel in range(1, r.n_players(obs)):
        for s in range(r.n_species(obs, rel)):
            n += r.avian(obs, rel, s) and not r.has(obs, rel, s, K.CARNIVORE) \
                and r.hunger(obs, rel, s) > 0
    return n


@njit(cache=True)
def my_avians(obs):
    n = 0
    for s in range(r.n_species(obs, 0)):
        n += r.avian(obs, 0, s)
    return n


@njit(cache=True)
def herbivore(obs, rel, s):
    return not r.has(obs, rel, s, K.CARNIVORE)


@njit(cache=True)
def prey(obs):
    """Opponents' land herbivores without a defensive trait."""
    n = 0
    for rel in range(1, r.n_players(obs)):
        for s in range(r.n_species(obs, rel)):
            if herbivore(obs, rel, s) and not r.avian(obs, rel, s):
                shielded = False
                for k in range(r.N_TRAIT_KINDS):
                    shielded |= b.defensive(k) and r.has(obs, rel, s, k)
                n += not shielded
    return n


@njit(cache=True)
def food_slack(obs):
    """Expected plant food per round for our herbivores minus their mouths."""
    n_pl = r.n_players(obs)
    herb_players = 0
    for rel in range(n_pl):
        for s in range(r.n_species(obs, rel)):
            if herbivore(obs, rel, s):
                herb_players += 1
                break
    supply = 3.5 * n_pl / max(herb_players, 1)
    if r.flight(obs) and my_avians(obs):
        others = 0
        for rel in range(1, n_pl):
            for s in range(S):
                if r.avian(obs, rel, s):
                    others += 1
                    break
        supply += n_pl / (1 + others)
    mouths = 0
    for s in range(r.n_species(obs, 0)):
        if herbivore(obs, 0, s):
            mouths += r.pop(obs, 0, s) + (r.body(obs, 0, s) if r.avian(obs, 0, s) else 0)
            supply += r.has(obs, 0, s, K.LONG_NECK) + r.has(obs, 0, s, K.FORAGING)
    return supply - mouths


# --- what things are worth -----------------------------------------------------------------
@njit(cache=True)
def trait_value(obs, w, kind, s):
    if kind == K.CARNIVORE:
        if r.avian(obs, 0, s):
            return -1.0
        value = b.trait_value(obs, w, kind, s) + 0.3 * min(prey(obs), 4) - 0.6
        smaller = 0
        for rel in range(1, r.n_players(obs)):
            for t in range(r.n_species(obs, rel)):
                smaller += r.body(obs, rel, t) < r.body(obs, 0, s)
        return value - (0.0 if smaller else 1.5)     # EVO-ATK-02: nothing it could eat
    carn = b.is_carn(obs, s)
    value = w[b.W_CARN + kind] if carn else w[b.W_HERB + kind]
    if not carn and b.defensive(kind):
        value += 0.5 * threat_to(obs, s)
    if r.avian(obs, 0, s) and not carn:
        if flying_useless(kind):
            value -= 0.6
        if kind == K.NESTING:
            value += 1.6
        if kind == K.BROOD_PARASITE:
            value += 1.8 if my_avians(obs) >= 2 else 0.0
        if kind == K.FORAGING or kind == K.COOPERATION:
            value += 0.3
    if kind == K.NESTING and r.has(obs, 0, s, K.FERTILE):
        value += 0.4
    if kind == K.COOPERATION and s + 1 >= r.n_species(obs, 0):
        value -= 1.0
    if kind == K.FAT_TISSUE:
        value += 0.2 * r.body(obs, 0, s) - (0.5 if r.avian(obs, 0, s) else 0.0)
    if kind == K.PACK_HUNTING and carn:
        value += 0.3 * r.pop(obs, 0, s)
    if r.last_round(obs):
        value = 1.0 + 0.2 * value
    return value


@njit(cache=True)
def pop_value(obs, s):
    p = r.pop(obs, 0, s)
    if p >= 6:
        return -1.0
    value = 1.5 - 0.2 * p
    if b.is_carn(obs, s):
        value += 0.2 if r.body(obs, 0, s) >= 4 else -0.6
    else:
        value += 0.4 * max(min(food_slack(obs), 2.0), -3.0)
        if r.has(obs, 0, s, K.FORAGING) or r.has(obs, 0, s, K.LONG_NECK):
            value += 0.4
        if r.has(obs, 0, s, K.NESTING):
            value += 2.0 if r.avian(obs, 0, s) else 1.0
    if r.last_round(obs):
        value = 0.8 + (0.6 if r.hunger(obs, 0, s) == 0 else 0.0)
    return value


@njit(cache=True)
def body_value(obs, w, s):
    bs = r.body(obs, 0, s)
    carn = b.is_carn(obs, s)
    if r.avian(obs, 0, s):
        # FLT-AVIAN-02/03: max 3, and every point is eaten again as upkeep each round
        if bs >= 3 or carn:
            return w[b.W_BODY_CARN] - 0.3 * bs if carn else -1.0
        return -0.5 + 0.8 * threat_to(obs, s)
    if r.last_round(obs):
        return -0.5
    if carn:
        return b.body_value(obs, w, s)
    value = 0.35 * threat_to(obs, s) - 0.1 * bs
    if r.has(obs, 0, s, K.FAT_TISSUE):
        value += 0.4
    return value


@njit(cache=True)
def new_species_value(obs):
    if r.last_round(obs):
        return 0.3
    n = r.n_species(obs, 0)
    base = 2.6 if n < 2 else 1.9 if n < 4 else 1.0 if n < 6 else 0.3
    return base + 0.3 * max(min(food_slack(obs) - 1.0, 1.0), -3.0)


@njit(cache=True)
def avian_value(obs):
    """Extra worth of an avian over a land species (FLT-FLIGHT-02, FLT-CLIFF-01,
    FLT-AVIAN-03, FLT-TRAIT-01)."""
    if not r.flight(obs) or r.avian_left(obs) == 0:
        return -10.0
    value = 0.6 * min(opp_carnivores(obs, False), 3)
    n_pl = r.n_players(obs)
    avians = 0
    for rel in range(n_pl):
        for s in range(S):
            avians += r.avian(obs, rel, s)
    value += n_pl / (avians + 1) - 1.0
    if my_avians(obs) == 1:
        value += 0.3
    return value


@njit(cache=True)
def card_worth(obs, w, c):
    """Best use of card class c now: a trait, +1 population or body, a new species."""
    kind = r.class_kind(c)
    if kind >= K.FLIGHT:
        return 1.0 if kind == K.DIVE_BOMB and my_avians(obs) else 0.6
    best = new_species_value(obs)
    limit = r.trait_limit(obs)
    for s in range(r.n_species(obs, 0)):
        best = max(best, pop_value(obs, s), body_value(obs, w, s))
        if not r.has(obs, 0, s, kind) and r.trait_count(obs, 0, s) < limit:
            best = max(best, 1.0 + trait_value(obs, w, kind, s))
    return best
