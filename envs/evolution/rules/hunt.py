"""An attack as a sequence of decisions: attacker, prey, the cards that negate its
protections, the optional Horns negation, then resolution and Scavengers. Used by feeding
turns and by Dive-Bomb alike."""
from speciesgym.envs.core.kernel import rule_kernel

from speciesgym.envs.evolution.rules.attack import attack_cost, horns_choice, resolve_attack
from speciesgym.envs.evolution.rules.cards import discard_from_hand
from speciesgym.envs.evolution.state import MAX_SPECIES, Pend, Stage, state_kernel


@rule_kernel
def target_mask(st, out, base):
    """TARGET actions: every prey the chosen attacker can reach (relative seat, slot)."""
    p = st.turn
    for rel in range(st.n_players):
        tp = (p + rel) % st.n_players
        for t in range(st.n_species[tp]):
            if attack_cost(st, p, st.atk_sp, tp, t) >= 0:
                out[base + rel * MAX_SPECIES + t] = 1


@rule_kernel
def begin_attack(st, a):
    st.atk_sp = a
    st.pend = Pend.TARGET


@rule_kernel
def apply_target(st, rel, t):
    p = st.turn
    st.tgt_seat = (p + rel) % st.n_players
    st.tgt_sp = t
    st.horns_off = 0
    st.negate_left = attack_cost(st, p, st.atk_sp, st.tgt_seat, t)
    if st.negate_left > 0:
        st.pend = Pend.NEGATE_PAY          # EVO-ATK-10 / FLT-FLIGHT-04
    else:
        _offer_horns(st)


@rule_kernel
def apply_negate_pay(st, c):
    discard_from_hand(st, st.turn, c)
    st.negate_left -= 1
    if st.negate_left == 0:
        _offer_horns(st)


@rule_kernel
def _offer_horns(st):
    if horns_choice(st, st.turn, st.atk_sp, st.tgt_seat, st.tgt_sp):
        st.pend = Pend.HORNS
    else:
        finish_attack(st)


@state_kernel
def apply_horns(st, c):
    """HORNS answered: c >= 0 discards that card to negate Horns; -1 accepts Horns."""
    if c >= 0:
        discard_from_hand(st, st.turn, c)
        st.horns_off = 1
    finish_attack(st)


@rule_kernel
def finish_attack(st):
    st.pend = Pend.NONE
    resolve_attack(st, st.turn, st.atk_sp, st.tgt_seat, st.tgt_sp, st.horns_off)
    st.atk_sp = -1
    st.scav_seat = st.turn
    st.scav_i = 0
    st.stage = Stage.SCAVENGE
