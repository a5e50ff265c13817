"""Loaders check everything they accept: a scenario that loads passes every invariant of
tests/dominant_species/invariants.py and plays to the end with them holding; anything else
is a ValueError naming the field. Property tests draw positions from random play and
mutate them at random; named cases pin the holes found by hand."""
import copy
import json
import pathlib

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from speciesgym.envs.core.rng import seed_word
from speciesgym.envs.dominant_species import data as D
from speciesgym.envs.dominant_species import load_scenario, make_engine, to_scenario
from speciesgym.envs.dominant_species.engine import random_playout
from speciesgym.envs.dominant_species.picture_panel import draw_cards
from speciesgym.envs.dominant_species.state import STATE_DTYPE
from tests.dominant_species.helpers import tiles
from tests.dominant_species.invariants import ERRORS, OK, STUCK, check, play_checked

BASE = {"animals": ["mammal", "reptile"]}
SHIPPED = pathlib.Path(__file__).resolve().parents[2] / "scenarios" / "dominant_species"
CHECKED_STEPS = 60
NAMES = sorted({*D.ANIMAL_NAMES, *D.ELEM_NAMES, *D.TERRAIN_NAMES, *D.CARD_NAMES,
                *D.ACTION_NAMES, *D.BOX_NAMES, "planning", "reset", "execute", "card"})


def position(players, seed, steps, forbid):
    """A scenario dict of the game `seed` after `steps` random decisions."""
    engine = make_engine(players, forbid_useless_spaces=forbid)
    state = engine.new_state(seed)
    picker = np.zeros(1, STATE_DTYPE)
    picker[0]["rng"] = seed_word(seed + 1)
    random_playout(state, picker, steps)
    return to_scenario(engine, state)


def assert_sound(engine, state, checked_steps=CHECKED_STEPS):
    """The loaded position passes the invariants; random play from it keeps them for
    `checked_steps` decisions (checked after each) and reaches the end, where they hold."""
    code = check(state[0])
    assert code == OK, ERRORS[code]
    picker = np.zeros(1, STATE_DTYPE)
    picker[0]["rng"] = seed_word(7)
    play = state.copy()
    code, _, step, _ = play_checked(play, picker[0], checked_steps)
    assert code in (OK, STUCK), f"{ERRORS[code]} at step {step} after loading"
    random_playout(play, picker, 200000)
    assert play[0]["phase"] == 3, "the game did not end"
    code = check(play[0])
    assert code == OK, f"{ERRORS[code]} at the end"


def load_or_refuse(data):
    try:
        engine, state = load_scenario(data)
    except ValueError:
        return None
    assert_sound(engine, state)
    return engine, state


positions = st_.builds(position, st_.integers(2, 6), st_.integers(0, 10 ** 6),
                       st_.integers(0, 2500), st_.booleans())
values = (st_.integers(-3, 60) | st_.sampled_from([-129, -1, 0, 1, 7, 8, 11, 12, 127, 128,
                                                   2 ** 15, 2 ** 64]) |
          st_.sampled_from(NAMES) | st_.none() | st_.booleans() |
          st_.lists(st_.integers(-1, 40), max_size=3) | st_.just({}))


@st_.composite
def mutated(draw):
    """A position with one value somewhere inside replaced, deleted or duplicated."""
    data = draw(positions)
    if draw(st_.booleans()):
        del data["decision"]                          # start from the board at planning
    node, key = data, None
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        key = draw(st_.sampled_from(keys))
        child = node[key]
        if not isinstance(child, (dict, list)) or not child or draw(st_.integers(0, 2)) == 0:
            break
        node = child
    if key is None:
        return data
    how = draw(st_.integers(0, 5))
    if how == 0 and isinstance(node, dict) and key != "animals":
        del node[key]
    elif how == 1 and isinstance(node, list):
        node.insert(key, node[key])                  # a duplicated tile, card, element...
    else:
        node[key] = draw(values)
    return data


@settings(max_examples=100, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(positions)
def test_positions_of_random_play_load_soundly_with_or_without_their_decision(data):
    assert load_or_refuse(data) is not None
    del data["decision"]
    assert load_or_refuse(data) is not None           # the board alone starts at planning


def sweep_mutations(n):
    """n mutated positions, each loading soundly or refused (run by the bounds-checked
    subset in test_random_play too)."""
    @settings(max_examples=n, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(mutated())
    def sweep(data):
        load_or_refuse(json.loads(json.dumps(data)))
    sweep()


def test_a_mutated_position_loads_soundly_or_is_refused():
    sweep_mutations(1500)


def test_DS_SCEN_01_the_minimal_scenario_is_a_whole_game():
    engine, state = load_scenario(BASE)
    assert_sound(engine, state)
    st = state[0]
    assert (st["terrain"] > 0).sum() + st["stack_face"].astype(bool).sum() + sum(
        8 - st["stack_next"]) == 31 and st["tundra_left"] == 11


def _saved():
    return position(3, 17, 400, False)


@pytest.mark.parametrize("mutate, words", [
    (lambda d: d["stacks"][0].append(d["stacks"][0][-1]), "stacks"),
    (lambda d: d["stacks"][1].__setitem__(-1, d["stacks"][0][-1]), "stacks|tiles"),
    (lambda d: d.__setitem__("tundra_left", d["tundra_left"] - 1), "tundra_left"),
    (lambda d: d.__setitem__("start", "planning"), "start: give either"),
    (lambda d: d["decision"].__setitem__("ctx_k", 9), "decision.ctx_k"),
    (lambda d: d["decision"].__setitem__("sub", 0), "decision.sub"),
])
def test_named_holes_of_a_saved_position(mutate, words):
    data = _saved()
    mutate(data)
    with pytest.raises(ValueError, match=words):
        load_scenario(data)


def test_DS_SCEN_03_start_and_decision_together_is_an_error():
    data = _saved()
    load_scenario(data)
    with pytest.raises(ValueError, match="start: give either start or decision"):
        load_scenario({**data, "start": "reset"})


@pytest.mark.parametrize("start, words", [
    ({"execute": "Speciation", "slot": 1, "colour": "red"}, "start: unknown key"),
    ({"card": "Predator", "taker": "mammal", "when": 1}, "start: unknown key"),
    ({"card": "Predator", "taker": "mammal", "scored_hex": [3, -3]}, "start.scored_hex"),
])
def test_start_refuses_what_it_does_not_know(start, words):
    with pytest.raises(ValueError, match=words):
        load_scenario({**BASE, "start": start})


def test_file_encoding(tmp_path):
    bom = tmp_path / "bom.json"
    bom.write_bytes(b"\xef\xbb\xbf" + json.dumps(BASE).encode())
    assert_sound(*load_scenario(str(bom)))
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"animals": ["mammal", "rept\xffile"]}')
    with pytest.raises(ValueError, match="bad.json.*UTF-8"):
        load_scenario(str(bad))


# --- dominance cards, boxes and tile marks (outside tester's report) ------------------------

def _refused(data, words):
    """The loader refuses `data` with a message matching `words` and leaves `data` as it was."""
    before = copy.deepcopy(data)
    with pytest.raises(ValueError, match=words):
        load_scenario(data)
    assert data == before


def _card_decision():
    """A saved position in the middle of Aquatic (taken at Domination space 4): a decision
    whose card is in play."""
    data = {**BASE, "tiles": tiles(cubes={(0, 1): {"mammal": 1, "reptile": 1}}),
            "spaces": {"Domination": [None] * 4 + ["reptile"]},
            "start": {"card": "Aquatic", "taker": "mammal", "scored_hex": [0, 1]}}
    engine, state = load_scenario(data)
    assert D.CARD_NAMES[int(state[0]["card"])] == "Aquatic"
    return to_scenario(engine, state)


@pytest.mark.parametrize("card", ["Predator", "Omnivore"])
def test_DS_SET_09_a_started_card_still_in_the_deck_or_row_is_refused(card):
    """A card start takes the card from the face-up row: listing it in the deck or the row
    as well would resolve it twice."""
    start = {"card": card, "taker": "mammal"}
    _refused({**BASE, "start": start, "deck": [card, "Ice Age"]},
             f"start.card: {card} is still in the deck")
    _refused({**BASE, "start": start, "faceup": ["Blight", card], "deck": ["Ice Age"]},
             f"start.card: {card} is still in the face-up row")
    _, state = load_scenario({**BASE, "start": start, "faceup": ["Blight"], "deck": ["Ice Age"]})
    assert D.CARD_NAMES.index(card) not in state[0]["deck"].tolist() + state[0]["faceup"].tolist()


def test_DS_SET_09_a_decision_card_still_in_the_deck_or_row_is_refused():
    data = _card_decision()
    load_scenario(data)
    row = copy.deepcopy(data)
    row["faceup"][row["faceup"].index(None)] = "Aquatic"
    _refused(row, "decision.card: Aquatic is still in the face-up row")
    deck = copy.deepcopy(data)
    deck["deck"].insert(0, "Aquatic")
    _refused(deck, "decision.card: Aquatic is still in the deck")


def test_DS_SET_09_a_card_listed_twice_is_named():
    _refused({**BASE, "deck": ["Blight", "Blight", "Ice Age"]}, r"appears twice \(Blight\)")
    _refused({**BASE, "deck": ["Blight", "Ice Age"], "faceup": [None, "Blight"]},
             r"appears twice \(Blight\)")


@pytest.mark.parametrize("patch, words", [
    ({"deck": ["Ice Age", "Blight"]}, "deck: Ice Age is card 1 of 2.*last card"),
    ({"deck": ["Blight", "Ice Age", "Predator"]}, "deck: Ice Age is card 2 of 3"),
    ({"deck": ["Blight"]}, "deck: Ice Age is missing"),
    ({"deck": [], "faceup": ["Blight"]}, "deck: Ice Age is missing"),
    ({"deck": ["Blight"], "ice_age": True}, "deck: 1 card.*already played"),
    ({"deck": ["Blight"], "faceup": ["Ice Age"]}, "deck: 1 card.*already in the face-up row"),
    ({"deck": ["Blight"], "start": {"card": "Ice Age", "taker": "reptile"}},
     r"deck: 1 card.*already in play \(start.card\)"),
    ({"deck": ["Blight", "Ice Age"], "ice_age": True}, "ice_age: true.*still in the deck"),
    ({"deck": [], "faceup": ["Ice Age"], "ice_age": True},
     "ice_age: true.*still in the face-up row"),
    ({"start": {"card": "Ice Age", "taker": "mammal"}, "ice_age": True},
     r"ice_age: true.*still in play \(start.card\)"),
])
def test_DS_SET_09_impossible_decks_are_refused(patch, words):
    """The deck is listed top first and Ice Age lies at its bottom: it is the deck's last
    card until drawn, the deck is empty once it has left, and it is always somewhere."""
    _refused({**BASE, **patch}, words)


@pytest.mark.parametrize("patch", [
    {"deck": ["Blight", "Ice Age"]},
    {"deck": ["Ice Age"], "faceup": ["Blight", None]},
    {"deck": [], "faceup": ["Ice Age", "Blight"]},
    {"deck": [], "ice_age": True},
    {"deck": [], "start": {"card": "Ice Age", "taker": "mammal"}},
])
def test_DS_SET_09_possible_decks_load(patch):
    engine, state = load_scenario({**BASE, **patch})
    st = state[0]
    deck = st["deck"][st["deck_ptr"]:st["deck_len"]].tolist()
    assert deck == [D.CARD_NAMES.index(c) for c in patch["deck"]]
    assert_sound(engine, state, checked_steps=10)


def _cards(st):
    deck = st["deck"][st["deck_ptr"]:st["deck_len"]].tolist()
    return deck, [c for c in st["faceup"].tolist() if c >= 0]


def test_DS_SET_09_an_omitted_deck_is_the_standard_deck_dealt_as_at_setup():
    """Only "animals": 21 cards face down, Ice Age at the bottom, the top five face up, all
    26 cards once; the shuffle follows the scenario's seed."""
    _, state = load_scenario(BASE)
    deck, face = _cards(state[0])
    assert len(deck) == 21 and len(face) == 5 and deck[-1] == D.C_ICE_AGE
    assert sorted(deck + face) == list(range(D.N_CARDS))
    assert _cards(load_scenario(BASE)[1][0]) == (deck, face)
    orders = {tuple(sum(_cards(load_scenario({**BASE, "rng": r})[1][0]), [])) for r in range(4)}
    assert len(orders) == 4


def test_DS_SET_09_an_omitted_deck_leaves_out_the_cards_placed_elsewhere():
    # a card in play left a gap in the row: four face up (the reptile's Domination pawn on
    # space 5 stops execution before the Reset refills the row)
    _, state = load_scenario({**BASE, "tiles": tiles(cubes={(0, 1): {"mammal": 1, "reptile": 1}}),
                              "spaces": {"Domination": [None] * 4 + ["reptile"]},
                              "start": {"card": "Omnivore", "taker": "mammal"}})
    assert state[0]["round"] == 1 and state[0]["ap_total"][D.MAMMAL] == 8   # it resolved
    deck, face = _cards(state[0])
    assert len(face) == 4 and len(deck) == 21 and deck[-1] == D.C_ICE_AGE
    assert D.C_OMNIVORE not in deck + face
    # a given row stays as given; the deck holds every other card
    _, state = load_scenario({**BASE, "faceup": ["Blight", None, "Omnivore"]})
    deck, face = _cards(state[0])
    assert face == [D.C_BLIGHT, D.C_OMNIVORE] and len(deck) == 24 and deck[-1] == D.C_ICE_AGE
    # once Ice Age has left the deck, the deck is empty
    for patch in ({"ice_age": True}, {"faceup": ["Ice Age"]}):
        assert _cards(load_scenario({**BASE, **patch})[1][0])[0] == []


def test_DS_SET_09_the_shipped_scenarios_keep_ice_age_at_the_bottom():
    for path in sorted(SHIPPED.glob("*.json")):
        _, state = load_scenario(str(path))
        deck, face = _cards(state[0])
        assert (deck and deck[-1] == D.C_ICE_AGE) or D.C_ICE_AGE in face or state[0]["ice_age"]


@settings(max_examples=40, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(positions, st_.integers(0, 30))
def test_DS_SET_09_ice_age_moved_up_the_deck_of_a_played_position_is_refused(data, where):
    deck = data["deck"]
    if "Ice Age" not in deck or len(deck) < 2:
        return
    assert deck[-1] == "Ice Age"                     # as play left it
    deck.remove("Ice Age")
    deck.insert(where % len(deck), "Ice Age")
    _refused(data, "deck: Ice Age is card")


def test_DS_SET_08_a_box_holds_at_most_four_elements():
    """Boxes are filled with four elements (DS-SET-08, DS-RESET-07) or take the four of the
    box above (DS-RESET-06); elements only leave them."""
    _refused({**BASE, "boxes": {"Adaptation": {"sun": 5}}},
             "boxes.Adaptation: 5 elements, a box holds at most 4")
    _refused({**BASE, "boxes": {"Regression": {"sun": 3, "meat": 2}}},
             "boxes.Regression: 5 elements")
    _, state = load_scenario({**BASE, "boxes": {"Wasteland": {"sun": 2, "meat": 2}}})
    assert state[0]["box"][D.BOX_WASTELAND].sum() == 4


def test_scored_and_hibernating_marks_need_a_tile():
    """DS-DOMN-01 scores tiles and DS-CARD-13 returns cubes onto a tile: both marks lie on
    tiles, never on an empty hex."""
    _refused({**BASE, "scored": [[0, 1], [3, 0]]}, r"scored\[1\]: no tile at \[3, 0\]")
    _refused({**BASE, "hibernating": [{"hex": [3, 0], "animal": "mammal", "n": 0}]},
             r"hibernating\[0\].hex: no tile at \[3, 0\]")
    _, state = load_scenario({**BASE, "scored": [[0, 1]],
                              "tiles": tiles(cubes={(0, 1): {"mammal": 2}}),
                              "hibernating": [{"hex": [0, 1], "animal": "mammal", "n": 1}]})
    assert state[0]["scored"][D.cell_index(0, 1)] == 1
    assert state[0]["hib"][D.cell_index(0, 1), D.MAMMAL] == 1


class _Recorder:
    """A stand-in sketch that keeps the text drawn on it."""

    def __init__(self):
        self.texts = []

    def text(self, x, y, s, **kw):
        self.texts.append(s)

    def __getattr__(self, name):
        return lambda *a, **kw: None


def _deck_line(patch):
    _, state = load_scenario({**BASE, **patch})
    sk = _Recorder()
    draw_cards(sk, state[0], 0, 0, reveal=False)
    return [t for t in sk.texts if t.startswith("Deck")]


@pytest.mark.parametrize("patch, line", [
    ({}, "Deck: 21 cards face down, Ice Age at the bottom"),
    ({"deck": ["Blight", "Ice Age"]}, "Deck: 2 cards face down, Ice Age at the bottom"),
    ({"deck": ["Ice Age"]}, "Deck: 1 card face down, Ice Age"),
    ({"deck": [], "ice_age": True}, "Deck: empty"),
    ({"deck": [], "faceup": ["Ice Age"]}, "Deck: empty"),
])
def test_DS_SET_09_the_picture_tells_the_deck_as_it_is(patch, line):
    """The deck line of the picture (picture_panel.draw_cards) is true to the state and says
    only what every player knows: its size, and Ice Age at its bottom while it is there."""
    assert _deck_line(patch) == [line]
