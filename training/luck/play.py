"""Games played with their records kept, for luck correction right after a match: the
same seeds, seat rotation and agent seeds as `speciesgym match` (game g: seed + g, entrant
i at seat (i + g) % players, entrant i's agent seeded agent_seed + i + 1, agent_seed 0 by
default)."""
from speciesgym.agents import from_spec
from speciesgym.agents.runner import play_game
from speciesgym.training.records.record import add_action, finish_record, new_record


def recorded_games(game, agents, games, seed=0, options=None, agent_seed=0):
    """A finished game record per game."""
    options = dict(options or {})
    n = len(agents)
    built = [from_spec(spec, game, n, seed=agent_seed + i + 1) for i, spec in enumerate(agents)]
    records = []
    for g in range(games):
        seats = [(i + g) % n for i in range(n)]
        by_seat = [None] * n
        names = [None] * n
        for i, s in enumerate(seats):
            by_seat[s], names[s] = built[i], agents[i]
        log = []
        res = play_game(game, n, by_seat, seed + g, log=log, **options)
        rec = new_record(game, n, options, seed + g, names)
        for seat, action, name in log:
            add_action(rec, seat, action, name)
        finish_record(rec, res.scores, res.winners)
        records.append(rec)
    return records


def match_luck(game, agents, games, seed, options, value_spec):
    """(rows, summary) of entrant 0's seat, luck-corrected, over freshly recorded games."""
    from speciesgym.training.luck.cli import evaluate
    if len(set(agents)) != len(agents):
        raise ValueError("--luck needs distinct agent specs (the seat is found by its spec)")
    return evaluate(recorded_games(game, agents, games, seed, options), value_spec,
                    agents[0], seed)
