"""DS-GLAC, DS-SPEC, DS-WAND, DS-MIGR, DS-COMP, DS-DOMN, DS-CUBE."""
from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species.rules import board as B
from speciesgym.envs.dominant_species.scenario import load_scenario
from tests.dominant_species.helpers import (action, cell, corner, full_stacks, legal_in, play,
                                            tiles, two)

MEAT, SUN, SEED, WATER, GRUB, GRASS = D.ELEM_NAMES
STOP = {"Domination": [None, None, None, None, "reptile"]}
ELS = [{"hexes": [[0, 1], [1, 0], [1, 1]], "type": MEAT},
       {"hexes": [[0, 1], [-1, 1], [-1, 2]], "type": SUN}]
HOME = {(0, 1): {"mammal": 1, "reptile": 1}}


def glac(spaces, cubes=None, **kw):
    cubes = {**HOME, **(cubes or {})}
    return two(tiles=kw.pop("tiles", None) or tiles(cubes=cubes), elements=kw.pop("elements", ELS),
               spaces={"Glaciation": spaces, **STOP}, start={"execute": "Glaciation"}, **kw)


def test_DS_GLAC_01_only_the_leftmost_glaciation_pawn_resolves():
    eng, st = glac([None, "mammal", "reptile"])
    assert st[0]["actor"] == D.MAMMAL and st[0]["sub"] == B.D_GLACIATE
    play(eng, st, action("pass"))
    assert st[0]["sub"] == B.D_DOM_CELL
    assert st[0]["space"][D.SP_GLACIATION[2]] == D.REPTILE      # waits for a later round


def test_DS_GLAC_02_a_non_tundra_tile_next_to_tundra_while_tiles_remain():
    eng, st = glac(["mammal"])
    ring = {cell(*qr) for qr in [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]}
    assert set(legal_in(eng, st, "cell")) == ring
    rim = [{"hex": [q, r], "terrain": "tundra"} for q, r in D.CELL_QR.tolist()
           if max(abs(q), abs(r), abs(q + r)) == 3][:11]          # all 12 tundra on the earth
    _, none = glac(["mammal"], tiles=tiles(*rim, cubes=HOME), tundra_left=0)
    assert none[0]["sub"] == B.D_DOM_CELL                          # nothing left to place


def test_DS_GLAC_03_bonus_for_adjacent_tundra():
    tl = tiles()
    tl[1]["terrain"] = "tundra"                                   # wetland (0,-1) is tundra
    eng, st = two(tiles=tl, elements=ELS, spaces={"Glaciation": ["mammal"], **STOP},
                  start={"execute": "Glaciation"})
    play(eng, st, action("cell", cell(1, -1)))                   # savannah: next to 2 tundra
    assert st[0]["vp"][D.MAMMAL] == 3 and st[0]["terrain"][cell(1, -1)] == D.TUNDRA


def test_DS_GLAC_04_one_cube_per_animal_stays_rest_to_gene_pool():
    eng, st = glac(["mammal"], cubes={(1, 0): {"mammal": 3, "reptile": 2}})
    gene = st[0]["gene"].copy()
    play(eng, st, action("cell", cell(1, 0)))
    assert list(st[0]["cubes"][cell(1, 0), :2]) == [1, 1]
    assert st[0]["gene"][D.MAMMAL] == gene[D.MAMMAL] + 2 and st[0]["gene"][D.REPTILE] == gene[D.REPTILE] + 1


def test_DS_GLAC_05_elements_between_three_tundra_go():
    tl = tiles()
    tl[1]["terrain"] = "tundra"                                   # (0,-1)
    els = ELS + [{"hexes": [[0, 0], [0, -1], [1, -1]], "type": GRASS},
                 {"hexes": [[0, 0], [1, -1], [1, 0]], "type": GRASS}]
    eng, st = two(tiles=tl, elements=els, spaces={"Glaciation": ["mammal"], **STOP},
                  start={"execute": "Glaciation"})
    play(eng, st, action("cell", cell(1, -1)))
    assert st[0]["corner"][corner([0, 0], [0, -1], [1, -1])] == -1
    assert st[0]["corner"][corner([0, 0], [1, -1], [1, 0])] == D.GRASS


def spec(animals=("mammal", "reptile"), slot=2, **kw):
    data = {"animals": list(animals), "tiles": tiles(cubes=kw.pop("cubes", HOME) if "insect" not in animals else {}),
            "elements": kw.pop("elements", ELS), "start": {"execute": "Speciation", "slot": slot}}
    data.update(kw)
    return load_scenario(data)


def test_DS_SPEC_01_seed_around_an_element_of_the_space_type():
    els = ELS + [{"hexes": [[0, 0], [0, -1], [1, -1]], "type": SUN}]
    eng, st = spec(elements=els, spaces={"Speciation": [None, "mammal"], **STOP})
    assert legal_in(eng, st, "corner") == sorted([corner([0, 1], [-1, 1], [-1, 2]),
                                                   corner([0, 0], [0, -1], [1, -1])])


def test_DS_SPEC_02_caps_per_terrain_and_the_gene_pool():
    eng, st = spec(spaces={"Speciation": [None, "mammal"], **STOP}, gene={"mammal": 2},
                   eliminated={"mammal": 55 - 1 - 1 - 2})
    k = corner([0, 1], [-1, 1], [-1, 2])
    play(eng, st, action("corner", k))
    assert st[0]["ctx_cell"] == cell(-1, 1) and legal_in(eng, st, "count") == [0, 1, 2]
    play(eng, st, action("count", 2))
    assert st[0]["cubes"][cell(-1, 1), D.MAMMAL] == 2 and st[0]["gene"][D.MAMMAL] == 0
    assert st[0]["sub"] == B.D_DOM_CELL                         # pool empty: no more tiles


def test_DS_SPEC_03_insect_free_space_one_cube_anywhere():
    eng, st = load_scenario({"animals": ["mammal", "insect"],
                             "tiles": tiles(cubes={(0, 1): {"mammal": 1, "insect": 1}}),
                             "elements": ELS, "spaces": {"Domination": [None] * 4 + ["mammal"]},
                             "start": {"execute": "Speciation", "slot": 7}})
    assert st[0]["actor"] == D.INSECT and len(legal_in(eng, st, "cell")) == 7
    play(eng, st, action("cell", cell(0, 0)))
    assert st[0]["cubes"][cell(0, 0), D.INSECT] == 1


def wander(stacks=(["sea", "desert"], [], ["jungle"]), cubes=None, **kw):
    tl = tiles(cubes=cubes or HOME)
    return two(tiles=tl, elements=ELS, stacks=full_stacks(tl, *stacks),
               spaces={"Wanderlust": ["mammal"], **STOP}, start={"execute": "Wanderlust"}, **kw)


def test_DS_WAND_01_face_up_tile_of_any_stack():
    eng, st = wander()
    assert legal_in(eng, st, "stack") == [0, 2]
    play(eng, st, action("stack", 0), action("cell", cell(1, 1)))
    assert st[0]["terrain"][cell(1, 1)] == D.SEA and st[0]["stack_face"][0] == 0


def test_DS_WAND_02_on_an_empty_hex_next_to_a_tile():
    eng, st = wander()
    play(eng, st, action("stack", 2))
    hexes = legal_in(eng, st, "cell")
    assert len(hexes) == 12 and cell(0, 0) not in hexes and cell(3, -3) not in hexes


def test_DS_WAND_03_bonus_for_adjacent_tiles():
    eng, st = wander()
    play(eng, st, action("stack", 0), action("cell", cell(2, -2)))     # touches savannah only
    assert st[0]["vp"][D.MAMMAL] == 1


def test_DS_WAND_04_an_element_on_the_new_tile_only():
    eng, st = wander(boxes={"Wanderlust": {WATER: 1}})
    play(eng, st, action("stack", 0), action("cell", cell(1, 1)), action("elem", D.WATER))
    corners = legal_in(eng, st, "corner")
    assert all(cell(1, 1) in D.CORNER_CELLS[k] for k in corners)
    assert corner([0, 1], [1, 0], [1, 1]) not in corners and len(corners) == 5


def test_DS_WAND_05_animals_move_in_in_food_chain_order():
    eng, st = wander(cubes={(0, 1): {"mammal": 2, "reptile": 2}, (1, 0): {"reptile": 1}})
    play(eng, st, action("stack", 0), action("cell", cell(1, 1)))
    assert st[0]["actor"] == D.MAMMAL and legal_in(eng, st, "cell") == [cell(0, 1)]
    play(eng, st, action("cell", cell(0, 1)), action("pass"))
    assert st[0]["actor"] == D.REPTILE
    assert set(legal_in(eng, st, "cell")) == {cell(0, 1), cell(1, 0)}
    play(eng, st, action("cell", cell(1, 0)), action("pass"))
    assert list(st[0]["cubes"][cell(1, 1), :2]) == [1, 1]


def migr(slot, animals=("mammal", "reptile"), cubes=None, extra=()):
    return load_scenario({"animals": list(animals), "tiles": tiles(*extra, cubes=cubes),
                          "elements": ELS, "spaces": {"Migration": [None] * (slot - 1) + [animals[0]],
                                                      "Domination": [None] * 4 + [animals[1]]},
                          "start": {"execute": "Migration", "slot": slot}})


def test_DS_MIGR_01_up_to_n_cubes_to_adjacent_tiles():
    eng, st = migr(6, cubes={(0, 1): {"mammal": 4, "reptile": 1}})     # space 6 moves 2
    for _ in range(2):
        play(eng, st, action("cell", cell(0, 1)), action("cell", cell(1, 0)))
    assert st[0]["cubes"][cell(1, 0), D.MAMMAL] == 2 and st[0]["sub"] == B.D_DOM_CELL


def test_DS_MIGR_02_birds_fly_two_through_tiles():
    extra = ({"hex": [2, 0], "terrain": "sea"}, {"hex": [-2, 2], "terrain": "sea"})
    eng, st = migr(1, animals=("bird", "mammal"), extra=extra,
                   cubes={(0, 1): {"bird": 1, "mammal": 1}, (1, 0): {"bird": 1}})
    play(eng, st, action("cell", cell(1, 0)))
    dests = set(legal_in(eng, st, "cell"))
    assert cell(2, 0) in dests and cell(-1, 1) in dests               # two steps via tiles
    assert cell(-2, 2) not in dests                                  # three steps away
    eng2, st2 = migr(1, animals=("bird", "mammal"), extra=({"hex": [3, -1], "terrain": "sea"},),
                     cubes={(0, 1): {"mammal": 1}, (1, 0): {"bird": 1}})
    play(eng2, st2, action("cell", cell(1, 0)))
    assert cell(3, -1) not in legal_in(eng2, st2, "cell")             # would jump an empty hex


def test_DS_MIGR_03_a_cube_moves_once():
    eng, st = migr(1, cubes={(0, 1): {"mammal": 1, "reptile": 1}})
    play(eng, st, action("cell", cell(0, 1)), action("cell", cell(1, 0)))
    assert st[0]["sub"] == B.D_DOM_CELL                              # nothing left to move


def comp(slot, animals=("mammal", "reptile"), cubes=None):
    sp = {"Competition": [None] * (slot - 1) + [animals[0]], "Domination": [None] * 4 + [animals[1]]}
    if "arachnid" in animals:
        sp = {"Domination": [None] * 4 + [animals[0]]}
    return load_scenario({"animals": list(animals), "tiles": tiles(cubes=cubes), "elements": ELS,
                          "spaces": sp, "start": {"execute": "Competition", "slot": slot}})


SHARED = {(0, -1): {"mammal": 1, "reptile": 2}, (-1, 0): {"mammal": 1, "reptile": 1},
          (0, 0): {"mammal": 1, "reptile": 1}, (1, 0): {"mammal": 1, "reptile": 1},
          (0, 1): {"reptile": 1}}


def test_DS_COMP_01_listed_terrains_plus_tundra_arachnid_any():
    eng, st = comp(2, cubes=SHARED)                                  # jungle, wetland
    assert set(legal_in(eng, st, "cell")) == {cell(0, -1), cell(-1, 0), cell(0, 0)}
    eng, st = comp(1, animals=("arachnid", "reptile"),
                   cubes={(1, 0): {"arachnid": 1, "reptile": 1}, (0, 1): {"arachnid": 1, "reptile": 1}})
    assert st[0]["actor"] == D.ARACHNID and set(legal_in(eng, st, "cell")) == {cell(1, 0), cell(0, 1)}
    play(eng, st, action("cell", cell(1, 0)), action("animal", D.REPTILE))
    assert st[0]["sub"] == B.D_DOM_CELL                              # one elimination only


def test_DS_COMP_02_one_tile_per_terrain_where_the_owner_is():
    eng, st = comp(2, cubes=SHARED)
    play(eng, st, action("cell", cell(0, -1)), action("animal", D.REPTILE))
    assert set(legal_in(eng, st, "cell")) == {cell(-1, 0), cell(0, 0)}
    play(eng, st, action("cell", cell(0, 0)), action("animal", D.REPTILE))
    assert legal_in(eng, st, "cell") == [cell(-1, 0)]


def test_DS_COMP_03_the_owner_picks_the_victim_eliminated():
    eng, st = comp(2, animals=("mammal", "reptile"), cubes=SHARED)
    play(eng, st, action("cell", cell(0, -1)))
    assert legal_in(eng, st, "animal") == [D.REPTILE]
    play(eng, st, action("animal", D.REPTILE))
    assert st[0]["cubes"][cell(0, -1), D.REPTILE] == 1 and st[0]["elim"][D.REPTILE] == 1


def dom(cubes, **kw):
    return two(tiles=tiles(cubes=cubes), elements=ELS, faceup=kw.pop("faceup", ["Omnivore", "Fertile", "Ice Age"]),
               spaces={"Domination": ["mammal", None, None, None, "reptile"]},
               start={"execute": "Domination"}, **kw)


def test_DS_DOMN_01_an_unscored_tile_with_species():
    eng, st = dom({(0, 1): {"mammal": 1}, (1, 0): {"reptile": 1}}, scored=[[1, 0]])
    assert legal_in(eng, st, "cell") == [cell(0, 1)]


def test_DS_DOMN_02_scoring_by_cubes_ties_up_the_food_chain():
    eng, st = dom({(1, -1): {"mammal": 2, "reptile": 2}, (0, 1): {"mammal": 1}})
    play(eng, st, action("cell", cell(1, -1)))                        # savannah 7/4/2
    assert st[0]["vp"][D.MAMMAL] == 7 and st[0]["vp"][D.REPTILE] == 4


def test_DS_DOMN_03_the_dominant_animal_takes_a_card():
    eng, st = dom({(0, 1): {"mammal": 1, "reptile": 3}}, displays={"reptile": {SUN: 2, MEAT: 2}})
    play(eng, st, action("cell", cell(0, 1)))
    assert st[0]["actor"] == D.REPTILE and st[0]["sub"] == B.D_DOM_CARD
    assert legal_in(eng, st, "card") == [0, 1, 2] and not st[0]["mask"][action("pass")]
    play(eng, st, action("card", 0))                                  # Omnivore
    assert st[0]["ap_total"][D.REPTILE] == 8 and list(st[0]["faceup"][:2]) == [-1, D.C_FERTILE]


def test_DS_CUBE_01_eliminated_to_the_box_glaciated_to_the_pool():
    eng, st = comp(2, cubes=SHARED)
    play(eng, st, action("cell", cell(0, -1)), action("animal", D.REPTILE))
    assert st[0]["elim"][D.REPTILE] == 1
    eng, st = glac(["mammal"], cubes={(1, 0): {"mammal": 2}})
    play(eng, st, action("cell", cell(1, 0)))
    assert st[0]["elim"][D.MAMMAL] == 0 and st[0]["cubes"][cell(1, 0), D.MAMMAL] == 1


def test_DS_WAND_05_birds_get_no_extra_range_in_wanderlust():
    tl = tiles(cubes={(0, 1): {"mammal": 1, "bird": 1}, (-1, 1): {"bird": 2}})
    eng, st = load_scenario({
        "animals": ["bird", "mammal"], "tiles": tl,
        "elements": ELS, "stacks": full_stacks(tl, ["sea"], [], []),
        "spaces": {"Wanderlust": ["mammal"], "Domination": [None] * 4 + ["mammal"]},
        "start": {"execute": "Wanderlust"}})
    play(eng, st, action("stack", 0), action("cell", cell(1, 1)))
    assert st[0]["actor"] == D.MAMMAL
    play(eng, st, action("pass"))
    assert st[0]["actor"] == D.BIRD and legal_in(eng, st, "cell") == [cell(0, 1)]


def test_DS_DOMN_03_no_card_without_face_up_cards():
    eng, st = dom({(0, 1): {"mammal": 2}, (1, 0): {"reptile": 1}}, faceup=[])
    play(eng, st, action("cell", cell(0, 1)))
    assert st[0]["vp"][D.MAMMAL] == 3 and st[0]["sub"] == B.D_DOM_CELL and st[0]["actor"] == D.REPTILE
