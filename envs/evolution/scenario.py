"""JSON scenarios: a readable description of an Evolution position, loaded with every
field checked (a clear ValueError names the field that is wrong; nothing is half-built).

Format (every key optional unless marked; see `docs` in README):

    {
      "players": 3,                  # required, 2..6
      "flight": true,                # default true
      "seed": 0,                     # generator seed for what happens next (default 0)
      "phase": "feeding",            # deal | select_food | play | events | pre_reveal |
                                     # feeding | cleanup (default "play")
      "turn": 1,                     # seat to act; omitted: the phase starts from scratch
      "first": 0, "round": 0, "last_round": -1,
      "watering_hole": 4, "cliff": 0,
      "deck": ["Carnivore:3", ...],  # bottom first, top last; omitted: every card not placed
                                     # elsewhere, shuffled by the seed
      "reserve": [...], "discard": [...],
      "seats": [                     # one per player
        {"hand": ["Long Neck:5", "Horns"], "bag": 0, "food_card": "Fertile:4",
         "passed": false,
         "species": [{"body": 2, "pop": 3, "food": 1, "upkeep": 0, "fat": 0,
                      "avian": false, "traits": ["Carnivore", "Ambush:2"],
                      "face_down": [1]}]}     # positions in "traits" played face down;
                                              # an avian's Flight is implied, not listed
      ],
      "engine": {...}                # exact engine fields (written by to_scenario)
    }

A card is "Kind" or "Kind:food value" (kind names as printed, e.g. "Long Neck",
"Dive-Bomb"); without a value, any copy not used elsewhere is taken. Every card of the game
ends up in exactly one place: cards not named go to the deck (or, if a deck is given, to the
discard pile, unless it is given too, in which case that is an error).
"""
import json
import os

import numpy as np

from envs.core.rng import seed_word
from envs.core.scenario import load_json
from envs.evolution import rules
from envs.evolution.data import (AVIAN_BOARDS, CLASS_COPIES_BASE, CLASS_COPIES_FLIGHT,
                                 CLASS_FOOD, CLASS_KIND, FLIGHT_CLASS, KIND_NAMES, LAND_BOARDS,
                                 N_CLASSES, RESERVE_SIZE, Kind, class_name)
from envs.evolution.engine import EvolutionEngine
from envs.evolution.rules.round import setup_game
from envs.evolution.state import (MAX_SPECIES, STATE_DTYPE, Pend, Phase, Stage)

_KIND_BY_NAME = {name.lower(): i for i, name in enumerate(KIND_NAMES)}
_PHASES = {p.name.lower(): p for p in Phase}
_TOP_KEYS = {"players", "flight", "seed", "phase", "turn", "first", "round", "last_round",
             "watering_hole", "cliff", "deck", "reserve", "discard", "seats", "engine"}
_SEAT_KEYS = {"hand", "bag", "food_card", "passed", "species"}
_SPECIES_KEYS = {"body", "pop", "food", "upkeep", "fat", "avian", "traits", "face_down"}
ENGINE_FIELDS = ("stage", "pend", "order_i", "sel_card", "sel_pos", "nest_left", "nest_sp",
                 "nest_ret", "brood_sp", "atk_sp", "tgt_seat", "tgt_sp", "negate_left",
                 "horns_off", "scav_seat", "scav_i", "dive_seat", "decisions", "bank_out",
                 "rng", "trig")


class _Cards:
    """Hands out card classes from the game's supply, refusing a card used twice."""

    def __init__(self, flight):
        self.left = (CLASS_COPIES_BASE + (CLASS_COPIES_FLIGHT if flight else 0)).astype(int)

    def take(self, spec, where):
        if not isinstance(spec, str):
            raise ValueError(f"{where}: a card is a string like 'Carnivore:3', got {spec!r}")
        name, _, value = spec.partition(":")
        kind = _KIND_BY_NAME.get(name.strip().lower())
        if kind is None:
            raise ValueError(f"{where}: unknown card {name!r}")
        if kind == Kind.FLIGHT:
            raise ValueError(f"{where}: Flight cards come only with avian species")
        hits = np.flatnonzero(CLASS_KIND == kind)
        if value:
            try:
                food = int(value)
            except ValueError:
                raise ValueError(f"{where}: food value {value!r} is not a number") from None
            hits = hits[CLASS_FOOD[hits] == food]
            if hits.size == 0:
                raise ValueError(f"{where}: no {KIND_NAMES[kind]} card with food value {food}")
        free = hits[self.left[hits] > 0]
        if free.size == 0:
            raise ValueError(f"{where}: no copy of {spec!r} left (a card in two places, or "
                             f"a card not in this game)")
        c = int(free[0])
        self.left[c] -= 1
        return c

    def rest(self):
        return [c for c in range(N_CLASSES) for _ in range(self.left[c])]


def _int(data, key, where, low, high, default=None):
    value = data.get(key, default)
    if value is None or isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{where}{key}: expected an integer, got {value!r}")
    if not low <= value <= high:
        raise ValueError(f"{where}{key}: {value} is outside {low}..{high}")
    return value


def _bool(data, key, where, default=False):
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise ValueError(f"{where}{key}: expected true or false, got {value!r}")
    return value


def _check_keys(data, allowed, where):
    if not isinstance(data, dict):
        raise ValueError(f"{where or 'scenario'}: expected an object, got {type(data).__name__}")
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise ValueError(f"{where or 'scenario'}: unknown field(s) {', '.join(unknown)}")


def _card_list(data, key, cards, where):
    value = data.get(key, [])
    if not isinstance(value, list):
        raise ValueError(f"{where}{key}: expected a list of cards")
    return [cards.take(spec, f"{where}{key}[{i}]") for i, spec in enumerate(value)]


def _load_species(st, p, s, sp, cards, where):
    _check_keys(sp, _SPECIES_KEYS, where)
    avian = _bool(sp, "avian", where)
    if avian and not st["flight"]:
        raise ValueError(f"{where}avian: avian species need flight=true")
    body = _int(sp, "body", where, 1, 3 if avian else 6, 1)
    pop = _int(sp, "pop", where, 1, 6, 1)
    st["body"][p, s], st["pop"][p, s], st["avian"][p, s] = body, pop, avian
    st["food"][p, s] = _int(sp, "food", where, 0, pop, 0)
    st["upkeep"][p, s] = _int(sp, "upkeep", where, 0, body if avian else 0, 0)
    st["fat"][p, s] = _int(sp, "fat", where, 0, body, 0)
    traits = ([FLIGHT_CLASS] if avian else []) + _card_list(sp, "traits", cards, where)
    limit = int(st["trait_limit"])
    if len(traits) > limit:
        raise ValueError(f"{where}traits: {len(traits)} traits (Flight counts) but the limit "
                         f"is {limit}")
    kinds = [int(CLASS_KIND[c]) for c in traits]
    if len(set(kinds)) != len(kinds):
        raise ValueError(f"{where}traits: two traits of the same name")
    for k, c in enumerate(traits):
        st["traits"][p, s, k] = c
    if st["fat"][p, s] and Kind.FAT_TISSUE not in kinds:
        raise ValueError(f"{where}fat: stored fat needs Fat Tissue")
    face_down = sp.get("face_down", [])
    offset = 1 if avian else 0
    if not isinstance(face_down, list) or any(
            isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < len(traits) - offset
            for k in face_down):
        raise ValueError(f"{where}face_down: expected positions in the traits list")
    for k in face_down:
        st["hidden"][p, s, k + offset] = 1


def _load_seat(st, p, seat, cards, where):
    _check_keys(seat, _SEAT_KEYS, where)
    for c in _card_list(seat, "hand", cards, where):
        st["hand"][p, c] += 1
    st["bag"][p] = _int(seat, "bag", where, 0, 10_000, 0)
    st["passed"][p] = _bool(seat, "passed", where)
    if seat.get("food_card") is not None:
        st["food_card"][p] = cards.take(seat["food_card"], f"{where}food_card")
    species = seat.get("species", [])
    if not isinstance(species, list) or len(species) > MAX_SPECIES:
        raise ValueError(f"{where}species: expected a list of at most {MAX_SPECIES}")
    st["n_species"][p] = len(species)
    for s, sp in enumerate(species):
        _load_species(st, p, s, sp, cards, f"{where}species[{s}].")


def _load_engine_fields(st, fields):
    _check_keys(fields, set(ENGINE_FIELDS), "engine")
    for name in ENGINE_FIELDS:
        if name not in fields:
            continue
        value = np.asarray(fields[name])
        target = st[name]
        if value.shape != np.shape(target) or value.dtype.kind not in "iu":
            raise ValueError(f"engine.{name}: expected integers of shape {np.shape(target)}")
        st[name] = value


def build_state(data):
    """A (1,) state array from a scenario dict; raises ValueError naming the bad field."""
    _check_keys(data, _TOP_KEYS, "")
    n = _int(data, "players", "", 2, 6)
    flight = _bool(data, "flight", "", True)
    seed = _int(data, "seed", "", 0, 2**62, 0)
    phase_name = data.get("phase", "play")
    if phase_name not in _PHASES:
        raise ValueError(f"phase: {phase_name!r} is not one of {', '.join(_PHASES)}")
    state = np.zeros(1, STATE_DTYPE)
    st = state[0]
    st["rng"] = seed_word(seed)
    setup_game(st, n, int(flight))
    st["deck"][:] = 0
    st["deck_n"] = st["reserve_n"] = 0
    st["reserve"][:] = 0
    st["first"] = _int(data, "first", "", 0, n - 1, 0)
    st["round"] = _int(data, "round", "", 0, 1000, 0)
    st["last_round"] = _int(data, "last_round", "", -1, 1000, -1)
    st["wh"] = _int(data, "watering_hole", "", 0, 10_000, 0)
    st["cliff"] = _int(data, "cliff", "", 0, 10_000, 0)
    if st["cliff"] and not flight:
        raise ValueError("cliff: the Cliff needs flight=true")
    seats = data.get("seats", [])
    if not isinstance(seats, list) or len(seats) != n:
        raise ValueError(f"seats: expected a list of {n} seats")
    cards = _Cards(flight)
    for p, seat in enumerate(seats):
        _load_seat(st, p, seat, cards, f"seats[{p}].")
    for name, key in (("reserve", "reserve"), ("discard", "discard")):
        placed = _card_list(data, key, cards, "")
        if name == "reserve":
            if placed and not flight:
                raise ValueError("reserve: the reserve needs flight=true")
            if len(placed) > RESERVE_SIZE:
                raise ValueError(f"reserve: at most {RESERVE_SIZE} cards")
            st["reserve"][: len(placed)] = placed
            st["reserve_n"] = len(placed)
        else:
            for c in placed:
                st["discard"][c] += 1
    if "deck" in data:
        deck = _card_list(data, "deck", cards, "")
        rest = cards.rest()
        if rest and "discard" in data:
            raise ValueError(f"cards: {len(rest)} card(s) are in no place, e.g. "
                             f"{class_name(rest[0])}")
        for c in rest:
            st["discard"][c] += 1
    else:
        deck = cards.rest()
        np.random.default_rng(seed).shuffle(deck)
    st["deck"][: len(deck)] = deck
    st["deck_n"] = len(deck)
    n_avian = int(st["avian"].sum())
    n_land = int(st["n_species"].sum()) - n_avian
    if n_land > LAND_BOARDS or n_avian > (AVIAN_BOARDS if flight else 0):
        raise ValueError("seats: more species boards than the game has")
    st["land_left"] = LAND_BOARDS - n_land
    st["avian_left"] = (AVIAN_BOARDS if flight else 0) - n_avian
    st["bank_out"] = int(st["wh"] + st["cliff"] + st["bag"].sum() + st["food"].sum()
                         + st["upkeep"].sum() + st["fat"].sum())
    st["phase"] = _PHASES[phase_name]
    st["stage"] = Stage.ENTER
    st["pend"] = Pend.NONE
    if "turn" in data:
        turn = _int(data, "turn", "", 0, n - 1)
        st["turn"] = turn
        st["stage"] = Stage.DECIDE
        st["order_i"] = (turn - st["first"]) % n
    if "engine" in data:
        _load_engine_fields(st, data["engine"])
    return state


def load_scenario(source):
    """(engine, state) from a scenario file path or dict; the automatic flow runs until
    someone must decide. Raises ValueError naming what is wrong."""
    data = load_json(source) if isinstance(source, (str, os.PathLike)) else source
    if not isinstance(data, dict):
        raise ValueError("scenario must be a JSON object")
    state = build_state(data)
    engine = EvolutionEngine(int(state[0]["n_players"]), bool(state[0]["flight"]))
    rules.advance(state[0])
    return engine, state


def _card_names(classes):
    return [class_name(int(c)).replace(" (", ":").rstrip(")") for c in classes]


def to_scenario(state):
    """The scenario dict of a state (exact: loading it gives the same state)."""
    st = state[0]
    n = int(st["n_players"])
    seats = []
    for p in range(n):
        species = []
        for s in range(int(st["n_species"][p])):
            slots = [int(c) for c in st["traits"][p, s] if c >= 0]
            avian = bool(st["avian"][p, s])
            shown = [c for c in slots if c != FLIGHT_CLASS]
            offset = 1 if avian else 0
            species.append({
                "body": int(st["body"][p, s]), "pop": int(st["pop"][p, s]),
                "food": int(st["food"][p, s]), "upkeep": int(st["upkeep"][p, s]),
                "fat": int(st["fat"][p, s]), "avian": avian,
                "traits": _card_names(shown),
                "face_down": [k - offset for k in range(len(slots)) if st["hidden"][p, s, k]],
            })
        hand = [c for c in range(N_CLASSES) for _ in range(int(st["hand"][p, c]))]
        food_card = int(st["food_card"][p])
        seats.append({"hand": _card_names(hand), "bag": int(st["bag"][p]),
                      "food_card": _card_names([food_card])[0] if food_card >= 0 else None,
                      "passed": bool(st["passed"][p]), "species": species})
    discard = [c for c in range(N_CLASSES) for _ in range(int(st["discard"][c]))]
    engine = {name: np.asarray(st[name]).tolist() for name in ENGINE_FIELDS}
    return {
        "players": n, "flight": bool(st["flight"]), "phase": Phase(int(st["phase"])).name.lower(),
        "turn": int(st["turn"]), "first": int(st["first"]), "round": int(st["round"]),
        "last_round": int(st["last_round"]), "watering_hole": int(st["wh"]),
        "cliff": int(st["cliff"]), "deck": _card_names(st["deck"][: st["deck_n"]]),
        "reserve": _card_names(st["reserve"][: st["reserve_n"]]), "discard": _card_names(discard),
        "seats": seats, "engine": engine,
    }


def save_scenario(state, path):
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(to_scenario(state), fh, indent=1)
