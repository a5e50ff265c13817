"""The strength page's learned-agents part: each expert-iteration run's rounds read from its
eval.csv (benchmarks/results/exit/<run>/), then the targets of the learned agent, each with
what was measured or why it was not (docs/gen/bench_sources.py EXIT and EXIT_TARGETS)."""
import csv
import json

from docs.gen import bench_sources as src
from docs.gen.markdown import table


def run_rows(results, run):
    """(config, state, rows of eval.csv) of an expert-iteration run folder."""
    folder = results / "exit" / run
    cfg = json.loads((folder / "config.json").read_text())
    state = json.loads((folder / "state.json").read_text())
    with open(folder / "eval.csv", newline="") as f:
        return cfg, state, list(csv.DictReader(f))


def best_round(rows):
    """The last promoted round's row (the run's best net)."""
    return [r for r in rows if r["promoted"] == "1"][-1]


def section(results):
    out = ["## Learned agents: expert iteration", "",
           "Each round of `speciesgym exit` ([Training](../training.md#expert-iteration-and-shipped-nets)) plays self-play games "
           "with the search guided by the best net so far, trains the net on the search's "
           "improved policy and the outcomes, then measures the new net alone (one forward pass "
           "per decision, no search) against the game's best heuristic over the round's games, "
           "seats rotating, with its 95% Wilson interval, and gates it against the best net. "
           "Round 0 imitates a heuristic (cloning). One run per row: each is an example, "
           "not a multi-seed figure.", ""]
    for s in src.EXIT:
        cfg, state, rows = run_rows(results, s["run"])
        opponent = cfg.get("opponent") or s["opponent"]
        meta = dict(s, file=f"exit/{s['run']}/eval.csv")
        out += [f"### {s['title']}", "",
                f"*Measured {meta['date']} at commit `{meta['commit']}` on {meta['machine']}. "
                f"Raw file: `benchmarks/results/{meta['file']}`.*", "",
                f"```\n{s['command']}\n```", "",
                f"{state['done'] + 1} rounds, {state['cpu_s'] / 60:.0f} CPU-minutes in all; "
                f"opponent `{opponent}`.", "",
                table(("round", "rows", "net alone vs opponent [95%]", "gate share", "promoted",
                       "CPU-min (total)", "expert sims / CPU-s"),
                      [(r["round"], f"{int(r['rows']):,}",
                        f"{float(r['vs_opponent']):.2f} [{float(r['low']):.2f}, "
                        f"{float(r['high']):.2f}]", f"{float(r['gate_share']):.2f}",
                        "yes" if r["promoted"] == "1" else "no",
                        f"{float(r['cpu_s']) / 60:.0f}",
                        f"{int(r['sims_per_cpu_s']):,}" if int(r["sims_per_cpu_s"]) else "-")
                       for r in rows]), ""]
    out += ["### Targets of the learned agent (2 players unless said)", "",
            table(("target", "measured", "met"),
                  [(t["target"], measured(results, t), t["met"]) for t in src.EXIT_TARGETS]),
            ""]
    return out + shipped()


def shipped():
    """The shipped nets (agents/zoo/*.npz) with the strength and command in each file."""
    from speciesgym.agents.net.mlp import load, zoo_dir
    rows = []
    for path in sorted(zoo_dir().glob("*.npz")):
        meta = load(path).meta
        rows.append((f"`zoo:{path.stem}`", "<br>".join(meta.get("strength", [])),
                     f"`{meta.get('command', '')}`"))
    return ["### Shipped nets", "",
            "What `speciesgym zoo` prints: each shipped net alone against the heuristics, as "
            "measured when it was shipped (the other seats all play the named heuristic), "
            "and the command that made it.", "",
            table(("net", "strength (one measurement each)", "made by"), rows), ""]


def measured(results, target):
    """A target's measured cell: the best net of its run (`run`) against the run's
    opponent, then its note; or the note alone."""
    note = target.get("note", "")
    if not target.get("run"):
        return note
    _, _, rows = run_rows(results, target["run"])
    r = best_round(rows)
    return (f"{float(r['vs_opponent']):.2f} [{float(r['low']):.2f}, {float(r['high']):.2f}] "
            f"(best net, round {r['round']} of `{target['run']}`, one run). {note}").strip()
