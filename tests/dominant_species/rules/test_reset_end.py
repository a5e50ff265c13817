"""DS-SURV, DS-RESET, DS-END: the Reset phase and the end of the game."""
from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species.rules import board as B
from speciesgym.envs.dominant_species.scenario import load_scenario
from tests.dominant_species.helpers import action, cell, full_stacks, legal_in, play, tiles, two

MEAT, SUN, SEED, WATER, GRUB, GRASS = D.ELEM_NAMES
ELS = [{"hexes": [[0, 1], [1, 0], [1, 1]], "type": MEAT},
       {"hexes": [[0, 1], [-1, 1], [-1, 2]], "type": SUN},
       {"hexes": [[0, 0], [0, -1], [1, -1]], "type": MEAT},
       {"hexes": [[0, 0], [-1, 0], [-1, 1]], "type": SUN}]


def reset(cubes, **kw):
    return two(tiles=tiles(cubes=cubes), elements=kw.pop("elements", ELS), start="reset", **kw)


def test_DS_SURV_01_strictly_most_cubes_on_tundra():
    _, tie = reset({(0, 0): {"mammal": 1, "reptile": 1}})
    assert tie[0]["vp"].sum() == 0
    _, one = reset({(0, 0): {"mammal": 1, "reptile": 2}})
    assert one[0]["vp"][D.REPTILE] == 1 and one[0]["vp"][D.MAMMAL] == 0


def test_DS_SURV_02_bonus_for_tundra_tiles_occupied():
    tl = tiles(cubes={(0, 0): {"reptile": 2}, (0, -1): {"reptile": 1}, (1, -1): {"mammal": 2}})
    for t in tl:
        if tuple(t["hex"]) in ((0, -1), (1, -1)):
            t["terrain"] = "tundra"
    els = ELS + [{"hexes": [[0, -1], [0, -2], [1, -2]], "type": SUN}]
    _, st = two(tiles=tl, elements=els, start="reset")
    assert st[0]["vp"][D.REPTILE] == 3                  # 3 cubes on 2 tundra tiles: bonus(2)


def test_DS_RESET_01_endangered_species_die_except_hibernating():
    _, st = reset({(1, 0): {"mammal": 2, "reptile": 3}, (-1, 0): {"mammal": 1}},
                  hibernating=[{"hex": [1, 0], "animal": "reptile", "n": 1}],
                  elements=ELS[:1] + ELS[2:3])
    c = st[0]["cubes"]
    assert c[cell(1, 0), D.MAMMAL] == 2                 # meat touches the desert
    assert c[cell(1, 0), D.REPTILE] == 1 and st[0]["elim"][D.REPTILE] == 2


def test_DS_RESET_02_the_mammal_saves_one_cube():
    eng, st = reset({(-1, 1): {"mammal": 2}, (0, -1): {"mammal": 1}, (1, 0): {"mammal": 3}},
                    elements=[{"hexes": [[0, 1], [1, 0], [1, 1]], "type": SUN}])
    assert st[0]["sub"] == B.D_MAMMAL_SAVE
    assert set(legal_in(eng, st, "cell")) == {cell(-1, 1), cell(0, -1), cell(1, 0)}
    play(eng, st, action("cell", cell(1, 0)))
    c = st[0]["cubes"]
    assert c[cell(1, 0), D.MAMMAL] == 1 and c[cell(-1, 1), D.MAMMAL] == 0
    _, auto = reset({(1, 0): {"mammal": 3}}, elements=[{"hexes": [[0, 1], [1, 0], [1, 1]], "type": SUN}])
    assert auto[0]["cubes"][cell(1, 0), D.MAMMAL] == 1 and auto[0]["phase"] == B.PH_PLANNING


def test_DS_RESET_03_face_up_cards_refilled():
    _, st = reset({}, faceup=["Omnivore", None, "Fertile"], deck=["Predator", "Blight", "Ice Age"])
    assert sorted(st[0]["faceup"]) == sorted([D.C_OMNIVORE, D.C_PREDATOR, D.C_FERTILE, D.C_BLIGHT,
                                              D.C_ICE_AGE])


def test_DS_RESET_04_glaciation_pawns_slide_left():
    _, st = reset({}, spaces={"Glaciation": [None, "mammal", None, "reptile"]})
    assert list(st[0]["space"][list(D.SP_GLACIATION)]) == [D.MAMMAL, D.REPTILE, -1, -1]


def test_DS_RESET_05_06_07_boxes_return_shift_and_draw():
    boxes = {"Adaptation": {MEAT: 1}, "Regression": {SUN: 2}, "Abundance": {SEED: 3},
             "Wasteland": {WATER: 1}, "Depletion": {GRUB: 2}, "Wanderlust": {GRASS: 1}}
    _, st = reset({}, boxes=boxes)
    b = st[0]["box"]
    assert list(b[D.BOX_REGRESSION]) == [1, 0, 0, 0, 0, 0]
    assert list(b[D.BOX_WASTELAND]) == [0, 0, 3, 0, 0, 0]
    assert list(b[D.BOX_DEPLETION]) == [0, 0, 0, 1, 0, 0]
    for box in (D.BOX_ADAPTATION, D.BOX_ABUNDANCE, D.BOX_WANDERLUST):
        assert b[box].sum() == 4
    assert st[0]["bag"].sum() == 120 - 4 - 1 - 3 - 1 - 12


def test_DS_RESET_05_regression_depletion_wanderlust_go_back_to_the_bag():
    _, st = reset({}, boxes={"Regression": {SUN: 2}, "Depletion": {GRUB: 2}, "Wanderlust": {GRASS: 1}})
    assert st[0]["box"][:, D.SUN].sum() + st[0]["bag"][D.SUN] == 20 - 2    # two suns on earth


def test_DS_RESET_06_boxes_move_down_the_display():
    _, st = reset({}, boxes={"Abundance": {SEED: 3}})
    assert st[0]["box"][D.BOX_WASTELAND, D.SEED] == 3


def test_DS_RESET_07_four_new_elements_per_box_while_the_bag_lasts():
    _, st = reset({}, boxes={"Regression": {SUN: 2}})
    assert [st[0]["box"][b].sum() for b in (D.BOX_ADAPTATION, D.BOX_ABUNDANCE, D.BOX_WANDERLUST)] == [4, 4, 4]


def test_DS_RESET_08_stacks_flip_markers_return_planning_in_order():
    eng, st = two(tiles=tiles(), elements=ELS, stacks=full_stacks(tiles(), ["sea", "wetland"], [], []),
                  spaces={"Wanderlust": ["mammal"], "Regression": [None, None, None]},
                  start={"execute": "Wanderlust"}, initiative=["mammal", "reptile"])
    play(eng, st, action("stack", 0), action("cell", cell(1, 1)))   # nothing else to do
    assert st[0]["stack_face"][0] == D.WETLAND and st[0]["round"] == 2
    assert st[0]["space"][D.SP_REPTILE] == D.REPTILE
    assert st[0]["phase"] == B.PH_PLANNING and st[0]["actor"] == D.MAMMAL


def test_DS_END_01_ice_age_ends_the_game_at_reset():
    _, st = reset({(0, 0): {"reptile": 1}}, ice_age=True)
    assert st[0]["phase"] == B.PH_OVER and st[0]["vp"][D.REPTILE] >= 1   # survival still scored


def test_DS_END_02_final_scoring_of_every_tile():
    _, st = reset({(0, 1): {"mammal": 2, "reptile": 1}, (-1, 1): {"reptile": 2}}, ice_age=True,
                  displays={"reptile": {SUN: 2, MEAT: 1}})
    assert st[0]["vp"][D.MAMMAL] == 3 and st[0]["vp"][D.REPTILE] == 2 + 5   # mountain 3/2, forest 5


def test_DS_END_03_later_dominations_still_resolve_after_ice_age():
    eng, st = load_scenario({
        "animals": ["mammal", "reptile"], "tiles": tiles(cubes={(0, 1): {"mammal": 1}, (1, 0): {"reptile": 1}}),
        "elements": ELS, "displays": {"reptile": {SUN: 2, MEAT: 1}}, "faceup": ["Ice Age", "Omnivore"],
        "spaces": {"Domination": ["mammal", "reptile"]}, "start": {"execute": "Domination"}})
    play(eng, st, action("cell", cell(0, 1)), action("card", 0))
    assert st[0]["ice_age"] == 1 and st[0]["actor"] == D.REPTILE and st[0]["sub"] == B.D_DOM_CELL
    play(eng, st, action("cell", cell(1, 0)), action("card", 1))
    assert st[0]["ap_total"][D.REPTILE] == 8 and st[0]["phase"] == B.PH_OVER


def test_DS_END_04_ties_go_up_the_food_chain():
    eng, st = reset({}, ice_age=True, vp={"mammal": 10, "reptile": 10})
    scores, winners, key = eng.final(st)
    assert list(scores) == [10, 10] and list(winners) == [True, False]
    eng, st = load_scenario({"animals": ["reptile", "mammal"], "start": "reset", "ice_age": True,
                             "vp": {"mammal": 4, "reptile": 4}})
    assert list(eng.final(st)[1]) == [False, True]


def test_DS_END_05_the_round_cap_ends_the_game():
    _, st = reset({}, round=D.MAX_ROUNDS)
    assert st[0]["phase"] == B.PH_OVER
    _, st = reset({}, round=D.MAX_ROUNDS - 1)
    assert st[0]["phase"] == B.PH_PLANNING
