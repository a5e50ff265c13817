"""The only two dispatchers of Evolution's rules: `step` applies one action, `legal_mask`
lists the legal ones. Both dispatch once on the decision in progress; `advance` then runs
the automatic flow (phase by phase) until a player must decide or the game is over."""
from speciesgym.envs.core.kernel import rule_kernel

from speciesgym.envs.evolution.actions import (A_ATTACK, A_BODY, A_CARD, A_DIVE, A_DONE, A_FEED_CLIFF,
                                    A_FEED_WH, A_INTEL_FOOD, A_NEW_AVIAN, A_NEW_LAND,
                                    A_ORDER, A_POP, A_SOURCE, A_TARGET, A_TRAIT, N_ACTIONS)
from speciesgym.envs.evolution.data import N_CLASSES
from speciesgym.envs.evolution.rules import events, feeding, hunt, play, triggers
from speciesgym.envs.evolution.rules.attack import can_hunt
from speciesgym.envs.evolution.rules.food import apply_nest_source
from speciesgym.envs.evolution.rules.reveal import run_pre_reveal
from speciesgym.envs.evolution.rules.round import run_cleanup, run_deal, setup_game
from speciesgym.envs.evolution.rules.species import max_body
from speciesgym.envs.evolution.state import MAX_SPECIES, N_TRIG, TRAIT_SLOTS, Pend, Phase, Source, state_kernel


@rule_kernel
def advance(st):
    """Run automatic steps until someone must decide (or the game is over)."""
    while True:
        ph = st.phase
        if ph == Phase.OVER:
            return
        if ph == Phase.DEAL:
            waiting = run_deal(st)
        elif ph == Phase.SELECT_FOOD:
            waiting = play.run_select_food(st)
        elif ph == Phase.PLAY:
            waiting = play.run_play(st)
        elif ph == Phase.EVENTS:
            waiting = events.run_events(st)
        elif ph == Phase.PRE_REVEAL:
            waiting = run_pre_reveal(st)
        elif ph == Phase.FEEDING:
            waiting = feeding.run_feeding(st)
        else:
            waiting = run_cleanup(st)
        if waiting:
            return


@rule_kernel
def new_game(st, n_players, flight):
    setup_game(st, n_players, flight)
    advance(st)


@rule_kernel
def _apply_card(st, c):
    ph = st.phase
    pend = st.pend
    if pend == Pend.AVIAN_PAY:
        play.apply_avian_pay(st, c)
    elif pend == Pend.NEGATE_PAY:
        hunt.apply_negate_pay(st, c)
    elif pend == Pend.HORNS:
        hunt.apply_horns(st, c)
    elif pend == Pend.INTEL_PAY:
        feeding.apply_intel_pay(st, c)
    elif ph == Phase.SELECT_FOOD:
        play.apply_food_card(st, c)
    elif ph == Phase.PLAY:
        st.sel_card = c
        st.pend = Pend.USE_CARD
    else:
        events.apply_event(st, c)


@rule_kernel
def _apply_done(st):
    if st.pend == Pend.HORNS:
        hunt.apply_horns(st, -1)
    elif st.phase == Phase.PLAY:
        st.order_i += 1
    elif st.phase == Phase.EVENTS:
        events.end_event_turn(st)
    else:
        feeding.apply_pass(st)


@rule_kernel
def _apply_source(st, source):
    if st.pend == Pend.NEST_SOURCE:
        apply_nest_source(st, source != Source.WATERING_HOLE)
    elif st.pend == Pend.BROOD_FOOD:
        triggers.apply_brood_food(st, source)
    else:
        events.apply_dive_source(st, source)


@rule_kernel
def step(st, action):
    """Apply one legal action (trusted), then run the automatic flow."""
    st.decisions += 1
    a = action
    if a < A_DONE:
        _apply_card(st, a - A_CARD)
    elif a == A_DONE:
        _apply_done(st)
    elif a < A_BODY:
        i = a - A_TRAIT
        play.apply_trait(st, i // TRAIT_SLOTS, i % TRAIT_SLOTS)
    elif a < A_POP:
        play.apply_body(st, a - A_BODY)
    elif a < A_NEW_LAND:
        play.apply_pop(st, a - A_POP)
    elif a < A_NEW_AVIAN:
        play.apply_new_land(st, a - A_NEW_LAND)
    elif a < A_FEED_WH:
        play.apply_new_avian(st, a - A_NEW_AVIAN)
    elif a < A_FEED_CLIFF:
        feeding.apply_feed(st, a - A_FEED_WH, Source.WATERING_HOLE)
    elif a < A_INTEL_FOOD:
        feeding.apply_feed(st, a - A_FEED_CLIFF, Source.CLIFF)
    elif a < A_ATTACK:
        feeding.begin_intel(st, a - A_INTEL_FOOD)
    elif a < A_TARGET:
        hunt.begin_attack(st, a - A_ATTACK)
    elif a < A_DIVE:
        i = a - A_TARGET
        hunt.apply_target(st, i // MAX_SPECIES, i % MAX_SPECIES)
    elif a < A_SOURCE:
        events.apply_dive(st, a - A_DIVE)
    elif a < A_ORDER:
        _apply_source(st, a - A_SOURCE)
    else:
        i = a - A_ORDER
        triggers.apply_order(st, i // N_TRIG, i % N_TRIG)
    advance(st)


@rule_kernel
def _mask_use_card(st, p, out):
    c = st.sel_card
    for s in range(st.n_species[p]):
        for k in range(TRAIT_SLOTS):
            if play.can_place_trait(st, p, s, k, c):
                out[A_TRAIT + s * TRAIT_SLOTS + k] = 1
        if st.body[p, s] < max_body(st, p, s):
            out[A_BODY + s] = 1
        if st.pop[p, s] < 6:
            out[A_POP + s] = 1
    if play.can_new_species(st, p, False):
        out[A_NEW_LAND] = 1
        out[A_NEW_LAND + 1] = 1
    if play.can_new_species(st, p, True):
        out[A_NEW_AVIAN] = 1
        out[A_NEW_AVIAN + 1] = 1


@rule_kernel
def _mask_feeding(st, p, out):
    free = False
    for s in range(st.n_species[p]):
        if feeding.can_feed_wh(st, p, s):
            out[A_FEED_WH + s] = 1
            free = True
        if feeding.can_feed_cliff(st, p, s):
            out[A_FEED_CLIFF + s] = 1
            free = True
        if feeding.can_intel_food(st, p, s):
            out[A_INTEL_FOOD + s] = 1
        possible, costless = can_hunt(st, p, s)
        if possible:
            out[A_ATTACK + s] = 1
        free = free or costless
    if not free:
        out[A_DONE] = 1                           # EVO-FEED-05


@rule_kernel
def _mask_pay(st, p, out):
    for c in range(N_CLASSES):
        if st.hand[p, c] > 0:
            out[A_CARD + c] = 1


@rule_kernel
def legal_mask(st, out):
    """Fill `out` (int8, N_ACTIONS, zeroed here) with the legal actions of st.turn."""
    for i in range(N_ACTIONS):
        out[i] = 0
    if st.phase == Phase.OVER:
        return
    p = st.turn
    pend = st.pend
    if pend == Pend.NONE:
        if st.phase == Phase.SELECT_FOOD:
            _mask_pay(st, p, out)
        elif st.phase == Phase.PLAY:
            play.card_choice_mask(st, p, out, A_CARD, True)
            out[A_DONE] = 1
        elif st.phase == Phase.EVENTS:
            for c in range(N_CLASSES):
                if events.can_play_event(st, p, c):
                    out[A_CARD + c] = 1
            out[A_DONE] = 1
        else:
            _mask_feeding(st, p, out)
    elif pend == Pend.USE_CARD:
        _mask_use_card(st, p, out)
    elif pend == Pend.AVIAN_PAY:
        for c in range(N_CLASSES):
            if play.can_pay_avian(st, c):
                out[A_CARD + c] = 1
    elif pend == Pend.NEST_SOURCE:
        out[A_SOURCE + Source.WATERING_HOLE] = 1
        out[A_SOURCE + Source.BANK_PLANT] = 1
    elif pend == Pend.BROOD_FOOD:
        out[A_SOURCE + Source.BANK_PLANT] = 1
        out[A_SOURCE + Source.BANK_MEAT] = 1
    elif pend == Pend.ORDER:
        for s in range(st.n_species[p]):
            for t in range(N_TRIG):
                if st.trig[p, s] & (1 << t):
                    out[A_ORDER + s * N_TRIG + t] = 1
    elif pend == Pend.TARGET:
        hunt.target_mask(st, out, A_TARGET)
    elif pend == Pend.NEGATE_PAY or pend == Pend.INTEL_PAY:
        _mask_pay(st, p, out)
    elif pend == Pend.HORNS:
        _mask_pay(st, p, out)
        out[A_DONE] = 1
    elif pend == Pend.DIVE_SPECIES:
        for s in range(st.n_species[p]):
            if events.can_dive(st, p, s):
                out[A_DIVE + s] = 1
    else:
        if st.wh > 0:
            out[A_SOURCE + Source.WATERING_HOLE] = 1
        if st.cliff > 0:
            out[A_SOURCE + Source.CLIFF] = 1
        out[A_SOURCE + Source.BANK_PLANT] = 1


@rule_kernel
def to_move(st):
    return -1 if st.phase == Phase.OVER else st.turn


# Every integer-argument helper is defined by now; each compiles once, on first use
# (envs.core.kernel).
state_kernel.close()
