"""The deck, the Flight reserve, the discard pile and hands (EVO-DEAL, EVO-END, FLT-END)."""
from speciesgym.envs.core.kernel import rule_kernel

from speciesgym.envs.core.rng import shuffle_prefix
from speciesgym.envs.evolution.data import N_CLASSES
from speciesgym.envs.evolution.state import Phase, state_kernel


@rule_kernel
def discard_card(st, c):
    st.discard[c] += 1


@rule_kernel
def discard_from_hand(st, p, c):
    st.hand[p, c] -= 1
    st.discard[c] += 1


@rule_kernel
def hand_total(st, p):
    n = 0
    for c in range(N_CLASSES):
        n += st.hand[p, c]
    return n


@rule_kernel
def _trigger_end(st):
    """EVO-DEAL-04 / EVO-END-07: running out of the draw pile during the deal makes this
    round the last; at any other time, the next round is the last."""
    last = st.round if st.phase == Phase.DEAL else st.round + 1
    if st.last_round < 0 or last < st.last_round:
        st.last_round = last


@rule_kernel
def _refill(st):
    """FLT-END-01: with Flight the 40-card reserve becomes the draw pile; EVO-DEAL-05 (and
    FLT-END-02 once the reserve is gone): otherwise the discard pile is shuffled."""
    if st.reserve_n > 0:
        for i in range(st.reserve_n):
            st.deck[i] = st.reserve[i]
            st.reserve[i] = 0
        st.deck_n = st.reserve_n
        st.reserve_n = 0
        return
    n = 0
    for c in range(N_CLASSES):
        for _ in range(st.discard[c]):
            st.deck[n] = c
            n += 1
        st.discard[c] = 0
    shuffle_prefix(st, st.deck, n)
    st.deck_n = n


@state_kernel
def draw_cards(st, p, n):
    """Seat p draws n cards; returns how many it got (fewer only if no card is left)."""
    got = 0
    for _ in range(n):
        if st.deck_n == 0:
            _trigger_end(st)
            _refill(st)
            if st.deck_n == 0:
                break
        st.deck_n -= 1
        st.hand[p, st.deck[st.deck_n]] += 1
        st.deck[st.deck_n] = 0            # slots past the pile stay 0 (exact scenarios)
        got += 1
    return got
