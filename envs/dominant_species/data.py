"""Static tables of Dominant Species as numpy arrays: animals, elements, terrains, the
35-hex earth with its corners, the action display, card ids and the bonus table.

Everything is indexed by small integers so the kernels can read these arrays as constants.
Animals are indexed in food-chain order (0 = mammal, the top), and element type k is the
printed element of animal k (mammal meat, reptile sun, bird seed, amphibian water, arachnid
grub, insect grass), which is also the order of the Speciation spaces.
"""
import numpy as np

# --- animals (food-chain order) -------------------------------------------------------------
MAMMAL, REPTILE, BIRD, AMPHIBIAN, ARACHNID, INSECT = range(6)
N_ANIMALS = 6
ANIMAL_NAMES = ("mammal", "reptile", "bird", "amphibian", "arachnid", "insect")
ANIMAL_LETTERS = "MRBAKI"
# printed elements per animal and type: animal k has 2 of type k, the amphibian 3
PRINTED = np.zeros((6, 6), np.int8)
for _a in range(6):
    PRINTED[_a, _a] = 3 if _a == AMPHIBIAN else 2
MAX_DISPLAY = 6            # elements on an animal display, printed included
MAX_PAWNS = 10             # action pawns (cylinders) of one colour
MIN_PLAYERS, MAX_PLAYERS = 2, 6

# --- elements -------------------------------------------------------------------------------
MEAT, SUN, SEED, WATER, GRUB, GRASS = range(6)
N_ELEM = 6
ELEM_NAMES = ("meat", "sun", "seed", "water", "grub", "grass")
ELEM_PER_TYPE = 20

# --- terrains -------------------------------------------------------------------------------
EMPTY, SEA, WETLAND, SAVANNAH, JUNGLE, FOREST, DESERT, MOUNTAIN, TUNDRA = range(9)
TERRAIN_NAMES = ("empty", "sea", "wetland", "savannah", "jungle", "forest", "desert",
                 "mountain", "tundra")
# VP for 1st..4th place on a tile (0 = nothing)
TERRAIN_VP = np.array([
    [0, 0, 0, 0],   # empty
    [9, 5, 3, 2],   # sea
    [8, 4, 2, 1],   # wetland
    [7, 4, 2, 0],   # savannah
    [6, 3, 2, 0],   # jungle
    [5, 3, 2, 0],   # forest
    [4, 2, 0, 0],   # desert
    [3, 2, 0, 0],   # mountain
    [1, 0, 0, 0],   # tundra
], np.int32)
SPECIATION_CAP = np.array([0, 4, 4, 3, 3, 3, 2, 2, 1], np.int8)
# the 24 tiles of the three draw stacks: 6 sea, 3 of each other large terrain
STACK_TILES = np.array([SEA] * 6 + [t for t in range(WETLAND, MOUNTAIN + 1) for _ in range(3)],
                       np.int8)
N_STACKS, STACK_SIZE = 3, 8
N_TUNDRA = 12

# --- bonus VP table (triangular, capped at 45) ----------------------------------------------
BONUS = np.array([min(45, n * (n + 1) // 2) for n in range(40)], np.int32)

# --- the earth: 35 hexes in axial coordinates -----------------------------------------------
_RANGES = {-3: (0, 3), -2: (-1, 3), -1: (-2, 3), 0: (-2, 2), 1: (-3, 2), 2: (-3, 1), 3: (-3, 0)}
CELL_QR = np.array([(q, r) for q in range(-3, 4) for r in range(_RANGES[q][0], _RANGES[q][1] + 1)],
                   np.int8)
N_CELLS = len(CELL_QR)
_INDEX = {(int(q), int(r)): i for i, (q, r) in enumerate(CELL_QR)}
DIRS = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))   # cyclic order
NEIGHBORS = np.full((N_CELLS, 6), -1, np.int8)
for _i, (_q, _r) in enumerate(CELL_QR):
    for _d, (_dq, _dr) in enumerate(DIRS):
        NEIGHBORS[_i, _d] = _INDEX.get((int(_q) + _dq, int(_r) + _dr), -1)


def _corner_table():
    keys = set()
    for q, r in _INDEX:
        for d in range(6):
            a, b = DIRS[d], DIRS[(d + 1) % 6]
            keys.add(tuple(sorted([(q, r), (q + a[0], r + a[1]), (q + b[0], r + b[1])])))
    keys = sorted(keys)
    corner_cells = np.full((len(keys), 3), -1, np.int8)
    cell_corners = np.full((N_CELLS, 6), -1, np.int16)
    fill = np.zeros(N_CELLS, np.int64)
    for k, key in enumerate(keys):
        on_map = [_INDEX[c] for c in key if c in _INDEX]
        corner_cells[k, :len(on_map)] = on_map
        for c in on_map:
            cell_corners[c, fill[c]] = k
            fill[c] += 1
    return keys, corner_cells, cell_corners


CORNER_KEYS, CORNER_CELLS, CELL_CORNERS = _corner_table()
N_CORNERS = len(CORNER_KEYS)


def cell_index(q, r):
    """Index of the hex at axial (q, r); ValueError if it is not on the earth."""
    key = (int(q), int(r))
    if key not in _INDEX:
        raise ValueError(f"hex {key} is not one of the 35 hexes of the earth")
    return _INDEX[key]


def corner_index(cells):
    """Index of the corner shared by the given hexes (2 or 3 (q, r) pairs, some may be off
    the earth when only the on-earth ones are given)."""
    want = sorted(cell_index(q, r) for q, r in cells)
    for k in range(N_CORNERS):
        have = sorted(int(c) for c in CORNER_CELLS[k] if c >= 0)
        if have == want and len(want) >= 2:
            return k
    raise ValueError(f"hexes {list(cells)} do not share exactly one corner")


# --- setup ----------------------------------------------------------------------------------
START_TILES = {(0, 0): SEA, (0, -1): WETLAND, (1, -1): SAVANNAH, (1, 0): DESERT,
               (0, 1): MOUNTAIN, (-1, 1): FOREST, (-1, 0): JUNGLE}
START_TUNDRA = (0, 0)
_C = (0, 0)
_J, _W, _S, _D, _M, _F = (-1, 0), (0, -1), (1, -1), (1, 0), (0, 1), (-1, 1)
START_ELEMENTS = {   # type: (inner corner, outer corner) as hex triples
    GRUB: ((_J, _W, _C), (_J, _F, (-2, 1))),
    WATER: ((_W, _S, _C), (_J, _W, (-1, -1))),
    GRASS: ((_S, _D, _C), (_S, _W, (1, -2))),
    SUN: ((_D, _M, _C), (_S, _D, (2, -1))),
    MEAT: ((_M, _F, _C), (_M, _D, (1, 1))),
    SEED: ((_F, _J, _C), (_F, _M, (-1, 2))),
}
START_SPECIES = {   # animal: ((hex, cubes), ...)
    MAMMAL: ((_M, 2), (_D, 1), (_F, 1)),
    REPTILE: ((_D, 2), (_S, 1), (_M, 1)),
    BIRD: ((_F, 2), (_M, 1), (_J, 1)),
    AMPHIBIAN: ((_W, 2), (_J, 1), (_S, 1)),
    ARACHNID: ((_J, 2), (_F, 1), (_W, 1)),
    INSECT: ((_S, 2), (_W, 1), (_D, 1)),
}


def pawns_for(players):
    return 9 - players


def cubes_for(players):
    """Cubes kept per animal; one is the VP marker and four start on earth."""
    return 65 - 5 * players


# --- the action display ---------------------------------------------------------------------
# Action kinds in execution order
(ACT_INITIATIVE, ACT_ADAPTATION, ACT_REGRESSION, ACT_ABUNDANCE, ACT_WASTELAND, ACT_DEPLETION,
 ACT_GLACIATION, ACT_SPECIATION, ACT_WANDERLUST, ACT_MIGRATION, ACT_COMPETITION,
 ACT_DOMINATION) = range(12)
ACTION_NAMES = ("Initiative", "Adaptation", "Regression", "Abundance", "Wasteland", "Depletion",
                "Glaciation", "Speciation", "Wanderlust", "Migration", "Competition",
                "Domination")
_LAYOUT = [(ACT_INITIATIVE, 1), (ACT_ADAPTATION, 3), (ACT_REGRESSION, 3), (ACT_ABUNDANCE, 2),
           (ACT_WASTELAND, 1), (ACT_DEPLETION, 1), (ACT_GLACIATION, 4), (ACT_SPECIATION, 7),
           (ACT_WANDERLUST, 3), (ACT_MIGRATION, 6), (ACT_COMPETITION, 8), (ACT_DOMINATION, 5)]
SPACE_ACTION = np.array([k for k, n in _LAYOUT for _ in range(n)], np.int8)
SPACE_SLOT = np.array([i for _, n in _LAYOUT for i in range(n)], np.int8)
N_SPACES = len(SPACE_ACTION)            # 44 = 41 pawn spaces + 3 animal spaces
ACTION_FIRST = np.array([int(np.flatnonzero(SPACE_ACTION == k)[0]) for k in range(12)], np.int8)
SP_INITIATIVE = 0
SP_REGRESSION = (4, 5)
SP_REPTILE = 6                           # reptile's free Regression space
SP_ABUNDANCE = (7, 8)
SP_WASTELAND = 9
SP_DEPLETION = 10
SP_GLACIATION = (11, 12, 13, 14)
SP_SPECIATION0 = 15                      # 15..20 = meat, sun, seed, water, grub, grass
SP_INSECT = 21                           # insect's free Speciation space
SP_WANDERLUST0 = 22
SP_MIGRATION0 = 25                       # 25..30 move up to 7..2 cubes
SP_ARACHNID = 31                         # arachnid's free Competition space
SP_COMPETITION0 = 32
SP_DOMINATION0 = 39
FREE_SPACE = np.zeros(N_SPACES, np.int8)
FREE_SPACE[[SP_REPTILE, SP_INSECT, SP_ARACHNID]] = 1
FREE_OWNER = np.full(N_SPACES, -1, np.int8)
FREE_OWNER[SP_REPTILE], FREE_OWNER[SP_INSECT], FREE_OWNER[SP_ARACHNID] = REPTILE, INSECT, ARACHNID
MIGRATION_RANGE = np.array([7, 6, 5, 4, 3, 2], np.int8)
# terrain bitmask of each Competition space (tundra on every space); the arachnid's = all
COMPETITION_TERRAINS = np.zeros(8, np.int16)
for _k, (_a, _b) in enumerate([(JUNGLE, WETLAND), (WETLAND, DESERT), (DESERT, FOREST),
                               (FOREST, SAVANNAH), (SAVANNAH, MOUNTAIN), (MOUNTAIN, SEA),
                               (SEA, JUNGLE)]):
    COMPETITION_TERRAINS[_k + 1] = (1 << _a) | (1 << _b) | (1 << TUNDRA)
COMPETITION_TERRAINS[0] = sum(1 << t for t in range(SEA, TUNDRA + 1))

# element boxes of the action display
BOX_ADAPTATION, BOX_REGRESSION, BOX_ABUNDANCE, BOX_WASTELAND, BOX_DEPLETION, BOX_WANDERLUST = range(6)
BOX_NAMES = ("Adaptation", "Regression", "Abundance", "Wasteland", "Depletion", "Wanderlust")
BOX_DRAW = 4

# --- dominance cards ------------------------------------------------------------------------
CARD_NAMES = ("Aquatic", "Biodiversity", "Biomass", "Blight", "Catastrophe", "Cold Snap",
              "Disease", "Ecodiversity", "Evolution", "Fecundity", "Fertile", "Habitat",
              "Hibernation", "Ice Age", "Ice Sheet", "Immigrants", "Instinct", "Intelligence",
              "Mass Exodus", "Metamorphosis", "Niche Biomes", "Nocturnal", "Omnivore",
              "Parasitism", "Predator", "Symbiotic")
(C_AQUATIC, C_BIODIVERSITY, C_BIOMASS, C_BLIGHT, C_CATASTROPHE, C_COLD_SNAP, C_DISEASE,
 C_ECODIVERSITY, C_EVOLUTION, C_FECUNDITY, C_FERTILE, C_HABITAT, C_HIBERNATION, C_ICE_AGE,
 C_ICE_SHEET, C_IMMIGRANTS, C_INSTINCT, C_INTELLIGENCE, C_MASS_EXODUS, C_METAMORPHOSIS,
 C_NICHE_BIOMES, C_NOCTURNAL, C_OMNIVORE, C_PARASITISM, C_PREDATOR, C_SYMBIOTIC) = range(26)
N_CARDS = 26
N_FACEUP = 5
MAX_ROUNDS = 40            # project safety cap (DS-END-05): the game ends after this round
