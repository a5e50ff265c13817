"""The table of benchmarks/results/luck/README.md from the per-game CSVs that luck_bench.py
wrote: for each run (and pooled over the runs of one setting, named <setting>_s<seed>), the
plain and adjusted standard deviations, the variance ratio with its bootstrap interval over
games, and the games needed for a +-3 point 95% interval, with the chance terms alone and
with the chance and decision terms.

  python benchmarks/scripts/luck_table.py evo_hunter_grazer_net ds_random_net ...
"""
import argparse
import csv
import json
import os
import re

import numpy as np

from speciesgym.training.luck.estimator import summarize

RESULTS = os.path.join("benchmarks", "results", "luck")


def read_run(name):
    with open(os.path.join(RESULTS, f"{name}.csv"), newline="") as fh:
        rows = list(csv.DictReader(fh))
    with open(os.path.join(RESULTS, f"{name}.json")) as fh:
        meta = json.load(fh)
    cols = {k: np.array([float(r.get(k) or 0.0) for r in rows]) for k in
            ("plain", "chance", "decision", "cpu_seconds")}
    return cols, meta


def row(label, cols, value):
    plain = cols["plain"]
    chance = summarize(plain, plain - cols["chance"])
    both = summarize(plain, plain - cols["chance"] - cols["decision"])
    cells = [label, value, str(chance["games"]), f"{chance['plain']['sd']:.3f}"]
    for s in (chance, both):
        low, high = s["variance_ratio_ci"]
        cells += [f"{s['adjusted']['sd']:.3f}",
                  f"{s['variance_ratio']:.2f} [{low:.2f}, {high:.2f}]"]
    cells += [f"{chance['plain']['games_needed']} / {both['adjusted']['games_needed']}",
              f"{cols['cpu_seconds'].mean():.2f}"]
    return "| " + " | ".join(cells) + " |"


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("settings", nargs="+", help="run names without _s<seed>")
    args = p.parse_args(argv)
    print("| setting | value | games | plain sd | adjusted sd, chance | variance ratio, chance "
          "[95%] | adjusted sd, chance + decisions | variance ratio, chance + decisions [95%] "
          "| games for +-3 pts plain / adjusted | correction CPU s / game |")
    print("|" + "---|" * 10)
    names = sorted(f[:-4] for f in os.listdir(RESULTS) if f.endswith(".csv"))
    for setting in args.settings:
        runs = [n for n in names if re.fullmatch(rf"{re.escape(setting)}_s\d+", n)]
        pooled = None
        for name in runs:
            cols, meta = read_run(name)
            value = meta["value"].split("/")[-1]
            print(row(f"{name} (seeds from {meta['seed']})", cols, value))
            pooled = cols if pooled is None else {k: np.concatenate([pooled[k], cols[k]])
                                                   for k in cols}
        if len(runs) > 1:
            print(row(f"**{setting}, pooled**", pooled, value))


if __name__ == "__main__":
    main()
