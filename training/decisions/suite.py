"""Suites of labelled decisions: their file format, loading and the stale check (how each
named suite is built: specs.py).

A suite file is gzip-compressed JSON (gzip header without a timestamp):

    {"format": "speciesgym-decisions", "format_version": 1,
     "name": "feeding", "version": 1, "game": "evolution",
     "engine_version": "<hash of the action layout and the state record>",
     "rules_hash": "<hash of the rules code it was labelled under (versions.py)>",
     "budget": {"sims": 48, "rollout": "greedy", "depth": 20000},
     "seed": 0, "command": "speciesgym decisions build ...",
     "built": {"created": "<UTC time>", "seconds": ..., "tasks": ...,
               "cpu_seconds": ..., "cpu_tasks": ...},
     "positions": [{"id", "scenario", "seat", "players", "options", "type", "stage",
                    "legal", "names", "values", "se", "best", "clear", "z", "capped",
                    "agents", "game_seed", "decision", "behaviour"}, ...]}

Suites labelled twice per position (crossfit.py) add to each position `values_b`, `se_b`,
`best_b` (the second labelling), `z_a` (the first labelling's own lead) and `labellings`: 2;
their `z` is then the first labelling's best tested on the second. Built positions name their
`game` (the bootstrap's cluster) and carry a `behaviour` hash (behaviour.py).

`values[i]` is the mover's expected final rank reward (first 1, last 0, ties shared) after
`legal[i]`, `se[i]` its standard error (agents.search.label); `best` the legal action of
highest value (after successive halving, among the actions run to the end); `clear` whether
its lead over the second is a discovery of the suite (agreement is scored on clear positions
only, regret on all): `mark_clear` turns each position's lead `z` (in paired standard
errors) into a two-sided p-value and keeps the Benjamini-Hochberg discoveries at a false
discovery rate of CLEAR_FDR over the suite's positions, and never a lead of CLEAR_Z or less.
A fixed mark (z > 2) called about one clear position in eight falsely in a suite where few
positions are clear (most decisions have near-equal best actions, and 5% of those pass z > 2
by chance), which showed as 6 of 53 disagreements between two labellings of the dominance
suite; the rule and its threshold are stored in the file as `clear_rule`.

`load_suite(name_or_path)` takes a shipped suite's name (the highest version under
training/decisions/suites/) or a path. A suite labelled under other rules than the running
ones (its `rules_hash`, versions.py) is refused, or with allow_stale loaded and marked stale
(`Suite.info`, which every result carries). Every position is rebuilt from its scenario: a
position whose mover or legal actions differ from what is stored means the rules changed
since the build, and the suite is refused (rebuild it).
"""
import gzip
import hashlib
import json
import math
import os
import pathlib
from dataclasses import dataclass, field

import numpy as np

from speciesgym.envs.core.atomic import atomic_write
from speciesgym.envs.games import GAMES, package, submodule
from speciesgym.training.decisions.specs import SPECS, SuiteSpec, suite_spec  # noqa: F401

FORMAT = "speciesgym-decisions"
FORMAT_VERSION = 1
CLEAR_Z = 2.0            # a lead of at most this many paired standard errors is never clear
CLEAR_FDR = 0.10         # the share of the suite's clear marks allowed to be false
SUITES_DIR = pathlib.Path(__file__).resolve().parent / "suites"


def mark_clear(positions, fdr=CLEAR_FDR):
    """(positions with `clear` set, the rule): a position is clear when the two-sided
    p-value of its lead z is among the Benjamini-Hochberg discoveries of the suite at false
    discovery rate `fdr`, and z > CLEAR_Z. The rule records the smallest clear z."""
    z = np.array([float(p["z"]) for p in positions])
    pvalue = np.array([math.erfc(v / math.sqrt(2)) for v in z])
    n = len(z)
    passing = np.flatnonzero(np.sort(pvalue) <= fdr * np.arange(1, n + 1) / max(n, 1))
    cut = np.sort(pvalue)[passing[-1]] if passing.size else -1.0
    clear = (pvalue <= cut) & (z > CLEAR_Z)
    marked = [dict(p, clear=bool(c)) for p, c in zip(positions, clear)]
    rule = {"fdr": fdr, "min_z": CLEAR_Z,
            "z": round(float(z[clear].min()), 3) if clear.any() else None}
    return marked, rule


def label_fields(labels, sims):
    """The label fields of a position record from agents.search.label's result: values and
    errors, best action, lead z, budget; `clear` by the floor alone until the suite's
    mark_clear sets it."""
    z = labels.paired_z()
    return {"values": [round(float(v), 5) for v in labels.values],
            "se": [round(float(s), 5) for s in labels.se],
            "best": int(labels.actions[labels.order()[0]]), "clear": bool(z > CLEAR_Z),
            "z": round(min(z, 1e6), 3), "sims": int(sims), "capped": labels.capped}


def engine_version(game):
    """A short hash of the game's action layout (block names and sizes) and its state record
    dtype: it changes when either does."""
    actions, state = submodule(game, "actions"), submodule(game, "state")
    layout = [(b.name, b.size) for b in actions.BLOCKS.blocks]
    text = json.dumps([game, layout, str(state.STATE_DTYPE.descr)])
    return hashlib.sha1(text.encode()).hexdigest()[:12]


def write_suite(data, path):
    """Write a suite dict to path atomically (speciesgym.envs.core.atomic)."""
    path = pathlib.Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = json.dumps(data, separators=(",", ":"), sort_keys=True).encode()
    with atomic_write(path, "wb") as fh, gzip.GzipFile(fileobj=fh, mode="wb", mtime=0,
                                                       filename="") as gz:
        gz.write(raw)


def shipped_path(name):
    """The newest shipped file of suite `name`."""
    suite_spec(name)
    files = sorted(SUITES_DIR.glob(f"{name}-v*.json.gz"),
                   key=lambda p: int(p.name[len(name) + 2:-len(".json.gz")]))
    if not files:
        raise ValueError(f"suite {name!r} has no shipped file in {SUITES_DIR}; build it "
                         f"with: speciesgym decisions build --suite {name}")
    return files[-1]


def read_suite_file(path):
    """The raw dict of a suite file; ValueError for a missing, unreadable or corrupt file."""
    path = pathlib.Path(path)
    if not path.is_file():
        raise ValueError(f"suite file not found: {path}")
    try:
        with gzip.open(path, "rb") as fh:
            data = json.loads(fh.read().decode("utf-8"))
    except (OSError, EOFError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"suite file {path} is corrupt (not gzip-compressed JSON: "
                         f"{exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"suite file {path} is not a speciesgym decision suite")
    if data.get("format_version") != FORMAT_VERSION:
        raise ValueError(f"suite file {path} has format version "
                         f"{data.get('format_version')!r}; this speciesgym reads "
                         f"{FORMAT_VERSION}")
    for key in ("name", "game", "positions"):
        if key not in data:
            raise ValueError(f"suite file {path} is corrupt: no {key!r}")
    return data


@dataclass
class Position:
    """One labelled decision, rebuilt for play: `engine` and `state` from its scenario."""
    record: dict
    engine: object
    state: np.ndarray

    def __getattr__(self, name):
        try:
            return self.__dict__["record"][name]
        except KeyError:
            raise AttributeError(name) from None


@dataclass
class Suite:
    name: str
    game: str
    meta: dict
    positions: list = field(default_factory=list)
    path: str = ""
    info: dict = field(default_factory=dict)     # versions.identity: name, version, hashes

    @property
    def stale(self):
        return bool(self.info.get("stale"))

    def __len__(self):
        return len(self.positions)

    def counts(self, key):
        """{value of record[key]: number of positions}"""
        out = {}
        for p in self.positions:
            out[p.record[key]] = out.get(p.record[key], 0) + 1
        return dict(sorted(out.items(), key=lambda kv: str(kv[0])))


REQUIRED = ("scenario", "seat", "players", "legal", "values", "se", "best", "clear", "type")


def rebuild_position(game, record, where):
    """(engine, state) of a stored position; ValueError when it no longer fits the engine."""
    missing = [k for k in REQUIRED if k not in record]
    if missing:
        raise ValueError(f"{where}: corrupt position, missing {', '.join(missing)}")
    try:
        engine, state = package(game).load_scenario(record["scenario"])
    except ValueError as exc:
        raise ValueError(f"{where}: its scenario no longer loads ({exc}); the rules changed "
                         f"since the suite was built: rebuild it") from None
    legal = np.flatnonzero(engine.legal_mask(state)).tolist()
    seat = engine.to_move(state)
    if seat != record["seat"] or legal != list(record["legal"]):
        raise ValueError(f"{where}: stored mover {record['seat']} and legal actions "
                         f"{record['legal']} but the engine gives mover {seat} and {legal}: "
                         f"the rules changed since the suite was built: rebuild it")
    if len(record["values"]) != len(legal) or len(record["se"]) != len(legal) \
            or record["best"] not in legal:
        raise ValueError(f"{where}: corrupt position (values, errors and best do not match "
                         f"its legal actions)")
    return engine, state


def suite_path(name_or_path):
    """The file of a shipped suite name ('feeding', 'dominance') or of a path."""
    if not isinstance(name_or_path, (str, os.PathLike)):
        raise ValueError(f"suite must be a name or a path, got {name_or_path!r}")
    text = os.fspath(name_or_path)
    looks_like_path = text.endswith(".gz") or os.sep in text or text.endswith(".json")
    return pathlib.Path(text) if looks_like_path else shipped_path(text)


def load_suite(name_or_path, select=None, allow_stale=False):
    """A Suite from a shipped suite name ('feeding', 'dominance') or a suite file path.
    `select(records) -> indices` keeps those positions only (the others are not rebuilt).
    A suite labelled under other rules is refused, or with allow_stale marked stale."""
    from speciesgym.training.decisions.versions import check_rules, identity
    path = suite_path(name_or_path)
    data = read_suite_file(path)
    game = data["game"]
    if game not in GAMES:
        raise ValueError(f"suite file {path}: unknown game {game!r}")
    stale = check_rules(data, path, allow_stale)
    suite = Suite(data["name"], game, {k: v for k, v in data.items() if k != "positions"},
                  path=str(path), info=identity(data, path, stale))
    records = data["positions"]
    for i, record in enumerate(records):
        if not isinstance(record, dict):
            raise ValueError(f"suite file {path}: position {i} is corrupt")
    for i in (range(len(records)) if select is None else select(records)):
        engine, state = rebuild_position(game, records[i], f"suite {suite.name} position {i}")
        suite.positions.append(Position(records[i], engine, state))
    return suite


def load_slice(name_or_path, n=None, seed=0, players=None, options=None, allow_stale=False):
    """A Suite of at most n positions of a suite drawn with `seed` (kept in suite order),
    among those with `players` players and the game options `options` (the given keys only;
    None: any). The same arguments give the same slice."""
    def select(records):
        fits = [i for i, r in enumerate(records)
                if (players is None or r.get("players") == players)
                and all(r.get("options", {}).get(k) == v for k, v in (options or {}).items())]
        if n is not None and n < len(fits):
            rng = np.random.default_rng(seed)
            fits = sorted(rng.choice(fits, size=n, replace=False).tolist())
        return fits
    if n is not None and (isinstance(n, bool) or not isinstance(n, int) or n < 1):
        raise ValueError(f"a suite slice needs a positive number of positions, got {n!r}")
    return load_suite(name_or_path, select, allow_stale)
