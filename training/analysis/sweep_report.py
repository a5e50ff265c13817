"""A sweep's results across seeds: `speciesgym report runs/<name>`.

Reads every runs/<name>/seed_<k>/eval.csv (training.ppo.sweep; a single run's folder with its own
eval.csv counts as one seed) and gives, per evaluated step and opponent:

  seeds        how many seeds have evaluated that step (runs still going have fewer steps)
  iqm          the interquartile mean of the seeds' win rates: the mean of what is left after
               cutting int(n/4) values off each end of the sorted n values (rliable's IQM,
               scipy.stats.trim_mean(x, 0.25)); for n < 4 it is the plain mean
  low, high    its 95% percentile bootstrap interval: `reps` resamples of the seeds with
               replacement, from a generator seeded by `seed` (the same input and seed give
               the same interval)
  past_target  the share of seeds whose win rate is at least `target`
  cpu_minutes  the median over the seeds of the run's CPU time when that step was evaluated

With two or more `heuristic:` opponents, an "all heuristics" row pools each seed's win rate
against every heuristic: its IQM and interval are rliable's aggregate over tasks, with the
bootstrap stratified by opponent (each opponent's seeds are resampled on their own), and its
past_target is the share of seeds at or past the target against every heuristic.

If a step was evaluated twice for an opponent (a resumed run can repeat the evaluations it did
after its last checkpoint), the last row counts. Writes report.csv, report.json and curves.png
(IQM with its interval as a band, each seed as a thin line, the target dashed).
"""
import csv
import json
import os
import re

import numpy as np

from speciesgym.training.stats import CONFIDENCE, iqm, stratified_bootstrap

ALL_HEURISTICS = "all heuristics"
SEED_DIR = re.compile(r"seed_([0-9]+)")
FIELDS = ("step", "opponent", "seeds", "iqm", "low", "high", "mean", "past_target", "target",
          "cpu_minutes")


def seed_dirs(folder):
    """{seed: folder} of a sweep's seeds having an eval.csv; a single run counts as one seed."""
    if not os.path.isdir(folder):
        raise ValueError(f"report: {folder} is not a folder")
    found = {}
    for name in os.listdir(folder):
        match = SEED_DIR.fullmatch(name)
        path = os.path.join(folder, name)
        if match and os.path.isfile(os.path.join(path, "eval.csv")):
            found[int(match.group(1))] = path
    if not found and os.path.isfile(os.path.join(folder, "eval.csv")):
        seed = 0
        if os.path.isfile(os.path.join(folder, "args.json")):
            with open(os.path.join(folder, "args.json")) as f:
                seed = int(json.load(f).get("seed", 0))
        found[seed] = folder
    if not found:
        raise ValueError(f"report: no seed_<k>/eval.csv in {folder} (nothing evaluated yet? "
                         f"evaluations are written every --eval-every steps)")
    return dict(sorted(found.items()))


def read_eval(path):
    """{(step, opponent): (win_rate, cpu_seconds)} of one eval.csv, the last row of a repeat."""
    rows = {}
    with open(path, newline="") as f:
        for i, row in enumerate(csv.DictReader(f)):
            if str(row.get("opponent", "")).startswith("suite:"):
                continue            # decision-suite scores (--eval-suite), not games
            try:
                key = (int(row["step"]), row["opponent"])
                rows[key] = (float(row["win_rate"]), float(row.get("cpu_seconds") or "nan"))
            except (KeyError, TypeError, ValueError):
                raise ValueError(f"report: {path} row {i + 2} is not an eval.csv row "
                                 f"(step, opponent, win_rate, ...): {row}") from None
    return rows


def summarise(evals, target=0.55, reps=2000, seed=0):
    """Report rows (dicts with FIELDS, plus `values`: {seed: win rate}) from
    {seed: read_eval(...)}, ordered by step, then opponent as first evaluated."""
    if not 0.0 <= target <= 1.0:
        raise ValueError(f"--target must be a win rate between 0 and 1, got {target}")
    opponents, steps = [], set()
    for rows in evals.values():
        for step, opponent in rows:
            steps.add(step)
            if opponent not in opponents:
                opponents.append(opponent)
    heuristics = [o for o in opponents if o.startswith("heuristic:")]
    out = []
    for step in sorted(steps):
        cpu = {s: min(c for (st, _), (_, c) in rows.items() if st == step)
               for s, rows in evals.items() if any(st == step for st, _ in rows)}
        cpu_minutes = round(float(np.nanmedian(list(cpu.values()))) / 60, 2)
        per_opponent = {}
        for opponent in opponents:
            values = {s: rows[(step, opponent)][0] for s, rows in evals.items()
                      if (step, opponent) in rows}
            if not values:
                continue
            per_opponent[opponent] = values
            out.append(row_of(step, opponent, [list(values.values())], values,
                              list(values.values()), target, reps, seed, cpu_minutes))
        if len(heuristics) >= 2:
            complete = [s for s in evals if all(s in per_opponent.get(h, {}) for h in heuristics)]
            if complete:
                groups = [[per_opponent[h][s] for s in complete] for h in heuristics]
                worst = {s: min(per_opponent[h][s] for h in heuristics) for s in complete}
                out.append(row_of(step, ALL_HEURISTICS, groups, worst, list(worst.values()),
                                  target, reps, seed, cpu_minutes))
    return out


def row_of(step, opponent, groups, values, judged, target, reps, seed, cpu_minutes):
    pooled = np.concatenate([np.asarray(g, dtype=float) for g in groups])
    low, high = stratified_bootstrap(groups, reps=reps, seed=seed)
    return {"step": step, "opponent": opponent, "seeds": len(values),
            "iqm": round(float(iqm(pooled)), 4), "low": round(low, 4), "high": round(high, 4),
            "mean": round(float(pooled.mean()), 4),
            "past_target": round(float(np.mean(np.asarray(judged) >= target)), 4),
            "target": target, "cpu_minutes": cpu_minutes, "values": values}


def format_report(rows, folder, seeds, target, reps, seed):
    lines = [f"{folder}: {len(seeds)} seed{'s' * (len(seeds) != 1)} "
             f"({', '.join(map(str, seeds))}); win rate across "
             f"seeds: IQM and 95% bootstrap interval ({reps} resamples, seed {seed}); share of "
             f"seeds at or past {target:.0%}",
             f"{'step':>9}  {'opponent':<22} {'seeds':>5} {'IQM':>7} {'95% CI':>15} "
             f"{'past':>6} {'CPU min':>8}"]
    for r in rows:
        ci = f"{r['low']:.1%}-{r['high']:.1%}"
        lines.append(f"{r['step']:>9}  {r['opponent']:<22} {r['seeds']:>5} {r['iqm']:>7.1%} "
                     f"{ci:>15} {r['past_target']:>6.0%} {r['cpu_minutes']:>8.1f}")
    return "\n".join(lines)


def write_outputs(rows, out_dir, meta):
    """report.csv (one line per row) and report.json (meta and the rows with every seed's
    value); returns their paths."""
    os.makedirs(out_dir, exist_ok=True)
    csv_path = os.path.join(out_dir, "report.csv")
    with open(csv_path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=FIELDS, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)
    json_path = os.path.join(out_dir, "report.json")
    with open(json_path, "w") as f:
        json.dump(dict(meta, rows=[dict(r, values={str(k): v for k, v in r["values"].items()})
                                   for r in rows]), f, indent=2)
    return csv_path, json_path


def plot_curves(rows, path, title, target):
    """Learning curves: one panel per opponent, IQM line, interval band, seeds as thin lines."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import FuncFormatter
    opponents = list(dict.fromkeys(r["opponent"] for r in rows))
    fig, axes = plt.subplots(1, len(opponents), figsize=(4.2 * len(opponents), 3.4),
                             squeeze=False, sharey=True)
    for ax, opponent in zip(axes[0], opponents):
        mine = [r for r in rows if r["opponent"] == opponent]
        steps = [r["step"] for r in mine]
        seeds = sorted({s for r in mine for s in r["values"]})
        for s in seeds:
            pts = [(r["step"], r["values"][s]) for r in mine if s in r["values"]]
            ax.plot(*zip(*pts), color="0.6", lw=0.7, alpha=0.7)
        ax.fill_between(steps, [r["low"] for r in mine], [r["high"] for r in mine],
                        alpha=0.3, color="C0", label="95% interval")
        ax.plot(steps, [r["iqm"] for r in mine], color="C0", lw=2, label="IQM")
        ax.axhline(target, color="C3", ls="--", lw=1, label=f"target {target:.0%}")
        ax.set_title(f"vs {opponent}" + (" (thin: each seed's lowest)"
                                         if opponent == ALL_HEURISTICS else ""), fontsize=10)
        ax.set_xlabel("steps")
        ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"{x / 1000:g}k"))
        ax.set_ylim(-0.02, 1.02)
    axes[0][0].set_ylabel("win rate")
    axes[0][0].legend(fontsize=8, loc="best")
    fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def run_report(folder, target=0.55, reps=2000, seed=0, out_dir=None, plot=True, out=print):
    """Read, summarise, print and write a sweep's report; returns 0."""
    dirs = seed_dirs(folder)
    evals = {s: read_eval(os.path.join(d, "eval.csv")) for s, d in dirs.items()}
    rows = summarise(evals, target=target, reps=reps, seed=seed)
    out(format_report(rows, folder, list(dirs), target, reps, seed))
    out_dir = out_dir or folder
    meta = {"sweep": folder, "seeds": list(dirs), "target": target, "reps": reps,
            "bootstrap_seed": seed, "confidence": CONFIDENCE, "statistic": "iqm"}
    paths = write_outputs(rows, out_dir, meta)
    if plot and rows:
        paths += (plot_curves(rows, os.path.join(out_dir, "curves.png"),
                              f"{folder}: {len(dirs)} seeds", target),)
    out("wrote " + ", ".join(paths))
    return 0
