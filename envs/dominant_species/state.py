"""The state record of one Dominant Species game (a batch is an array of these records).

Everything animal-indexed uses the food-chain index (0 = mammal .. 5 = insect); seats map to
animals through `seat_animal` / `animal_seat`. Cells are the 35 hexes of data.CELL_QR,
corners the 92 element spots of data.CORNER_CELLS, spaces the 44 action-display spaces of
data.SPACE_ACTION (41 pawn spaces and the three free animal spaces).
"""
import numpy as np

from speciesgym.envs.dominant_species.data import (N_ANIMALS, N_CARDS, N_CELLS, N_CORNERS, N_ELEM,
                                        N_FACEUP, N_SPACES, N_STACKS, STACK_SIZE)
from speciesgym.envs.dominant_species.actions import N_ACTIONS

STATE_DTYPE = np.dtype([
    ("rng", np.uint64),                          # generator word (envs.core.rng)
    ("num_players", np.int8),
    ("opt_forbid_useless", np.int8),             # option forbid_useless_spaces (DS-PLAN-04)
    ("seat_animal", np.int8, (6,)),              # [seat] -> animal, -1 past num_players
    ("animal_seat", np.int8, (6,)),              # [animal] -> seat, -1 if not in play
    ("terrain", np.int8, (N_CELLS,)),            # [cell] data.EMPTY..TUNDRA
    ("cubes", np.int16, (N_CELLS, N_ANIMALS)),   # [cell, animal] species cubes on earth
    ("hib", np.int16, (N_CELLS, N_ANIMALS)),     # [cell, animal] cubes placed by Hibernation this round
    ("corner", np.int8, (N_CORNERS,)),           # [corner] element type, -1 vacant
    ("display", np.int8, (N_ANIMALS, N_ELEM)),   # [animal, type] elements incl. printed
    ("gene", np.int16, (N_ANIMALS,)),            # gene pool cubes
    ("elim", np.int16, (N_ANIMALS,)),            # eliminated cubes (in the box)
    ("vp", np.int32, (N_ANIMALS,)),              # victory points
    ("ap_supply", np.int8, (N_ANIMALS,)),        # action pawns in hand
    ("ap_total", np.int8, (N_ANIMALS,)),         # action pawns owned
    ("init_order", np.int8, (6,)),               # initiative track: animals, first = plans first
    ("space", np.int8, (N_SPACES,)),             # [space] animal whose pawn/marker is there, -1
    ("box", np.int8, (6, N_ELEM)),               # [box, type] elements in the display boxes
    ("bag", np.int8, (N_ELEM,)),                 # elements in the draw bag
    ("stack_tiles", np.int8, (N_STACKS, STACK_SIZE)),  # terrain of each stack, top first (hidden)
    ("stack_next", np.int8, (N_STACKS,)),        # index of the next face-down tile
    ("stack_face", np.int8, (N_STACKS,)),        # face-up terrain on each stack, 0 = none
    ("tundra_left", np.int8),
    ("deck", np.int8, (N_CARDS,)),               # dominance deck, deck[deck_ptr] is the top (hidden)
    ("deck_ptr", np.int8),
    ("deck_len", np.int8),
    ("faceup", np.int8, (N_FACEUP,)),            # face-up card ids, -1 empty
    ("scored", np.int8, (N_CELLS,)),             # scored by Domination this round
    ("dom", np.int8, (N_CELLS,)),                # dominant animal per cell, -1 (derived;
                                                 # -2 = stale only inside a step, rules.board)
    ("protect", np.int8, (N_ANIMALS,)),          # Regression: bitmask of protected types
    ("flags", np.int8, (N_CELLS,)),              # per-cell scratch of the decision in progress
    ("round", np.int16),
    ("phase", np.int8),                          # rules.board.PH_*
    ("sub", np.int8),                            # decision in progress, rules.board.D_*
    ("actor", np.int8),                          # animal that decides now
    ("cursor", np.int8),                         # next action-display space to resolve
    ("space_now", np.int8),                      # space being resolved
    ("owner", np.int8),                          # animal resolving the current space/card
    ("card", np.int8),                           # card being resolved, -1
    ("card_pending", np.int8),                   # card taken, not yet begun, -1
    ("ctx_cell", np.int8),                       # chosen cell of the decision in progress
    ("ctx_corner", np.int8),                     # chosen corner
    ("ctx_elem", np.int8),                       # chosen element type
    ("ctx_k", np.int8),                          # iteration index (tile of a corner, animal...)
    ("ctx_n", np.int8),                          # counter (cubes left to migrate...)
    ("ctx_bits", np.int16),                      # bitmask (terrains used, animals chosen...)
    ("dom_cell", np.int8),                       # cell just scored by Domination
    ("ice_age", np.int8),                        # Ice Age taken: the game ends at Reset
    ("plan_turn", np.int8),                      # index into init_order of the planner
    ("mask", np.int8, (N_ACTIONS,)),             # legal actions of `actor` now
])


# Rule helpers taking (state record, integers...) compile once for int64 arguments
# (envs.core.kernel: no copy per caller's integer type or per constant passed).
from speciesgym.envs.core.kernel import IntKernels  # noqa: E402

state_kernel = IntKernels(STATE_DTYPE)
