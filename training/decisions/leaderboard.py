"""`speciesgym decisions leaderboard`: several agents on one suite; a table ordered by mean
regret (lower is better), leaderboard.csv, leaderboard.png (agreement and regret with their
95% intervals) and each agent's eval JSON, in one output folder."""
import csv
import json
import pathlib

from speciesgym.training.decisions.evaluate import evaluate
from speciesgym.training.decisions.suite import Suite, load_suite

COLUMNS = ("agent", "n", "n_clear", "agreement", "agreement_lo", "agreement_hi", "regret",
           "regret_lo", "regret_hi", "floor", "floor_lo", "floor_hi", "labellings", "games",
           "ms_per_decision", "suite", "suite_version",
           "suite_sha256", "rules_hash", "stale")


def leaderboard_rows(results):
    rows = []
    for res in results:
        s = res.overall
        info = res.suite_info
        floor = s.get("floor") or ["", "", ""]
        rows.append(dict(zip(COLUMNS, (res.agent, s["n"], s["n_clear"], *s["agreement"],
                                       *s["regret"], *floor, s.get("labellings", 1),
                                       s.get("games", ""), s["ms_per_decision"], res.suite,
                                       info.get("version"), info.get("file_sha256"),
                                       info.get("rules_hash"), res.stale))))
    return sorted(rows, key=lambda r: (r["regret"], r["agent"]))


def table_lines(rows):
    from speciesgym.training.decisions.versions import describe
    first = rows[0] if rows else {}
    out = [describe({"name": first.get("suite"), "version": first.get("suite_version"),
                     "file_sha256": first.get("suite_sha256"),
                     "rules_hash": first.get("rules_hash"), "stale": first.get("stale")})]
    out += [f"{'agent':<28} {'agreement [95% CI]':<24} {'regret [95% CI]':<26} {'ms/dec':>8}"]
    for r in rows:
        out.append(f"{r['agent']:<28} {r['agreement']:.3f} [{r['agreement_lo']:.3f}, "
                   f"{r['agreement_hi']:.3f}]   {r['regret']:.4f} [{r['regret_lo']:.4f}, "
                   f"{r['regret_hi']:.4f}]  {r['ms_per_decision']:8.2f}")
    return out + [floor_words(rows)]


def spread(rows):
    """(the spread the noise floor is measured against, its name): from the best agent's
    regret to random's when random is on the board (the suites aim at a floor of a quarter
    of it at most), else to the worst agent's. `rows`: the board's, regret as a number or
    its text."""
    regret = {r["agent"]: float(r["regret"]) for r in rows}
    worst = "random" if "random" in regret else max(regret, key=regret.get)
    return regret[worst] - min(regret.values()), \
        "best-to-random" if worst == "random" else "best-to-worst"


def floor_words(rows):
    """The noise floor beside the agents: its value and its share of the spread from the
    best agent's regret to random's (spread)."""
    if not rows or rows[0].get("floor") in ("", None):
        return ("noise floor: not measured (one labelling per position); agents closer "
                "than the labels' own noise cannot be told apart")
    first = rows[0]
    width, name = spread(rows)
    share = f"{first['floor'] / width:.2f}" if width > 0 else "- (no spread)"
    return (f"noise floor {first['floor']:.4f} [{first['floor_lo']:.4f}, "
            f"{first['floor_hi']:.4f}] (an oracle of one labelling scored under the other); "
            f"{name} spread {width:.4f}, floor / spread {share}; "
            f"{first['n_clear']} clear of {first['n']} positions from {first['games']} games")


def plot(rows, suite_name, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    names = [r["agent"] for r in rows]
    fig, axes = plt.subplots(1, 2, figsize=(10, 0.5 * len(rows) + 1.5), sharey=True)
    for ax, key, label in ((axes[0], "agreement", "agreement with the best action (clear)"),
                           (axes[1], "regret", "mean regret (rank reward)")):
        mid = [r[key] for r in rows]
        err = [[r[key] - r[f"{key}_lo"] for r in rows], [r[f"{key}_hi"] - r[key] for r in rows]]
        ax.barh(names, mid, xerr=err, color="#4c78a8", capsize=3)
        ax.set_xlabel(label)
    axes[0].invert_yaxis()
    stale = " (STALE: labelled under other rules)" if rows and rows[0]["stale"] else ""
    fig.suptitle(f"decision suite {suite_name}{stale}")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def run_leaderboard(suite, agents, out, seed=0, limit=None, executor=None):
    """Evaluate each agent spec on the suite, here or as tasks of `executor` (a
    training.cluster.tasks.RayTasks; training.decisions.eval_tasks); write the files under
    `out` (each agent's eval JSON as soon as it is scored); the rows."""
    if not agents:
        raise ValueError("decisions leaderboard: give at least one agent")
    if not isinstance(suite, Suite):
        suite = load_suite(suite)
    out = pathlib.Path(out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ValueError(f"decisions leaderboard: cannot create {out}: {exc.strerror}") from None

    def keep(res):
        res.write_json(eval_path(out, res.agent))
        return res

    if executor is None:
        results = [keep(evaluate(suite, spec, seed=seed, limit=limit)) for spec in agents]
    else:
        from speciesgym.training.decisions.eval_tasks import evaluate_on
        results = evaluate_on(executor, suite, agents, seed, limit, done=keep)
    return write_tables(results, out)


def eval_path(out, agent):
    """The eval JSON of `agent` in leaderboard folder `out`."""
    return pathlib.Path(out) / f"eval-{agent.replace(':', '_').replace('/', '_')}.json"


def write_tables(results, out):
    """leaderboard.csv, leaderboard.txt and leaderboard.png of `results` in folder `out`;
    the rows."""
    out = pathlib.Path(out)
    rows = leaderboard_rows(results)
    with open(out / "leaderboard.csv", "w", newline="") as fh:
        writer = csv.DictWriter(fh, COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    (out / "leaderboard.txt").write_text("\n".join(table_lines(rows)) + "\n")
    plot(rows, results[0].suite if results else "?", out / "leaderboard.png")
    return rows


def read_board(folder, command):
    """{agent: its eval JSON as a dict} of a leaderboard folder, in leaderboard.csv order;
    ValueError (naming `command`) when the table or an agent's eval JSON is missing."""
    folder = pathlib.Path(folder)
    board = folder / "leaderboard.csv"
    if not board.is_file():
        raise ValueError(f"{command}: no leaderboard.csv in {folder}")
    with open(board, newline="") as fh:
        agents = [row["agent"] for row in csv.DictReader(fh)]
    found = {}
    for path in sorted(folder.glob("eval-*.json")):
        with open(path) as fh:
            data = json.load(fh)
        found[data["agent"]] = data
    missing = [a for a in agents if a not in found]
    if missing:
        raise ValueError(f"{command}: {folder} has no eval JSON for {', '.join(missing)}")
    return {a: found[a] for a in agents}
