"""The opening of Feeding: before-reveal triggers, then the food cards and the Cliff
(EVO-REVEAL, FLT-CLIFF-01)."""
from speciesgym.envs.core.kernel import rule_kernel

from speciesgym.envs.evolution.data import CLASS_FOOD
from speciesgym.envs.evolution.rules.cards import discard_card
from speciesgym.envs.evolution.rules.order import begin_order, order_seat
from speciesgym.envs.evolution.rules.triggers import mark_before_reveal, run_player_triggers
from speciesgym.envs.evolution.state import Phase, Stage


@rule_kernel
def run_pre_reveal(st):
    """EVO-REVEAL-02: each player's triggers in turn order, then the reveal."""
    if st.stage == Stage.ENTER:
        mark_before_reveal(st)
        begin_order(st)
    while st.order_i < st.n_players:
        if run_player_triggers(st, order_seat(st)):
            return True
        st.order_i += 1
    reveal_food(st)
    st.phase = Phase.FEEDING
    st.stage = Stage.ENTER
    return False


@rule_kernel
def reveal_food(st):
    """EVO-REVEAL-06/07: sum every food card, then clamp the watering hole at 0;
    FLT-CLIFF-01: the Cliff gains one food per player."""
    total = 0
    for p in range(st.n_players):
        c = st.food_card[p]
        if c >= 0:
            total += CLASS_FOOD[c]
            discard_card(st, c)
            st.food_card[p] = -1
    new_wh = max(0, st.wh + total)
    st.bank_out += new_wh - st.wh
    st.wh = new_wh
    if st.flight:
        st.cliff += st.n_players
        st.bank_out += st.n_players
