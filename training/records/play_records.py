"""Games for analysis: bot matches kept as game records, and the replay of a record one
step at a time with the positions before and after each action.

The per-game statistics of each game live beside this module (training/analysis/evolution_stats.py,
training/analysis/dominant_species_stats.py); they read records only, so the records of a
tournament (`<out>/games/*.json`), of `speciesgym play --save` and of `play_records` serve
alike. Nothing here knows a rule: positions come from the engine, actions are named by it.
"""
import glob
import os

import numpy as np

from speciesgym.agents import from_spec
from speciesgym.agents.runner import play_game
from speciesgym.training.records.record import add_action, finish_record, load_record, new_record, replay_steps


def play_records(game, num_players, specs, n_games, seed=0, **options):
    """Play `n_games` games between the agents of `specs` (one per seat, agent specs as in
    `speciesgym.agents.from_spec`) and return their game records, finished, with seeds seed, seed+1,
    ...; entrant i sits at seat (i + g) % num_players in game g, as in
    `speciesgym.agents.runner.play_match`. Each agent is built once, with seed i."""
    if len(specs) != num_players:
        raise ValueError(f"{len(specs)} agent specs for {num_players} players")
    built = [from_spec(spec, game, num_players, seed=i) for i, spec in enumerate(specs)]
    records = []
    for g in range(n_games):
        by_seat = [None] * num_players
        for i in range(num_players):
            by_seat[(i + g) % num_players] = i
        log = []
        result = play_game(game, num_players, [built[i] for i in by_seat], seed + g, log=log,
                           **options)
        record = new_record(game, num_players, options, seed + g, [specs[i] for i in by_seat])
        for seat, action, name in log:
            add_action(record, seat, action, name)
        finish_record(record, result.scores, result.winners)
        records.append(record)
    return records


def load_records(folder):
    """The game records in `folder` (e.g. a tournament's `<out>/games`), in file name order;
    ValueError when there are none."""
    paths = sorted(glob.glob(os.path.join(folder, "*.json")))
    if not paths:
        raise ValueError(f"{folder}: no game records (*.json)")
    return [load_record(p) for p in paths]


def replay_pairs(record):
    """Yield (engine, before, step, after) for every action of `record`: `before` a copy of
    the position the mover saw, `step` the recorded {"mover", "action", "name"} and `after`
    the position it led to (valid until the next item is drawn). The replay checks the
    recorded names and scores (training.records.record.replay_steps)."""
    held = None
    for engine, state, _, step in replay_steps(record):
        if held is not None:
            yield engine, held[0], held[1], state
        held = (state.copy(), step)


def win_shares(record):
    """Per seat: 1/k if the seat is one of the k winners of the finished `record`, else 0."""
    if not record.get("finished"):
        raise ValueError("the game record is not finished: no winners to count")
    share = np.zeros(record["players"])
    winners = record["winners"]
    share[winners] = 1.0 / max(len(winners), 1)
    return share


def group_mean(rows, key, value):
    """{group: (mean of value, count)} over `rows` (dicts), grouped by `key(row)` (a group
    or an iterable of groups: a row then counts in each), sorted by group."""
    sums = {}
    for row in rows:
        groups = key(row)
        if isinstance(groups, (str, int, np.integer, bool)):
            groups = (groups,)
        for g in groups:
            total = sums.setdefault(g, [0.0, 0])
            total[0] += value(row)
            total[1] += 1
    return {g: (s / n, n) for g, (s, n) in sorted(sums.items())}
