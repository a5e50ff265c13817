"""The flat Discrete action space of Dominant Species.

Every decision is an atomic choice from one block; the decision in progress (state field
`sub`) says what the block means now (which space, which element, which tile...):

  place  44  an action-display space (planning, Initiative re-placement, Instinct)
  elem    6  an element type (meat, sun, seed, water, grub, grass)
  corner 92  an element spot of the earth
  cell   35  a hex of the earth
  animal  6  an animal (food-chain index)
  count   6  a number of cubes 0..5
  stack   3  a terrain draw stack
  card    5  a face-up dominance card slot
  option  3  one of the Immigrants options
  pass    1  decline / done, only where the rules let the player stop
"""
from speciesgym.envs.core.blocks import ActionBlocks

BLOCKS = ActionBlocks([("place", 44), ("elem", 6), ("corner", 92), ("cell", 35),
                       ("animal", 6), ("count", 6), ("stack", 3), ("card", 5),
                       ("option", 3), ("pass", 1)])
N_ACTIONS = BLOCKS.n
A_PLACE = BLOCKS.start("place")
A_ELEM = BLOCKS.start("elem")
A_CORNER = BLOCKS.start("corner")
A_CELL = BLOCKS.start("cell")
A_ANIMAL = BLOCKS.start("animal")
A_COUNT = BLOCKS.start("count")
A_STACK = BLOCKS.start("stack")
A_CARD = BLOCKS.start("card")
A_OPTION = BLOCKS.start("option")
A_PASS = BLOCKS.start("pass")
