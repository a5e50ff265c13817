"""The Evolution state record: one numpy structured record per game, a batch is an array.

Axes: p = seat (0..MAX_PLAYERS-1, only 0..n_players-1 used), s = species slot in the
owner's row, left to right (0..n_species[p]-1 used; the rest zero), k = trait slot
(0..2; compact from 0), c = card class (envs.evolution.data).
"""
from enum import IntEnum

import numpy as np

from speciesgym.envs.evolution.data import DECK_CAP, N_CLASSES, RESERVE_SIZE

MAX_PLAYERS = 6
MAX_SPECIES = 12     # EVO-DEC-01: a player's row holds at most 12 species
TRAIT_SLOTS = 3
NO_CARD = -1


class Phase(IntEnum):
    DEAL = 0          # automatic
    SELECT_FOOD = 1   # each player in turn chooses a food card
    PLAY = 2          # each player's Play Cards turn
    EVENTS = 3        # Flight: event cards after the reveal
    PRE_REVEAL = 4    # before-reveal triggers, one player at a time
    FEEDING = 5       # feeding turns
    CLEANUP = 6       # automatic end of feeding and of the round
    OVER = 7


class Pend(IntEnum):
    """The decision in progress within a phase."""
    NONE = 0          # the phase's main choice (card, feeding action, or done)
    USE_CARD = 1      # PLAY: a card is selected; choose what to do with it
    AVIAN_PAY = 2     # PLAY: pay the second card for an avian species
    NEST_SOURCE = 3   # land Nesting: watering hole or bank for each food
    ORDER = 4         # order own simultaneous triggers (pre-reveal or scavengers)
    TARGET = 5        # attacker chosen: choose the prey
    NEGATE_PAY = 6    # discard one card per protecting trait to negate
    HORNS = 7         # Intelligence may negate Horns (card) or not (done)
    INTEL_PAY = 8     # non-carnivore Intelligence: discard the card
    DIVE_SPECIES = 9  # Dive-Bomb: choose the avian species
    DIVE_SOURCE = 10  # Dive-Bomb (non-carnivore): choose the food source
    BROOD_FOOD = 11   # Brood Parasite: plant or meat from the bank


class Stage(IntEnum):
    """Progress of the automatic flow within a phase."""
    ENTER = 0         # the phase has just begun
    DECIDE = 1        # waiting for the player's main choice
    SCAVENGE = 2      # an attack happened: scavengers resolve
    DONE = 3          # the current player's action is complete


class Source(IntEnum):
    """Where food comes from; the bank gives plant or meat."""
    WATERING_HOLE = 0
    CLIFF = 1
    BANK_PLANT = 2
    BANK_MEAT = 3


class Trig(IntEnum):
    """Simultaneous triggers a player may have to order (bit positions)."""
    FAT_TISSUE = 0
    FERTILE = 1
    LONG_NECK = 2
    GOOD_EYESIGHT = 3
    BROOD_PARASITE = 4
    SCAVENGER = 5


N_TRIG = len(Trig)
P, S, K = MAX_PLAYERS, MAX_SPECIES, TRAIT_SLOTS

STATE_DTYPE = np.dtype([
    ("rng", np.uint64),                  # generator word (envs.core.rng)
    ("n_players", np.int8),              # 2..6
    ("flight", np.int8),                 # 1 = Flight expansion in play
    ("trait_limit", np.int8),            # traits per species: 2 with 2 players, else 3
    ("phase", np.int8),                  # Phase
    ("pend", np.int8),                   # Pend
    ("stage", np.int8),                  # Stage
    ("turn", np.int8),                   # seat to act (or whose effect resolves)
    ("first", np.int8),                  # seat holding the first-player marker
    ("round", np.int16),                 # rounds played so far (0-based current round)
    ("last_round", np.int16),            # -1, or the round after which the game ends
    ("order_i", np.int8),                # turn-order counter within a phase (0..n_players)
    ("wh", np.int16),                    # plant food on the watering hole
    ("cliff", np.int16),                 # plant food on the Cliff
    ("deck", np.int16, (DECK_CAP,)),     # draw pile, class ids; top = deck[deck_n-1]; 0 past it
    ("deck_n", np.int16),                # cards in the draw pile
    ("reserve", np.int16, (RESERVE_SIZE,)),  # Flight reserve, class ids; top = last; 0 past it
    ("reserve_n", np.int16),             # cards left in the reserve
    ("discard", np.int16, (N_CLASSES,)), # face-up discard pile, count per class
    ("hand", np.int8, (P, N_CLASSES)),   # hand, count per class
    ("food_card", np.int16, (P,)),       # face-down food card class, or -1
    ("bag", np.int16, (P,)),             # food tokens in each player's bag
    ("passed", np.int8, (P,)),           # 1 = out of the feeding phase this round
    ("land_left", np.int8),              # land boards in the supply
    ("avian_left", np.int8),             # avian boards (and Flight cards) in the supply
    ("n_species", np.int8, (P,)),        # species in each row
    ("body", np.int8, (P, S)),           # body size 1..6 (avian 1..3)
    ("pop", np.int8, (P, S)),            # population 1..6
    ("food", np.int8, (P, S)),           # food on the population track
    ("upkeep", np.int8, (P, S)),         # avian upkeep food (under the body marker)
    ("fat", np.int8, (P, S)),            # food stored on Fat Tissue
    ("avian", np.int8, (P, S)),          # 1 = avian board
    ("traits", np.int16, (P, S, K)),     # trait card class per slot, -1 empty, compact
    ("hidden", np.int8, (P, S, K)),      # 1 = played face down this round, not revealed
    ("trig", np.int8, (P, S)),           # pending simultaneous triggers, bit per Trig
    ("sel_card", np.int16),              # PLAY: selected card class, -1 none
    ("sel_pos", np.int8),                # PLAY: avian pending, 0 left / 1 right end
    ("nest_left", np.int8),              # land Nesting food still to take
    ("nest_sp", np.int8),                # species taking Nesting food
    ("nest_ret", np.int8),               # Pend to return to after Nesting
    ("brood_sp", np.int8),               # Brood Parasite species awaiting its food choice
    ("atk_sp", np.int8),                 # attacker slot (owner = turn), -1 none
    ("tgt_seat", np.int8),               # prey owner
    ("tgt_sp", np.int8),                 # prey slot
    ("negate_left", np.int8),            # cards still to discard to negate protections
    ("horns_off", np.int8),              # 1 = Horns negated for this attack
    ("scav_seat", np.int8),              # attacker's owner: scavenger order starts here
    ("scav_i", np.int8),                 # scavenger resolution: players done so far
    ("dive_seat", np.int8),              # Dive-Bomb player, -1 when not diving
    ("bank_out", np.int32),              # food tokens currently out of the bank (ledger)
    ("decisions", np.int32),             # decisions taken so far
])


# Rule helpers taking (state record, integers...) compile once for int64 arguments
# (envs.core.kernel: no copy per caller's integer type or per constant passed).
from speciesgym.envs.core.kernel import IntKernels  # noqa: E402

state_kernel = IntKernels(STATE_DTYPE)
