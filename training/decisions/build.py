"""`speciesgym decisions build`: sample positions from games between a mix of agents, label
every legal action (agents.search.label) and write a suite file (training.decisions.suite).

Task t (t = 0, 1, 2, ...) is one game: the suite's player counts cycled by t (2 + t % 5 for
the suites of every table size), its options cycled by t // n for n player counts (Flight on,
off for `feeding`), stage early or late by t // 2n (the first or second
half of the game's decisions of the suite's kind; suites with per_game 2 take one of each
from every game, which halves the cost of playing the games), each seat an agent of the
suite's mix drawn from the task's generator (seeded by (seed, t); with the spec's weights).
One decision of the stage is picked (spec.pick "type": a type drawn uniformly among the types
the game offers, then a position of that type; "occurrence": a position uniformly, so types
weigh as they occur), rebuilt from its scenario and labelled with `sims` simulations per
legal action, or by successive halving from `start` simulations each down to two actions
with `sims` each (agents.search.label_halving) (and, for specs with two labellings, labelled again from an independent seed:
crossfit.py); a position whose actions all have the same value is no real decision: up to
TRIES are labelled, else the stage yields nothing. A task's result depends only on (suite,
seed, t, budget), so workers may run tasks in any order. Each position names its game
(`game`, the bootstrap's cluster).

Resumable: each finished task is appended as one JSON line to <out>.partial.jsonl (a single
write, flushed and synced; a torn last line is dropped on the next run), whose first line
holds the suite, seed and budget: a rerun with the same arguments skips the finished tasks,
other arguments are refused. The suite is the positions of tasks 0, 1, ... in order until
`positions` are kept; it is written (atomically) every few tasks and at the end, so an
interrupted build leaves a valid, smaller suite. The tasks run in `workers` processes here,
or as Ray tasks (`executor`, training.cluster.tasks.RayTasks) with the journal still written
here as each ends; either way a task that raises (on Ray: twice) stops the build with an
error naming its game, the finished games kept.
"""
import pathlib
from dataclasses import dataclass

import numpy as np

from speciesgym.training.decisions.suite import (FORMAT, FORMAT_VERSION, engine_version,
                                      label_fields, mark_clear, rebuild_position, suite_spec, write_suite)
from speciesgym.training.decisions.tasks import (Journal, progress_bar, run_journaled,
                                                 stopwatch)
from speciesgym.envs.decision_kinds import decision_type
from speciesgym.envs.games import package
from speciesgym.training.decisions.behaviour import behaviour_key, position_behaviour
from speciesgym.training.decisions.crossfit import check_start, label_once, label_pair

TRIES = 5
WRITE_EVERY = 10


@dataclass
class BuildArgs:
    suite: str                 # suite name (training.decisions.suite.SPECS)
    out: str                   # the suite file to write (.json.gz)
    positions: int = 500       # positions to keep
    sims: int = None           # simulations per legal action (None: the spec's, else 32)
    seed: int = 0
    workers: int = 1
    max_tasks: int = None      # stop after this many new tasks (None: until done)
    progress: bool = True
    command: str = ""
    executor: object = None    # None: `workers` local processes; or a ray_tasks.RayTasks
    playout: str = None        # the labeller's playout (None: the spec's, else greedy)
    tree: bool = None          # a search tree below each action (None: the spec's, else off)
    start: int = None          # successive halving from this many simulations per action
                               # (agents.search.label_halving; None: the spec's, else uniform)


def task_plan(spec, seed, t):
    """(players, options, stage, generator) of task t."""
    n = len(spec.players)
    players = spec.players[t % n]
    options = {name: values[(t // n) % len(values)] for name, values in spec.options}
    stage = "early" if (t // (2 * n)) % 2 == 0 else "late"
    return players, options, stage, np.random.default_rng([seed, t])


def play_candidates(spec, players, options, rng):
    """Play one game of the mix; (agent specs, game seed, candidate positions, decisions)."""
    from speciesgym.agents import from_spec
    from speciesgym.agents.runner import agent_action, make_engine
    from speciesgym.envs.core.engine import checked_step
    if spec.weights:
        p = np.asarray(spec.weights, float) / np.sum(spec.weights)
        specs = [spec.mix[int(rng.choice(len(spec.mix), p=p))] for _ in range(players)]
    else:
        specs = [spec.mix[int(rng.integers(len(spec.mix)))] for _ in range(players)]
    agents = [from_spec(s, spec.game, players, seed=int(rng.integers(2**31))) for s in specs]
    for seat, agent in enumerate(agents):
        getattr(agent, "reset", lambda *a: None)(seat, players)
    engine = make_engine(spec.game, players, **options)
    game_seed = int(rng.integers(2**31))
    state = engine.new_state(game_seed)
    found = []
    k = 0
    while (seat := engine.to_move(state)) >= 0:
        mask = engine.legal_mask(state)
        if mask.sum() >= 2:
            kind = decision_type(spec.decisions, state, mask)
            if kind is not None:
                found.append((k, seat, kind, state.copy()))
        checked_step(engine, state, agent_action(agents[seat], engine, state, seat, mask))
        k += 1
    return specs, game_seed, found, k


def pick(found, total, stage, rng, how="type"):
    """Candidates of the stage in the order to try: how "type": a type uniformly among those
    present, then a position of that type uniformly; "occurrence": positions uniformly."""
    half = [f for f in found if (f[0] < total / 2) == (stage == "early")] or found
    order = []
    pool = list(half)
    if how == "occurrence":
        chosen = rng.choice(len(pool), size=min(TRIES, len(pool)), replace=False)
        return [pool[int(i)] for i in chosen]
    while pool and len(order) < TRIES:
        kinds = sorted({f[2] for f in pool})
        kind = kinds[int(rng.integers(len(kinds)))]
        of_kind = [f for f in pool if f[2] == kind]
        choice = of_kind[int(rng.integers(len(of_kind)))]
        order.append(choice)
        pool.remove(choice)
    return order


def run_task(name, seed, sims, t, playout="greedy", tree=False, start=0):
    """The result line of task t: {"task", "tried", "positions", "seconds", "cpu_s"}: one position
    of the task's stage, or (suites with per_game 2) one early and one late."""
    times = stopwatch()
    spec = suite_spec(name)
    players, options, stage, rng = task_plan(spec, seed, t)
    specs, game_seed, found, total = play_candidates(spec, players, options, rng)
    stages = (stage,) if spec.per_game == 1 else ("early", "late")
    positions, tried = [], 0
    for i, this in enumerate(stages):
        suffix = "" if spec.per_game == 1 else f"-{i}"
        game = {"id": f"{name}-{seed}-{t}{suffix}", "game": f"{name}-{seed}-{t}",
                "players": players, "options": options, "stage": this, "agents": specs,
                "game_seed": game_seed}
        budget = {"sims": sims, "playout": playout, "tree": tree, "start": start}
        record, n = label_stage(spec, budget, pick(found, total, this, rng, spec.pick), total,
                                game, rng)
        tried += n
        positions += [record] if record is not None else []
    return {"task": t, "tried": tried, "positions": positions, **times()}


def label_stage(spec, budget, candidates, total, game, rng):
    """(the first candidate whose actions differ in value, as a record, or None; tries).
    `budget`: crossfit.label_once's. With two labellings per position, the second is seeded
    apart from the first."""
    from speciesgym.agents.runner import make_engine
    module = package(spec.game)
    tried = 0
    for k, seat, kind, state in candidates:
        tried += 1
        scenario = module.to_scenario(
            make_engine(spec.game, game["players"], **game["options"]), state)
        engine, rebuilt = module.load_scenario(scenario)
        legal = np.flatnonzero(engine.legal_mask(rebuilt))
        labels = label_once(spec.game, rebuilt, seat, budget, int(rng.integers(2**62)))
        if np.nanmax(labels.values) - np.nanmin(labels.values) < 1e-12:
            continue
        if spec.labellings == 2:
            fields = label_pair(labels, spec.game, rebuilt, seat, budget,
                                int(rng.integers(2**62)))
        else:
            fields = label_fields(labels, budget["sims"])
        record = {
            "scenario": scenario, "seat": int(seat), **game, "type": kind,
            "legal": legal.tolist(), "names": [engine.action_name(rebuilt, int(a)) for a in legal],
            **fields,
            "decision": int(k), "progress": round(k / max(total, 1), 3),
            "behaviour": position_behaviour(engine, rebuilt, legal, behaviour_key(game["id"]))}
        rebuild_position(spec.game, record, f"position {game['id']}")   # the suite will load
        return record, tried
    return None, tried


def net_hashes(mix):
    """A short hash of each shipped net file among the movers (`zoo:` specs): a journal
    started with one net refuses to go on with another (its tasks would not replay)."""
    import hashlib
    from speciesgym.agents.net.mlp import resolve
    return {name: hashlib.sha1(resolve(name).read_bytes()).hexdigest()[:12]
            for name in mix if name.startswith("zoo:")}


def suite_dict(args, spec, header, positions, built):
    """The suite file's dict; built: the journal's record of the tasks used (Journal.built).
    The clear marks are the suite's (suite.mark_clear over the positions kept)."""
    positions, rule = mark_clear(positions)
    return {"format": FORMAT, "format_version": FORMAT_VERSION, "name": spec.name,
            "version": spec.version, "game": spec.game, "engine_version": header["engine"],
            "rules_hash": header["rules"],
            "budget": header["budget"], "seed": args.seed, "mix": list(spec.mix),
            "weights": list(spec.weights), "pick": spec.pick, "labellings": spec.labellings,
            "command": args.command, "clear_rule": rule,
            "built": built, "positions": positions}


def build(args):
    """Run (or continue) a build; returns the suite dict written to args.out."""
    from speciesgym.agents.search.label import FULL_GAME, playout_kinds
    spec = suite_spec(args.suite)
    for key, default in (("sims", 32), ("playout", "greedy"), ("tree", False), ("start", 0)):
        if getattr(args, key) is None:
            setattr(args, key, spec.label.get(key, default))
    try:
        playout_kinds(spec.game, args.playout)
    except ValueError as exc:
        raise ValueError(f"decisions build: --playout: {exc}") from None
    for key in ("positions", "sims", "workers"):
        value = getattr(args, key)
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"decisions build: --{key} must be a positive integer, "
                             f"got {value!r}")
    check_start("build", args.start, args.sims)
    out = pathlib.Path(args.out)
    if not out.name.endswith(".json.gz"):
        raise ValueError(f"decisions build: --out must end in .json.gz, got {args.out!r}")
    from speciesgym.training.decisions.versions import rules_hash
    header = {"suite": spec.name, "seed": args.seed, "engine": engine_version(spec.game),
              "rules": rules_hash(spec.game),
              "budget": {"sims": args.sims, "rollout": args.playout, "depth": FULL_GAME}}
    if spec.pick == "occurrence":               # the table suites: their movers too
        header["mix"] = dict(zip(spec.mix, spec.weights))
        header["nets"] = net_hashes(spec.mix)
    if args.tree:
        header["budget"]["tree"] = True          # absent otherwise: older journals match
    if args.start:
        header["budget"]["start"] = args.start   # likewise
    if spec.labellings != 1:
        header["budget"]["labellings"] = spec.labellings
    try:
        journal = Journal(out.with_name(out.name[:-len(".json.gz")] + ".partial.jsonl"), header)
    except OSError as exc:
        raise ValueError(f"decisions build: cannot write beside {out}: {exc.strerror}") from None
    kept, used = journal.prefix(args.positions)
    bar = progress_bar(args.positions, len(kept), args.progress)
    new = written = 0

    def calls():
        t = submitted = 0
        while args.max_tasks is None or submitted < args.max_tasks:
            while t in journal.done:
                t += 1
            yield f"game {t} ({spec.name}-{args.seed}-{t})", run_task, \
                (spec.name, args.seed, args.sims, t, args.playout, bool(args.tree), args.start)
            t += 1
            submitted += 1

    def on_result(entry):
        nonlocal kept, used, new, written
        journal.add(entry)
        new += 1
        before = len(kept)
        kept, used = journal.prefix(args.positions)
        if bar is not None:
            bar.update(len(kept) - before)
        if new - written >= WRITE_EVERY:
            written = new
            write_suite(suite_dict(args, spec, header, kept, journal.built(used)), out)

    run_journaled("build", "games", journal, bar, calls(), args.workers, on_result,
                  lambda: len(kept) >= args.positions, args.executor)
    data = suite_dict(args, spec, header, kept, journal.built(used))
    write_suite(data, out)
    return data
