"""DS-MAP, DS-SET, DS-VP, DS-DOM: the earth, the setup, bonus VPs, matching and dominance."""
import numpy as np
import pytest

from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species import make_engine
from tests.dominant_species.helpers import (action, cell, corner, full_stacks, legal_in, play,
                                            tiles, two)

MEAT, SUN = "meat", "sun"


def test_DS_MAP_01_migration_reaches_only_edge_neighbours():
    far = {"hex": [2, -2], "terrain": "sea"}          # distance 2 from the centre
    eng, st = two(tiles=tiles(far, cubes={(0, 0): {"mammal": 1}}),
                  elements=[{"hexes": [[0, 0], [0, -1], [1, -1]], "type": MEAT}],
                  spaces={"Migration": ["mammal"]}, start={"execute": "Migration"})
    play(eng, st, action("cell", cell(0, 0)))
    dests = set(legal_in(eng, st, "cell"))
    assert dests == {cell(*qr) for qr in [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]}
    assert D.N_CELLS == 35 and (0, 3) not in map(tuple, D.CELL_QR.tolist())


def test_DS_MAP_02_an_element_touches_the_three_tiles_around_its_corner():
    eng, st = two(tiles=tiles(cubes={(0, 0): {"mammal": 1, "reptile": 1},
                                     (0, -1): {"mammal": 1, "reptile": 1},
                                     (1, -1): {"mammal": 1, "reptile": 1},
                                     (1, 0): {"mammal": 1, "reptile": 1}}),
                  elements=[{"hexes": [[0, 0], [0, -1], [1, -1]], "type": MEAT}])
    dom = st[0]["dom"]
    for qr in [(0, 0), (0, -1), (1, -1)]:
        assert dom[cell(*qr)] == D.MAMMAL
    assert dom[cell(1, 0)] == -1


def test_DS_MAP_03_rim_corners_of_a_tile_take_elements():
    far = tiles({"hex": [3, -3], "terrain": "sea"})          # far from the starting seven
    eng, st = two(tiles=far, spaces={"Abundance": ["mammal"]},
                  boxes={"Abundance": {MEAT: 1}}, start={"execute": "Abundance"})
    play(eng, st, action("elem", 0))
    corners = set(legal_in(eng, st, "corner"))
    own = {k for k in range(D.N_CORNERS) if cell(3, -3) in D.CORNER_CELLS[k]}
    assert len(own) == 6 and own <= corners
    rim = [k for k in own if (D.CORNER_CELLS[k] >= 0).sum() == 1]
    assert rim, "a corner with no other hex of the earth is offered"


def test_DS_MAP_04_tundra_replaces_the_terrain_for_speciation_caps():
    eng, st = two(tiles=tiles(), elements=[{"hexes": [[0, 0], [0, -1], [1, -1]], "type": MEAT}],
                  spaces={"Speciation": ["mammal"]}, start={"execute": "Speciation"})
    play(eng, st, action("corner", corner([0, 0], [0, -1], [1, -1])))
    caps = {}
    while st[0]["sub"] != 0 and st[0]["phase"] == 1 and len(caps) < 3:
        caps[int(st[0]["ctx_cell"])] = max(legal_in(eng, st, "count"))
        play(eng, st, action("count", 0))
    assert caps == {cell(0, 0): 1, cell(0, -1): 4, cell(1, -1): 3}


def test_DS_SET_01_animals_by_option_or_from_the_seed():
    eng = make_engine(3, ["insect", "bird", "mammal"])
    st = eng.new_state(1)[0]
    assert list(st["seat_animal"][:3]) == [D.INSECT, D.BIRD, D.MAMMAL]
    rnd = make_engine(3)
    a = [tuple(rnd.new_state(s)[0]["seat_animal"][:3]) for s in range(6)]
    assert a[2] == tuple(rnd.new_state(2)[0]["seat_animal"][:3]) and len(set(a)) > 1


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_DS_SET_02_pawns_and_gene_pools_by_player_count(players):
    st = make_engine(players).new_state(players)[0]
    for a in st["seat_animal"][:players]:
        assert st["ap_total"][a] == st["ap_supply"][a] == 9 - players
        assert st["gene"][a] == 65 - 5 * players - 5
        assert st["cubes"][:, a].sum() == 4


def test_DS_SET_03_starting_tiles():
    st = make_engine(2).new_state(1)[0]
    for qr, ter in D.START_TILES.items():
        want = D.TUNDRA if qr == (0, 0) else ter
        assert st["terrain"][cell(*qr)] == want
    assert (st["terrain"] > 0).sum() == 7 and st["tundra_left"] == 11


def test_DS_SET_04_starting_elements():
    st = make_engine(2).new_state(1)[0]
    assert (st["corner"] >= 0).sum() == 12
    for t, pair in D.START_ELEMENTS.items():
        for hexes in pair:
            assert st["corner"][D.corner_index(hexes)] == t


def test_DS_SET_05_starting_species():
    st = make_engine(6).new_state(1)[0]
    for a, rows in D.START_SPECIES.items():
        for qr, n in rows:
            assert st["cubes"][cell(*qr), a] == n
    assert st["cubes"][cell(0, 0)].sum() == 0


def test_DS_SET_06_initiative_in_reverse_food_chain_order():
    st = make_engine(3, ["mammal", "insect", "bird"]).new_state(1)[0]
    assert list(st["init_order"][:3]) == [D.INSECT, D.BIRD, D.MAMMAL]
    assert st["actor"] == D.INSECT


def test_DS_SET_07_three_stacks_of_eight():
    st = make_engine(2).new_state(5)[0]
    tiles_all = np.sort(np.concatenate([st["stack_tiles"][:, 1:].ravel(), st["stack_face"]]))
    assert (tiles_all == np.sort(D.STACK_TILES)).all()
    assert (st["stack_next"] == 1).all() and (st["stack_face"] > 0).all()
    assert (st["stack_tiles"][:, 0] == 0).all()              # flipped: no longer face down


def test_DS_SET_08_four_elements_on_three_boxes():
    st = make_engine(4).new_state(3)[0]
    for b in range(6):
        want = 4 if b in (D.BOX_ADAPTATION, D.BOX_ABUNDANCE, D.BOX_WANDERLUST) else 0
        assert st["box"][b].sum() == want
    assert st["bag"].sum() == 96


def test_DS_SET_09_deck_with_ice_age_at_the_bottom():
    st = make_engine(4).new_state(3)[0]
    assert st["deck"][25] == D.C_ICE_AGE and st["deck_ptr"] == 5
    assert sorted([*st["faceup"], *st["deck"][5:]]) == list(range(26))
    assert (st["deck"][:5] == -1).all()                      # drawn: no longer in the deck


def test_DS_SET_10_printed_elements_stay():
    st = make_engine(6).new_state(1)[0]
    assert (st["display"] == D.PRINTED).all() and st["display"][D.AMPHIBIAN, D.WATER] == 3
    eng, s = two(tiles=tiles(), boxes={"Regression": {MEAT: 2}},
                 displays={"mammal": {MEAT: 3}}, spaces={"Abundance": ["reptile"]},
                 start={"execute": "Regression"})
    assert s[0]["display"][D.MAMMAL, D.ELEM_NAMES.index(MEAT)] == 2   # printed two stay


def test_DS_VP_01_bonus_table_on_wanderlust():
    extra = ({"hex": [2, -1], "terrain": "sea"}, {"hex": [1, -2], "terrain": "sea"})
    eng, st = two(tiles=tiles(*extra), stacks=full_stacks(tiles(*extra), ["sea"], [], []), spaces={"Wanderlust": ["mammal"]},
                  start={"execute": "Wanderlust"})
    play(eng, st, action("stack", 0), action("cell", cell(2, -2)))   # next to 3 tiles
    assert st[0]["vp"][D.MAMMAL] == 6
    assert [D.BONUS[k] for k in range(11)] == [0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 45]


def test_DS_VP_02_vp_never_below_zero():
    eng, st = two(tiles=tiles(cubes={(0, 1): {"mammal": 1}}), vp={"reptile": 3},
                  start={"card": "Niche Biomes", "taker": "mammal", "scored_hex": [0, 1]})
    assert st[0]["vp"][D.REPTILE] == 0


def test_DS_DOM_01_match_sums_display_times_tile_elements():
    els = [{"hexes": [[0, 0], [0, -1], [1, -1]], "type": MEAT},
           {"hexes": [[0, 0], [1, -1], [1, 0]], "type": SUN},
           {"hexes": [[0, 0], [1, 0], [0, 1]], "type": SUN}]
    cubes = {(0, 0): {"mammal": 1, "reptile": 5}}
    _, tie = two(tiles=tiles(cubes=cubes), elements=els, displays={"mammal": {MEAT: 2, SUN: 1}})
    assert tie[0]["dom"][cell(0, 0)] == -1          # 2*1 + 1*2 = 4 against 2*2 = 4
    _, win = two(tiles=tiles(cubes=cubes), elements=els, displays={"mammal": {MEAT: 2, SUN: 2}})
    assert win[0]["dom"][cell(0, 0)] == D.MAMMAL    # 6 against 4


def test_DS_DOM_02_endangered_species_never_dominate():
    _, st = two(tiles=tiles(cubes={(0, 1): {"mammal": 3}}),
                elements=[{"hexes": [[0, 1], [1, 0], [1, 1]], "type": "seed"}])
    assert st[0]["dom"][cell(0, 1)] == -1
    _, ok = two(tiles=tiles(cubes={(0, 1): {"mammal": 3}}),
                elements=[{"hexes": [[0, 1], [1, 0], [1, 1]], "type": MEAT}])
    assert ok[0]["dom"][cell(0, 1)] == D.MAMMAL


def test_DS_DOM_03_dominance_ignores_cube_counts_and_ties():
    els = [{"hexes": [[0, 1], [1, 0], [1, 1]], "type": MEAT},
           {"hexes": [[0, 1], [-1, 1], [-1, 2]], "type": SUN}]
    _, tie = two(tiles=tiles(cubes={(0, 1): {"mammal": 1, "reptile": 4}}), elements=els)
    assert tie[0]["dom"][cell(0, 1)] == -1
    _, one = two(tiles=tiles(cubes={(0, 1): {"mammal": 1, "reptile": 4}}), elements=els,
                 displays={"mammal": {MEAT: 3}})
    assert one[0]["dom"][cell(0, 1)] == D.MAMMAL


def test_DS_DOM_04_dominance_follows_every_change():
    eng, st = two(tiles=tiles(cubes={(0, 1): {"mammal": 1, "reptile": 1}}),
                  elements=[{"hexes": [[0, 1], [1, 0], [1, 1]], "type": MEAT},
                            {"hexes": [[0, 1], [-1, 1], [-1, 2]], "type": SUN}],
                  boxes={"Abundance": {MEAT: 1}}, spaces={"Abundance": ["mammal"]},
                  start={"execute": "Abundance"})
    assert st[0]["dom"][cell(0, 1)] == -1
    play(eng, st, action("elem", 0), action("corner", corner([0, 1], [-1, 2], [0, 2])))
    assert st[0]["dom"][cell(0, 1)] == D.MAMMAL
