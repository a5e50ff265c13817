"""DS-PLAN, DS-EXEC, DS-INIT, DS-PAWN and the element actions (DS-ADAPT, DS-REGR, DS-ABUN,
DS-WAST, DS-DEPL, DS-ELEM)."""
import numpy as np

from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species.rules import board as B
from tests.dominant_species.helpers import action, corner, full_stacks, legal_in, play, tiles, two

MEAT, SUN, SEED, WATER, GRUB, GRASS = D.ELEM_NAMES
STOP = {"Domination": [None, None, None, None, "reptile"]}   # a later decision to stop at
CUBES = {(0, 1): {"mammal": 1, "reptile": 1}}
ELS = [{"hexes": [[0, 1], [1, 0], [1, 1]], "type": MEAT}]


def test_DS_PLAN_01_pawns_in_initiative_order_until_all_placed():
    eng, st = two(tiles=tiles(), pawns={"mammal": 1, "reptile": 3})
    seen = []
    while st[0]["phase"] == B.PH_PLANNING:
        seen.append(int(st[0]["actor"]))
        play(eng, st, action("place", legal_in(eng, st, "place")[0]))
    assert seen == [D.REPTILE, D.MAMMAL, D.REPTILE, D.REPTILE]
    assert st[0]["phase"] == B.PH_EXECUTION


def test_DS_PLAN_02_any_vacant_pawn_space():
    eng, st = two(tiles=tiles(), spaces={"Glaciation": ["mammal"], "Initiative": ["reptile"]})
    free = legal_in(eng, st, "place")
    assert 0 not in free and D.SP_GLACIATION[0] not in free
    assert set(D.SP_GLACIATION[1:]) <= set(free)            # any Glaciation space (A6)
    assert D.SP_REGRESSION[0] in free                        # even with an empty box (A5)
    assert len(free) == 41 - 2 and not st[0]["mask"][action("pass")]


def test_DS_PLAN_04_option_forbids_useless_spaces():
    eng, st = two(tiles=tiles(), boxes={"Depletion": {SUN: 1}}, stacks=full_stacks(tiles(), [], [], []))
    assert D.SP_REGRESSION[0] in legal_in(eng, st, "place")
    eng, st = two(tiles=tiles(), boxes={"Depletion": {SUN: 1}}, stacks=full_stacks(tiles(), [], [], []),
                  options={"forbid_useless_spaces": True})
    free = set(legal_in(eng, st, "place"))
    assert D.SP_DEPLETION in free and D.SP_INITIATIVE in free
    assert not free & {*D.SP_REGRESSION, D.SP_WASTELAND, D.SP_WANDERLUST0, D.SP_WANDERLUST0 + 1}


def test_DS_PLAN_03_free_animal_spaces():
    eng, st = two(tiles=tiles())
    assert st[0]["space"][D.SP_REPTILE] == D.REPTILE
    assert st[0]["space"][D.SP_INSECT] == -1 and st[0]["space"][D.SP_ARACHNID] == -1
    assert not {D.SP_REPTILE, D.SP_INSECT, D.SP_ARACHNID} & set(legal_in(eng, st, "place"))


def test_DS_EXEC_01_top_to_bottom_left_to_right_pawn_returns():
    eng, st = two(tiles=tiles(cubes=CUBES), elements=ELS,
                  boxes={"Adaptation": {SUN: 1, MEAT: 1}},
                  spaces={"Adaptation": ["reptile", "mammal"], **STOP},
                  start={"execute": "Initiative"}, pawns={"mammal": 1, "reptile": 2})
    assert st[0]["actor"] == D.REPTILE and st[0]["ap_supply"][D.REPTILE] == 1
    play(eng, st, action("elem", D.ELEM_NAMES.index(SUN)))
    assert st[0]["actor"] == D.MAMMAL and st[0]["ap_supply"][D.MAMMAL] == 1


def test_DS_EXEC_02_every_action_may_be_declined():
    eng, st = two(tiles=tiles(cubes=CUBES), elements=ELS, boxes={"Adaptation": {SUN: 1}},
                  spaces={"Adaptation": ["mammal"], **STOP}, start={"execute": "Adaptation"})
    assert st[0]["mask"][action("pass")]
    play(eng, st, action("pass"))
    assert st[0]["box"][D.BOX_ADAPTATION].sum() == 1 and st[0]["sub"] == B.D_DOM_CELL


def test_DS_EXEC_03_a_decision_with_only_pass_is_skipped():
    eng, st = two(tiles=tiles(cubes=CUBES), elements=ELS,
                  spaces={"Adaptation": ["mammal"], **STOP}, start={"execute": "Adaptation"})
    assert st[0]["sub"] == B.D_DOM_CELL and st[0]["actor"] == D.REPTILE   # empty box: no ask


def test_DS_INIT_01_initiative_swaps_with_the_animal_ahead():
    eng, st = two(tiles=tiles(cubes=CUBES), elements=ELS, spaces={"Initiative": ["mammal"]},
                  start={"execute": "Initiative"})
    assert list(st[0]["init_order"][:2]) == [D.REPTILE, D.MAMMAL]
    play(eng, st, action("place", D.SP_DOMINATION0))
    assert list(st[0]["init_order"][:2]) == [D.MAMMAL, D.REPTILE]


def test_DS_INIT_02_the_pawn_is_re_placed_and_resolves_later():
    eng, st = two(tiles=tiles(cubes=CUBES), elements=ELS, spaces={"Initiative": ["mammal"]},
                  start={"execute": "Initiative"})
    assert D.SP_INITIATIVE not in legal_in(eng, st, "place")
    play(eng, st, action("place", D.SP_DOMINATION0))
    assert st[0]["sub"] == B.D_DOM_CELL and st[0]["actor"] == D.MAMMAL


def test_DS_PAWN_01_pawns_conserved_through_a_round():
    eng, st = two(tiles=tiles(cubes=CUBES), elements=ELS, pawns={"mammal": 2, "reptile": 2},
                  spaces={"Glaciation": ["mammal", "reptile"]})
    while st[0]["round"] == 1:
        for a in (D.MAMMAL, D.REPTILE):
            placed = sum(1 for s in range(D.N_SPACES) if st[0]["space"][s] == a and not D.FREE_SPACE[s])
            assert placed + st[0]["ap_supply"][a] == st[0]["ap_total"][a] == 2
        play(eng, st, int(np.flatnonzero(st[0]["mask"])[-1]))
    assert st[0]["space"][D.SP_GLACIATION[0]] == D.REPTILE   # the waiting pawn slid left


def test_DS_PAWN_02_new_pawns_stop_at_ten():
    _, st = two(tiles=tiles(cubes=CUBES), elements=ELS, pawns={"mammal": 10, "reptile": 4},
                start={"card": "Parasitism", "taker": "mammal"}, spaces=STOP)
    assert st[0]["ap_total"][D.MAMMAL] == 10 and st[0]["ap_total"][D.REPTILE] == 5


def test_DS_ADAPT_01_take_an_element_while_the_display_has_room():
    eng, st = two(tiles=tiles(cubes=CUBES), elements=ELS, boxes={"Adaptation": {SUN: 1, SEED: 1}},
                  spaces={"Adaptation": ["mammal", "reptile"], **STOP},
                  displays={"reptile": {SUN: 6}}, start={"execute": "Adaptation"})
    assert legal_in(eng, st, "elem") == [D.SUN, D.SEED]
    play(eng, st, action("elem", D.SEED))
    assert st[0]["display"][D.MAMMAL, D.SEED] == 1
    assert st[0]["sub"] == B.D_DOM_CELL        # the full reptile display was not asked


def test_DS_REGR_01_every_animal_loses_one_added_element_per_type():
    eng, st = two(tiles=tiles(cubes=CUBES), elements=ELS, boxes={"Regression": {SUN: 2, MEAT: 1}},
                  displays={"mammal": {MEAT: 3, SUN: 2}, "reptile": {SUN: 4}},
                  spaces=STOP, start={"execute": "Regression"})
    assert st[0]["actor"] == D.REPTILE                # its free marker: it declines
    play(eng, st, action("pass"))
    d = st[0]["display"]
    assert d[D.MAMMAL, D.MEAT] == 2 and d[D.MAMMAL, D.SUN] == 1   # one of each type only
    assert d[D.REPTILE, D.SUN] == 3
    # bag = 20 - earth - box - added on displays, plus what regression returned
    assert st[0]["bag"][D.MEAT] == 20 - 1 - 1 - 1 + 1 and st[0]["bag"][D.SUN] == 20 - 2 - 2 - 2 + 2


def test_DS_REGR_02_each_regression_pawn_protects_one_type():
    eng, st = two(tiles=tiles(cubes=CUBES), elements=ELS, boxes={"Regression": {SUN: 1, MEAT: 1}},
                  displays={"mammal": {MEAT: 3, SUN: 2}, "reptile": {SUN: 3, MEAT: 1}},
                  spaces={"Regression": ["mammal"], **STOP}, start={"execute": "Regression"})
    assert st[0]["actor"] == D.MAMMAL and legal_in(eng, st, "elem") == [D.MEAT, D.SUN]
    play(eng, st, action("elem", D.MEAT))
    assert st[0]["actor"] == D.REPTILE      # reptile's free marker
    play(eng, st, action("elem", D.SUN))
    d = st[0]["display"]
    assert d[D.MAMMAL, D.MEAT] == 3 and d[D.MAMMAL, D.SUN] == 1
    assert d[D.REPTILE, D.SUN] == 3 and d[D.REPTILE, D.MEAT] == 0


def test_DS_ABUN_01_element_from_the_abundance_box():
    eng, st = two(tiles=tiles(cubes=CUBES), elements=ELS, boxes={"Abundance": {GRUB: 2}},
                  spaces={"Abundance": ["mammal"], **STOP}, start={"execute": "Abundance"})
    assert legal_in(eng, st, "elem") == [D.GRUB]
    play(eng, st, action("elem", D.GRUB))
    assert st[0]["sub"] == B.D_ABUND_CORNER


def test_DS_ABUN_02_onto_a_vacant_corner_touching_a_tile():
    eng, st = two(tiles=tiles(cubes=CUBES), elements=ELS, boxes={"Abundance": {GRUB: 2}},
                  spaces={"Abundance": ["mammal"], **STOP}, start={"execute": "Abundance"})
    play(eng, st, action("elem", D.GRUB))
    corners = legal_in(eng, st, "corner")
    taken = corner([0, 1], [1, 0], [1, 1])
    assert taken not in corners
    assert all(any(c >= 0 and st[0]["terrain"][c] for c in D.CORNER_CELLS[k]) for k in corners)
    k = corner([0, 0], [0, -1], [1, -1])
    play(eng, st, action("corner", k))
    assert st[0]["corner"][k] == D.GRUB and st[0]["box"][D.BOX_ABUNDANCE, D.GRUB] == 1


def test_DS_WAST_01_the_owner_removes_one_wasteland_element():
    eng, st = two(tiles=tiles(cubes=CUBES), elements=ELS, boxes={"Wasteland": {SUN: 1, GRASS: 1}},
                  spaces={"Wasteland": ["mammal"], **STOP}, start={"execute": "Wasteland"})
    play(eng, st, action("elem", D.SUN))
    assert st[0]["box"][D.BOX_WASTELAND, D.SUN] == 0 and st[0]["bag"][D.SUN] == 20


def test_DS_WAST_02_elements_touching_tundra_of_wasteland_types_go():
    els = ELS + [{"hexes": [[0, 0], [0, -1], [1, -1]], "type": GRASS},
                 {"hexes": [[0, 0], [1, 0], [0, 1]], "type": SUN},
                 {"hexes": [[0, -1], [1, -1], [1, -2]], "type": GRASS}]
    _, st = two(tiles=tiles(cubes=CUBES), elements=els, boxes={"Wasteland": {GRASS: 1}},
                spaces=STOP, start={"execute": "Wasteland"})
    c = st[0]["corner"]
    assert c[corner([0, 0], [0, -1], [1, -1])] == -1           # grass touching tundra: gone
    assert c[corner([0, 0], [1, 0], [0, 1])] == D.SUN          # other type stays
    assert c[corner([0, -1], [1, -1], [1, -2])] == D.GRASS     # away from tundra stays


def test_DS_DEPL_01_remove_an_element_of_a_depletion_type():
    els = ELS + [{"hexes": [[0, 0], [0, -1], [1, -1]], "type": GRASS}]
    eng, st = two(tiles=tiles(cubes=CUBES), elements=els, boxes={"Depletion": {GRASS: 1}},
                  spaces={"Depletion": ["mammal"], **STOP}, start={"execute": "Depletion"})
    k = corner([0, 0], [0, -1], [1, -1])
    assert legal_in(eng, st, "corner") == [k]
    play(eng, st, action("corner", k))
    assert st[0]["corner"][k] == -1 and st[0]["box"][D.BOX_DEPLETION, D.GRASS] == 1


def test_DS_ELEM_01_removed_elements_return_to_the_bag():
    els = ELS + [{"hexes": [[0, 0], [0, -1], [1, -1]], "type": GRASS}]
    eng, st = two(tiles=tiles(cubes=CUBES), elements=els, boxes={"Depletion": {GRASS: 1}},
                  spaces={"Depletion": ["mammal"], **STOP}, start={"execute": "Depletion"})
    before = int(st[0]["bag"][D.GRASS])
    play(eng, st, action("corner", corner([0, 0], [0, -1], [1, -1])))
    assert st[0]["bag"][D.GRASS] == before + 1
