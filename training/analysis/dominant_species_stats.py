"""Per-player statistics of one Dominant Species game, from its game record: the animal
played, tiles held and dominated round by round, the action spaces each seat took, the
dominance cards taken, the score and the win.

- tiles held: earth tiles with at least one of the animal's species cubes; dominated: tiles
  whose dominant animal (state field `dom`, kept by the rules) is the animal.
- spaces: every `place` decision (a pawn put on the action display in planning, or moved
  there by Initiative or Instinct), counted by the action of the space (Initiative,
  Adaptation, ..., Domination).
- cards: the face-up dominance card in the slot chosen by each `card` decision.
"""
from collections import Counter

from speciesgym.envs.dominant_species.actions import BLOCKS
from speciesgym.envs.dominant_species.data import ACTION_NAMES, ANIMAL_NAMES, CARD_NAMES, SPACE_ACTION
from speciesgym.training.records.play_records import replay_pairs, win_shares


def seat_animals(record):
    """The animal name at each seat of a Dominant Species `record`, as dealt from its seed
    (no replay)."""
    from speciesgym.agents.runner import make_engine
    if record["game"] != "dominant_species":
        raise ValueError(f"seat_animals: a {record['game']} record")
    engine = make_engine(record["game"], record["players"], **record["options"])
    animals = engine.new_state(record["seed"])[0]["seat_animal"][:record["players"]]
    return [ANIMAL_NAMES[a] for a in animals]


def board_counts(state, animal):
    """(tiles held, tiles dominated) by `animal` in `state`."""
    st = state[0]
    return int((st["cubes"][:, animal] > 0).sum()), int((st["dom"] == animal).sum())


def _snapshot(state, n, round_number):
    st = state[0]
    rows = []
    for seat in range(n):
        animal = int(st["seat_animal"][seat])
        held, dominated = board_counts(state, animal)
        rows.append({"round": round_number, "seat": seat, "tiles": held,
                     "dominated": dominated, "vp": int(st["vp"][animal])})
    return rows


def dominant_species_stats(record):
    """(seats, timeline) of the finished Dominant Species `record`.

    seats: one dict per seat: seat, entrant, animal (name), players, score, win (share),
    spaces {action name: place decisions}, cards [card names taken], tiles and dominated
    at the end. timeline: one dict per seat and round (round, seat, tiles, dominated, vp),
    taken when a round's first decision is due, and once more at the end (round = the
    last round + 1)."""
    if record["game"] != "dominant_species":
        raise ValueError(f"dominant_species_stats: a {record['game']} record")
    n = record["players"]
    spaces = [Counter() for _ in range(n)]
    cards = [[] for _ in range(n)]
    timeline, seen_round, after = [], None, None
    for _, before, step, after in replay_pairs(record):
        st = before[0]
        if st["round"] != seen_round:
            seen_round = int(st["round"])
            timeline += _snapshot(before, n, seen_round)
        block, index = BLOCKS.decode(step["action"])
        mover = step["mover"]
        if block == "place":
            spaces[mover][ACTION_NAMES[SPACE_ACTION[index]]] += 1
        elif block == "card":
            cards[mover].append(CARD_NAMES[st["faceup"][index]])
    if after is None:
        raise ValueError("dominant_species_stats: the record has no actions")
    timeline += _snapshot(after, n, seen_round + 1)
    wins, final = win_shares(record), after[0]
    seats = []
    for seat in range(n):
        animal = int(final["seat_animal"][seat])
        held, dominated = board_counts(after, animal)
        seats.append({"seat": seat, "entrant": record["agents"][seat],
                      "animal": ANIMAL_NAMES[animal], "players": n,
                      "score": record["scores"][seat], "win": float(wins[seat]),
                      "spaces": dict(spaces[seat]), "cards": cards[seat],
                      "tiles": held, "dominated": dominated})
    return seats, timeline
