"""docs/decisions.md: its template (docs/gen/templates/decisions.md) with the table of the
shipped decision suites, read from the suite files themselves (training/decisions/suites/)."""
import gzip
import json
from pathlib import Path

from docs.gen import markdown

ROOT = Path(__file__).resolve().parents[2]
SUITES = ROOT / "training" / "decisions" / "suites"
TEMPLATE = Path(__file__).parent / "templates" / "decisions.md"


def suite_rows():
    rows = []
    for path in sorted(SUITES.glob("*.json.gz")):
        with gzip.open(path, "rt") as f:
            data = json.load(f)
        positions = data["positions"]
        players = sorted({int(p["players"]) for p in positions})
        budget = data.get("budget", {})
        labelling = (f"{budget.get('sims')} simulations per action, {budget.get('rollout')} "
                     "playouts" + (", a tree below each action" if budget.get("tree") else ""))
        rows.append((data["name"], data["version"], data["game"], data["name"].split("-")[0],
                     f"{players[0]}-{players[-1]}" if len(players) > 1 else str(players[0]),
                     len(positions), sum(1 for p in positions if p.get("clear")),
                     f"{data['clear_rule']['z']:.2f}", labelling))
    return rows


def table():
    head = ("suite", "version", "game", "kind", "players", "positions", "clear",
            "clear z >=", "labelling")
    return markdown.table(head, [(f"`{row[0]}`", *row[1:]) for row in suite_rows()])


def pages():
    return {"decisions.md": TEMPLATE.read_text().replace("<!-- suites -->", table())}
