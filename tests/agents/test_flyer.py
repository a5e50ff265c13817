"""heuristic:flyer (agents.evolution_flyer): the Flight decisions it is built for, set up as
exact positions (scenarios), legal play through whole games, and blindness to what its seat
cannot see. Its strength against the old styles is measured, not tested (agents/README.md)."""
import numpy as np
import pytest

from speciesgym.agents import from_spec
from speciesgym.agents.evolution_flyer import FlyerAgent
from speciesgym.agents.evolution_compiled import flyer as compiled_flyer
from speciesgym.agents.evolution_compiled.styles import WEIGHTS, style_index
from speciesgym.agents.runner import make_engine, play_game
from speciesgym.envs.core.engine import checked_step
from speciesgym.envs.evolution.actions import BLOCKS
from speciesgym.envs.evolution.state import Phase
from tests.evolution.helpers import Game, seat, sp
from tests.evolution.test_hidden_info import swap_hidden_cards

DECK = ["Fertile:2", "Fertile:3", "Fertile:4", "Horns:3", "Horns:4"]


def avian(**kw):
    return sp(avian=True, **kw)


def choice(g, seed=0):
    """The flyer's action at g's position, as (block, index)."""
    p = int(g.st["turn"])
    action = FlyerAgent(seed=seed).act(g.engine.observe(g.state, p), g.mask())
    return BLOCKS.decode(action)


def play_turn(g, seed=0):
    """Let the flyer play seat 0's whole Play Cards turn (seat 1 must still hold a card, so
    the phase waits for it)."""
    agent = FlyerAgent(seed=seed)
    while int(g.st["phase"]) == Phase.PLAY and int(g.st["turn"]) == 0:
        checked_step(g.engine, g.state, agent.act(g.engine.observe(g.state, 0), g.mask()))


def carnivore(**kw):
    return sp(body=4, pop=2, traits=["Carnivore", "Ambush"], **kw)


# FLT-AVIAN-01 / FLT-FLIGHT-02: a new species against carnivores flies ----------------------

def test_FLT_AVIAN_01_flyer_starts_an_avian_when_opponents_hunt():
    g = Game(3, phase="play", turn=0, deck=DECK, seats=[
        seat(hand=["Horns:1", "Hard Shell:1", "Symbiosis:1"], species=[sp(pop=2)]),
        seat(hand=["Horns:2"], species=[carnivore(), sp(pop=2)]), seat(species=[carnivore()])])
    play_turn(g)
    assert g.st["avian"][0, :g.st["n_species"][0]].any()


def test_FLT_AVIAN_01_no_avian_without_flight_or_when_food_is_short():
    g = Game(3, phase="play", turn=0, deck=DECK, flight=False, seats=[
        seat(hand=["Horns:1", "Hard Shell:1", "Symbiosis:1"], species=[sp(pop=2)]),
        seat(hand=["Horns:2"], species=[carnivore()]), seat(species=[carnivore()])])
    play_turn(g)                                      # base game: legal play only
    assert not g.st["avian"].any()
    # Five hungry mouths already and nobody to fear: no new species at all
    g = Game(2, phase="play", turn=0, deck=DECK, seats=[
        seat(hand=["Horns:1", "Hard Shell:1"],
             species=[sp(pop=5, traits=["Fertile"]), sp(pop=5)]),
        seat(hand=["Horns:2"], species=[sp(pop=1)])])
    play_turn(g)
    assert g.st["n_species"][0] == 2


# FLT-CLIFF-02/04: Cliff when the watering hole is empty; the contested source first ---------

def test_FLT_CLIFF_02_flyer_feeds_from_the_cliff_when_the_watering_hole_is_empty():
    # free Cliff food for the avian beats paying a card for the land species' Intelligence
    g = Game(2, phase="feeding", turn=0, watering_hole=0, cliff=3, seats=[
        seat(hand=["Horns:3"], species=[avian(pop=2), sp(pop=2, traits=["Intelligence"])]),
        seat(species=[sp(pop=3)])])
    assert set(g.legal_blocks()) == {"FEED_CLIFF", "INTEL_FOOD"}
    assert choice(g) == ("FEED_CLIFF", 0)


def test_FLT_CLIFF_04_flyer_eats_the_contested_watering_hole_before_its_own_cliff():
    g = Game(2, phase="feeding", turn=0, watering_hole=2, cliff=3, seats=[
        seat(species=[avian(pop=2)]), seat(species=[sp(pop=3)])])
    assert choice(g) == ("FEED_WH", 0)
    # a rival avian contests the Cliff: take from it first
    g = Game(2, phase="feeding", turn=0, watering_hole=2, cliff=3, seats=[
        seat(species=[avian(pop=2)]), seat(species=[avian(pop=3)])])
    assert choice(g) == ("FEED_CLIFF", 0)


# FLT-AVIAN-03/05: upkeep --------------------------------------------------------------------

def test_FLT_AVIAN_05_last_food_saves_a_land_population_not_an_unpaid_upkeep():
    # one food left: on the avian it would only pay upkeep (still starving, FLT-AVIAN-05)
    g = Game(2, phase="feeding", turn=0, watering_hole=1, seats=[
        seat(species=[avian(pop=1), sp(pop=1)]), seat(species=[sp(pop=1, food=1)])])
    assert choice(g) == ("FEED_WH", 1)


def test_FLT_AVIAN_03_flyer_grows_population_not_body_on_a_safe_avian():
    # the one card: +1 body would add upkeep every round and buy no safety (no flying
    # carnivore), +1 population is a point; full trait slots (2 players: Flight + one)
    g = Game(2, phase="play", turn=0, deck=DECK, seats=[
        seat(hand=["Horns:1"], species=[avian(pop=1, traits=["Foraging"])]),
        seat(species=[carnivore()])])
    g.card("Horns:1")
    obs, w = g.engine.observe(g.state, 0).astype(np.float32), WEIGHTS[style_index("flyer")]
    assert compiled_flyer.body_value(obs, w, 0) < 0 < compiled_flyer.pop_value(obs, 0)
    assert choice(g)[0] != "BODY"


# FLT-TRAIT-06/07: Nesting -------------------------------------------------------------------

def test_FLT_TRAIT_07_flyer_buys_population_on_its_nesting_avian():
    g = Game(2, phase="play", turn=0, deck=DECK, seats=[
        seat(hand=["Horns:1"], species=[sp(pop=2, traits=["Long Neck", "Fertile"]),
                                        avian(pop=2, traits=["Nesting"])]),
        seat(species=[sp(pop=2)])])
    g.card("Horns:1")
    assert choice(g) == ("POP", 1)


def test_FLT_TRAIT_06_land_nesting_takes_from_the_bank():
    g = Game(2, phase="play", turn=0, deck=DECK, watering_hole=3, seats=[
        seat(hand=["Horns:1"], species=[sp(pop=1, traits=["Nesting", "Long Neck"])]),
        seat(species=[sp(pop=2)])])
    g.card("Horns:1")
    g.act("POP", 0)
    assert choice(g) == ("SOURCE", 2)              # Source.BANK_PLANT


# EVO-FEED-05 and FLT-EVENT: passing -----------------------------------------------------------

def test_EVO_FEED_05_flyer_passes_rather_than_pay_a_card_to_fill_fat():
    # population fed, only the fat store is hungry: keep the card
    g = Game(2, phase="feeding", turn=0, watering_hole=0, seats=[
        seat(hand=["Horns:3"], species=[sp(body=3, pop=1, food=1,
                                            traits=["Intelligence", "Fat Tissue"])]),
        seat(species=[sp(pop=2)])])
    assert "DONE" in g.legal_blocks()
    assert choice(g) == ("DONE", 0)
    # a hungry population: the card buys two food that would otherwise starve
    g = Game(2, phase="feeding", turn=0, watering_hole=0, seats=[
        seat(hand=["Horns:3"], species=[sp(body=3, pop=3, traits=["Intelligence"])]),
        seat(species=[sp(pop=2)])])
    assert choice(g) == ("INTEL_FOOD", 0)


def test_FLT_EVENT_02_flyer_dives_but_keeps_seed_dispersal_that_would_feed_others():
    g = Game(2, phase="events", turn=0, deck=DECK, seats=[
        seat(hand=["Seed Dispersal:1"], species=[avian(pop=1, food=1, upkeep=1)]),
        seat(species=[sp(pop=4)])])
    assert choice(g) == ("DONE", 0)
    g = Game(2, phase="events", turn=0, deck=DECK, seats=[
        seat(hand=["Seed Dispersal:1", "Dive-Bomb:1"], species=[avian(pop=2)]),
        seat(species=[sp(pop=4)])])
    block, i = choice(g)
    assert block == "CARD" and "Dive" in g.engine.action_name(g.state, BLOCKS.encode(block, i))


# whole games, legal only; blind to hidden cards -----------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("flight", [True, False])
def test_flyer_plays_only_legal_actions_through_whole_games(players, flight):
    styles = ["flyer", "hunter", "grazer", "flyer", "hunter", "grazer"][:players]
    agents = [from_spec(f"heuristic:{s}", "evolution", players, seed=i)
              for i, s in enumerate(styles)]
    res = play_game("evolution", players, agents, seed=40 + players, flight=flight)
    assert res.decisions > 50 and res.scores.max() > 0      # checked_step refuses illegal moves


def test_flyer_reads_only_its_observation():
    """Two states that differ only in cards the mover cannot see (other hands, face-down
    food cards, deck and reserve order, generator word): the same action, same seed."""
    engine = make_engine("evolution", 3, flight=True)
    state = engine.new_state(5)
    agents = [FlyerAgent(seed=i) for i in range(3)]
    rng = np.random.default_rng(0)
    compared = 0
    while engine.to_move(state) >= 0:
        p = engine.to_move(state)
        mask = engine.legal_mask(state)
        other = state.copy()
        if swap_hidden_cards(other, p, rng) and mask.sum() > 1:
            other[0]["rng"] = np.uint64(rng.integers(1, 2**63))
            a = FlyerAgent(seed=9).act(engine.observe(state, p), mask)
            b = FlyerAgent(seed=9).act(engine.observe(other, p), engine.legal_mask(other))
            assert a == b
            compared += 1
        checked_step(engine, state, agents[p].act(engine.observe(state, p), mask))
    assert compared > 50


def test_flyer_spec():
    agent = from_spec("heuristic:flyer", "evolution", 4, seed=1)
    assert isinstance(agent, FlyerAgent) and agent.name == "heuristic:flyer"
