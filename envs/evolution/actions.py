"""Evolution's flat action space: one ordered list of blocks (envs.core.ActionBlocks).

The meaning of a CARD action depends on the decision in progress (food card, card to play,
second card for an avian, card to discard for Intelligence or a Flight negation, event to
play). TARGET indexes the prey as (seat relative to the attacker) * MAX_SPECIES + slot.
SOURCE follows state.Source: watering hole, Cliff, bank (plant), bank (meat). ORDER is slot * N_TRIG + trigger.
The layout is the same for every player count, so N is a constant.
"""
from speciesgym.envs.core.blocks import ActionBlocks
from speciesgym.envs.evolution.data import N_CLASSES
from speciesgym.envs.evolution.state import MAX_PLAYERS, MAX_SPECIES, N_TRIG, TRAIT_SLOTS

S = MAX_SPECIES
BLOCKS = ActionBlocks([
    ("CARD", N_CLASSES),          # choose a card class from hand
    ("DONE", 1),                  # end this turn / decline / pass
    ("TRAIT", S * TRAIT_SLOTS),   # put the selected trait on species s, slot k
    ("BODY", S),                  # discard the selected card: +1 body size
    ("POP", S),                   # discard the selected card: +1 population
    ("NEW_LAND", 2),              # discard the selected card: new species, left/right end
    ("NEW_AVIAN", 2),             # selected card + one more: new avian species, left/right
    ("FEED_WH", S),               # feed species s from the watering hole
    ("FEED_CLIFF", S),            # feed avian species s from the Cliff
    ("INTEL_FOOD", S),            # Intelligence: discard a card, species s takes 2 food
    ("ATTACK", S),                # species s attacks (prey chosen next)
    ("TARGET", MAX_PLAYERS * S),  # prey: relative seat, slot
    ("DIVE", S),                  # Dive-Bomb with avian species s
    ("SOURCE", 4),                # watering hole / Cliff / bank plant / bank meat
    ("ORDER", S * N_TRIG),        # resolve trigger t of species s next
])
N_ACTIONS = BLOCKS.n
A_CARD = BLOCKS.start("CARD")
A_DONE = BLOCKS.start("DONE")
A_TRAIT = BLOCKS.start("TRAIT")
A_BODY = BLOCKS.start("BODY")
A_POP = BLOCKS.start("POP")
A_NEW_LAND = BLOCKS.start("NEW_LAND")
A_NEW_AVIAN = BLOCKS.start("NEW_AVIAN")
A_FEED_WH = BLOCKS.start("FEED_WH")
A_FEED_CLIFF = BLOCKS.start("FEED_CLIFF")
A_INTEL_FOOD = BLOCKS.start("INTEL_FOOD")
A_ATTACK = BLOCKS.start("ATTACK")
A_TARGET = BLOCKS.start("TARGET")
A_DIVE = BLOCKS.start("DIVE")
A_SOURCE = BLOCKS.start("SOURCE")
A_ORDER = BLOCKS.start("ORDER")
