"""`speciesgym luck <records or folders>`: luck-corrected rewards of one agent's seat in
stored game records (a tournament's games/*.json, a match's records), after the fact.

Prints the plain and adjusted mean reward with 95% bootstrap intervals over games, a line
`variance ratio <r>`, and the games each needs for a +-3 point interval; --out writes the
per-game rows (plain, adjusted, chance and decision terms by phase) and the summary,
naming the value. With --decisions, the decisions of seats whose law is known
(training.luck.policies) are corrected too.
"""
import json
import os

from speciesgym.training.luck.estimator import summarize, variance_ratio_line
from speciesgym.training.luck.evaluate import record_luck
from speciesgym.training.luck.policies import known_law
from speciesgym.training.luck.values import parse_value
from speciesgym.training.records.record import FORMAT, load_record


def add_arguments(parser):
    parser.add_argument("paths", nargs="+", help="game record files, or folders searched "
                        "for them (a tournament's folder)")
    parser.add_argument("--luck", "--value", dest="value", default="value:search:8",
                        help="the value function, fixed before the games were seen: "
                             "value:search:<sims>[:<playout>], value:ppo:<zip> or "
                             "value:net:<file> "
                             "(default %(default)s)")
    parser.add_argument("--agent", default=None, help="the agent spec whose seat is "
                        "evaluated (default: the agent of seat 0 of the first record)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the value's own "
                        "generator and of the bootstrap")
    parser.add_argument("--decisions", action="store_true", help="also correct the "
                        "decisions of seats whose law is known (random agents, the "
                        "heuristics' draw among their best actions): one value call per "
                        "action they could have drawn")
    parser.add_argument("--samples", type=int, default=None, help="estimate an expectation "
                        "over more outcomes than this from this many outcomes drawn from "
                        "its law (unbiased, adds variance; default: every outcome, exactly); "
                        "a Dominant Species step's element-bag draws are always sampled, "
                        "over this many fresh generator words (default 8)")
    parser.add_argument("--out", default=None, help="a JSON file for per-game rows and the "
                        "summary")
    parser.set_defaults(func=run)


def record_paths(paths):
    out = []
    for path in paths:
        if os.path.isdir(path):
            for root, _, files in os.walk(path):
                out += [os.path.join(root, f) for f in sorted(files) if f.endswith(".json")]
        elif os.path.isfile(path):
            out.append(path)
        else:
            raise ValueError(f"no such record file or folder: {path}")
    return out


def load_records(paths):
    records = []
    for path in record_paths(paths):
        try:
            with open(path, encoding="utf-8") as fh:
                head = json.load(fh)
        except (OSError, ValueError):
            continue
        if isinstance(head, dict) and head.get("format") == FORMAT and head.get("finished") \
                and head.get("scores") is not None:         # a forfeit has no position
            records.append(load_record(path))
    if not records:
        raise ValueError("no finished game records found")
    return records


def evaluate(records, value_spec, agent=None, seed=0, decisions=False, samples=None):
    """(rows, summary) for the seat of `agent` in every record that has it; with
    `decisions`, the decisions of seats whose law is known are corrected too; `samples`:
    expectations over more outcomes than that are estimated from that many draws."""
    if samples is not None and (isinstance(samples, bool) or int(samples) < 1):
        raise ValueError(f"samples must be a positive number of outcomes, got {samples!r}")
    first = records[0]
    agent = first["agents"][0] if agent is None else agent
    value = parse_value(value_spec, first["game"], first["players"], first["options"], seed)
    check_seeds(value, [rec["seed"] for rec in records])
    laws = {}
    rows = []
    for rec in records:
        if (rec["game"], rec["players"], rec["options"]) != (first["game"], first["players"],
                                                              first["options"]):
            raise ValueError("records of different games or options cannot be pooled")
        if agent not in rec["agents"]:
            continue
        seat = rec["agents"].index(agent)
        if decisions:
            for spec in rec["agents"]:
                if spec not in laws:
                    laws[spec] = known_law(spec, rec["game"], rec["players"])
        seat_laws = [laws.get(spec) for spec in rec["agents"]]
        reward, luck, cpu = record_luck(rec, value, seat, seat_laws, samples)
        rows.append({"seed": rec["seed"], "seat": seat, "plain": reward,
                     "adjusted": luck.adjusted(reward), "chance": luck.total("chance"),
                     "decision": luck.total("decision"), "by_label": luck.by_label(),
                     "cpu_seconds": cpu})
    if len(rows) < 2:
        raise ValueError(f"fewer than 2 records with agent {agent!r}")
    summary = summarize([r["plain"] for r in rows], [r["adjusted"] for r in rows], seed=seed)
    summary.update(value=value.name, value_sha256=value.digest, agent=agent, game=first["game"],
                   decisions_corrected=sorted(a for a, law in laws.items() if law is not None),
                   samples=samples,
                   cpu_seconds_per_game=sum(r["cpu_seconds"] for r in rows) / len(rows))
    return rows, summary


def check_seeds(value, seeds):
    """ValueError naming the value when a game to evaluate has a seed the value was fitted
    on: the value function must be fixed before the evaluation data (and apart from it)."""
    if value.training_seeds is None:
        return
    lo, hi = value.training_seeds
    shared = sorted({int(s) for s in seeds if lo <= int(s) < hi})
    if shared:
        raise ValueError(f"{value.name} was fitted on games of seeds {lo}..{hi - 1}; "
                         f"{len(shared)} game(s) to evaluate share them (seeds "
                         f"{', '.join(map(str, shared[:5]))}{', ...' if len(shared) > 5 else ''}):"
                         f" evaluate on other seeds")


def format_summary(s):
    lines = [f"{s['agent']} in {s['games']} games of {s['game']}, luck value {s['value']}"]
    if s.get("decisions_corrected"):
        lines.append(f"  decisions corrected for {', '.join(s['decisions_corrected'])}")
    for kind in ("plain", "adjusted"):
        k = s[kind]
        lines.append(f"  {kind:<8} reward {k['mean']:.3f} [{k['low']:.3f}, {k['high']:.3f}] "
                     f"sd {k['sd']:.3f}, {k['games_needed']} games for +-3 points")
    if s.get("samples"):
        lines.append(f"  expectations over more than {s['samples']} outcomes sampled "
                     f"({s['samples']} draws each)")
    lines.append(variance_ratio_line(s))
    lines.append(f"correction cost {s['cpu_seconds_per_game']:.2f} CPU s per game")
    return "\n".join(lines)


def entrants_luck(folder, agents, value_spec, seed=0, out=None):
    """After a tournament: each entrant's luck summary over its games' records (printed;
    written to `out` as JSON). An entrant whose games cannot be pooled is named with why."""
    records = load_records([folder])
    summaries = {}
    for agent in agents:
        try:
            summaries[agent] = evaluate(records, value_spec, agent, seed)[1]
            print(format_summary(summaries[agent]))
        except ValueError as exc:
            print(f"{agent}: no luck correction ({exc})")
    if out:
        with open(out, "w", encoding="utf-8") as fh:
            json.dump(summaries, fh, indent=1)
    return summaries


def run(args):
    rows, summary = evaluate(load_records(args.paths), args.value, args.agent, args.seed,
                             decisions=args.decisions, samples=args.samples)
    print(format_summary(summary))
    if args.out:
        with open(args.out, "w", encoding="utf-8") as fh:
            json.dump({"summary": summary, "games": rows}, fh, indent=1)
    return 0
