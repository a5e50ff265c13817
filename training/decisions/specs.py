"""How each named suite is built: its game, kind of decision, table sizes, the agents whose
games supply the positions, how positions are picked and how they are labelled.

The suites of one table size (`<kind>-<n>p`: feeding-2p, feeding-4p, dominance-2p,
dominance-4p, evolve-2p) are what training (`train --eval-suite`) and tournaments use. From
their current versions on they are built with the frozen method below (TABLE_LABEL); SPECS
holds the suites that ship a file, IN_PROGRESS those that do not yet:

- movers: each seat an agent drawn with the stated weights from the agents users play
  (search, the compiled greedy policy, the heuristics, the shipped PPO net of the game and
  table size), `random` 4% of seats;
- two positions per game (one from each half of the game's decisions of the kind), picked
  uniformly among the decisions of that half, so decision types weigh as they occur in
  such play (`pick="occurrence"`); the game is the unit of the bootstrap (scoring.py);
- two independent labellings per position (`labellings=2`, seeds drawn apart): the best
  action is A's, its lead tested on B (cross-fitting, crossfit.py), so the clear rule's z
  is not inflated by choosing the best on the same samples; Evolution's feeding 1024
  simulations per action (8192 at 2 players), its evolve decisions and Dominant Species by
  successive halving (64 and 16 per action first, 1024 for the last two), mixed playouts, a
  search tree below each action.

The mixed-table suites (feeding, dominance) keep their earlier method: movers random and the
heuristics only, a decision type drawn uniformly before a position (`pick="type"`), one
labelling.
"""
from dataclasses import dataclass, field


@dataclass(frozen=True)
class SuiteSpec:
    """How a named suite is built: its game, the agents whose games supply the positions
    (`weights`: their shares of seats, uniform if empty), the game options drawn per game,
    positions taken per game, its file version, the player counts its games cycle through,
    the kind of decision, how a position is picked, and its labelling (`label`: sims,
    playout, tree; `labellings`: 1 or 2)."""
    name: str
    game: str
    mix: tuple
    options: tuple = ()          # (option name, values cycled through) pairs
    per_game: int = 1            # 1: the task's stage; 2: one early and one late position
    version: int = 1
    players: tuple = (2, 3, 4, 5, 6)
    decisions: str = ""          # which positions it samples: a kind of envs.decision_kinds
    weights: tuple = ()          # shares of seats per mix entry (empty: uniform)
    pick: str = "type"           # "type": a type uniformly, then a position; "occurrence"
    labellings: int = 1          # independent labellings per position (2: cross-fitted)
    label: dict = field(default_factory=dict)   # default budget: sims, playout, tree


EVOLUTION_MIX = ("random", "heuristic:grazer", "heuristic:hunter", "heuristic:flyer", "greedy",
                 "search:64")
EVOLUTION_WEIGHTS = (0.05, 0.15, 0.15, 0.2, 0.15, 0.3)
DS_MIX = ("random", "heuristic:dominator", "heuristic:spreader", "greedy", "search:32")
DS_WEIGHTS = (0.05, 0.25, 0.25, 0.15, 0.3)
# the suites of one table size add the shipped PPO net of their game and table size
# (zoo:<game>-<n>p) at a fifth of the seats, the others scaled to the rest; a zoo net is not
# replaced while a suite that plays it is being built (its tasks would no longer replay)
ZOO_SHARE = 0.2
# Evolution at 1024 simulations: at 384 (the shipped v2 method) the noise floor of
# feeding-2p was 0.39 of the best-to-random spread (benchmarks/results/decisions/README.md);
# the floor falls about as one over the root of the simulations, so about 2.4 times as many
# bring it to the quarter aimed at. Dominant Species: no uniform budget near the aim is
# affordable (a placement has 15 actions on average and a playout runs to the end of a long
# game; at 128 simulations per action not one of the first positions was clear), so its
# suites label by successive halving (agents.search.label_halving): 16 simulations for every
# action, the better half twice as many, down to the last two with 1024 each; about the
# cost of 128 for every action of a 16-action position, with eight times the simulations on
# the lead that the clear rule tests.
TABLE_LABEL = {"evolution": {"sims": 1024, "playout": "mix", "tree": True},
               "dominant_species": {"sims": 1024, "start": 16, "playout": "mix",
                                    "tree": True}}
# Evolve decisions (which card to play or discard, and where: about 11 legal actions against
# feeding's 4) by successive halving from 64: on six evolve-2p positions the uniform
# labelling cost 7.9 CPU seconds each and halving from 64 3.3 (2.4 times fewer), the lead
# still run 1024 times (`python -m speciesgym.training.decisions.label_bench --suite
# benchmarks/results/decisions/evolve-2p-v4.json.gz --positions 6 --playouts mix --tree
# --starts 0 64`; benchmarks/results/decisions/README.md).
KIND_LABEL = {"evolve": {**TABLE_LABEL["evolution"], "start": 64}}
# Feeding at 2 players at 8192 simulations per action: feeding-2p v4 (1024) came out at a
# noise floor of 0.58 of its best-to-random spread; the floor model fitted to its own two
# labellings puts 4096 at 0.21 and 8192 at 0.12 (`python -m
# speciesgym.training.decisions.floor_model --suite
# benchmarks/results/decisions/feeding-2p-v4.json.gz --spread 0.0073`), and a labelling at
# 4096 costs about 6 CPU seconds a position (label_bench, 4 positions), so the margin below
# the quarter aimed at is cheap. Uniform, not halving: with 4 actions, halving from 256 or
# 512 leaves the floor near 0.4-0.5 of the spread in the same model.
SIZE_LABEL = {("feeding", 2): {**TABLE_LABEL["evolution"], "sims": 8192}}
FLIGHT = (("flight", (True, False)),)


def table_spec(kind, players, version):
    """The spec of the suite of `kind` decisions at `players` seats, built the frozen way."""
    game = "evolution" if kind in ("feeding", "evolve") else "dominant_species"
    evo = game == "evolution"
    mix, weights = (EVOLUTION_MIX, EVOLUTION_WEIGHTS) if evo else (DS_MIX, DS_WEIGHTS)
    mix = mix + (f"zoo:{game}-{players}p",)
    weights = tuple(round(w * (1 - ZOO_SHARE), 4) for w in weights) + (ZOO_SHARE,)
    return SuiteSpec(f"{kind}-{players}p", game, mix,
                     FLIGHT if evo else (), per_game=2, version=version, players=(players,),
                     decisions=kind, weights=weights,
                     pick="occurrence", labellings=2,
                     label=SIZE_LABEL.get((kind, players),
                                          KIND_LABEL.get(kind, TABLE_LABEL[game])))


# version 2 of feeding and dominance: the positions and labels of version 1, clear marks by
# `mark_clear` (version 1: z > 2); version 3 of feeding: those positions labelled again with
# mixed playouts and a search tree below each action at 384 simulations (`decisions relabel
# --playout mix --tree --sims 384 --seed 3`); version 3 of dominance likewise.
# The versions of the table suites before the frozen method (feeding-2p v2, evolve-2p v2,
# dominance-2p v2, still shipped): movers random and the heuristics (feeding and evolve add
# the Flight style), a type drawn uniformly, one labelling, relabelled with mixed playouts
# at 384 simulations (feeding-2p and dominance-2p with a tree below each action).
# dominance-2p v3 and dominance-4p v1 (every action at 128 simulations) stopped after a few
# positions, none clear; dominance-2p v4 and dominance-4p v2 labelled by successive halving
# (TABLE_LABEL) from games without a PPO seat, as did feeding-2p v3, evolve-2p v3 and
# feeding-4p v1 uniformly; the versions below add the zoo net to the movers (ZOO_SHARE).
# evolve-2p v4 (uniform, 27 positions) gave way to v5, labelled by halving (KIND_LABEL);
# feeding-2p v4 (1024 simulations, 77 positions) to v5 at 8192 (SIZE_LABEL).
# dominance-2p v5 (the method unchanged, 58 positions) gave way to v6 when the
# zoo:dominant_species-2p among its movers was replaced by a stronger net (a second stage of
# PPO from the first): v5's tasks no longer replay with the new net.
SPECS = {
    "feeding": SuiteSpec("feeding", "evolution",
                         ("random", "heuristic:grazer", "heuristic:hunter"),
                         FLIGHT, version=3, decisions="feeding"),
    "dominance": SuiteSpec("dominance", "dominant_species",
                           ("random", "heuristic:dominator", "heuristic:spreader"),
                           per_game=2, version=3, decisions="dominance"),
    "feeding-2p": table_spec("feeding", 2, 5),
    "evolve-2p": table_spec("evolve", 2, 5),
    "dominance-2p": table_spec("dominance", 2, 6),
}
# suites being built that ship no file yet (benchmarks/scripts/label_suites.py)
IN_PROGRESS = {
    "feeding-4p": table_spec("feeding", 4, 2),
    "dominance-4p": table_spec("dominance", 4, 3),
}


def suite_spec(name):
    """The spec of a shipped suite or of one being built; ValueError for another name."""
    every = {**SPECS, **IN_PROGRESS}
    if name not in every:
        raise ValueError(f"unknown suite {name!r}; known suites: {', '.join(every)}")
    return every[name]
