"""`speciesgym decisions relabel`: label the positions of a suite again, with another seed
(and the suite's budget unless `sims` is given), into a new suite file holding the same
positions; `speciesgym.training.decisions.agree` then compares the two labellings. `playout` picks the
labeller's playout policy (agents.search.label.playout_kinds; default greedy, as the suites
were built); the file's budget records it as `rollout`, and `tree` (a search tree below each
action, label_position's tree) as `"tree": true`.

Position i is labelled by agents.search.label with `sims` simulations per legal action
seeded from (seed, i), so its result depends only on (suite, seed, sims, i) and workers may
label positions in any order. Resumable like a build (training.decisions.tasks.Journal):
each labelled position is appended to <out>.partial.jsonl, whose first line holds the
source suite (name, fingerprint of its positions), the seed and the budget; a rerun with the
same arguments skips the finished positions, other arguments are refused; positions are
labelled on `workers` processes or as Ray tasks (`executor`), as in a build. The file is
written (atomically) every few positions and at the end; until the end it holds the
labelled prefix of the suite, marked `"complete": false`. Its clear marks are its own
(suite.mark_clear over the positions it holds), as a build's.

A position labelled twice (crossfit.py) is labelled twice again, the second labelling seeded
from (seed + SECOND, i). A relabelling is a suite of its own: it records the rules it was labelled under (the running
rules' hash, versions.py; a stale suite whose positions still load is brought up to date
this way) and its own version (`version`, default the source's + 1), the source's in
`relabel`.
"""
import hashlib
import json
import pathlib
from dataclasses import dataclass

import numpy as np

from speciesgym.training.decisions.build import WRITE_EVERY
from speciesgym.training.decisions.behaviour import record_behaviour
from speciesgym.training.decisions.crossfit import (check_start, label_once, label_pair,
                                                    two_labellings)
from speciesgym.training.decisions.tasks import (Journal, progress_bar, run_journaled,
                                                 stopwatch)
from speciesgym.training.decisions.suite import (label_fields, load_suite, mark_clear,
                                                 read_suite_file, rebuild_position)

LABEL_KEYS = ("values", "se", "best", "clear", "z", "sims", "capped")
CROSS_KEYS = ("values_b", "se_b", "best_b", "z_a", "labellings")
SECOND = 1_000_003          # the second labelling's seeds: (seed + SECOND, i)


@dataclass
class RelabelArgs:
    suite: str                 # a shipped suite name or a suite file path
    out: str                   # the new suite file (.json.gz)
    seed: int = 2
    sims: int = None           # simulations per legal action (None: the suite's budget)
    workers: int = 1
    max_positions: int = None  # stop after this many new positions (None: all)
    progress: bool = True
    command: str = ""
    executor: object = None    # None: `workers` local processes; or a ray_tasks.RayTasks
    playout: str = "greedy"    # the labeller's playout policy (agents.search.label.PLAYOUTS)
    tree: bool = False         # a search tree below each action (label_position's tree)
    version: int = None        # the new file's version (None: the source's + 1)
    start: int = 0             # successive halving from this many simulations (0: uniform)


def fingerprint(positions):
    """A short hash of what makes the positions the same: id, scenario, mover, legal
    actions (not their labels)."""
    keys = [[p.get("id"), p["scenario"], p["seat"], p["legal"]] for p in positions]
    text = json.dumps(keys, sort_keys=True, separators=(",", ":"))
    return hashlib.sha1(text.encode()).hexdigest()[:16]


def label_seed(seed, i):
    return int(np.random.default_rng([seed, i]).integers(2**62))


def relabel_task(game, record, sims, seed, i, playout="greedy", tree=False, start=0):
    """The journal line of position i: {"task", "positions": [record relabelled], "seconds",
    "cpu_s"}."""
    times = stopwatch()
    _, state = rebuild_position(game, record, f"position {i} ({record.get('id')})")
    budget = {"sims": sims, "playout": playout, "tree": tree, "start": start}
    labels = label_once(game, state, record["seat"], budget, label_seed(seed, i))
    if labels.actions.tolist() != list(record["legal"]):
        raise ValueError(f"position {i}: the labeller's legal actions differ from the suite's")
    old = dict({k: v for k, v in record.items() if k not in CROSS_KEYS + ("start",)},
               behaviour=record_behaviour(game, record, i))        # under these rules
    if two_labellings(record):              # labelled twice again, the second seeded apart
        new = dict(old, **label_pair(labels, game, state, record["seat"], budget,
                                     label_seed(seed + SECOND, i)))
    else:
        new = dict(old, **label_fields(labels, sims))
    return {"task": i, "positions": [new], **times()}


def _positive(name, value):
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"decisions relabel: --{name} must be a positive integer, "
                         f"got {value!r}")


def relabel(args):
    """Run (or continue) a relabelling; returns the suite dict written to args.out."""
    from speciesgym.training.decisions.versions import rules_hash
    source = load_suite(args.suite, allow_stale=True)   # positions must still load
    data = read_suite_file(source.path)
    positions = data["positions"]
    sims = args.sims if args.sims is not None else int(data.get("budget", {}).get("sims", 0))
    _positive("sims", sims)
    _positive("workers", args.workers)
    if isinstance(args.seed, bool) or not isinstance(args.seed, int):
        raise ValueError(f"decisions relabel: --seed must be an integer, got {args.seed!r}")
    from speciesgym.agents.search.label import playout_kinds
    try:
        playout_kinds(data["game"], args.playout)
    except ValueError as exc:
        raise ValueError(f"decisions relabel: --playout: {exc}") from None
    out = pathlib.Path(args.out)
    if not out.name.endswith(".json.gz"):
        raise ValueError(f"decisions relabel: --out must end in .json.gz, got {args.out!r}")
    if out.resolve() == pathlib.Path(source.path).resolve():
        raise ValueError("decisions relabel: --out is the suite itself; write elsewhere")
    budget = dict(data.get("budget", {}), sims=sims, rollout=args.playout)
    budget.pop("tree", None)
    budget.pop("start", None)
    if args.tree:
        budget["tree"] = True               # absent otherwise: old journals keep their header
    check_start("relabel", args.start, sims)
    if args.start:
        budget["start"] = args.start        # likewise
    version = args.version if args.version is not None else int(data.get("version") or 0) + 1
    _positive("version", version)
    header = {"relabel": data["name"], "positions": fingerprint(positions),
              "seed": args.seed, "budget": budget, "rules": rules_hash(data["game"])}
    try:
        journal = Journal(out.with_name(out.name[:-len(".json.gz")] + ".partial.jsonl"), header)
    except OSError as exc:
        raise ValueError(f"decisions relabel: cannot write beside {out}: {exc.strerror}") \
            from None
    todo = [i for i in range(len(positions)) if i not in journal.done]
    if args.max_positions is not None:
        todo = todo[:args.max_positions]
    bar = progress_bar(len(positions), len(journal.done), args.progress)
    meta = {k: v for k, v in data.items() if k != "positions"}

    def write():
        kept, used = journal.prefix(len(positions))
        kept, rule = mark_clear(kept)
        result = dict(meta, seed=args.seed, budget=budget, command=args.command, clear_rule=rule,
                      complete=used == len(positions), version=version,
                      rules_hash=header["rules"],
                      relabel={"source": str(source.path), "source_seed": data.get("seed"),
                               "source_version": data.get("version"),
                               "source_info": source.info,
                               "source_budget": data.get("budget"),
                               "source_command": data.get("command")},
                      built=journal.built(used),
                      positions=kept)
        from speciesgym.training.decisions.suite import write_suite
        write_suite(result, out)
        return result

    new = written = 0

    def on_result(entry):
        nonlocal new, written
        journal.add(entry)
        new += 1
        if bar is not None:
            bar.update(1)
        if new - written >= WRITE_EVERY:
            written = new
            write()

    calls = ((f"position {i} ({positions[i].get('id')})", relabel_task,
              (data["game"], positions[i], sims, args.seed, i, args.playout, args.tree,
               args.start))
             for i in todo)
    run_journaled("relabel", "positions", journal, bar, calls, args.workers, on_result,
                  executor=args.executor)
    return write()
