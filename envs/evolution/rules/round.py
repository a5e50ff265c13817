"""Setup, the Deal, the end of each round, and final scoring (EVO-SETUP, EVO-DEAL, EVO-END,
EVO-SCORE, FLT-SETUP, FLT-AVIAN-04)."""
import numpy as np
from speciesgym.envs.core.kernel import rule_kernel

from speciesgym.envs.core.rng import rng_below, shuffle_prefix
from speciesgym.envs.evolution.data import (AVIAN_BOARDS, CLASS_COPIES_BASE, CLASS_COPIES_FLIGHT,
                                 LAND_BOARDS, N_CLASSES, RESERVE_SIZE)
from speciesgym.envs.evolution.rules.cards import draw_cards
from speciesgym.envs.evolution.rules.species import add_species, lose_population, return_food, trait_count
from speciesgym.envs.evolution.state import Pend, Phase, Stage


@rule_kernel
def setup_game(st, n_players, flight):
    """EVO-SETUP / FLT-SETUP: shuffled deck (with Flight: 40 set aside as the reserve),
    empty watering hole and Cliff, a random first player; species come with the Deal."""
    st.n_players = n_players
    st.flight = flight
    st.trait_limit = 2 if n_players == 2 else 3
    st.last_round = -1
    st.land_left = LAND_BOARDS
    st.avian_left = AVIAN_BOARDS if flight else 0
    st.sel_card = -1
    st.atk_sp = -1
    st.dive_seat = -1
    n = 0
    for c in range(N_CLASSES):
        copies = CLASS_COPIES_BASE[c] + (CLASS_COPIES_FLIGHT[c] if flight else 0)
        for _ in range(copies):
            st.deck[n] = c
            n += 1
    shuffle_prefix(st, st.deck, n)
    if flight:
        for i in range(RESERVE_SIZE):
            st.reserve[i] = st.deck[n - RESERVE_SIZE + i]
            st.deck[n - RESERVE_SIZE + i] = 0
        st.reserve_n = RESERVE_SIZE
        n -= RESERVE_SIZE
    st.deck_n = n
    st.traits[:, :, :] = -1
    st.food_card[:] = -1
    st.first = rng_below(st, n_players)
    st.phase = Phase.DEAL
    st.stage = Stage.ENTER
    st.pend = Pend.NONE


@rule_kernel
def run_deal(st):
    """EVO-DEAL-01/02: a free species for whoever has none, then 3 + 1 per species."""
    for i in range(st.n_players):
        p = (st.first + i) % st.n_players
        if st.n_species[p] == 0 and st.land_left > 0:
            add_species(st, p, True, False)
    for i in range(st.n_players):
        p = (st.first + i) % st.n_players
        draw_cards(st, p, 3 + st.n_species[p])
    st.phase = Phase.SELECT_FOOD
    st.stage = Stage.ENTER
    return False


@rule_kernel
def run_cleanup(st):
    """EVO-END-01..08 and FLT-AVIAN-04: upkeep back to the bank, starvation and
    extinctions in turn order, bagging, the first-player marker moves, maybe the end."""
    P = st.n_players
    for i in range(P):
        p = (st.first + i) % P
        for s in range(st.n_species[p]):
            return_food(st, st.upkeep[p, s])
            st.upkeep[p, s] = 0
    for i in range(P):
        p = (st.first + i) % P
        s = 0
        while s < st.n_species[p]:
            hunger = st.pop[p, s] - st.food[p, s]
            if not (hunger > 0 and lose_population(st, p, s, hunger)):
                s += 1
    for p in range(P):
        for s in range(st.n_species[p]):
            st.bag[p] += st.food[p, s]
            st.food[p, s] = 0
    st.first = (st.first + 1) % P
    if st.last_round >= 0 and st.round >= st.last_round:
        st.phase = Phase.OVER
        st.turn = -1
        return True
    st.round += 1
    st.phase = Phase.DEAL
    st.stage = Stage.ENTER
    return False


@rule_kernel
def traits_in_play(st, p):
    n = 0
    for s in range(st.n_species[p]):
        n += trait_count(st, p, s)
    return n


@rule_kernel
def final_scores(st, out_scores, out_traits):
    """EVO-SCORE-01: bag + population + traits of surviving species."""
    for p in range(st.n_players):
        total = st.bag[p]
        for s in range(st.n_species[p]):
            total += st.pop[p, s]
        t = traits_in_play(st, p)
        out_scores[p] = total + t
        out_traits[p] = t


def winners(scores, traits):
    """EVO-SCORE-02/03: highest score; ties broken by most traits; then shared."""
    scores = np.asarray(scores)
    traits = np.asarray(traits)
    best = scores == scores.max()
    top_traits = traits[best].max()
    return best & (traits == top_traits)
