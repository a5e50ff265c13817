"""Per-player statistics of one Evolution (+Flight) game, from its game record: where the
food came from, attacks, extinctions, the species and traits at the end, the feeding
choices, the score and the win.

Food sources. A seat's food in a position is what sits on its species (population track,
Fat Tissue, avian upkeep) plus its food bag; what a step adds to it is food eaten in that
step, credited to the source of the feeding action in progress:
- "watering hole": a FEED_WH decision (and what it sets off: Foraging, Cooperation...),
- "Cliff": a FEED_CLIFF decision (Flight),
- "attack": an ATTACK or DIVE decision, through its prey choice (TARGET), the answers to
  the prey's protections and the Scavengers it feeds,
- "Intelligence": the INTEL_FOOD decision,
- a SOURCE decision (Nesting, Brood Parasite) by the source chosen: watering hole, Cliff,
  "bank" (plant or meat from the bank),
- "automatic": food eaten outside a feeding decision (Long Neck when feeding begins...).
A step that takes food away from the same seat (the end of a round returns avian upkeep)
nets it against that seat's gains: such steps hold no feeding action, so only "automatic"
food may be undercounted.
"""
from collections import Counter

import numpy as np

from speciesgym.envs.evolution.actions import BLOCKS
from speciesgym.envs.evolution.data import CLASS_KIND, KIND_NAMES, Kind
from speciesgym.envs.evolution.state import Phase
from speciesgym.training.records.play_records import replay_pairs, win_shares

SOURCES = ("watering hole", "Cliff", "attack", "Intelligence", "bank", "automatic")
STARTS = {"FEED_WH": "watering hole", "FEED_CLIFF": "Cliff", "ATTACK": "attack",
          "DIVE": "attack", "INTEL_FOOD": "Intelligence"}
SOURCE_CHOICES = ("watering hole", "Cliff", "bank", "bank")   # the SOURCE block, in order
FEEDING_CHOICES = ("FEED_WH", "FEED_CLIFF", "ATTACK", "DIVE", "INTEL_FOOD", "DONE")


def seat_food(state):
    """Per seat: food on its species (track, Fat Tissue, upkeep) plus its bag."""
    st = state[0]
    return (st["food"].sum(axis=1) + st["fat"].sum(axis=1) + st["upkeep"].sum(axis=1)
            + st["bag"]).astype(np.int64)


def feeding_source(block, index, phase, previous):
    """The source credited for food eaten in a step whose decision is (block, index), taken
    in `phase`, while `previous` was the source in progress."""
    if block in STARTS:
        return STARTS[block]
    if block == "SOURCE":
        return SOURCE_CHOICES[index]
    if phase == Phase.FEEDING and previous != "automatic":
        return previous                 # TARGET, ORDER, a discard, a decline: same action
    return "automatic"


def traits_at_end(state, seat):
    """{trait name: species of `seat` carrying it} at the end (Flight not counted)."""
    st = state[0]
    out = Counter()
    for s in range(int(st["n_species"][seat])):
        for cls in st["traits"][seat, s]:
            if cls >= 0 and CLASS_KIND[cls] != Kind.FLIGHT:
                out[KIND_NAMES[CLASS_KIND[cls]]] += 1
    return dict(out)


def evolution_stats(record):
    """One dict per seat of the finished Evolution `record`: seat, entrant, score, win
    (share of the win), food {source: tokens}, attacks, extinctions, species, avian, land,
    carnivores (species with Carnivore at the end), traits {name: species}, feeding
    {block: decisions in the feeding phase}."""
    if record["game"] != "evolution":
        raise ValueError(f"evolution_stats: a {record['game']} record")
    n = record["players"]
    food = [Counter() for _ in range(n)]
    feeding = [Counter() for _ in range(n)]
    attacks, extinctions = np.zeros(n, int), np.zeros(n, int)
    source, after, eaten, species = "automatic", None, None, None
    for _, before, step, after in replay_pairs(record):
        if eaten is None:
            eaten, species = seat_food(before)[:n], before[0]["n_species"][:n].astype(int)
        block, index = BLOCKS.decode(step["action"])
        phase = int(before[0]["phase"])
        source = feeding_source(block, index, phase, source)
        mover = step["mover"]
        if phase == Phase.FEEDING:
            feeding[mover][block] += 1
        attacks[mover] += block == "ATTACK" or block == "DIVE"
        now, alive = seat_food(after)[:n], after[0]["n_species"][:n].astype(int)
        extinctions += np.maximum(species - alive, 0)
        for seat in np.flatnonzero(now > eaten):
            food[seat][source] += int(now[seat] - eaten[seat])
        eaten, species = now, alive
    if after is None:
        raise ValueError("evolution_stats: the record has no actions")
    st, wins = after[0], win_shares(record)
    rows = []
    for seat in range(n):
        species = int(st["n_species"][seat])
        avian = int(st["avian"][seat, :species].sum())
        traits = traits_at_end(after, seat)
        rows.append({"seat": seat, "entrant": record["agents"][seat],
                     "score": record["scores"][seat], "win": float(wins[seat]),
                     "food": {s: food[seat][s] for s in SOURCES},
                     "attacks": int(attacks[seat]), "extinctions": int(extinctions[seat]),
                     "species": species, "avian": avian, "land": species - avian,
                     "carnivores": traits.get(KIND_NAMES[Kind.CARNIVORE], 0),
                     "traits": traits,
                     "feeding": {b: feeding[seat][b] for b in FEEDING_CHOICES}})
    return rows
