"""What a change of recipe does to the multi-seed result: `speciesgym effects BASE VARIANT...`.

Each argument is a sweep's folder (training.ppo.sweep; the report of training.analysis.sweep_report reads the
same files). For every sweep, at its last evaluated step and for each opponent (and the "all
heuristics" row: each seed's lowest win rate against the heuristics), the table gives the
IQM of the seeds' win rates with its 95% bootstrap interval, as `speciesgym report` does (the
"all heuristics" IQM pools every heuristic's win rates), and for each variant the difference
of its IQM from the base's with a 95% interval: `reps` resamples of the base's seeds and,
independently, of the variant's seeds (each sweep trained on its own; for "all heuristics"
each opponent's seeds resampled on their own), the percentile interval of the differences.
The flags in which a variant's sweep.json differs from the base's name the change, so the
table says what was varied without the reader taking it on trust.

Sweeps of another game or player count than the base are refused (their win rates do not
compare), as is a folder that is not a sweep.
"""
import json
import os

import numpy as np

from speciesgym.training.analysis.sweep_report import ALL_HEURISTICS, read_eval, seed_dirs, summarise
from speciesgym.training.ppo.stored_args import stored_config
from speciesgym.training.ppo.sweep import NOT_CONFIG, SWEEP_FILE
from speciesgym.training.stats import CONFIDENCE, iqm

COMPARED = ("game", "players")       # what must be equal for win rates to compare
FIELDS = ("sweep", "changes", "step", "opponent", "seeds", "iqm", "low", "high", "delta",
          "delta_low", "delta_high", "cpu_minutes")


def sweep_of(folder, reps, seed):
    """(config, {opponent: row}) of a sweep: its stored config and report rows at its last
    evaluated step."""
    path = os.path.join(folder, SWEEP_FILE)
    if not os.path.isfile(path):
        raise ValueError(f"effects: {folder} is not a sweep (no {SWEEP_FILE})")
    with open(path) as f:
        config = stored_config(json.load(f)["config"], NOT_CONFIG)
    evals = {s: read_eval(os.path.join(d, "eval.csv")) for s, d in seed_dirs(folder).items()}
    rows = summarise(evals, reps=reps, seed=seed)
    last = max(r["step"] for r in rows)
    return config, {r["opponent"]: r for r in rows if r["step"] == last}


def changes(base, config):
    """The flags in which `config` differs from `base`, as `--flag value` text (an empty
    value as `--flag=`, as it is typed to switch the flag off)."""
    keys = sorted(set(base) | set(config))

    def flag(k):
        value = config.get(k, "<absent>")
        name = f"--{k.replace('_', '-')}"
        return f"{name}=" if value in ("", None) else f"{name} {value}"
    out = [flag(k) for k in keys if base.get(k, "<absent>") != config.get(k, "<absent>")]
    return " ".join(out) or "(same config)"


def pooled_iqm_samples(groups, reps, rng):
    """`reps` bootstrap IQMs of the pooled `groups` (lists of values), each group resampled
    with replacement on its own (stratified, as training.analysis.sweep_report's interval)."""
    parts = [np.asarray(g, float) for g in groups]
    return iqm(np.concatenate([g[rng.integers(0, g.size, size=(reps, g.size))] for g in parts],
                              axis=1))


def delta_interval(base_groups, groups, reps=2000, seed=0, confidence=CONFIDENCE):
    """(low, high): percentile bootstrap interval of the pooled IQM of `groups` less that of
    `base_groups` (one group per opponent; one group for a single opponent), the two sweeps
    resampled independently."""
    rng = np.random.default_rng(seed)
    diff = pooled_iqm_samples(groups, reps, rng) - pooled_iqm_samples(base_groups, reps, rng)
    tail = (1 - confidence) / 2 * 100
    low, high = np.percentile(diff, [tail, 100 - tail])
    return float(low), float(high)


def groups_of(rows, opponent):
    """The seeds' win rates behind a report row: one group, or one per heuristic for the
    "all heuristics" row (whose IQM pools them)."""
    if opponent != ALL_HEURISTICS:
        return [list(rows[opponent]["values"].values())]
    return [list(r["values"].values()) for o, r in rows.items() if o.startswith("heuristic:")]


def effects(folders, reps=2000, seed=0):
    """Rows (dicts with FIELDS) for the base folders[0] and each variant after it."""
    if len(folders) < 2:
        raise ValueError("effects: give the base sweep and at least one variant")
    base_config, base_rows = sweep_of(folders[0], reps, seed)
    out = []
    for i, folder in enumerate(folders):
        config, rows = (base_config, base_rows) if i == 0 else sweep_of(folder, reps, seed)
        for key in COMPARED:
            if config.get(key) != base_config.get(key):
                raise ValueError(f"effects: {folder} is a sweep of --{key} {config.get(key)}, "
                                 f"the base {folders[0]} of {base_config.get(key)}: their win "
                                 f"rates do not compare")
        for opponent, row in rows.items():
            base = base_rows.get(opponent)
            delta = low = high = float("nan")
            if i > 0 and base is not None:
                mine, theirs = groups_of(rows, opponent), groups_of(base_rows, opponent)
                delta = float(row["iqm"] - base["iqm"])
                low, high = delta_interval(theirs, mine, reps, seed)
            out.append({"sweep": folder, "changes": "base" if i == 0 else
                        changes(base_config, config), "step": row["step"],
                        "opponent": opponent, "seeds": row["seeds"], "iqm": row["iqm"],
                        "low": row["low"], "high": row["high"], "delta": round(delta, 4),
                        "delta_low": round(low, 4), "delta_high": round(high, 4),
                        "cpu_minutes": row["cpu_minutes"]})
    return out


def format_effects(rows):
    lines = [f"{'opponent':<22} {'seeds':>5} {'step':>9} {'IQM':>7} {'95% CI':>13} "
             f"{'vs base':>8} {'95% CI':>15}  CPU min"]
    for sweep in dict.fromkeys(r["sweep"] for r in rows):
        mine = [r for r in rows if r["sweep"] == sweep]
        lines.append(f"{sweep}: {mine[0]['changes']}")
        for r in mine:
            ci = f"{r['low']:.1%}-{r['high']:.1%}"
            delta = "" if np.isnan(r["delta"]) else f"{r['delta']:+.1%}"
            dci = "" if np.isnan(r["delta"]) else f"{r['delta_low']:+.1%}..{r['delta_high']:+.1%}"
            lines.append(f"  {r['opponent']:<20} {r['seeds']:>5} {r['step']:>9} "
                         f"{r['iqm']:>7.1%} {ci:>13} {delta:>8} {dci:>15}  "
                         f"{r['cpu_minutes']:.1f}")
    return "\n".join(lines)


def markdown_effects(rows):
    """The table as Markdown (the README's form): one line per sweep, one column per
    opponent; a cell is the IQM, then for a variant its difference from the base in points
    with the 95% interval."""
    opponents = list(dict.fromkeys(r["opponent"] for r in rows))
    names = [o.split(":", 1)[-1] for o in opponents]
    lines = ["| sweep (change) | seeds | " + " | ".join(names) + " |",
             "|---|---|" + "---|" * len(names)]
    for sweep in dict.fromkeys(r["sweep"] for r in rows):
        mine = {r["opponent"]: r for r in rows if r["sweep"] == sweep}
        first = next(iter(mine.values()))
        cells = []
        for o in opponents:
            r = mine.get(o)
            if r is None:
                cells.append("")
            elif np.isnan(r["delta"]):
                cells.append(f"{r['iqm']:.1%} [{100 * r['low']:.1f}-{100 * r['high']:.1f}]")
            else:
                cells.append(f"{r['iqm']:.1%}, {100 * r['delta']:+.1f} "
                             f"[{100 * r['delta_low']:+.1f}, {100 * r['delta_high']:+.1f}]")
        lines.append(f"| {os.path.basename(os.path.normpath(sweep))} (`{first['changes']}`) | "
                     f"{first['seeds']} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def run_effects(folders, reps=2000, seed=0, out_dir=None, out=print):
    """Print the effects table; with `out_dir`, write effects.csv, effects.json and
    effects.md (markdown_effects) there."""
    rows = effects(folders, reps, seed)
    out(format_effects(rows))
    if out_dir:
        import csv
        os.makedirs(out_dir, exist_ok=True)
        with open(os.path.join(out_dir, "effects.csv"), "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=FIELDS)
            writer.writeheader()
            writer.writerows(rows)
        with open(os.path.join(out_dir, "effects.json"), "w") as f:
            json.dump({"sweeps": list(folders), "reps": reps, "bootstrap_seed": seed,
                       "confidence": CONFIDENCE, "statistic": "iqm", "rows": rows}, f, indent=2)
        with open(os.path.join(out_dir, "effects.md"), "w") as f:
            f.write(markdown_effects(rows) + "\n")
        out(f"wrote {out_dir}/effects.csv, effects.json, effects.md")
    return 0
