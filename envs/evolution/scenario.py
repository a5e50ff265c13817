"""JSON scenarios: a readable description of an Evolution position, loaded with every field
checked. Whatever loads keeps every invariant (envs.evolution.invariants) and plays on to the
end; anything else is a ValueError naming the field, and nothing is half-built.

Format (every key optional unless marked):

    {
      "game": "evolution",           # optional; another game's name is an error
      "players": 3,                  # required, 2..6
      "flight": true,                # default true
      "seed": 0,                     # seeds the shuffle of unplaced cards and what happens next
      "phase": "feeding",            # deal | select_food | play | events | pre_reveal |
                                     # feeding | cleanup | over (default "play")
      "turn": 1,                     # seat to act; omitted: the phase starts from scratch
      "first": 0, "round": 0, "last_round": -1,
      "watering_hole": 4, "cliff": 0,
      "deck": ["Carnivore:3", ...],  # bottom first, top last; or a number of cards
      "reserve": [...], "discard": [...],   # lists of cards, or numbers of cards
      "boards": {"land": 20, "avian": 11},  # the supply; must match the species in play
      "seats": [                     # one per player
        {"hand": ["Long Neck:5", "Horns"], "bag": 0, "food_card": "Fertile:4",
         "passed": false,
         "species": [{"body": 2, "pop": 3, "food": 1, "upkeep": 0, "fat": 0,
                      "avian": false, "traits": ["Carnivore", "Ambush:2"],
                      "face_down": [1]}]}     # positions in "traits" played face down;
                                              # an avian's Flight is implied, not listed
      ],
      "engine": {...}                # the decision in progress, exact engine fields (written
                                     # by to_scenario; see envs.evolution.scenario_engine)
    }

A card is "Kind" or "Kind:food value" (kind names as printed, e.g. "Long Neck", "Dive-Bomb");
cards with a value are placed first, then each card without one takes any copy left. Every
card of the game ends up in exactly one place. The cards not named are shuffled by the seed
and fill, in this order: a pile given as a number (deck, reserve, discard), the Flight reserve
if omitted (40 cards, as at setup, or all that are left), then the deck if omitted, else the
discard pile if omitted; a card left over with all three piles given is an error.
"""
# pyright: basic
from __future__ import annotations

import os
from typing import Any

import numpy as np

from speciesgym.envs.core.rng import seed_word
from speciesgym.envs.core.scenario import save_json, scenario_data
from speciesgym.envs.evolution import rules
from speciesgym.envs.evolution.data import (AVIAN_BOARDS, DECK_CAP, FLIGHT_CLASS, LAND_BOARDS, N_CLASSES,
                                 RESERVE_SIZE, Kind)
from speciesgym.envs.evolution.engine import EvolutionEngine
from speciesgym.envs.evolution.invariants import check_position
from speciesgym.envs.evolution.rules.round import setup_game
from speciesgym.envs.evolution.scenario_cards import CARD_NAMES, CardPool
from speciesgym.envs.evolution.scenario_engine import check_decision, read_engine_fields
from speciesgym.envs.evolution.state import MAX_SPECIES, STATE_DTYPE, Pend, Phase, Stage

GAME = "evolution"
_PHASES = {p.name.lower(): p for p in Phase}
_TOP_KEYS = {"players", "flight", "seed", "phase", "turn", "first", "round", "last_round",
             "watering_hole", "cliff", "deck", "reserve", "discard", "boards", "seats",
             "engine"}
_SEAT_KEYS = {"hand", "bag", "food_card", "passed", "species"}
_SPECIES_KEYS = {"body", "pop", "food", "upkeep", "fat", "avian", "traits", "face_down"}
_PILE_CAPS = {"deck": DECK_CAP, "reserve": RESERVE_SIZE, "discard": DECK_CAP}


def _int(data, key, where, low, high, default=None):
    value = data.get(key, default)
    if type(value) is not int and (isinstance(value, bool)
                                   or not isinstance(value, (int, np.integer))):
        raise ValueError(f"{where}{key}: expected an integer, got {value!r}")
    if not low <= value <= high:
        raise ValueError(f"{where}{key}: {value} is outside {low}..{high}")
    return int(value)


def _bool(data, key, where, default=False):
    value = data.get(key, default)
    if value is not True and value is not False and not isinstance(value, np.bool_):
        raise ValueError(f"{where}{key}: expected true or false, got {value!r}")
    return bool(value)


def _check_keys(data, allowed, where):
    if not isinstance(data, dict):
        raise ValueError(f"{where or 'scenario'}: expected an object, got {type(data).__name__}")
    if not allowed.issuperset(data):
        unknown = sorted(set(data) - allowed, key=str)
        raise ValueError(f"{where or 'scenario'}: unknown field(s) {', '.join(map(str, unknown))}")


class _Rows:
    """Views of the record's per-species fields, and the traits still waiting for a copy."""

    def __init__(self, st):
        self.body, self.pop, self.food = st["body"], st["pop"], st["food"]
        self.upkeep, self.fat, self.avian = st["upkeep"], st["fat"], st["avian"]
        self.traits, self.hidden = st["traits"], st["hidden"]
        self.waiting = []    # (seat, species, slot, ticket) of traits named without a value


def _read_species(rows, p, s, sp, pool, where, limit, flight):
    _check_keys(sp, _SPECIES_KEYS, where)
    avian = _bool(sp, "avian", where)
    if avian and not flight:
        raise ValueError(f"{where}avian: avian species need flight=true")
    body = _int(sp, "body", where, 1, 3 if avian else 6, 1)
    pop = _int(sp, "pop", where, 1, 6, 1)
    rows.body[p, s], rows.pop[p, s], rows.avian[p, s] = body, pop, avian
    rows.food[p, s] = _int(sp, "food", where, 0, pop, 0)
    rows.upkeep[p, s] = _int(sp, "upkeep", where, 0, body if avian else 0, 0)
    fat = rows.fat[p, s] = _int(sp, "fat", where, 0, body, 0)
    traits = sp.get("traits", [])
    if not isinstance(traits, list):
        raise ValueError(f"{where}traits: expected a list of cards")
    offset = 1 if avian else 0
    if len(traits) + offset > limit:
        raise ValueError(f"{where}traits: {len(traits) + offset} traits (Flight counts) but "
                         f"the limit is {limit}")
    kinds = [Kind.FLIGHT] if avian else []
    slots = rows.traits[p, s]
    if avian:
        slots[0] = FLIGHT_CLASS
    for k, spec in enumerate(traits):
        ticket, kind = pool.take(spec, f"{where}traits[{k}]", trait=True)
        if ticket < 0:
            rows.waiting.append((p, s, k + offset, ticket))
        else:
            slots[k + offset] = ticket
        kinds.append(kind)
    if len(set(kinds)) != len(kinds):
        raise ValueError(f"{where}traits: two traits of the same name")
    if fat and Kind.FAT_TISSUE not in kinds:
        raise ValueError(f"{where}fat: stored fat needs Fat Tissue")
    face_down = sp.get("face_down", [])
    if not isinstance(face_down, list) or any(
            type(k) is not int or not 0 <= k < len(traits) for k in face_down):
        raise ValueError(f"{where}face_down: expected positions in the traits list")
    for k in face_down:
        rows.hidden[p, s, k + offset] = 1


def _read_seat(st, rows, p, seat, pool, where, hands, food_cards):
    _check_keys(seat, _SEAT_KEYS, where)
    hands.append(pool.take_list(seat.get("hand", []), f"{where}hand"))
    st["bag"][p] = _int(seat, "bag", where, 0, 10_000, 0)
    st["passed"][p] = _bool(seat, "passed", where)
    if seat.get("food_card") is not None:
        food_cards[p] = pool.take(seat["food_card"], f"{where}food_card")[0]
    species = seat.get("species", [])
    if not isinstance(species, list) or len(species) > MAX_SPECIES:
        raise ValueError(f"{where}species: expected a list of at most {MAX_SPECIES}")
    st["n_species"][p] = len(species)
    limit, flight = int(st["trait_limit"]), bool(st["flight"])
    for s, sp in enumerate(species):
        _read_species(rows, p, s, sp, pool, f"{where}species[{s}].", limit, flight)


def _read_pile(data, key, pool, flight):
    """None (omitted), an int (that many unplaced cards) or a list of tickets."""
    value = data.get(key)
    if value is None:
        return None
    if key == "reserve" and value and not flight:
        raise ValueError("reserve: the reserve needs flight=true")
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return _int(data, key, "", 0, _PILE_CAPS[key])
    pile = pool.take_list(value, key)
    if len(pile) > _PILE_CAPS[key]:
        raise ValueError(f"{key}: at most {_PILE_CAPS[key]} cards")
    return pile


def _fill_piles(st, piles, card_of, pool, seed, flight):
    rest = pool.rest()
    counted = [k for k, v in piles.items() if isinstance(v, int)]
    if rest and (counted or None in piles.values()):
        np.random.default_rng(seed).shuffle(rest)
    filled = {k: v if not pool.deferred else [card_of(t) for t in v]
              for k, v in piles.items() if isinstance(v, list)}
    for key in counted:
        if piles[key] > len(rest):
            raise ValueError(f"{key}: {piles[key]} cards asked, only {len(rest)} left unplaced")
        filled[key], rest = rest[:piles[key]], rest[piles[key]:]
    if piles["reserve"] is None and flight:
        filled["reserve"], rest = rest[:RESERVE_SIZE], rest[RESERVE_SIZE:]
    for key in ("deck", "discard"):
        if piles[key] is None:
            filled[key], rest = rest, []
    if rest:
        raise ValueError(f"cards: {len(rest)} card(s) are in no place (deck, reserve and "
                         f"discard are all given), e.g. {CARD_NAMES[rest[0]]}")
    deck, reserve = filled["deck"], filled.get("reserve", [])
    st["deck"][: len(deck)] = deck
    st["deck_n"] = len(deck)
    st["reserve"][: len(reserve)] = reserve
    st["reserve_n"] = len(reserve)
    if filled["discard"]:
        st["discard"] = np.bincount(filled["discard"], minlength=N_CLASSES)


def _read_boards(st, data, flight):
    n_avian = int(st["avian"].sum())
    n_land = int(st["n_species"].sum()) - n_avian
    if n_land > LAND_BOARDS or n_avian > (AVIAN_BOARDS if flight else 0):
        raise ValueError("seats: more species boards than the game has")
    st["land_left"] = LAND_BOARDS - n_land
    st["avian_left"] = (AVIAN_BOARDS if flight else 0) - n_avian
    if "boards" in data:
        boards = data["boards"]
        _check_keys(boards, {"land", "avian"}, "boards")
        for key, left in (("land", st["land_left"]), ("avian", st["avian_left"])):
            if key in boards and _int(boards, key, "boards.", 0, LAND_BOARDS) != left:
                raise ValueError(f"boards.{key}: {boards[key]} in the supply, but the species "
                                 f"in play leave {left}")


def build_state(data):
    """A (1,) state array from a scenario dict; raises ValueError naming the bad field."""
    _check_keys(data, _TOP_KEYS, "")
    n = _int(data, "players", "", 2, 6)
    flight = _bool(data, "flight", "", True)
    seed = _int(data, "seed", "", 0, 2**62, 0)
    phase_name = data.get("phase", "play")
    if not isinstance(phase_name, str) or phase_name not in _PHASES:
        raise ValueError(f"phase: {phase_name!r} is not one of {', '.join(_PHASES)}")
    state = np.zeros(1, STATE_DTYPE)
    st = state[0]
    st["rng"] = seed_word(seed)
    setup_game(st, n, int(flight))
    st["deck"] = 0
    st["reserve"] = 0
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
    pool = CardPool(flight)
    rows = _Rows(st)
    hands, food_cards = [], [None] * n
    for p, seat in enumerate(seats):
        _read_seat(st, rows, p, seat, pool, f"seats[{p}].", hands, food_cards)
    piles = {key: _read_pile(data, key, pool, flight) for key in ("deck", "reserve", "discard")}
    card_of = pool.assign() or (lambda ticket: ticket)
    for p in range(n):
        if hands[p]:
            cards = hands[p] if not pool.deferred else [card_of(t) for t in hands[p]]
            st["hand"][p] = np.bincount(cards, minlength=N_CLASSES)
        if food_cards[p] is not None:
            st["food_card"][p] = card_of(food_cards[p])
    for p, s, k, ticket in rows.waiting:
        rows.traits[p, s, k] = card_of(ticket)
    _fill_piles(st, piles, card_of, pool, seed, flight)
    _read_boards(st, data, flight)
    st["bank_out"] = int(st["wh"] + st["cliff"] + st["bag"].sum() + st["food"].sum()
                         + st["upkeep"].sum() + st["fat"].sum())
    phase = _PHASES[phase_name]
    st["phase"] = phase
    st["stage"] = Stage.ENTER
    st["pend"] = Pend.NONE
    if phase == Phase.OVER:
        st["turn"] = -1
    elif "turn" in data:
        turn = _int(data, "turn", "", 0, n - 1)
        st["turn"] = turn
        st["stage"] = Stage.DECIDE
        st["order_i"] = (turn - st["first"]) % n
    if "engine" in data:
        read_engine_fields(st, data["engine"], n)
    check_decision(st)
    check_position(st)
    return state


def load_scenario(source: str | os.PathLike[str] | dict[str, Any],
                  seed: int | None = None) -> tuple[EvolutionEngine, np.ndarray]:
    """(engine, state) from a scenario file path or dict; the automatic flow runs until
    someone must decide. Raises ValueError naming what is wrong. `seed`, if given, replaces
    the scenario's "seed" (the shuffle of unplaced cards and all chance after it)."""
    data = scenario_data(source, GAME)
    if seed is not None:
        data["seed"] = seed
    state = build_state(data)
    st = state[0]
    engine = EvolutionEngine(int(st["n_players"]), bool(st["flight"]))
    rules.advance(st)
    seat = engine.to_move(state)
    if seat >= 0 and not engine.legal_mask(state).any():
        raise ValueError(f"turn: player {seat} has no legal action in phase "
                         f"{engine.phase_name(state)}")
    return engine, state


def to_scenario(engine: EvolutionEngine, state: np.ndarray) -> dict[str, Any]:
    """The scenario dict of a position (exact: loading it gives the same state)."""
    from speciesgym.envs.evolution.scenario_write import position_dict
    return position_dict(engine, state)


def save_scenario(engine: EvolutionEngine, state: np.ndarray,
                  path: str | os.PathLike[str]) -> None:
    """Write the position as a scenario file (with "game": "evolution"), atomically."""
    save_json(GAME, to_scenario(engine, state), path)
