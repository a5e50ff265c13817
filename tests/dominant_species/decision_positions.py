"""Positions with a given decision in progress, as scenario dicts (to_scenario), for the
tests of the decision context (decision_context.CONTEXT_RULES): from a random game, or from
the shipped Domination scenario started at an action space or a taken card."""
import copy
import json
import pathlib

import numpy as np

from speciesgym.envs.dominant_species import load_scenario, make_engine, to_scenario
from speciesgym.envs.dominant_species.decision_context import CONTEXT_RULES

SCENARIO = (pathlib.Path(__file__).resolve().parents[2] / "scenarios" / "dominant_species"
            / "domination_card.json")


def first_position(want, seed=0):
    """The scenario of the first decision of a random 2-player game satisfying `want`."""
    engine = make_engine(2)
    state = engine.new_state(seed)
    rng = np.random.default_rng(seed)
    while engine.to_move(state) >= 0:
        if want(state[0]):
            return to_scenario(engine, state)
        engine.apply(state, int(rng.choice(np.flatnonzero(engine.legal_mask(state)))))
    raise AssertionError("no such position in the game")


def base():
    """The shipped scenario: mammal, reptile and insect in round 3."""
    return json.loads(SCENARIO.read_text())


def started(start, spaces=None, choices=()):
    """(engine, state) of the shipped scenario from `start`, pawns on `spaces` if given,
    after the legal actions `choices` (each an index into the legal actions)."""
    data = base()
    data["start"] = start
    if spaces is not None:
        data["spaces"] = spaces
    engine, state = load_scenario(data)
    for i in choices:
        engine.apply(state, int(np.flatnonzero(engine.legal_mask(state))[i]))
    return engine, state


def at_card(card, taker="reptile", choices=()):
    """The scenario of `taker` resolving `card` (taken for the mountain tile)."""
    return to_scenario(*started({"card": card, "taker": taker, "scored_hex": [0, 1]},
                                choices=choices))


def at_space(action, slots, choices=()):
    """The scenario of the first pawn of `slots` on the `action` spaces being executed."""
    slot = next(i for i, x in enumerate(slots) if x) + 1
    return to_scenario(*started({"execute": action, "slot": slot}, {action: slots}, choices))


def load_unchecked(monkeypatch, data, sub):
    """Load `data` with the context rules of decision `sub` switched off: what the loader
    would accept without them."""
    with monkeypatch.context() as patch:
        patch.setitem(CONTEXT_RULES, sub, {})
        return load_scenario(copy.deepcopy(data))
