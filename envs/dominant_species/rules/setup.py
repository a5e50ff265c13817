"""Setup of a new game (DS-SET-*): animals, earth, elements, species, pawns, stacks, deck,
initiative track and the element boxes."""
import numpy as np
from speciesgym.envs.core.kernel import rule_kernel

from speciesgym.envs.dominant_species.state import state_kernel

from speciesgym.envs.core.rng import rng_below, shuffle_prefix
from speciesgym.envs.dominant_species.data import (BOX_ABUNDANCE, BOX_ADAPTATION, BOX_DRAW,
                                        BOX_WANDERLUST, C_ICE_AGE, ELEM_PER_TYPE, FREE_OWNER,
                                        N_CARDS, N_FACEUP, N_SPACES, N_STACKS, N_TUNDRA,
                                        PRINTED, STACK_SIZE, STACK_TILES)
from speciesgym.envs.dominant_species.rules.board import DOM_STALE


@rule_kernel
def choose_animals(st, num_players, animals):
    """DS-SET-01: one animal per seat; a negative first entry draws them from the generator."""
    if animals[0] < 0:
        pool = np.arange(6).astype(np.int8)
        shuffle_prefix(st, pool, 6)
        for s in range(num_players):
            animals[s] = pool[s]
    for s in range(6):
        st.seat_animal[s] = -1
        st.animal_seat[s] = -1
    for s in range(num_players):
        st.seat_animal[s] = animals[s]
        st.animal_seat[animals[s]] = s


@rule_kernel
def place_free_markers(st):
    """DS-PLAN-03: the reptile, insect and arachnid spaces hold their animal's free marker."""
    for sp in range(N_SPACES):
        o = FREE_OWNER[sp]
        if o >= 0:
            st.space[sp] = o if st.animal_seat[o] >= 0 else -1


@rule_kernel
def setup_game(st, num_players, animals, start_cells, start_terrain, tundra_cell,
               start_corners, start_species, forbid_useless):
    """DS-SET-02..09: the whole setup of a new game for the chosen animals."""
    st.num_players = num_players
    st.opt_forbid_useless = forbid_useless
    choose_animals(st, num_players, animals)
    st.terrain[:] = 0
    st.cubes[:, :] = 0
    st.hib[:, :] = 0
    st.corner[:] = -1
    st.display[:, :] = 0
    st.dom[:] = DOM_STALE                  # DS-DOM-04: every tile computed by settle
    st.vp[:] = 0
    st.ap_supply[:] = 0
    st.ap_total[:] = 0
    st.gene[:] = 0
    st.elim[:] = 0
    for i in range(start_cells.shape[0]):
        st.terrain[start_cells[i]] = start_terrain[i]
    st.terrain[tundra_cell] = 8
    st.tundra_left = N_TUNDRA - 1
    for t in range(6):
        st.bag[t] = ELEM_PER_TYPE
    for i in range(start_corners.shape[0]):
        k = start_corners[i, 0]
        t = start_corners[i, 1]
        st.corner[k] = t
        st.bag[t] -= 1
    kept = 65 - 5 * num_players
    pawns = 9 - num_players
    for a in range(6):
        if st.animal_seat[a] < 0:
            continue
        for t in range(6):
            st.display[a, t] = PRINTED[a, t]
        st.gene[a] = kept - 1
        st.ap_supply[a] = pawns
        st.ap_total[a] = pawns
        for i in range(start_species.shape[1]):
            c = start_species[a, i, 0]
            n = start_species[a, i, 1]
            st.cubes[c, a] += n
            st.gene[a] -= n
    # initiative: reverse food-chain order (the lowest animal plans first)
    st.init_order[:] = -1
    j = 0
    for a in range(5, -1, -1):
        if st.animal_seat[a] >= 0:
            st.init_order[j] = a
            j += 1
    # terrain stacks: shuffle the 24 tiles into 3 stacks of 8, top tiles face up
    tiles = STACK_TILES.copy()
    shuffle_prefix(st, tiles, tiles.shape[0])
    for s in range(N_STACKS):
        for i in range(STACK_SIZE):
            st.stack_tiles[s, i] = tiles[s * STACK_SIZE + i]
        st.stack_face[s] = st.stack_tiles[s, 0]
        st.stack_tiles[s, 0] = 0                 # flipped: no longer face down
        st.stack_next[s] = 1
    # dominance deck: Ice Age at the bottom, the other 25 shuffled, 5 face up
    j = 0
    for c in range(N_CARDS):
        if c != C_ICE_AGE:
            st.deck[j] = c
            j += 1
    shuffle_prefix(st, st.deck, N_CARDS - 1)
    st.deck[N_CARDS - 1] = C_ICE_AGE
    st.deck_len = N_CARDS
    st.deck_ptr = 0
    for i in range(N_FACEUP):
        st.faceup[i] = st.deck[st.deck_ptr]
        st.deck[st.deck_ptr] = -1                # drawn: no longer in the deck
        st.deck_ptr += 1
    # element boxes
    st.box[:, :] = 0
    for b in (BOX_ADAPTATION, BOX_ABUNDANCE, BOX_WANDERLUST):
        fill_box(st, b)
    st.space[:] = -1
    place_free_markers(st)
    st.scored[:] = 0
    st.protect[:] = 0
    st.flags[:] = 0
    st.round = 1
    st.ice_age = 0
    st.card = -1
    st.card_pending = -1


@state_kernel
def fill_box(st, b):
    """DS-SET-08 / DS-RESET-07: draw up to 4 elements from the bag into box b."""
    n = 0
    for t in range(6):
        n += st.bag[t]
    for _ in range(BOX_DRAW):
        if n == 0:
            return
        r = rng_below(st, n)
        for t in range(6):
            if r < st.bag[t]:
                st.bag[t] -= 1
                st.box[b, t] += 1
                break
            r -= st.bag[t]
        n -= 1
