"""Writing a position as a scenario dict (the format of envs.evolution.scenario): every card by
name and value, the board supply, and the decision in progress as exact engine fields, so that
loading the dict gives back the same state byte for byte."""
import numpy as np

from speciesgym.envs.evolution.data import N_CLASSES
from speciesgym.envs.evolution.engine import check_state
from speciesgym.envs.evolution.scenario_cards import CARD_NAMES
from speciesgym.envs.evolution.scenario_engine import ENGINE_FIELDS
from speciesgym.envs.evolution.state import Phase

_SCALARS = [f for f in ENGINE_FIELDS if f != "trig"]


_CLASSES = np.arange(N_CLASSES)


def _counted(counts):
    """Card names of a count-per-class vector, each copy once."""
    return [CARD_NAMES[c] for c in np.repeat(_CLASSES, counts).tolist()]


def position_dict(engine, state):
    """The scenario dict of the position of `state` (an Evolution state array)."""
    check_state(state)
    st = state[0]
    n = int(st["n_players"])
    if (engine.num_players, engine.flight) != (n, bool(st["flight"])):
        raise ValueError(f"to_scenario: the engine plays {engine.num_players} players "
                         f"(flight={engine.flight}), the state {n} (flight={bool(st['flight'])})")
    body, pop, food, upkeep, fat, avian, traits, hidden, food_card, bag, passed, \
        n_species = (st[name].tolist() for name in (
            "body", "pop", "food", "upkeep", "fat", "avian", "traits", "hidden",
            "food_card", "bag", "passed", "n_species"))
    hand = st["hand"]
    seats = []
    for p in range(n):
        species = []
        for s in range(n_species[p]):
            offset = avian[p][s]
            slots = traits[p][s]
            species.append({
                "body": body[p][s], "pop": pop[p][s], "food": food[p][s],
                "upkeep": upkeep[p][s], "fat": fat[p][s], "avian": bool(offset),
                "traits": [CARD_NAMES[c] for c in slots[offset:] if c >= 0],
                "face_down": [k - offset for k, h in enumerate(hidden[p][s]) if h]})
        seats.append({"hand": _counted(hand[p]), "bag": bag[p],
                      "food_card": CARD_NAMES[food_card[p]] if food_card[p] >= 0 else None,
                      "passed": bool(passed[p]), "species": species})
    engine_fields = {name: int(st[name]) for name in _SCALARS}
    engine_fields["trig"] = st["trig"].tolist()
    phase = Phase(int(st["phase"]))
    data = {"players": n, "flight": bool(st["flight"]), "phase": phase.name.lower()}
    if phase != Phase.OVER:
        data["turn"] = int(st["turn"])
    data.update({
        "first": int(st["first"]), "round": int(st["round"]),
        "last_round": int(st["last_round"]), "watering_hole": int(st["wh"]),
        "cliff": int(st["cliff"]),
        "deck": [CARD_NAMES[c] for c in st["deck"][: st["deck_n"]].tolist()],
        "reserve": [CARD_NAMES[c] for c in st["reserve"][: st["reserve_n"]].tolist()],
        "discard": _counted(st["discard"]),
        "boards": {"land": int(st["land_left"]), "avian": int(st["avian_left"])},
        "seats": seats, "engine": engine_fields})
    return data
