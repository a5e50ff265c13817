"""docs/decisions.md: its template (docs/gen/templates/decisions.md) with the table of the
shipped decision suites, read from the suite files themselves (training/decisions/suites/),
and the agreement of each with its second labelling (docs/gen/bench_sources.py
SECOND_LABELLING, a file under benchmarks/results/)."""
import gzip
import json
from pathlib import Path

from docs.gen import markdown
from docs.gen.bench_sources import SECOND_LABELLING

ROOT = Path(__file__).resolve().parents[2]
SUITES = ROOT / "training" / "decisions" / "suites"
RESULTS = ROOT / "benchmarks" / "results"
TEMPLATE = Path(__file__).parent / "templates" / "decisions.md"


def suites():
    """The shipped suite dicts, by file name."""
    out = []
    for path in sorted(SUITES.glob("*.json.gz")):
        with gzip.open(path, "rt") as f:
            out.append(json.load(f))
    return out


def agreement_cell(data):
    """How far the suite's labels and its second labelling agree: of the positions clear in
    the suite, those where the second labelling's best action is the same (and the share
    over all positions); ValueError when the suite has no second labelling listed."""
    from speciesgym.training.decisions.agree import agreement
    if data["name"] not in SECOND_LABELLING:
        raise ValueError(f"suite {data['name']}: no second labelling in "
                         "docs/gen/bench_sources.py SECOND_LABELLING")
    fig = agreement(data, RESULTS / SECOND_LABELLING[data["name"]])
    clear, every = fig["clear_in_a"], fig["all"]
    return (f"{clear['same_best']}/{clear['n']} clear ({clear['share']:.2f}); "
            f"{every['share']:.2f} of all; seeds {fig['a']['seed']}, {fig['b']['seed']}")


def suite_rows():
    rows = []
    for data in suites():
        positions = data["positions"]
        players = sorted({int(p["players"]) for p in positions})
        budget = data.get("budget", {})
        spent = (f"successive halving from {budget['start']} simulations per action to "
                 f"{budget.get('sims')} for the last two" if budget.get("start")
                 else f"{budget.get('sims')} simulations per action")
        labelling = (f"{spent}, {budget.get('rollout')} playouts"
                     + (", a tree below each action" if budget.get("tree") else ""))
        rows.append((data["name"], data["version"], data["game"], data["name"].split("-")[0],
                     f"{players[0]}-{players[-1]}" if len(players) > 1 else str(players[0]),
                     len(positions), sum(1 for p in positions if p.get("clear")),
                     f"{data['clear_rule']['z']:.2f}", labelling, agreement_cell(data)))
    return rows


def table():
    head = ("suite", "version", "game", "kind", "players", "positions", "clear",
            "clear z >=", "labelling", "agreement of two labellings")
    files = ", ".join(f"`{SECOND_LABELLING[name]}`" for name in sorted(SECOND_LABELLING))
    return (markdown.table(head, [(f"`{row[0]}`", *row[1:]) for row in suite_rows()]) +
            "\n\nAgreement of two labellings: each suite's positions labelled again by the same "
            "method under another seed; of the positions clear in the suite, how many have the "
            "same best action under both (and the share over all positions). The second "
            f"labellings, under `benchmarks/results/`: {files}.")


def pages():
    return {"decisions.md": TEMPLATE.read_text().replace("<!-- suites -->", table())}
