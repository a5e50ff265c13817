"""DS-CARD-00..26: every dominance card from a scenario where it decides the outcome. The
card starts as if taken by Domination space 4; a reptile pawn on space 5 stops execution
right after it."""
from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species.rules import board as B
from speciesgym.envs.dominant_species.scenario import load_scenario
from tests.dominant_species.helpers import action, cell, corner, legal_in, play, tiles

MEAT, SUN, SEED, WATER, GRUB, GRASS = D.ELEM_NAMES
ELS = [{"hexes": [[0, 1], [1, 0], [1, 1]], "type": MEAT},
       {"hexes": [[0, 1], [-1, 1], [-1, 2]], "type": SUN}]
HOME = {(0, 1): {"mammal": 1, "reptile": 1}}


def card(name, taker="mammal", animals=("mammal", "reptile"), cubes=None, elements=ELS,
         scored=(0, 1), **kw):
    stopper = "reptile" if "reptile" in animals else animals[1]
    data = {"animals": list(animals), "tiles": tiles(cubes={**HOME, **(cubes or {})}),
            "elements": elements, "spaces": {"Domination": [None] * 4 + [stopper]},
            "start": {"card": name, "taker": taker, "scored_hex": list(scored)}}
    data.update(kw)
    return load_scenario(data)


def stopped(st):
    return st[0]["sub"] == B.D_DOM_CELL and st[0]["card"] == -1


def test_DS_CARD_00_the_taker_resolves_at_once_and_the_card_leaves():
    eng, st = load_scenario({
        "animals": ["mammal", "reptile"], "tiles": tiles(cubes={(0, 1): {"mammal": 1, "reptile": 2}}),
        "elements": ELS, "faceup": ["Fertile"], "deck": ["Ice Age"],
        "displays": {"mammal": {MEAT: 3}},
        "spaces": {"Domination": ["reptile"]}, "start": {"execute": "Domination"}})
    play(eng, st, action("cell", cell(0, 1)))
    assert st[0]["actor"] == D.MAMMAL and st[0]["sub"] == B.D_DOM_CARD   # dominant, not owner
    play(eng, st, action("card", 0))
    assert st[0]["sub"] == B.D_FERTILE and st[0]["actor"] == D.MAMMAL
    assert D.C_FERTILE not in st[0]["faceup"]


def test_DS_CARD_01_aquatic():
    eng, st = card("Aquatic")
    assert st[0]["sub"] == B.D_AQUA_ELEM and len(legal_in(eng, st, "elem")) == 6
    play(eng, st, action("elem", D.GRUB))
    corners = legal_in(eng, st, "corner")
    assert all(any(c >= 0 and st[0]["terrain"][c] in (D.SEA, D.WETLAND) for c in D.CORNER_CELLS[k])
               for k in corners)
    k = corner([0, -1], [1, -1], [1, -2])
    play(eng, st, action("corner", k))
    assert legal_in(eng, st, "cell") == [cell(0, -1)]
    play(eng, st, action("cell", cell(0, -1)))
    assert legal_in(eng, st, "count") == [0, 1, 2, 3, 4]
    play(eng, st, action("count", 4))
    assert st[0]["corner"][k] == D.GRUB and st[0]["cubes"][cell(0, -1), D.MAMMAL] == 4


def test_DS_CARD_02_biodiversity():
    _, st = card("Biodiversity", cubes={(1, 0): {"mammal": 1, "reptile": 1}, (0, 0): {"mammal": 2}})
    assert st[0]["vp"][D.MAMMAL] == 2 and stopped(st)


def test_DS_CARD_03_biomass():
    eng, st = card("Biomass", cubes={(0, 1): {"mammal": 2, "reptile": 1}, (1, 0): {"reptile": 1}},
                   elements=ELS + [{"hexes": [[1, 0], [1, -1], [2, -1]], "type": SEED}])
    assert st[0]["ctx_cell"] == cell(0, 1)            # 3 cubes, 2 elements; desert 1 <= 2
    assert legal_in(eng, st, "animal") == [D.MAMMAL, D.REPTILE]
    play(eng, st, action("animal", D.REPTILE))
    assert st[0]["cubes"][cell(0, 1), D.REPTILE] == 0 and st[0]["elim"][D.REPTILE] == 1
    assert stopped(st)


def test_DS_CARD_04_blight():
    els = ELS + [{"hexes": [[0, 1], [1, 1], [0, 2]], "type": GRUB}]
    eng, st = card("Blight", elements=els)
    assert legal_in(eng, st, "cell") == [cell(0, 1)]
    play(eng, st, action("cell", cell(0, 1)))
    keep = corner([0, 1], [1, 1], [0, 2])
    play(eng, st, action("corner", keep))
    on_tile = [st[0]["corner"][k] for k in D.CELL_CORNERS[cell(0, 1)] if st[0]["corner"][k] >= 0]
    assert on_tile == [D.GRUB] and st[0]["bag"][D.MEAT] == 20 and st[0]["bag"][D.SUN] == 20


def test_DS_CARD_05_catastrophe():
    eng, st = card("Catastrophe", cubes={(0, 1): {"mammal": 2, "reptile": 3},
                                         (1, 0): {"reptile": 2}, (-1, 1): {"mammal": 1}})
    play(eng, st, action("cell", cell(0, 1)), action("animal", D.MAMMAL))
    assert list(st[0]["cubes"][cell(0, 1), :2]) == [1, 0]
    hits = []
    while st[0]["sub"] == B.D_CATA_ADJ:
        adj = D.NEIGHBORS[cell(0, 1), st[0]["ctx_k"]]
        hits.append(int(adj))
        play(eng, st, action("animal", legal_in(eng, st, "animal")[0]))
    assert sorted(hits) == sorted([cell(1, 0), cell(-1, 1)])
    assert st[0]["cubes"][cell(1, 0), D.REPTILE] == 1 and st[0]["cubes"][cell(-1, 1), D.MAMMAL] == 0
    eng, st = card("Catastrophe", cubes={(1, 0): {"reptile": 2}})   # an empty tile: only the
    assert len(legal_in(eng, st, "cell")) == 7                      # neighbours suffer
    play(eng, st, action("cell", cell(1, -1)))
    assert st[0]["sub"] == B.D_CATA_ADJ and D.NEIGHBORS[cell(1, -1), st[0]["ctx_k"]] in (cell(0, -1), cell(1, 0), cell(0, 0))


def test_DS_CARD_06_cold_snap():
    _, st = card("Cold Snap", cubes={(0, 0): {"mammal": 2, "reptile": 2}})
    assert list(st[0]["cubes"][cell(0, 0), :2]) == [2, 1]


def test_DS_CARD_07_disease():
    eng, st = card("Disease", displays={"reptile": {SUN: 3, SEED: 1}})
    assert st[0]["actor"] == D.REPTILE and legal_in(eng, st, "elem") == [D.SUN, D.SEED]
    play(eng, st, action("elem", D.SEED))
    assert st[0]["display"][D.REPTILE, D.SEED] == 0 and stopped(st)


def test_DS_CARD_08_ecodiversity():
    _, st = card("Ecodiversity", displays={"mammal": {MEAT: 2, SUN: 1}},
                 elements=ELS + [{"hexes": [[0, 0], [0, -1], [1, -1]], "type": GRUB}])
    assert st[0]["vp"][D.MAMMAL] == 2 and st[0]["vp"][D.REPTILE] == 0


def test_DS_CARD_09_evolution():
    eng, st = card("Evolution", animals=("mammal", "reptile", "bird"),
                   cubes={(0, 1): {"mammal": 1, "reptile": 1, "bird": 1}})
    play(eng, st, action("cell", cell(0, 1)), action("animal", D.REPTILE))
    assert legal_in(eng, st, "animal") == [] and cell(0, 1) in legal_in(eng, st, "cell")
    play(eng, st, action("cell", cell(0, 1)))
    assert legal_in(eng, st, "animal") == [D.BIRD]
    play(eng, st, action("animal", D.BIRD))
    assert list(st[0]["cubes"][cell(0, 1), :3]) == [3, 0, 0] and st[0]["elim"][D.BIRD] == 1


def test_DS_CARD_10_fecundity():
    eng, st = card("Fecundity", cubes={(1, 0): {"mammal": 1}})
    assert set(legal_in(eng, st, "cell")) == {cell(0, 1), cell(1, 0)}
    play(eng, st, action("cell", cell(1, 0)))
    assert legal_in(eng, st, "cell") == [cell(0, 1)]
    play(eng, st, action("pass"))
    assert st[0]["cubes"][cell(1, 0), D.MAMMAL] == 2 and st[0]["cubes"][cell(0, 1), D.MAMMAL] == 1


def test_DS_CARD_11_fertile():
    eng, st = card("Fertile", cubes={(0, 1): {"mammal": 1, "reptile": 4}})
    play(eng, st, action("cell", cell(0, 1)))
    assert st[0]["vp"][D.MAMMAL] == 5


def test_DS_CARD_12_habitat():
    eng, st = card("Habitat")
    play(eng, st, action("elem", D.WATER))
    k = corner([0, -1], [0, -2], [1, -2])
    assert k in legal_in(eng, st, "corner")
    play(eng, st, action("corner", k))
    assert st[0]["corner"][k] == D.WATER and st[0]["bag"][D.WATER] == 19


def test_DS_CARD_13_hibernation():
    eng, st = card("Hibernation", eliminated={"mammal": 7})
    play(eng, st, action("cell", cell(1, -1)))
    assert legal_in(eng, st, "count") == [0, 1, 2, 3, 4, 5]
    play(eng, st, action("count", 5))
    assert st[0]["cubes"][cell(1, -1), D.MAMMAL] == 5 and st[0]["hib"][cell(1, -1), D.MAMMAL] == 5
    play(eng, st, action("pass"))                      # end the round: Extinction spares them
    assert st[0]["cubes"][cell(1, -1), D.MAMMAL] == 5 and st[0]["round"] == 2


def test_DS_CARD_14_ice_age():
    _, st = card("Ice Age", cubes={(0, 1): {"mammal": 1, "reptile": 0}, (1, 0): {"mammal": 1},
                                   (-1, 1): {"reptile": 1}},
                 displays={"mammal": {MEAT: 2, SUN: 1}})
    # mammal dominates (0,1) and (1,0) (meat touches both); reptile (-1,1) via sun
    assert st[0]["ice_age"] == 1 and st[0]["vp"][D.MAMMAL] == 3 and st[0]["vp"][D.REPTILE] == 1


def test_DS_CARD_15_ice_sheet():
    eng, st = card("Ice Sheet")
    assert st[0]["sub"] == B.D_ICE_SHEET and not st[0]["mask"][action("pass")]
    play(eng, st, action("cell", cell(0, 1)))
    assert st[0]["terrain"][cell(0, 1)] == D.TUNDRA and st[0]["vp"][D.MAMMAL] == 1


def test_DS_CARD_16_immigrants():
    eng, st = card("Immigrants", displays={"mammal": {MEAT: 3}}, pawns={"reptile": 2},
                   spaces={"Domination": [None, None, None, None, "reptile"], "Adaptation": ["reptile"]},
                   cubes={(1, 0): {"reptile": 3}})
    assert st[0]["actor"] == D.MAMMAL and legal_in(eng, st, "option") == [0, 1, 2]
    play(eng, st, action("option", 0), action("elem", D.MEAT))
    assert st[0]["display"][D.MAMMAL, D.MEAT] == 2 and st[0]["actor"] == D.REPTILE
    assert legal_in(eng, st, "option") == [2]          # no added element, no pawn in supply
    play(eng, st, action("option", 2))
    assert st[0]["cubes"][cell(1, 0), D.REPTILE] == 1


def test_DS_CARD_17_instinct():
    eng, st = load_scenario({
        "animals": ["mammal", "reptile"], "tiles": tiles(cubes={(0, 1): {"mammal": 1}, (1, 0): {"mammal": 1}}),
        "elements": ELS, "faceup": ["Instinct"], "spaces": {"Domination": ["mammal"]},
        "start": {"execute": "Domination"}})
    play(eng, st, action("cell", cell(0, 1)), action("card", 0))
    assert st[0]["sub"] == B.D_INSTINCT
    play(eng, st, action("place", D.SP_DOMINATION0 + 2))
    assert st[0]["sub"] == B.D_DOM_CELL and st[0]["actor"] == D.MAMMAL   # resolves this round


def test_DS_CARD_18_intelligence():
    _, st = card("Intelligence", taker="reptile", animals=("mammal", "reptile", "bird"))
    assert list(st[0]["ap_total"][:3]) == [7, 7, 6]


def test_DS_CARD_19_mass_exodus():
    eng, st = card("Mass Exodus", cubes={(0, 1): {"mammal": 1, "reptile": 1}})
    play(eng, st, action("cell", cell(0, 1)))
    play(eng, st, action("cell", cell(1, 0)))          # the mammal's cube
    play(eng, st, action("cell", cell(-1, 1)))         # the reptile's cube
    c = st[0]["cubes"]
    assert c[cell(0, 1)].sum() == 0 and c[cell(1, 0), D.MAMMAL] == 1 and c[cell(-1, 1), D.REPTILE] == 1


def test_DS_CARD_20_metamorphosis():
    eng, st = card("Metamorphosis", displays={"mammal": {MEAT: 2, SUN: 1}})
    assert legal_in(eng, st, "elem") == [D.SUN]
    play(eng, st, action("elem", D.SUN), action("elem", D.GRASS))
    assert st[0]["display"][D.MAMMAL, D.SUN] == 0 and st[0]["display"][D.MAMMAL, D.GRASS] == 1


def test_DS_CARD_21_niche_biomes():
    _, st = card("Niche Biomes", vp={"mammal": 5, "reptile": 20}, scored=(1, -1))
    assert st[0]["vp"][D.REPTILE] == 13 and st[0]["vp"][D.MAMMAL] == 5   # savannah 1st = 7


def test_DS_CARD_22_nocturnal():
    _, st = card("Nocturnal", initiative=["reptile", "mammal"])
    assert list(st[0]["init_order"][:2]) == [D.MAMMAL, D.REPTILE]


def test_DS_CARD_23_omnivore():
    _, st = card("Omnivore")
    assert st[0]["ap_total"][D.MAMMAL] == 8 and st[0]["ap_total"][D.REPTILE] == 7


def test_DS_CARD_24_parasitism():
    _, st = card("Parasitism", taker="reptile", animals=("mammal", "reptile", "bird"))
    assert list(st[0]["ap_total"][:3]) == [6, 7, 7]


def test_DS_CARD_25_predator():
    eng, st = card("Predator", cubes={(1, 0): {"mammal": 1, "reptile": 2}, (-1, 1): {"reptile": 2}})
    assert st[0]["ctx_cell"] == cell(0, 1)
    play(eng, st, action("animal", D.REPTILE))
    assert st[0]["ctx_cell"] == cell(1, 0)
    play(eng, st, action("animal", D.REPTILE))
    c = st[0]["cubes"]
    assert c[cell(0, 1), D.REPTILE] == 0 and c[cell(1, 0), D.REPTILE] == 1 and c[cell(-1, 1), D.REPTILE] == 2


def test_DS_CARD_26_symbiotic():
    _, st = card("Symbiotic", animals=("mammal", "reptile", "amphibian"),
                 displays={"mammal": {MEAT: 2, SUN: 1}})
    totals = st[0]["display"].sum(axis=1)
    assert totals[D.MAMMAL] == 4 and totals[D.REPTILE] == 3 and totals[D.AMPHIBIAN] == 3
    assert st[0]["bag"].sum() == 120 - 2 - 1 - 2        # earth, mammal's sun, two draws
