"""The Reset phase (DS-RESET-*) and the end of the game (DS-END-*)."""
from speciesgym.envs.core.kernel import rule_kernel

from speciesgym.envs.dominant_species.state import state_kernel

from speciesgym.envs.dominant_species.actions import A_CELL
from speciesgym.envs.dominant_species.data import (BOX_ABUNDANCE, BOX_ADAPTATION, BOX_DEPLETION,
                                        BOX_REGRESSION, BOX_WANDERLUST, BOX_WASTELAND, MAMMAL,
                                        MAX_ROUNDS, N_FACEUP, N_STACKS, SP_GLACIATION,
                                        STACK_SIZE, TUNDRA)
from speciesgym.envs.dominant_species.rules.board import (D_MAMMAL_SAVE, D_NONE, PH_OVER, PH_RESET,
                                               add_cubes, bonus_vp, is_endangered, score_tile,
                                               set_decision)
from speciesgym.envs.dominant_species.rules.planning import enter_planning
from speciesgym.envs.dominant_species.rules.setup import fill_box, place_free_markers


@rule_kernel
def mammal_save_cells(st):
    """DS-RESET-02: tiles where the mammal's (non-hibernating) species are endangered."""
    n = 0
    last = -1
    if st.animal_seat[MAMMAL] < 0:
        return 0, -1
    for c in range(st.terrain.shape[0]):
        if is_endangered(st, MAMMAL, c) and st.cubes[c, MAMMAL] > st.hib[c, MAMMAL]:
            n += 1
            last = c
    return n, last


@rule_kernel
def enter_reset(st):
    """DS-RESET-01/02: Extinction, after the mammal chooses the tile it saves (A13)."""
    st.phase = PH_RESET
    n, last = mammal_save_cells(st)
    if n >= 2:
        set_decision(st, D_MAMMAL_SAVE, MAMMAL)
        return
    finish_reset(st, last)


@rule_kernel
def legal_mammal_save(st, out):
    for c in range(st.terrain.shape[0]):
        if is_endangered(st, MAMMAL, c) and st.cubes[c, MAMMAL] > st.hib[c, MAMMAL]:
            out[A_CELL + c] = 1


@rule_kernel
def apply_mammal_save(st, c):
    finish_reset(st, c)


@state_kernel
def extinction(st, save_cell):
    """DS-RESET-01: every endangered cube is eliminated, except Hibernation cubes of this
    round (A18) and the one cube the mammal saves."""
    for c in range(st.terrain.shape[0]):
        for a in range(6):
            if is_endangered(st, a, c):
                keep = st.hib[c, a]
                if a == MAMMAL and c == save_cell:
                    keep += 1
                lost = st.cubes[c, a] - keep
                if lost > 0:
                    add_cubes(st, c, a, -lost)
                    st.elim[a] += lost


@rule_kernel
def survival_holder(st):
    """DS-SURV-01: the animal with strictly the most cubes on tundra tiles, else -1."""
    best = 0
    who = -1
    tie = False
    for a in range(6):
        n = 0
        for c in range(st.terrain.shape[0]):
            if st.terrain[c] == TUNDRA:
                n += st.cubes[c, a]
        if n > best:
            best = n
            who = a
            tie = False
        elif n == best and n > 0:
            tie = True
    return -1 if tie else who


@rule_kernel
def survival(st):
    """DS-SURV-02: the holder scores bonus VPs for the tundra tiles it occupies."""
    a = survival_holder(st)
    if a < 0:
        return
    n = 0
    for c in range(st.terrain.shape[0]):
        if st.terrain[c] == TUNDRA and st.cubes[c, a] > 0:
            n += 1
    st.vp[a] += bonus_vp(n)


@rule_kernel
def final_scoring(st):
    """DS-END-02: every tile is scored once more like a Domination, without cards."""
    for c in range(st.terrain.shape[0]):
        if st.terrain[c] != 0:
            score_tile(st, c)
    st.phase = PH_OVER
    st.sub = D_NONE
    st.actor = -1


@state_kernel
def finish_reset(st, save_cell):
    """DS-RESET-01..08 in order; the game ends here after Ice Age (DS-END-01)."""
    extinction(st, save_cell)
    survival(st)
    if st.ice_age or st.round >= MAX_ROUNDS:
        final_scoring(st)
        return
    reseed(st)
    st.round += 1
    enter_planning(st)


@rule_kernel
def reseed(st):
    """DS-RESET-03..07: cards, Glaciation pawns, element boxes, tiles, free markers."""
    for i in range(N_FACEUP):                       # DS-RESET-03
        if st.faceup[i] < 0 and st.deck_ptr < st.deck_len:
            st.faceup[i] = st.deck[st.deck_ptr]
            st.deck[st.deck_ptr] = -1            # a drawn card leaves the deck
            st.deck_ptr += 1
    j = SP_GLACIATION[0]                            # DS-RESET-04
    for sp in SP_GLACIATION:
        if st.space[sp] >= 0:
            a = st.space[sp]
            st.space[sp] = -1
            st.space[j] = a
            j += 1
    for b in (BOX_REGRESSION, BOX_DEPLETION, BOX_WANDERLUST):   # DS-RESET-05
        for t in range(6):
            st.bag[t] += st.box[b, t]
            st.box[b, t] = 0
    for t in range(6):                              # DS-RESET-06
        st.box[BOX_DEPLETION, t] = st.box[BOX_WASTELAND, t]
        st.box[BOX_WASTELAND, t] = st.box[BOX_ABUNDANCE, t]
        st.box[BOX_REGRESSION, t] = st.box[BOX_ADAPTATION, t]
        st.box[BOX_ABUNDANCE, t] = 0
        st.box[BOX_ADAPTATION, t] = 0
    fill_box(st, BOX_ADAPTATION)                    # DS-RESET-07
    fill_box(st, BOX_ABUNDANCE)
    fill_box(st, BOX_WANDERLUST)
    for s in range(N_STACKS):                       # DS-RESET-08
        if st.stack_face[s] == 0 and st.stack_next[s] < STACK_SIZE:
            st.stack_face[s] = st.stack_tiles[s, st.stack_next[s]]
            st.stack_tiles[s, st.stack_next[s]] = 0   # a flipped tile leaves the face-down pile
            st.stack_next[s] += 1
    place_free_markers(st)
    st.hib[:, :] = 0
    st.scored[:] = 0
    st.protect[:] = 0
    st.sub = D_NONE
