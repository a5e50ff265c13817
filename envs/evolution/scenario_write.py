"""Writing a position as a scenario dict (the format of envs.evolution.scenario): every card by
name and value, the board supply, and the decision in progress as exact engine fields, so that
loading the dict gives back the same state byte for byte."""
from envs.evolution.data import FLIGHT_CLASS, N_CLASSES
from envs.evolution.engine import check_state
from envs.evolution.scenario_cards import CARD_NAMES
from envs.evolution.scenario_engine import ENGINE_FIELDS
from envs.evolution.state import Phase

_SCALARS = [f for f in ENGINE_FIELDS if f != "trig"]


def _counted(counts):
    return [CARD_NAMES[c] for c in range(N_CLASSES) for _ in range(counts[c])]


def _species(st, p, s):
    avian = bool(st["avian"][p, s])
    offset = 1 if avian else 0
    slots = [int(c) for c in st["traits"][p, s] if c >= 0]
    hidden = st["hidden"][p, s]
    return {"body": int(st["body"][p, s]), "pop": int(st["pop"][p, s]),
            "food": int(st["food"][p, s]), "upkeep": int(st["upkeep"][p, s]),
            "fat": int(st["fat"][p, s]), "avian": avian,
            "traits": [CARD_NAMES[c] for c in slots if c != FLIGHT_CLASS],
            "face_down": [k - offset for k in range(len(slots)) if hidden[k]]}


def position_dict(engine, state):
    """The scenario dict of the position of `state` (an Evolution state array)."""
    st = check_state(state)
    n = int(st["n_players"])
    if (engine.num_players, engine.flight) != (n, bool(st["flight"])):
        raise ValueError(f"to_scenario: the engine plays {engine.num_players} players "
                         f"(flight={engine.flight}), the state {n} (flight={bool(st['flight'])})")
    seats = []
    for p in range(n):
        food_card = int(st["food_card"][p])
        seats.append({
            "hand": _counted(st["hand"][p].tolist()), "bag": int(st["bag"][p]),
            "food_card": CARD_NAMES[food_card] if food_card >= 0 else None,
            "passed": bool(st["passed"][p]),
            "species": [_species(st, p, s) for s in range(int(st["n_species"][p]))]})
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
        "discard": _counted(st["discard"].tolist()),
        "boards": {"land": int(st["land_left"]), "avian": int(st["avian_left"])},
        "seats": seats, "engine": engine_fields})
    return data
