"""The engine fields of a pending Evolution decision are checked against the position when a
scenario loads (decision_context.PENDING_RULES): exact positions of the rules tests, written
by to_scenario, one engine field changed. Where the unchecked field would break play, the
test shows how, with that rule switched off."""
import pytest

from speciesgym.envs.evolution import load_scenario, to_scenario
from speciesgym.envs.evolution.actions import BLOCKS
from speciesgym.envs.evolution.decision_context import PENDING_RULES
from speciesgym.envs.evolution.state import Pend, Source
from tests.evolution.helpers import Game, seat, sp


def keeper():
    """A hungry non-carnivore that keeps feeding waiting while the watering hole has food."""
    return sp(body=6, pop=6)


def saved(game):
    return to_scenario(game.engine, game.state)


def refused(data, field, words=""):
    with pytest.raises(ValueError, match=rf"engine\.{field}: {words}"):
        load_scenario(data)


def load_without(monkeypatch, data, pend, field):
    """Load `data` with the rule for `field` of decision `pend` switched off (any value)."""
    with monkeypatch.context() as patch:
        patch.setitem(PENDING_RULES, pend,
                      {**PENDING_RULES[pend], field: lambda st, value: None})
        return load_scenario(data)


def horns_question():
    """Player 0's carnivore with Intelligence attacks player 1's Horns species (EVO-ATK-10)."""
    g = Game(2, phase="feeding", turn=0, flight=False, watering_hole=5, seats=[
        seat(hand=["Fertile:2"],
             species=[sp(body=4, pop=3, traits=["Carnivore", "Intelligence"])]),
        seat(species=[sp(body=2, pop=2, traits=["Horns"]), keeper()])])
    g.act("ATTACK", 0)
    g.act("TARGET", 1 * 12 + 0)
    assert g.phase == "FEEDING/HORNS"
    return g


def test_every_decision_has_rules_for_its_fields():
    assert set(PENDING_RULES) == set(Pend)


def test_EVO_ATK_13_horns_already_negated_before_the_question_is_refused(monkeypatch):
    """EVO-ATK-13: Horns cost the attacker a population unless Intelligence negates them
    (EVO-ATK-10) when asked. Horns marked negated while the question is pending would let
    the attacker decline and still escape them."""
    data = saved(horns_question())
    load_scenario(data)
    data["engine"]["horns_off"] = 1
    refused(data, "horns_off", r"HORNS needs 0 \(Horns not negated yet\), got 1")
    engine, state = load_without(monkeypatch, data, Pend.HORNS, "horns_off")
    engine.apply(state, BLOCKS.encode("DONE"))
    assert state[0]["pop"][0, 0] == 3              # no Horns paid


def test_EVO_ATK_10_the_horns_question_needs_a_prey_with_horns():
    data = saved(horns_question())
    data["engine"]["tgt_sp"] = 1                   # the keeper has no Horns
    refused(data, "tgt_sp", "HORNS needs a prey with Horns")


def test_EVO_ATK_01_the_prey_is_never_the_attacker():
    data = saved(horns_question())
    data["engine"]["tgt_seat"], data["engine"]["tgt_sp"] = 0, 0
    refused(data, "tgt_sp", "HORNS needs a species other than the attacker")


def test_EVO_ATK_10_cards_owed_are_paid_from_the_hand():
    """EVO-ATK-10: one card per protection negated; no more than the hand holds."""
    g = Game(2, phase="feeding", turn=0, flight=False, watering_hole=5, seats=[
        seat(hand=["Fertile:2"],
             species=[sp(body=4, pop=3, traits=["Carnivore", "Intelligence"])]),
        seat(species=[sp(body=1, pop=2, traits=["Hard Shell"]), keeper()])])
    g.act("ATTACK", 0)
    g.act("TARGET", 1 * 12 + 0)
    assert g.phase == "FEEDING/NEGATE_PAY"
    data = saved(g)
    data["engine"]["negate_left"] = 2
    refused(data, "negate_left", "NEGATE_PAY needs 1..the hand size")


def test_EVO_ATK_01_an_acting_species_only_while_one_acts():
    data = saved(horns_question())
    data["engine"].update(pend=int(Pend.NONE), atk_sp=0, tgt_sp=0, tgt_seat=0)
    refused(data, "atk_sp", "NONE has no acting species, needs -1, got 0")


def intelligence_food():
    """Player 0's non-carnivore with Intelligence discards for food (EVO-TRAIT-07); its
    hungry carnivore sits beside it."""
    g = Game(2, phase="feeding", turn=0, flight=False, watering_hole=0, seats=[
        seat(hand=["Fertile:2", "Horns:1"],
             species=[sp(body=2, pop=2, traits=["Intelligence"]),
                      sp(body=1, pop=2, traits=["Carnivore"])]),
        seat(species=[keeper()])])
    g.act("INTEL_FOOD", 0)
    assert g.phase == "FEEDING/INTEL_PAY"
    return g


def test_EVO_TRAIT_07_intelligence_food_goes_to_a_non_carnivore(monkeypatch):
    """EVO-TRAIT-07, EVO-TRAIT-01: the species fed by Intelligence is a non-carnivore with
    Intelligence. Unchecked, the card would be paid for nothing: the carnivore takes no
    plant food."""
    data = saved(intelligence_food())
    load_scenario(data)
    data["engine"]["atk_sp"] = 1
    refused(data, "atk_sp", "INTEL_PAY needs a non-carnivore with Intelligence")
    engine, state = load_without(monkeypatch, data, Pend.INTEL_PAY, "atk_sp")
    engine.apply(state, BLOCKS.encode("CARD", int(state[0]["hand"][0].argmax())))
    assert state[0]["hand"][0].sum() == 1 and state[0]["food"][0, :2].tolist() == [0, 0]


def test_FLT_EVENT_05_dive_bomb_plant_food_goes_to_an_avian_non_carnivore():
    g = Game(2, phase="events", flight=True, turn=0, seats=[
        seat(hand=["Dive-Bomb:1"],
             species=[sp(body=1, pop=1), sp(body=2, pop=2, avian=True)]),
        seat(species=[keeper()])], watering_hole=3)
    g.card("Dive-Bomb:1")
    g.act("DIVE", 1)
    assert g.phase == "EVENTS/DIVE_SOURCE"
    data = saved(g)
    load_scenario(data)
    data["engine"]["atk_sp"] = 0                  # the land species
    refused(data, "atk_sp", "DIVE_SOURCE needs an avian non-carnivore")


def test_FLT_TRAIT_06_nesting_food_goes_to_a_land_nester():
    g = Game(3, phase="pre_reveal", watering_hole=3, seats=[
        seat(species=[sp(pop=2, traits=["Fertile", "Nesting", "Foraging"]),
                      sp(pop=2, traits=["Carnivore"])]),
        seat(), seat(species=[sp(body=6, pop=6)])])
    assert g.phase == "PRE_REVEAL/NEST_SOURCE"
    data = saved(g)
    load_scenario(data)
    data["engine"]["nest_sp"] = 1
    refused(data, "nest_sp", "NEST_SOURCE needs a land non-carnivore with Nesting")


def test_FLT_TRAIT_01_the_brood_parasite_question_is_about_a_brood_parasite():
    g = Game(3, phase="pre_reveal", watering_hole=0, seats=[
        seat(species=[sp(body=1, pop=1, upkeep=1, avian=True,
                         traits=["Brood Parasite", "Cooperation"]),
                      sp(body=1, pop=2, traits=["Carnivore"]),
                      sp(body=1, pop=1, avian=True)]),
        seat(food_card="Long Neck:9", species=[sp(body=6, pop=6)]), seat()])
    assert g.phase == "PRE_REVEAL/BROOD_FOOD" and g.legal("SOURCE") == [
        Source.BANK_PLANT, Source.BANK_MEAT]
    data = saved(g)
    load_scenario(data)
    data["engine"]["brood_sp"] = 2
    refused(data, "brood_sp", "BROOD_FOOD needs a non-carnivore with Brood Parasite")
