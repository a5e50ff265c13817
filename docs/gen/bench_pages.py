"""The benchmark pages (docs/benchmarks/*.md): current figures only, every table read from
its results file under benchmarks/results/ and headed by its date, commit, machine and
command (docs/gen/bench_sources.py). `figures()` gives each quoted figure with its source, so
a test can check every one against the file it comes from."""
import csv
import json
import re
from pathlib import Path

from docs.gen import bench_sources as src
from docs.gen.exit_section import section as exit_section
from docs.gen.markdown import table

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "benchmarks" / "results"


def _pct(x):
    return f"{100 * x:.1f}%"


def _meta(s):
    return (f"*Measured {s['date']} at commit `{s['commit']}` on {s['machine']}. "
            f"Raw file: `benchmarks/results/{s['file']}`.*\n\n"
            f"```\n{s['command']}\n```\n")


def _section(s, summary, head, rows):
    """A table's section: its title, where it comes from, a line of summary, the table."""
    return [f"## {s['title']}", "", _meta(s), summary, "", table(head, rows), ""]


def training_rows(s):
    """The report's rows at its last step: (opponent, IQM, low, high, share of seeds past
    the target, CPU minutes per seed)."""
    report = json.loads((RESULTS / s["file"]).read_text())
    last = max(r["step"] for r in report["rows"])
    rows = [r for r in report["rows"] if r["step"] == last]
    return report, last, rows


def strength_summary(s):
    from speciesgym.training.tournament.match_summary import read_games, summarise
    agents, games = read_games([str(RESULTS / s["file"])])
    return summarise(agents, games)


def speed_rows(s):
    text = (RESULTS / s["file"]).read_text()
    return json.loads(text[text.index("\n{") + 1:])


def game_lengths():
    """{game: {players: decisions per game of random play}} from the `speciesgym bench`
    outputs (JSON objects one after another) of GAME_LENGTHS' file."""
    text, out, at = (RESULTS / src.GAME_LENGTHS["file"]).read_text(), {}, 0
    decoder = json.JSONDecoder()
    while text[at:].strip():
        at += len(text[at:]) - len(text[at:].lstrip())            # the blank between two
        row, at = decoder.raw_decode(text, at)
        out.setdefault(row["game"], {})[row["players"]] = row["decisions_per_game"]
    return out


def decision_rows(s):
    with open(RESULTS / s["file"]) as f:
        return list(csv.DictReader(f))


def training_page():
    out = ["# Training results", "",
           "Win share of the trained policy (seats rotating, 200 games per heuristic and seed) "
           "at the end of each recipe: the IQM across 5 seeds with its 95% stratified bootstrap "
           "interval (2,000 resamples), the share of seeds past the target, and CPU minutes per "
           "seed (cloning and evaluations included). Made by `speciesgym report "
           "<sweep folder> --target T`. How to train: [Training](../training.md).", ""]
    for s in src.TRAINING:
        report, last, rows = training_rows(s)
        out += _section(s, f"Step {last:,}; target {report['target']:.2f}.",
                        ("opponent", "IQM [95%]", "seeds past target", "CPU min per seed"),
                        [(r["opponent"], f"{_pct(r['iqm'])} [{_pct(r['low'])}, {_pct(r['high'])}]",
                          f"{r['past_target'] * r['seeds']:.0f} of {r['seeds']}",
                          f"{r['cpu_minutes']:.1f}") for r in rows])
    return "\n".join(out)


def strength_page():
    out = ["# Playing strength", "",
           "Win share of the search agent (`search:200cpums`: 200 ms of process CPU time per "
           "decision) at tables with seats rotating, a shared win split, with its 95% Wilson "
           "interval; `python -m speciesgym.training.tournament.match_summary <log>` prints the "
           "same from the log. Only samples whose logs are kept are quoted. "
           "Agents: [Agents](../agents.md); tournaments: [Tournaments](../tournaments.md).", "",
           "## The learned agents' targets at a glance", "",
           "Each target with whether it is met; what was measured, with its command and "
           "files, is under [Targets of the learned agent](#targets-of-the-learned-agent-2-"
           "players-unless-said) below.", "",
           table(("target", "met"), [(t["target"], t["met"]) for t in src.EXIT_TARGETS]), ""]
    for s in src.STRENGTH:
        summary = strength_summary(s)
        seeds = ", ".join(f"{a}-{b}" for a, b in summary["seeds"])
        low, high = summary["cpu_s_iqr"]
        out += _section(s, f"{summary['games']} games, seeds {seeds}; CPU seconds per game: "
                           f"median {summary['cpu_s_median']:.0f} (IQR {low:.0f}-{high:.0f}).",
                        ("agent", "wins", "win share [95%]"),
                        [(f"`{r['agent']}`", f"{r['wins']:g}/{r['games']}",
                          f"{r['win_share']:.3f} [{r['low']:.2f}, {r['high']:.2f}]")
                         for r in summary["agents"]])
    out += exit_section(RESULTS)
    return "\n".join(out)


def speed_page():
    s = src.SPEED
    data = speed_rows(s)
    out = ["# Speed", "",
           "Random masked play, decisions per second: the median of alternating rounds of "
           "every contender, one process. `batched`: whole games inside compiled code "
           "(`envs/<game>/batch.py`); `per call`: the engine's Stepper, one compiled call per "
           "decision; `plain api`: the engine's `legal_mask`/`apply`; `aec`: the PettingZoo "
           "env. PettingZoo and OpenSpiel games are measured in the same rounds. "
           "Engine APIs: [Concepts](../concepts.md).", "", _meta(s),
           f"{data['rounds']} rounds of {data['round_seconds']} s per contender.", "",
           table(("contender", "decisions/s (median)", "min", "max", "x connect_four_v3"),
                 [(r["name"], f"{r['median']:,}", f"{r['min']:,}", f"{r['max']:,}",
                   f"{r['ratio_to_connect_four_v3']:.2f}") for r in data["rows"]]), ""]
    return "\n".join(out)


def decisions_page():
    out = ["# Decision benchmarks", "",
           "Leaderboards of the 2-player suites scored against two independent labellings "
           "(agreement on clear positions, regret on all, both with 95% intervals), with the "
           "noise floor: the regret of an oracle of one labelling scored under the other. "
           "Suites and commands: [Decision suites](../decisions.md).", ""]
    for s in src.DECISIONS:
        rows = decision_rows(s)
        first = rows[0]
        out += _section(s, f"{first['n']} positions ({first['n_clear']} clear); noise floor "
                           f"{float(first['floor']):.4f} [{float(first['floor_lo']):.4f}, "
                           f"{float(first['floor_hi']):.4f}]; {floor_share(rows)}.",
                        ("agent", "agreement [95%]", "regret [95%]", "ms per decision"),
                        [(f"`{r['agent']}`", f"{float(r['agreement']):.3f} "
                          f"[{float(r['agreement_lo']):.3f}, {float(r['agreement_hi']):.3f}]",
                          f"{float(r['regret']):.4f} [{float(r['regret_lo']):.4f}, "
                          f"{float(r['regret_hi']):.4f}]", f"{float(r['ms_per_decision']):.2f}")
                         for r in rows])
    out += validation_section()
    out += status_section()
    return "\n".join(out)


def validation_section():
    """Each suite's held-out validation as it stands: the proof's correlations between the
    suite's regret order and a tournament's order, and the two orders side by side."""
    out = ["## Held-out validation", "",
           "Does a suite order agents as a tournament does, on agents that took no part in "
           "choosing its labelling method? The tournament is between hybrids that differ only "
           "in who takes the suite's kind of decision, so it rates what the suite scores. "
           "Intervals resample the suite's positions by game, its labellings and the "
           "tournament's games. The aim at 2 players: Spearman at least 0.9, its interval's "
           "lower end at least 0.7.", ""]
    for s in src.VALIDATION:
        proof = json.loads((RESULTS / s["dir"] / "proof.json").read_text())
        suite = proof["suites"][0]
        games = sum(r["games"] for r in proof["rows"]) // s["players"]
        free = proof["without_random"]
        kept = sum(n["share"] >= 0.95 for n in proof["neighbours"])
        meta = dict(s, file=f"{s['dir']}/proof.json")
        out += [f"### {suite['name']} v{suite['version']}", "", _meta(meta),
                f"Spearman {proof['spearman']:.3f} [{proof['low']:.3f}, {proof['high']:.3f}], "
                f"Kendall tau {proof['kendall']:.3f} [{proof['kendall_ci'][0]:.3f}, "
                f"{proof['kendall_ci'][1]:.3f}] over {proof['agents']} agents; without random "
                f"{free['spearman']:.3f} [{free['ci'][0]:.3f}, {free['ci'][1]:.3f}] and "
                f"{free['kendall']:.3f} [{free['kendall_ci'][0]:.3f}, "
                f"{free['kendall_ci'][1]:.3f}]. The suite's {proof['positions']} positions "
                f"from {proof['games']} games; the tournament's {games:,} games of the "
                f"{s['games']:,} planned; {kept} of {len(proof['neighbours'])} neighbouring "
                f"pairs in the regret order kept in 95% of resamples. {s.get('note', '')}"
                .rstrip(), "",
                table(("agent", "regret", "regret rank", "tournament win share", "games",
                       "tournament rank"),
                      [(f"`{r['agent']}`", f"{r['regret']:.4f}", f"{r['regret_rank']:g}",
                        f"{r['share']:.3f}", r["games"], f"{r['rating_rank']:g}")
                       for r in proof["rows"]]), ""]
    return out


def floor_share(rows):
    """The noise floor's share of the spread its board measures it against (the spread from
    the best agent's regret to random's: the suites aim at a quarter or less)."""
    from speciesgym.training.decisions.leaderboard import spread
    width, name = spread(rows)
    if width <= 0:
        return f"{name} spread {width:.4f}: no spread to measure the floor against"
    return f"{name} spread {width:.4f}, floor / spread {float(rows[0]['floor']) / width:.2f}"


def status_section():
    """Where the suites being built stand: benchmarks/scripts/label_suites.py's status."""
    s = src.SUITE_STATUS
    lines = (RESULTS / s["file"]).read_text().splitlines()
    head = ("suite", "games", "positions", "clear", "worker s", "CPU s", "of games")
    rows = []
    for line in lines[1:]:
        name, version, *counts = line.split()
        rows.append((f"{name} {version}", *counts))
    return ["## The suites being built", "",
            "Each grows until it holds 150 clear positions; the journals resume. Worker "
            "seconds are wall time (other jobs and pauses stretch them); CPU seconds are "
            "recorded for the games labelled since CPU time was kept (`of games`). Raw file: "
            f"`benchmarks/results/{s['file']}`.", "", f"```\n{s['command']}\n```", "",
            table(head, rows), ""]


def pages():
    return {"benchmarks/training.md": training_page(), "benchmarks/strength.md": strength_page(),
            "benchmarks/speed.md": speed_page(), "benchmarks/decisions.md": decisions_page()}


IQM_LINE = re.compile(r"^(?:(\S+)\s+)?IQM over (\d+) seeds(?: against (.+?))?: "
                      r"([0-9.]+) \[([0-9.]+), ([0-9.]+)\]")


def iqm_lines(file):
    """(opponent, seeds, IQM, low, high) of each "IQM over <n> seeds" line of a results file
    (benchmarks/scripts/zoo_seeds.py's and match_summary --iqm's); ValueError if none."""
    found = []
    for line in (RESULTS / file).read_text().splitlines():
        m = IQM_LINE.match(line.strip())
        if m:
            opponent = m.group(1) or m.group(3)
            found.append((opponent, int(m.group(2)), *map(float, m.group(4, 5, 6))))
    if not found:
        raise ValueError(f"benchmarks/results/{file} has no 'IQM over <n> seeds' line")
    return found


def headline():
    """The README's results table: one line per headline figure, naming its results file and
    linking its page."""
    rows = []
    for s in src.TRAINING:
        _, _, found = training_rows(s)
        best = min((r for r in found if r["opponent"].startswith("heuristic:")),
                   key=lambda r: r["iqm"])
        rows.append((s["title"].split(":")[0], f"PPO recipe vs its strongest heuristic, "
                     f"{best['opponent']}", f"{_pct(best['iqm'])} IQM, 5 seeds", s["file"],
                     "docs/benchmarks/training.md"))
    s = src.STRENGTH[0]
    agent = strength_summary(s)["agents"][0]
    rows.append((s["title"].split(":")[0], "search vs three heuristics",
                 f"{agent['win_share']:.3f} win share, {agent['games']} games", s["file"],
                 "docs/benchmarks/strength.md"))
    for s in src.SHIPPED:
        against, seeds, iqm, _, _ = min(iqm_lines(s["file"]), key=lambda r: r[2])
        rows.append((s["game"], s["what"].format(against=against),
                     f"{iqm:.3f} IQM, {seeds} seeds", s["file"],
                     "docs/benchmarks/strength.md"))
    speed = {r["name"]: r["median"] for r in speed_rows(src.SPEED)["rows"]}
    rows.append(("both games, 4 players", "random play through the AEC env",
                 f"{speed['evolution 4p aec']:,} / {speed['dominant_species 4p aec']:,} "
                 "decisions/s", src.SPEED["file"], "docs/benchmarks/speed.md"))
    return table(("game", "what", "result", "page", "results file (benchmarks/results/)"),
                 [(g, w, r, f"[{p.split('/')[-1][:-3]}]({p})", f"`{f}`")
                  for g, w, r, f, p in rows])
