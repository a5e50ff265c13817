"""What one seat may know, as one flat float32 vector (seen from the viewer: seat 0 is the
viewer, 1 the next player clockwise...).

Hidden from the viewer: other hands (only their sizes), other face-down food cards (only
whether placed), other face-down traits (only how many per species), the deck order and the
Flight reserve (only their sizes). The pending-decision context is filled only when the
viewer is the player deciding. `LAYOUT` lists the pieces as (name, shape) in order.
"""
import numpy as np
from numba import njit

from speciesgym.envs.evolution.data import CLASS_FOOD, CLASS_KIND, N_CLASSES, N_KINDS, N_TRAIT_KINDS
from speciesgym.envs.evolution.state import MAX_PLAYERS, MAX_SPECIES, N_TRIG, TRAIT_SLOTS, Pend, Phase

P, S = MAX_PLAYERS, MAX_SPECIES
SPECIES_FEATURES = 8 + 2 * N_TRAIT_KINDS
LAYOUT = [
    ("phase", (len(Phase),)),
    ("pend", (len(Pend),)),
    ("table", (10,)),                      # round, last round, food, decks, supply, options
    ("first", (P,)),                       # first-player marker, relative seat one-hot
    ("to_move", (P,)),                     # seat to act, relative one-hot
    ("players", (P, 6)),                   # present, hand size, bag, passed, food card, species
    ("species", (P, S, SPECIES_FEATURES)),
    ("hand", (N_CLASSES,)),                # own hand, count per class / 4
    ("food_card", (N_CLASSES,)),           # own face-down food card
    ("discard", (N_CLASSES,)),             # public discard pile, count per class / 4
    ("selected", (N_KINDS + 1,)),          # own selected card: kind one-hot, food value / 10
    ("attacker", (S,)),                    # own acting species (attack, Intelligence, dive)
    ("prey", (P * S,)),                    # chosen prey, relative seat and slot
    ("pending", (3,)),                     # cards to discard, Nesting food owed, species
    ("triggers", (S, N_TRIG)),             # own pending triggers
]
OFFSETS = {}
_o = 0
for _name, _shape in LAYOUT:
    OFFSETS[_name] = _o
    _o += int(np.prod(_shape))
OBS_SIZE = _o
O_PHASE, O_PEND, O_TABLE = OFFSETS["phase"], OFFSETS["pend"], OFFSETS["table"]
O_FIRST, O_MOVE, O_PLAYERS = OFFSETS["first"], OFFSETS["to_move"], OFFSETS["players"]
O_SPECIES, O_HAND, O_FOOD = OFFSETS["species"], OFFSETS["hand"], OFFSETS["food_card"]
O_DISCARD, O_SEL, O_ATK = OFFSETS["discard"], OFFSETS["selected"], OFFSETS["attacker"]
O_PREY, O_PENDING, O_TRIG = OFFSETS["prey"], OFFSETS["pending"], OFFSETS["triggers"]


@njit(cache=True)
def _species_into(st, v, p, rel, out):
    for s in range(st.n_species[p]):
        o = O_SPECIES + (rel * S + s) * SPECIES_FEATURES
        out[o] = 1.0
        out[o + 1] = st.body[p, s] / 6.0
        out[o + 2] = st.pop[p, s] / 6.0
        out[o + 3] = st.food[p, s] / 6.0
        out[o + 4] = st.upkeep[p, s] / 3.0
        out[o + 5] = st.fat[p, s] / 6.0
        out[o + 6] = st.avian[p, s]
        hidden = 0
        for k in range(TRAIT_SLOTS):
            c = st.traits[p, s, k]
            if c < 0:
                continue
            if st.hidden[p, s, k] == 0:
                out[o + 8 + CLASS_KIND[c]] = 1.0
            else:
                hidden += 1
                if p == v:
                    out[o + 8 + N_TRAIT_KINDS + CLASS_KIND[c]] = 1.0
        out[o + 7] = hidden / 3.0


@njit(cache=True)
def observe_into(st, v, out):
    n = st.n_players
    out[O_PHASE + st.phase] = 1.0
    if st.turn == v:
        out[O_PEND + st.pend] = 1.0
    last = 1.0 if (st.last_round >= 0 and st.last_round <= st.round) else 0.0
    table = (st.round / 20.0, last, st.wh / 20.0, st.cliff / 20.0, st.deck_n / 177.0,
             st.reserve_n / 40.0, st.land_left / 24.0, st.avian_left / 12.0, st.flight * 1.0,
             st.trait_limit / 3.0)
    for i in range(10):
        out[O_TABLE + i] = table[i]
    out[O_FIRST + (st.first - v) % n] = 1.0
    if st.phase != Phase.OVER:
        out[O_MOVE + (st.turn - v) % n] = 1.0
    for rel in range(n):
        p = (v + rel) % n
        o = O_PLAYERS + rel * 6
        hand = 0
        for c in range(N_CLASSES):
            hand += st.hand[p, c]
        out[o] = 1.0
        out[o + 1] = hand / 20.0
        out[o + 2] = st.bag[p] / 50.0
        out[o + 3] = st.passed[p]
        out[o + 4] = 1.0 if st.food_card[p] >= 0 else 0.0
        out[o + 5] = st.n_species[p] / 12.0
        _species_into(st, v, p, rel, out)
    for c in range(N_CLASSES):
        out[O_HAND + c] = st.hand[v, c] / 4.0
        out[O_DISCARD + c] = st.discard[c] / 4.0
    if st.food_card[v] >= 0:
        out[O_FOOD + st.food_card[v]] = 1.0
    if st.turn != v or st.phase == Phase.OVER:
        return
    if st.pend == Pend.USE_CARD or st.pend == Pend.AVIAN_PAY:
        out[O_SEL + CLASS_KIND[st.sel_card]] = 1.0
        out[O_SEL + N_KINDS] = CLASS_FOOD[st.sel_card] / 10.0
    if st.atk_sp >= 0:
        out[O_ATK + st.atk_sp] = 1.0
    if st.pend == Pend.NEGATE_PAY or st.pend == Pend.HORNS:
        out[O_PREY + ((st.tgt_seat - v) % n) * S + st.tgt_sp] = 1.0
    out[O_PENDING] = st.negate_left / 3.0
    out[O_PENDING + 1] = st.nest_left / 3.0
    if st.pend == Pend.NEST_SOURCE:
        out[O_PENDING + 2] = (st.nest_sp + 1) / 12.0
    for s in range(st.n_species[v]):
        for t in range(N_TRIG):
            if st.trig[v, s] & (1 << t):
                out[O_TRIG + s * N_TRIG + t] = 1.0
