"""Bot tournaments: the schedule (who sits where in which game), the results file that makes
a tournament resumable, and the run that hands games to an executor (training/tournament/executors.py)
and records what comes back, forfeits included (training/tournament/referee.py).

A tournament is a `Config`: game, player count, entrants (agent specs, `speciesgym.agents.from_spec`),
number of games, seed and game options. Game `g` depends only on `(seed, g)`, never on the
number of games or workers, so a longer run extends a shorter one game for game.

Schedule: games come in blocks of E games (E entrants). Each block draws a permutation of the
entrants from the seed; game j of a block seats entrant perm[(j + s) % E] at seat s. Within a
block every entrant sits every seat exactly once (with E > P it plays P of the E games), so
an entrant's counts per seat never differ by more than one. The game seed and one seed per
seat come from `SeedSequence([seed, 0, g])`; agents are built fresh for every game.

Entrants are any `speciesgym.agents.from_spec` specs, `py:<module>.<Name>` included (a class or factory
imported in the parent to check the name, built only in the workers).

Files in the output folder:
- `tournament.json`: the config. Running again with the same config (the number of games may
  differ) resumes; any other difference is a ValueError naming it, and nothing is touched.
  An empty or unreadable `tournament.json` is a ValueError naming the file.
- `results.jsonl`: one JSON object per finished game (index, seed, entrants by seat, scores,
  winners, ranks with 1 = first and ties shared, decisions; `forfeit` when a bot faulted),
  written by the parent process as games finish (in finishing order), flushed and fsynced,
  so a crash or Ctrl-C loses only the games in flight. A last line without its newline (cut
  short while being written) is dropped with a warning; any other unreadable line (not
  JSON, a field missing, an `index` that is not a game number...) is a ValueError naming the
  file and the line. Asking for fewer games than the file holds plays nothing; every stored
  game is reported.
- `games/<index>.json`: the game record of each game (training.records.record: seed, agents, every
  action with its name; `speciesgym replay` replays it), written before its results line,
  which names it as `"record"`.
- The report (training/tournament/report.py), written by the `speciesgym tournament` command
  when the games are played and by `speciesgym tournament-report <out>` at any time:
  head_to_head.csv/png, seats.csv/png, ratings.csv, ratings_intervals.png.

Forfeits: a bot that raises (being built, in `reset` or `act`), returns a non-integer or an
illegal action, runs past the move limit (`Limits.move`, each call) or the game limit
(`Limits.game`, its seat's total in one game), or whose process dies, forfeits that game
(`speciesgym.training.tournament.referee`): the game stops there; the forfeiting seat ranks last (rank P) and
every other seat shares first place (rank 1, each a winner, so a 2-player forfeit is a win
for the opponent and, with more players, the others split the win). Such a game counts for
the ratings like any other; its record has `"scores": null` (no final position to score),
the number of decisions taken before the fault and `"forfeit": {"seat", "entrant",
"reason", "detail"}` where `detail` is the exception's last traceback line or what the
limit was. Played and forfeited games alike are stored, so a rerun does not replay them.
The tournament goes on; each forfeit is also a RuntimeWarning naming the game and the bot.

Executors: an executor is a callable mapping an iterable of `GameSpec`s to an iterable of
result records in any order. The default is `speciesgym.training.tournament.executors.ProcessExecutor(workers,
limits)`: bots play in spawned worker processes that the parent kills when a call overruns
its limit and replaces when they die; one worker (`--workers 1`, "local") plays the games
one after another, more play them side by side, and both give the same records.
`speciesgym.training.tournament.ray_executor.RayExecutor` plays them as Ray tasks on a cluster (each task judges
its bots with a one-worker ProcessExecutor, so records are the same again); a task failing
twice outside the bots is stored as a failed game, not rated. The parent alone writes the
file and the ratings.
"""
import hashlib
import json
import os
import warnings
from dataclasses import asdict, dataclass, field

import numpy as np

from speciesgym.agents import from_spec
from speciesgym.agents.infoset import InfoSet
from speciesgym.agents.runner import make_engine
from speciesgym.envs.core.atomic import atomic_write
from speciesgym.agents.spec import py_factory
from speciesgym.training.tournament.executors import ProcessExecutor
from speciesgym.training.games import GAMES
from speciesgym.training.tournament.ratings import InOrder, Ratings
from speciesgym.training.records.record import save_record
from speciesgym.training.tournament.referee import Limits, play_spec  # noqa: F401  (play_spec: one game here)

FORMAT = "speciesgym-tournament-1"
CONFIG_FILE = "tournament.json"
RESULTS_FILE = "results.jsonl"
GAMES_DIR = "games"
RECORD_KEYS = ("index", "seed", "entrants", "scores", "winners", "ranks", "decisions")


@dataclass
class Config:
    game: str
    players: int
    agents: list                    # entrant agent specs, e.g. ["random", "mcts:16"]
    games: int
    seed: int = 0
    options: dict = field(default_factory=dict)     # game options, e.g. {"flight": False}

    def to_json(self):
        """The stored form: the fields, plus a digest of every PPO checkpoint entered (a
        checkpoint retrained under the same path is another entrant)."""
        return dict(asdict(self), agents=list(self.agents), format=FORMAT,
                    checkpoints=checkpoint_digests(self.agents))


def checkpoint_digests(specs):
    """{spec: sha256 prefix of its file} for the `ppo:<path>` specs."""
    out = {}
    for spec in specs:
        if spec.startswith("ppo:") and os.path.isfile(spec[4:]):
            with open(spec[4:], "rb") as f:
                out[spec] = hashlib.sha256(f.read()).hexdigest()[:16]
    return out


@dataclass
class GameSpec:
    """Everything a worker needs to play one game of a tournament."""
    index: int
    seed: int                       # the game's seed
    game: str
    players: int
    seats: list                     # entrant spec per seat
    agent_seeds: list               # agent seed per seat
    options: dict


def check_config(config):
    """ValueError naming the first bad field of `config`; builds every entrant once."""
    if config.game not in GAMES:
        raise ValueError(f"unknown game {config.game!r}; choose one of {', '.join(GAMES)}")
    players = config.players
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 6:
        raise ValueError(f"players must be an integer from 2 to 6, got {players!r}")
    if len(config.agents) < 2:
        raise ValueError(f"a tournament needs at least 2 entrants, got {len(config.agents)}: "
                         f"{', '.join(config.agents) or 'none'}")
    twice = sorted({a for a in config.agents if list(config.agents).count(a) > 1})
    if twice:
        raise ValueError(f"entrant(s) listed twice: {', '.join(twice)}")
    if not isinstance(config.games, int) or config.games < 1:
        raise ValueError(f"games must be at least 1, got {config.games!r}")
    if not isinstance(config.seed, int) or config.seed < 0:
        raise ValueError(f"seed must be a non-negative integer, got {config.seed!r}")
    make_engine(config.game, players, **config.options)
    for spec in config.agents:
        if spec.startswith("py:"):
            py_factory(spec)            # imported here, built (and faulted) in the workers only
            continue
        agent = from_spec(spec, config.game, players, seed=0)
        if spec.startswith("ppo:"):
            from speciesgym.agents.ppo_agent import check_metadata, read_metadata
            check_metadata(spec[4:], read_metadata(spec[4:]), config.game, players,
                           config.options)
        first_move(agent, config.game, players, config.options)


def first_move(agent, game, players, options):
    """Let a built-in agent choose the first move of a game, here and untimed: whatever
    kernels it needs are compiled now (on a cold numba cache that takes minutes) rather than
    in its first timed move in a worker. A hybrid's parts each choose one (its inner part
    may not be asked in the game's first decision)."""
    for part in getattr(agent, "parts", ()):
        first_move(part, game, players, options)
    engine = make_engine(game, players, **options)
    state = engine.new_state(0)
    seat = engine.to_move(state)
    reset = getattr(agent, "reset", None)
    if reset is not None:
        reset(seat, players)
    args = (InfoSet(engine, state, seat),) if getattr(agent, "wants_infoset", False) else ()
    agent.act(engine.observe(state, seat), engine.legal_mask(state), *args)


def table(config, index):
    """The entrant spec at each seat in game `index`."""
    n = len(config.agents)
    block, j = divmod(index, n)
    perm = np.random.default_rng([config.seed, 1, block]).permutation(n)
    return [config.agents[perm[(j + s) % n]] for s in range(config.players)]


def game_spec(config, index):
    """The GameSpec of game `index`: its table, game seed and agent seeds."""
    seeds = np.random.SeedSequence([config.seed, 0, index]).generate_state(1 + config.players)
    return GameSpec(index, int(seeds[0]), config.game, config.players, table(config, index),
                    [int(s) for s in seeds[1:]], dict(config.options))


def read_results(path):
    """(records, good_bytes, dropped): the records of a results file, the length of its
    complete lines, and whether an unfinished last line was found. ValueError names a
    malformed line."""
    if not os.path.exists(path):
        return [], 0, False
    with open(path, "rb") as f:
        data = f.read()
    lines = data.split(b"\n")
    records, good = [], 0
    for number, line in enumerate(lines[:-1], 1):
        try:
            record = json.loads(line)
        except ValueError as exc:
            raise ValueError(f"{path} line {number} is not JSON ({exc}); fix or remove "
                             f"that line") from None
        problem = _record_problem(record)
        if problem:
            raise ValueError(f"{path} line {number} is not a result record ({problem}); fix "
                             f"or remove that line")
        records.append(record)
        good += len(line) + 1
    return records, good, bool(lines[-1])


def _record_problem(record):
    """What makes `record` unusable as a result record, or '' when nothing does."""
    if not isinstance(record, dict):
        return f"a JSON {type(record).__name__}, not an object"
    missing = [k for k in RECORD_KEYS if k not in record]
    if missing:
        return f"no {', '.join(missing)}"
    index = record["index"]
    if isinstance(index, bool) or not isinstance(index, int) or index < 0:
        return f"index {index!r} is not a game number (a non-negative integer)"
    entrants, ranks = record["entrants"], record["ranks"]
    if not isinstance(entrants, list) or not all(isinstance(e, str) for e in entrants):
        return f"entrants {entrants!r} is not a list of agent specs"
    if (not isinstance(ranks, list) or len(ranks) != len(entrants)
            or not all(isinstance(r, int) and not isinstance(r, bool) for r in ranks)):
        return f"ranks {ranks!r} is not one integer per seat"
    return ""


def read_config(path):
    """The stored config (a dict) of a tournament.json; ValueError names an empty,
    unreadable or incomplete file."""
    with open(path, "rb") as f:
        data = f.read()
    if not data.strip():
        raise ValueError(f"{path} is empty, not a tournament config; restore it, or remove "
                         f"the folder to start afresh, or use another --out")
    try:
        stored = json.loads(data)
    except ValueError as exc:
        raise ValueError(f"{path} is not JSON ({exc}); restore it or use another --out") \
            from None
    fields = ("game", "players", "agents", "games")
    if not isinstance(stored, dict) or any(k not in stored for k in fields):
        raise ValueError(f"{path} is not a tournament config (it needs {', '.join(fields)}); "
                         f"restore it or use another --out")
    return stored


def load(out):
    """(config, records) of the tournament in folder `out`, read without changing it."""
    path = os.path.join(out, CONFIG_FILE)
    if not os.path.exists(path):
        raise ValueError(f"{out}: no {CONFIG_FILE}; not a tournament folder")
    stored = read_config(path)
    names = Config.__dataclass_fields__
    records, _, _ = read_results(os.path.join(out, RESULTS_FILE))
    return Config(**{k: v for k, v in stored.items() if k in names}), records


def _check_against(config, stored, records):
    """ValueError if the stored config or records disagree with `config` (games may differ)."""
    asked = config.to_json()
    diffs = [f"{k}: stored {stored.get(k)!r}, asked {asked[k]!r}"
             for k in asked if k != "games" and stored.get(k) != asked[k]]
    if diffs:
        raise ValueError(f"the tournament stored there has another config ({'; '.join(diffs)}); "
                         f"use another --out or the same settings")
    seen = set()
    for number, r in enumerate(records, 1):
        if r["index"] in seen:
            raise ValueError(f"{RESULTS_FILE} line {number}: game {r['index']} appears twice")
        seen.add(r["index"])
        if r["entrants"] != table(config, r["index"]):
            raise ValueError(f"{RESULTS_FILE} line {number}: game {r['index']} seats "
                             f"{r['entrants']}, the schedule says {table(config, r['index'])}")


def _write_json(path, obj):
    with atomic_write(path) as f:
        json.dump(obj, f, indent=2)


def open_results(config, out):
    """Check `out` against `config`, then make it ready to append: (file, records done).
    Nothing is written before every check has passed."""
    check_config(config)
    config_path = os.path.join(out, CONFIG_FILE)
    results_path = os.path.join(out, RESULTS_FILE)
    stored = None
    if os.path.exists(config_path):
        stored = read_config(config_path)
    elif os.path.exists(results_path):
        raise ValueError(f"{results_path} exists without {CONFIG_FILE}; use another --out")
    records, good, dropped = read_results(results_path)
    if stored is not None:
        _check_against(config, stored, records)
    os.makedirs(out, exist_ok=True)
    _write_json(config_path, config.to_json())
    f = open(results_path, "ab")
    if dropped:
        warnings.warn(f"{results_path}: dropped an unfinished last line (a game cut short "
                      f"while being written); it will be played again", RuntimeWarning)
        f.truncate(good)
    return f, records


def run_tournament(config, out, workers=1, executor=None, progress=False, limits=None):
    """Play the games of `config` not yet in `out`/results.jsonl; returns (records, ratings)
    with records in game order and ratings updated live in game order (equal to rating the
    finished file with `speciesgym.training.tournament.ratings.rate_records`). Games are played by `executor`, by
    default a `ProcessExecutor(workers, limits)` ended on return; a forfeit is also a
    RuntimeWarning naming the game, the entrant and its fault."""
    own = executor is None
    if not own and limits is not None:
        raise ValueError("limits are for the default executor; give them to your executor")
    if own:
        executor = ProcessExecutor(workers, limits or Limits())
    try:
        return _run(config, out, executor, progress)
    finally:
        if own:
            executor.close()


def _run(config, out, executor, progress):
    f, records = open_results(config, out)
    done = {r["index"]: r for r in records}
    todo = [i for i in range(config.games) if i not in done]
    rater = InOrder(Ratings(config.agents), sorted(set(done) | set(todo)), done)
    bar = _progress(len(done) + len(todo), len(done), progress)
    with f, bar:
        for record in executor(game_spec(config, i) for i in todo):
            record = store_game_record(record, out)
            f.write((json.dumps(record) + "\n").encode())
            f.flush()
            os.fsync(f.fileno())
            done[record["index"]] = record
            rater.add(record)
            bar.update(1)
            if record.get("forfeit"):
                warnings.warn(forfeit_message(record), RuntimeWarning)
            if record.get("failed"):
                warnings.warn(f"game {record['index']} failed outside the bots and is not "
                              f"rated: {record['failed']['detail']}", RuntimeWarning)
    return [done[i] for i in sorted(done)], rater.ratings


def store_game_record(record, out):
    """Write the game's record (training.records.record) to <out>/games/<index>.json before its
    results line, which then names it as "record"; a result without one passes unchanged."""
    record = dict(record)
    game = record.pop("game_record", None)
    if game is None:
        return record
    name = f"{GAMES_DIR}/{record['index']:06d}.json"
    os.makedirs(os.path.join(out, GAMES_DIR), exist_ok=True)
    save_record(game, os.path.join(out, name))
    record["record"] = name
    return record


def forfeit_message(record):
    """'game 3: py:bots.Hang (seat 1) forfeits (move-timeout): no answer within ...'."""
    x = record["forfeit"]
    return (f"game {record['index']}: {x['entrant']} (seat {x['seat']}) forfeits "
            f"({x['reason']}): {x['detail']}")


def _progress(total, initial, show):
    from tqdm import tqdm
    return tqdm(total=total, initial=initial, unit="game", disable=None if show else True)
