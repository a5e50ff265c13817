"""Pool the logs of one match played over several sittings and summarise it.

    python -m speciesgym.training.tournament.match_summary LOG [LOG ...]

Every log is a `speciesgym match --log` file (training/tournament/match.py). A long sample is often
played as several commands, each continuing at a later seed (`--seed 720140 --games 60`
after 140 games from 720000), so the logs are pooled by game seed: the same table of agents
in every line, and no seed twice (an error naming both files otherwise). Seats follow each
line's `seats` (the seat of each agent), so the per-seat split stays right whatever command played the game.
Prints, per agent, the win share (a shared win split) with its 95% Wilson interval, the
share from each seat, the mean score; then the seeds covered and the CPU seconds per game
(median and interquartile range); `--json` prints the same as one JSON object.

    python -m speciesgym.training.tournament.match_summary --iqm LOG_SEED0 LOG_SEED1 ...

`--iqm`: every log is one training seed of its first agent against the same opponents
(a learned agent's targets are IQMs over seeds): each seed's win share with its Wilson
interval, then the IQM over the seeds with its 95% bootstrap interval over them
(training.stats, as `speciesgym report` and the zoo's seed runs compute it).
"""
import argparse
import json
import sys

import numpy as np

from speciesgym.training.stats import wilson


def read_games(paths):
    """The game lines of every log, sorted by seed. Different tables of agents, a seed
    logged twice or a line that is not a game line is a ValueError naming the file."""
    games, where, agents = [], {}, None
    for path in paths:
        with open(path) as f:
            for number, body in enumerate(f, 1):
                if not body.strip():
                    continue
                try:
                    line = json.loads(body)
                    seed, line_agents = int(line["seed"]), list(line["agents"])
                    line["shares"], line["seats"] = list(line["shares"]), list(line["seats"])
                except (ValueError, KeyError, TypeError) as e:
                    raise ValueError(f"{path}: line {number} is not a game line ({e})") from None
                if agents is None:
                    agents = line_agents
                elif line_agents != agents:
                    raise ValueError(f"{path}: line {number} is another table of agents "
                                     f"({line_agents}, not {agents})")
                if seed in where:
                    raise ValueError(f"{path}: line {number} logs seed {seed}, already in "
                                     f"{where[seed]}")
                where[seed] = f"{path} line {number}"
                games.append(line)
    if not games:
        raise ValueError("no games in " + ", ".join(paths))
    return agents, sorted(games, key=lambda line: int(line["seed"]))


def summarise(agents, games):
    """A dict: per agent its wins, share, Wilson interval, per-seat shares and mean score;
    the seeds covered (as runs of consecutive seeds) and CPU seconds per game."""
    n, players = len(games), len(agents)
    rows = []
    for i, spec in enumerate(agents):
        wins = sum(line["shares"][i] for line in games)
        low, high = wilson(wins, n)
        per_seat = []
        for seat in range(players):
            at = [line["shares"][i] for line in games if line["seats"][i] == seat]
            per_seat.append({"seat": seat, "games": len(at), "wins": sum(at)})
        rows.append({"agent": spec, "wins": wins, "games": n, "win_share": wins / n,
                     "low": low, "high": high, "per_seat": per_seat,
                     "mean_score": float(np.mean([line["scores"][i] for line in games]))})
    cpu = np.array([line.get("cpu_s", np.nan) for line in games], float)
    return {"agents": rows, "games": n, "seeds": seed_runs([int(g["seed"]) for g in games]),
            "cpu_s_median": float(np.nanmedian(cpu)),
            "cpu_s_iqr": [float(np.nanpercentile(cpu, 25)), float(np.nanpercentile(cpu, 75))]}


def seed_iqm(paths):
    """{"seeds": [per log: its first agent's wins, games, share and Wilson interval],
    "opponents", "iqm", "low", "high"}: the IQM of the first agents' win shares over the logs
    (one training seed each) with its bootstrap interval. Logs whose other agents differ
    are a ValueError naming the file."""
    from speciesgym.training.stats import iqm, stratified_bootstrap
    per, opponents = [], None
    for path in paths:
        agents, games = read_games([path])
        if opponents is None:
            opponents = agents[1:]
        elif agents[1:] != opponents:
            raise ValueError(f"{path}: other opponents ({agents[1:]}, not {opponents})")
        first = summarise(agents, games)["agents"][0]
        per.append({"log": str(path), **{k: first[k] for k in
                                          ("agent", "wins", "games", "win_share", "low", "high")}})
    shares = np.array([p["win_share"] for p in per])
    low, high = stratified_bootstrap([shares])
    return {"seeds": per, "opponents": opponents, "iqm": float(iqm(shares)), "low": low,
            "high": high}


def print_seed_iqm(summary):
    for p in summary["seeds"]:
        print(f"  {p['agent']:<40} {p['wins']:g}/{p['games']} = {p['win_share']:.3f} "
              f"[{p['low']:.3f}, {p['high']:.3f}]  ({p['log']})")
    print(f"IQM over {len(summary['seeds'])} seeds against {', '.join(summary['opponents'])}: "
          f"{summary['iqm']:.3f} [{summary['low']:.3f}, {summary['high']:.3f}]")


def seed_runs(seeds):
    """Sorted seeds as [first, last] runs of consecutive numbers."""
    runs = []
    for s in sorted(seeds):
        if runs and s == runs[-1][1] + 1:
            runs[-1][1] = s
        else:
            runs.append([s, s])
    return runs


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("logs", nargs="+")
    parser.add_argument("--json", action="store_true", help="print JSON only")
    parser.add_argument("--iqm", action="store_true",
                        help="each log one training seed of its first agent: the IQM over them")
    args = parser.parse_args(argv)
    try:
        summary = seed_iqm(args.logs) if args.iqm else summarise(*read_games(args.logs))
    except (OSError, ValueError) as e:
        print(f"match_summary: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(summary))
        return 0
    if args.iqm:
        print_seed_iqm(summary)
        return 0
    seeds = ", ".join(f"{a}-{b}" if a != b else str(a) for a, b in summary["seeds"])
    low, high = summary["cpu_s_iqr"]
    print(f"{summary['games']} games, seeds {seeds}; CPU s per game median "
          f"{summary['cpu_s_median']:.1f} (IQR {low:.1f}-{high:.1f})")
    for r in summary["agents"]:
        seats = ", ".join(f"seat {s['seat']}: {s['wins']:g}/{s['games']}" for s in r["per_seat"])
        print(f"  {r['agent']:<40} {r['wins']:g}/{r['games']} = {r['win_share']:.3f} "
              f"[{r['low']:.2f}, {r['high']:.2f}]  mean score {r['mean_score']:.1f}  ({seats})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
