"""Turn order within a phase: `order_i` counts the seats that have had their turn, starting
from the first player (EVO-TIME-01)."""
from speciesgym.envs.core.kernel import rule_kernel

from speciesgym.envs.core.turns import seat_in_order
from speciesgym.envs.evolution.rules.cards import hand_total
from speciesgym.envs.evolution.state import Stage


@rule_kernel
def begin_order(st):
    """A phase that goes round the table starts with the first player."""
    st.order_i = 0
    st.stage = Stage.DECIDE


@rule_kernel
def order_seat(st):
    """The seat whose turn it is in the current round of the table."""
    return seat_in_order(st.first, st.order_i, st.n_players)


@rule_kernel
def next_card_holder(st):
    """Skip seats with empty hands; True (and `turn` set) if a seat with cards remains."""
    while st.order_i < st.n_players:
        p = order_seat(st)
        if hand_total(st, p) > 0:
            st.turn = p
            return True
        st.order_i += 1
    return False
