"""Scenario loading as a property: whatever `load_scenario` accepts keeps every invariant and
random play from it reaches the end with the invariants holding after every step
(envs.evolution.batch.play_random_checked); whatever it refuses is a ValueError, never
another exception. Inputs: positions written by to_scenario at random points of random games,
random mutations of them (a value replaced, nudged or deleted anywhere in the dict), and
positions generated field by field. Also the known holes, one by one.

FUZZ_EXAMPLES (environment) scales the example counts; the NUMBA_BOUNDSCHECK run in
test_random_play.py runs this file again with a small count.
"""
import json
import os

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from speciesgym.envs.core.rng import seed_word
from speciesgym.envs.evolution import load_scenario, make_engine, to_scenario
from speciesgym.envs.evolution.batch import AGENT_DTYPE, play_random_checked
from speciesgym.envs.evolution.data import KIND_NAMES
from speciesgym.envs.evolution.invariants import ERRORS
from speciesgym.envs.evolution.scenario import build_state
from speciesgym.envs.evolution.scenario_cards import CARD_NAMES
from tests.evolution.helpers import seat, sp
from tests.evolution.invariants import check_invariants

SCALE = float(os.environ.get("FUZZ_EXAMPLES", "1"))
SETTINGS = dict(deadline=None, derandomize=True, database=None,
                suppress_health_check=list(HealthCheck))


def _examples(n):
    return max(10, int(n * SCALE))


def _bases():
    """Positions (as JSON text) at random decisions of random games, 2..6 players."""
    out = []
    rng = np.random.default_rng(8)
    for g in range(30):
        engine = make_engine(2 + g % 5, flight=g % 3 != 0)
        state = engine.new_state(g)
        stop = int(rng.integers(0, 400))
        for _ in range(stop):
            if engine.to_move(state) < 0:
                break
            engine.apply(state, int(rng.choice(np.flatnonzero(engine.legal_mask(state)))))
        out.append(json.dumps(to_scenario(engine, state)))
    return out


BASES = _bases()


def plays_to_the_end(state, seed=0):
    """Random play from the state to its end, invariants checked after every step."""
    check_invariants(state[0])
    agents = np.zeros(1, AGENT_DTYPE)
    agents[0]["rng"] = seed_word(seed)
    where = np.zeros(2, np.int64)
    decisions, error = play_random_checked(state, agents, 20_000, where)
    message = {-1: "no legal action", -2: "no end"}.get(error, ERRORS[max(error, 0)])
    assert error == 0, f"after {decisions} decisions: {message} at {where.tolist()}"


def loads_or_refuses(data):
    """True if loaded (and then sound to the end), False if refused with a ValueError."""
    try:
        _, state = load_scenario(data)
    except ValueError as err:
        assert str(err)
        return False
    plays_to_the_end(state)
    return True


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _paths(value, prefix + (i,))


JUNK = hs.one_of(
    hs.integers(-3, 300), hs.integers(), hs.booleans(), hs.none(),
    hs.sampled_from(CARD_NAMES + KIND_NAMES + ["", "Carnivore:99", "Flight", "Unicorn", "play",
                                               "feeding", "select_food", "over", "events"]),
    hs.lists(hs.integers(-2, 200), max_size=4), hs.text(max_size=4),
    hs.dictionaries(hs.sampled_from(["body", "pop", "x", "land"]), hs.integers(-1, 7),
                    max_size=2),
    hs.floats(allow_nan=True), hs.lists(hs.lists(hs.integers(0, 70), max_size=13), max_size=7))


def _at(data, path):
    for key in path:
        data = data[key]
    return data


def _mutate(data, draw):
    """Nudge a number (half the time: most loads then get past the syntax), else replace or
    delete any value."""
    paths = [p for p in _paths(data) if p]
    numbers = [p for p in paths if type(_at(data, p)) is int and "trig" not in p]
    if draw(hs.booleans()):
        path = draw(hs.sampled_from(numbers))
        how = "nudge"
    else:
        path = draw(hs.sampled_from(paths))
        how = draw(hs.sampled_from(["replace", "delete"]))
    parent, key = _at(data, path[:-1]), path[-1]
    if how == "nudge":
        parent[key] += draw(hs.sampled_from([-1, -1, 1, 1, 2, 300]))
    elif how == "delete":
        del parent[key]
    else:
        parent[key] = draw(JUNK)


@settings(max_examples=_examples(1500), **SETTINGS)
@given(base=hs.integers(0, len(BASES) - 1), mutations=hs.integers(1, 3), draw=hs.data())
def test_mutated_positions_load_soundly_or_are_refused(base, mutations, draw):
    data = json.loads(BASES[base])
    if draw.draw(hs.booleans()):
        del data["engine"]["bank_out"]         # the ledger is then counted from the position
    for _ in range(mutations):
        _mutate(data, draw.draw)
    loads_or_refuses(data)


BASE_KINDS = KIND_NAMES[:17]           # the base game's traits, several copies each
FLIGHT_KINDS = ["Brood Parasite", "Camouflage", "Good Eyesight", "Nesting"]


@hs.composite
def generated_positions(draw):
    """A position written field by field, mostly within the documented ranges."""
    n = draw(hs.integers(2, 6))
    flight = draw(hs.booleans())
    seats = []
    for _ in range(n):
        species = []
        for _ in range(draw(hs.integers(0, 3))):
            avian = flight and draw(hs.booleans())
            body = draw(hs.integers(1, 3 if avian else 6))
            pop = draw(hs.integers(1, 6))
            names = BASE_KINDS + (FLIGHT_KINDS if flight else [])
            traits = draw(hs.lists(hs.sampled_from(names), max_size=1 if avian else 2,
                                   unique=True))
            fat = draw(hs.integers(0, body)) if "Fat Tissue" in traits else 0
            species.append(sp(body=body, pop=pop, food=draw(hs.integers(0, pop)),
                              traits=traits, avian=avian, fat=fat,
                              upkeep=draw(hs.integers(0, body)) if avian else 0))
        hand = draw(hs.lists(hs.sampled_from(BASE_KINDS), max_size=6))
        seats.append(seat(hand=hand, species=species, bag=draw(hs.integers(0, 20))))
    data = {"players": n, "flight": flight, "seats": seats,
            "phase": draw(hs.sampled_from(["deal", "select_food", "play", "pre_reveal",
                                           "feeding", "cleanup"] + ["events"] * flight)),
            "first": draw(hs.integers(0, n - 1)), "watering_hole": draw(hs.integers(0, 9)),
            "seed": draw(hs.integers(0, 1000))}
    if draw(hs.booleans()):
        data["turn"] = draw(hs.integers(0, n - 1))
    pile = draw(hs.sampled_from([None, "deck", "discard"] + ["reserve"] * flight))
    if pile:
        data[pile] = draw(hs.integers(0, 40))
    return data


@settings(max_examples=_examples(700), **SETTINGS)
@given(data=generated_positions())
def test_generated_positions_load_soundly_or_are_refused(data):
    loads_or_refuses(data)


def test_positions_of_random_games_all_load():
    for text in BASES:
        assert loads_or_refuses(json.loads(text))


# The known holes, one by one --------------------------------------------------------------

def _base(players=2):
    engine = make_engine(players)
    return to_scenario(engine, engine.new_state(1))


@pytest.mark.parametrize("field, value", [
    ("order_i", 300), ("rng", 0), ("bank_out", -5), ("bank_out", 7), ("pend", 40),
    ("sel_card", 5000), ("stage", 9), ("atk_sp", 12), ("tgt_seat", 2), ("trig", [[1] * 12] * 6),
    ("decisions", -1), ("nest_ret", 4), ("rng", 2**64)])
def test_engine_fields_out_of_range_are_named(field, value):
    data = _base()
    data["engine"][field] = value
    with pytest.raises(ValueError, match=field):
        load_scenario(data)


def test_pending_decisions_must_fit_the_position():
    data = _base()                                     # select_food, nothing pending
    data["engine"]["pend"] = 1                         # USE_CARD in select_food
    with pytest.raises(ValueError, match="pend"):
        load_scenario(data)
    data = {"players": 2, "phase": "play", "turn": 0, "seats": [seat(hand=["Horns:1"]),
                                                                seat()]}
    data["engine"] = {"pend": 1, "sel_card": CARD_NAMES.index("Carnivore:0")}
    with pytest.raises(ValueError, match="sel_card"):
        load_scenario(data)


def test_an_event_card_is_not_a_trait():
    with pytest.raises(ValueError, match="event"):
        load_scenario({"players": 2, "seats": [seat(species=[sp(traits=["Dive-Bomb"])]),
                                               seat()]})


def test_select_food_for_a_seat_that_has_a_food_card_is_refused():
    with pytest.raises(ValueError, match=r"seats\[0\].food_card"):
        load_scenario({"players": 2, "phase": "select_food", "turn": 0, "seats": [
            seat(hand=["Horns"], food_card="Fertile"), seat(hand=["Climbing"])]})


@pytest.mark.parametrize("phase", [[], {}, 3, None])
def test_a_phase_that_is_not_a_name_is_a_value_error(phase):
    with pytest.raises(ValueError, match="phase"):
        load_scenario({"players": 2, "phase": phase})


def test_explicit_card_values_are_served_before_unvalued_cards():
    copies = [c for c in CARD_NAMES if c.startswith("Symbiosis:")]
    _, state = load_scenario({"players": 2, "flight": False, "seats": [
        seat(hand=["Symbiosis"] * (len(copies) - 1) + ["Symbiosis:1"]), seat()]})
    check_invariants(state[0])


def test_EVO_DEC_06_pile_sizes_and_the_default_reserve():
    three = [seat(), seat(), seat()]
    st = build_state({"players": 3, "seats": three, "deck": 30, "seed": 4})[0]
    assert (int(st["deck_n"]), int(st["reserve_n"]), int(st["discard"].sum())) == (30, 40, 107)
    st = build_state({"players": 3, "seats": three, "discard": 12, "reserve": 5})[0]
    assert (int(st["deck_n"]), int(st["reserve_n"]), int(st["discard"].sum())) == (160, 5, 12)
    st = build_state({"players": 3, "seats": three})[0]
    assert (int(st["deck_n"]), int(st["reserve_n"])) == (137, 40)   # FLT-END: 40 set aside
    st = build_state({"players": 3, "flight": False, "seats": three, "deck": 100})[0]
    assert (int(st["deck_n"]), int(st["reserve_n"]), int(st["discard"].sum())) == (100, 0, 29)
    with pytest.raises(ValueError, match="deck: 200"):
        build_state({"players": 2, "seats": [seat(), seat()], "deck": 200})


def test_to_scenario_writes_the_board_supply():
    engine = make_engine(4)
    data = to_scenario(engine, engine.new_state(3))
    assert data["boards"] == {"land": 20, "avian": 12}
    data["boards"]["land"] = 19
    with pytest.raises(ValueError, match="boards.land"):
        load_scenario(data)
