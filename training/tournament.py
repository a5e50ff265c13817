"""Bot tournaments: the schedule (who sits where in which game), the executors that play the
games, and the results file that makes a tournament resumable.

A tournament is a `Config`: game, player count, entrants (agent specs, `agents.from_spec`),
number of games, seed and game options. Game `g` depends only on `(seed, g)`, never on the
number of games or workers, so a longer run extends a shorter one game for game.

Schedule: games come in blocks of E games (E entrants). Each block draws a permutation of the
entrants from the seed; game j of a block seats entrant perm[(j + s) % E] at seat s. Within a
block every entrant sits every seat exactly once (with E > P it plays P of the E games), so
an entrant's counts per seat never differ by more than one. The game seed and one seed per
seat come from `SeedSequence([seed, 0, g])`; agents are built fresh for every game.

Files in the output folder:
- `tournament.json`: the config. Running again with the same config (the number of games may
  differ) resumes; any other difference is a ValueError naming it, and nothing is touched.
- `results.jsonl`: one JSON object per finished game (index, seed, entrants by seat, scores,
  winners, ranks with 1 = first and ties shared, decisions), written by the parent process
  as games finish (in finishing order), flushed and fsynced, so a crash or Ctrl-C loses only
  the games in flight. A last line without its newline (cut short while being written) is
  dropped with a warning; any other unreadable line is a ValueError naming its line.
  Asking for fewer games than the file holds plays nothing; every stored game is reported.

Executors: an executor is a callable mapping an iterable of `GameSpec`s to an iterable of
result records in any order (each made by `play_spec`). `local_executor` plays in this
process; `pool_executor(workers)` uses a multiprocessing pool (spawn). A cluster executor
(Ray, Dask) would plug in behind the same interface: submit `play_spec` per spec and yield
the records as they complete; the parent alone writes the file and the ratings.
"""
import hashlib
import json
import multiprocessing
import os
import signal
import warnings
from dataclasses import asdict, dataclass, field

import numpy as np

from agents import from_spec
from agents.runner import make_engine, play_game
from training.games import GAMES
from training.ratings import InOrder, Ratings

FORMAT = "speciesgym-tournament-1"
CONFIG_FILE = "tournament.json"
RESULTS_FILE = "results.jsonl"
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
        from_spec(spec, config.game, players, seed=0)
        if spec.startswith("ppo:"):
            from agents.ppo_agent import check_metadata, read_metadata
            check_metadata(spec[4:], read_metadata(spec[4:]), config.game, players,
                           config.options)


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


_PPO_CACHE = {}


def _agent(spec, game, players, seed):
    """A fresh agent; PPO policies (deterministic, no per-game state) are loaded once."""
    if not spec.startswith("ppo:"):
        return from_spec(spec, game, players, seed=seed)
    key = (spec, game, players)
    if key not in _PPO_CACHE:
        import torch
        torch.set_num_threads(1)        # the same sums in every worker; workers fill the cores
        _PPO_CACHE[key] = from_spec(spec, game, players, seed=seed)
    return _PPO_CACHE[key]


def play_spec(spec):
    """Play one game; the result record written to results.jsonl."""
    agents = [_agent(a, spec.game, spec.players, s)
              for a, s in zip(spec.seats, spec.agent_seeds)]
    res = play_game(spec.game, spec.players, agents, spec.seed, **spec.options)
    reward = np.asarray(res.rewards_rank)
    ranks = [1 + int((reward > r).sum()) for r in reward]
    return {"index": spec.index, "seed": spec.seed, "entrants": list(spec.seats),
            "scores": np.asarray(res.scores).tolist(),
            "winners": [bool(w) for w in res.winners], "ranks": ranks,
            "decisions": int(res.decisions)}


def local_executor(specs):
    """Play the games one after another in this process."""
    for spec in specs:
        yield play_spec(spec)


def pool_executor(workers):
    """An executor playing games in `workers` spawned processes, yielding as they finish."""
    def run(specs):
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(workers, initializer=_ignore_sigint) as pool:
            yield from pool.imap_unordered(play_spec, list(specs), chunksize=1)
    return run


def _ignore_sigint():
    """Workers leave Ctrl-C to the parent, which stops the pool and keeps the file whole."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


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
        missing = [k for k in RECORD_KEYS if not isinstance(record, dict) or k not in record]
        if missing:
            raise ValueError(f"{path} line {number} is not a result record (no "
                             f"{', '.join(missing)}); fix or remove that line")
        records.append(record)
        good += len(line) + 1
    return records, good, bool(lines[-1])


def load(out):
    """(config, records) of the tournament in folder `out`, read without changing it."""
    path = os.path.join(out, CONFIG_FILE)
    if not os.path.exists(path):
        raise ValueError(f"{out}: no {CONFIG_FILE}; not a tournament folder")
    with open(path) as f:
        stored = json.load(f)
    stored.pop("format", None)
    stored.pop("checkpoints", None)
    records, _, _ = read_results(os.path.join(out, RESULTS_FILE))
    return Config(**stored), records


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
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "w") as f:
        json.dump(obj, f, indent=2)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def open_results(config, out):
    """Check `out` against `config`, then make it ready to append: (file, records done).
    Nothing is written before every check has passed."""
    check_config(config)
    config_path = os.path.join(out, CONFIG_FILE)
    results_path = os.path.join(out, RESULTS_FILE)
    stored = None
    if os.path.exists(config_path):
        with open(config_path) as f:
            stored = json.load(f)
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


def run_tournament(config, out, workers=1, executor=None, progress=False):
    """Play the games of `config` not yet in `out`/results.jsonl; returns (records, ratings)
    with records in game order and ratings updated live in game order (equal to rating the
    finished file with `training.ratings.rate_records`)."""
    if not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers!r}")
    f, records = open_results(config, out)
    done = {r["index"]: r for r in records}
    todo = [i for i in range(config.games) if i not in done]
    rater = InOrder(Ratings(config.agents), sorted(set(done) | set(todo)), done)
    executor = executor or (local_executor if workers == 1 else pool_executor(workers))
    bar = _progress(len(done) + len(todo), len(done), progress)
    with f, bar:
        for record in executor(game_spec(config, i) for i in todo):
            f.write((json.dumps(record) + "\n").encode())
            f.flush()
            os.fsync(f.fileno())
            done[record["index"]] = record
            rater.add(record)
            bar.update(1)
    return [done[i] for i in sorted(done)], rater.ratings


def _progress(total, initial, show):
    from tqdm import tqdm
    return tqdm(total=total, initial=initial, unit="game", disable=None if show else True)
