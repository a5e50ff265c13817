"""docs/benchmarks/luck.md: its template (docs/gen/templates/luck.md) with the tables of the
luck-correction runs listed in docs/gen/bench_sources.py (LUCK_PAIRS, LUCK_AGREEMENT), each
read from the per-game CSV and the JSON that benchmarks/scripts/luck_bench.py or
luck_agreement.py wrote under benchmarks/results/luck/."""
import csv
import json
from pathlib import Path

import numpy as np

from docs.gen import bench_sources as src
from docs.gen.markdown import table

RESULTS = Path(__file__).resolve().parents[2] / "benchmarks" / "results" / "luck"
TEMPLATE = Path(__file__).parent / "templates" / "luck.md"


def read_run(name):
    """({column: array} of the run's per-game CSV, its JSON)."""
    with open(RESULTS / f"{name}.csv", newline="") as fh:
        rows = list(csv.DictReader(fh))
    meta = json.loads((RESULTS / f"{name}.json").read_text())
    cols = {k: np.array([float(r.get(k) or 0.0) for r in rows])
            for k in ("plain", "chance", "decision", "cpu_seconds")}
    return cols, meta


def _value_name(meta):
    """The value spec of a run without its prefix and folders (`net:zoo:evolution-2p`)."""
    return meta["value"].replace("value:", "").split("/")[-1]


def _ratio(s):
    low, high = s["variance_ratio_ci"]
    return f"{s['variance_ratio']:.2f} [{low:.2f}, {high:.2f}]"


def pair_row(entry):
    """A row of the games-needed table: plain sd, then chance terms alone, then chance and
    decision terms (adjusted sd, variance ratio, games for +-3 points), the cost."""
    from speciesgym.training.luck.estimator import summarize
    cols, meta = read_run(entry["run"])
    plain = cols["plain"]
    chance = summarize(plain, plain - cols["chance"])
    both = summarize(plain, plain - cols["chance"] - cols["decision"])
    corrected = bool(meta.get("decisions_corrected"))
    both_cells = ((f"{both['adjusted']['sd']:.3f}", _ratio(both)) if corrected
                  else ("no seat corrected", ""))
    needed = both["adjusted"]["games_needed"] if corrected else "-"
    return (entry["setting"], f"`{_value_name(meta)}`", chance["games"], f"{chance['plain']['sd']:.3f}",
            f"{chance['adjusted']['sd']:.3f}", _ratio(chance), *both_cells,
            f"{chance['plain']['games_needed']} / {chance['adjusted']['games_needed']} / "
            f"{needed}", f"{cols['cpu_seconds'].mean():.2f}")


PAIR_HEAD = ("setting", "value", "games", "plain sd", "adjusted sd, chance",
             "variance ratio, chance [95%]", "adjusted sd, chance + decisions",
             "variance ratio, chance + decisions [95%]",
             "games for +-3 points: plain / chance / chance + decisions",
             "correction CPU s per game")


def agreement_row(entry):
    meta = json.loads((RESULTS / f"{entry['run']}.json").read_text())
    d = meta["difference"]
    cells = [entry["setting"], f"`{_value_name(meta)}`",
             meta["games"]]
    for kind in ("plain", "adjusted"):
        k = meta[kind]
        cells.append(f"{k['mean']:.4f} [{k['low']:.4f}, {k['high']:.4f}]")
    cells += [f"{d['mean']:+.4f} [{d['low']:+.4f}, {d['high']:+.4f}]",
              "yes" if meta["agree"] else "**no**",
              f"{meta['correction_cpu_seconds_per_game']:.2f}"]
    return cells


AGREEMENT_HEAD = ("setting", "value", "games", "plain mean [95%]", "adjusted mean [95%]",
                  "plain - adjusted [95%]", "interval holds 0", "correction CPU s per game")


def commands(entries):
    lines = []
    for e in entries:
        meta = json.loads((RESULTS / f"{e['run']}.json").read_text())
        lines.append(f"{meta['command']}   # commit {meta['commit']}, {e['date']}")
    return "```\n" + "\n".join(lines) + "\n```"


def page():
    text = TEMPLATE.read_text()
    blocks = {
        "pairs": table(PAIR_HEAD, [pair_row(e) for e in src.LUCK_PAIRS]),
        "pairs-commands": commands(src.LUCK_PAIRS),
        "agreement": table(AGREEMENT_HEAD, [agreement_row(e) for e in src.LUCK_AGREEMENT]),
        "agreement-commands": commands(src.LUCK_AGREEMENT),
        "machine": src.MACHINE,
    }
    for name, block in blocks.items():
        marker = f"<!-- {name} -->"
        if marker not in text:
            raise ValueError(f"{TEMPLATE.name} lacks the {marker} marker")
        text = text.replace(marker, block)
    return text


def pages():
    return {"benchmarks/luck.md": page()}
