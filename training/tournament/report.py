"""The report of a tournament folder: head-to-head, seat advantage and ratings with
intervals, as tables (CSV) and pictures (PNG, matplotlib's Agg backend).

Read from `<out>/tournament.json` and `<out>/results.jsonl` (training/tournament/run.py), never
changed. A last results line without its newline (a crash while it was written) is skipped
with a RuntimeWarning; any other unreadable line is a ValueError naming the file and line.

What is measured (each over the games in the file, forfeits included by their ranks):
- head-to-head: for entrants A and B, over the games where both sat, A's share is
  (games A finished above B + half the games they tied) / games together. "Above" is by
  rank (1 = first, tied seats share a rank), so with 2 players it is the win share (a
  shared win is a tie, counted half), and with more it is how often A beat B at the same
  table, whoever won. A's share and B's share add up to 1. The interval is Wilson's at 95%
  over the games together (a tie counts as half a success).
- seat advantage: per seat, the win share of whoever sat there (a win shared by k seats
  counts 1/k, as in the leaderboard) with its Wilson 95% interval, and the mean rank. With
  no seat advantage every seat wins 1/P of the games.
- ratings: openskill Plackett-Luce mu and sigma after every game in game order
  (training/tournament/ratings.py), with the interval mu +- 1.96 sigma and the ordinal mu - 3 sigma.

Files written into the folder by `write_report` (the `speciesgym tournament` command calls
it at the end of every run; `speciesgym tournament-report <out>` writes it for any folder):
head_to_head.csv (one row per ordered pair: entrant, opponent, games, share, low, high),
head_to_head.png (the heat map of shares, games together in each cell), seats.csv / seats.png
(seat, games, win_share, low, high, mean_rank), ratings.csv / ratings_intervals.png
(entrant, games, mu, sigma, low, high, ordinal, best ordinal first).
"""
import csv
import os
import warnings
from dataclasses import dataclass

import numpy as np

from speciesgym.training.stats import Z95, wilson
from speciesgym.training.tournament.ratings import rate_records
from speciesgym.training.tournament.run import CONFIG_FILE, RESULTS_FILE, read_config, read_results

HEAD_TO_HEAD_COLUMNS = ("entrant", "opponent", "games", "share", "low", "high")
SEAT_COLUMNS = ("seat", "games", "win_share", "low", "high", "mean_rank")
RATING_COLUMNS = ("entrant", "games", "mu", "sigma", "low", "high", "ordinal")


@dataclass
class Report:
    """A tournament's report: `share[i, j]` is entrant i's head-to-head share against
    entrant j (nan where they never met), `together[i, j]` their games together."""
    game: str
    players: int
    entrants: list
    share: np.ndarray
    together: np.ndarray
    head_to_head: list          # rows with HEAD_TO_HEAD_COLUMNS
    seats: list                 # rows with SEAT_COLUMNS
    ratings: list               # rows with RATING_COLUMNS
    games: int


def load_results(out):
    """(stored config dict, result records) of the tournament folder `out`; a truncated last
    line is skipped with a RuntimeWarning, anything else unreadable is a ValueError."""
    config_path = os.path.join(out, CONFIG_FILE)
    if not os.path.isdir(out):
        raise ValueError(f"{out}: no such folder")
    if not os.path.exists(config_path):
        raise ValueError(f"{out}: no {CONFIG_FILE}; not a tournament folder")
    config = read_config(config_path)
    path = os.path.join(out, RESULTS_FILE)
    records, _, dropped = read_results(path)
    if dropped:
        warnings.warn(f"{path}: skipped an unfinished last line (a game cut short while being "
                      f"written)", RuntimeWarning)
    return config, records


def head_to_head(records, entrants):
    """(share, together): share[i, j] = entrant i's share against j, nan where they never
    sat at one table; together[i, j] = their games together."""
    index = {e: i for i, e in enumerate(entrants)}
    n = len(entrants)
    points, together = np.zeros((n, n)), np.zeros((n, n), int)
    for r in records:
        seats = [index[e] for e in r["entrants"]]
        for a, rank_a in zip(seats, r["ranks"]):
            for b, rank_b in zip(seats, r["ranks"]):
                if a != b:
                    together[a, b] += 1
                    points[a, b] += 1.0 if rank_a < rank_b else 0.5 if rank_a == rank_b else 0.0
    with np.errstate(invalid="ignore", divide="ignore"):
        share = np.where(together > 0, points / np.maximum(together, 1), np.nan)
    return share, together


def seat_advantage(records, players):
    """Rows with SEAT_COLUMNS, one per seat."""
    wins, ranks, games = np.zeros(players), np.zeros(players), np.zeros(players, int)
    for r in records:
        won = max(sum(bool(w) for w in r["winners"]), 1)
        for seat in range(players):
            games[seat] += 1
            wins[seat] += (1.0 / won) if r["winners"][seat] else 0.0
            ranks[seat] += r["ranks"][seat]
    rows = []
    for seat in range(players):
        low, high = wilson(wins[seat], games[seat])
        per = max(games[seat], 1)
        rows.append({"seat": seat, "games": int(games[seat]), "win_share": wins[seat] / per,
                     "low": low, "high": high, "mean_rank": ranks[seat] / per})
    return rows


def rating_rows(records, entrants):
    """Rows with RATING_COLUMNS, best ordinal first."""
    ratings = rate_records(records, entrants)
    played = {e: 0 for e in entrants}
    for r in records:
        for e in r["entrants"]:
            played[e] += 1
    rows = [{"entrant": e, "games": played[e], "mu": r.mu, "sigma": r.sigma,
             "low": r.mu - Z95 * r.sigma, "high": r.mu + Z95 * r.sigma,
             "ordinal": r.mu - 3 * r.sigma} for e, r in ratings.ratings.items()]
    return sorted(rows, key=lambda row: -row["ordinal"])


def build_report(config, records):
    """The Report of a stored config (dict) and its records."""
    entrants = list(config["agents"])
    for r in records:
        entrants += [e for e in r["entrants"] if e not in entrants]
    players = int(config["players"])
    bad = [r for r in records if len(r["entrants"]) != players]
    if bad:
        raise ValueError(f"game {bad[0]['index']} has {len(bad[0]['entrants'])} seats, the "
                         f"tournament {players}")
    share, together = head_to_head(records, entrants)
    pairs = []
    for i, a in enumerate(entrants):
        for j, b in enumerate(entrants):
            if i != j:
                low, high = wilson(share[i, j] * together[i, j], together[i, j])
                pairs.append({"entrant": a, "opponent": b, "games": int(together[i, j]),
                              "share": float(share[i, j]), "low": low, "high": high})
    return Report(config["game"], players, entrants, share, together, pairs,
                  seat_advantage(records, players), rating_rows(records, entrants),
                  len(records))


def report(out):
    """The Report of the tournament folder `out` (nothing written)."""
    return build_report(*load_results(out))


def write_report(out, rep=None):
    """Write the CSV and PNG files of the report into `out`; returns their paths."""
    rep = rep or report(out)
    paths = [_write_csv(os.path.join(out, "head_to_head.csv"), HEAD_TO_HEAD_COLUMNS,
                        rep.head_to_head),
             plot_head_to_head(rep, os.path.join(out, "head_to_head.png")),
             _write_csv(os.path.join(out, "seats.csv"), SEAT_COLUMNS, rep.seats),
             plot_seats(rep, os.path.join(out, "seats.png")),
             _write_csv(os.path.join(out, "ratings.csv"), RATING_COLUMNS, rep.ratings),
             plot_rating_intervals(rep, os.path.join(out, "ratings_intervals.png"))]
    return paths


def _write_csv(path, columns, rows):
    with open(path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=columns)
        writer.writeheader()
        writer.writerows(rows)
    return path


def _figure(width, height):
    """A matplotlib figure drawn off-screen (Agg), not registered with pyplot: writing the
    report changes no backend, so it can run inside a notebook's inline plots."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    fig = Figure(figsize=(width, height))
    FigureCanvasAgg(fig)
    return fig, fig.add_subplot()


def _title(rep, what):
    return f"{rep.game}, {rep.players} players, {rep.games} games: {what}"


def _save(fig, path):
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    return path


def draw_head_to_head(rep, ax):
    """The heat map of `rep.share` on `ax` (row beats column; grey where never met)."""
    n = len(rep.entrants)
    masked = np.ma.masked_invalid(rep.share)
    from matplotlib import colormaps
    cmap = colormaps["RdBu"].with_extremes(bad="lightgrey")
    image = ax.imshow(masked, cmap=cmap, vmin=0, vmax=1)
    for i in range(n):
        for j in range(n):
            if i != j and rep.together[i, j]:
                ax.text(j, i, f"{rep.share[i, j]:.0%}\n({rep.together[i, j]})", ha="center",
                        va="center", fontsize=8,
                        color="white" if abs(rep.share[i, j] - 0.5) > 0.3 else "black")
    ax.set_xticks(range(n), rep.entrants, rotation=30, ha="right")
    ax.set_yticks(range(n), rep.entrants)
    ax.set_xlabel("opponent")
    ax.set_ylabel("entrant (row's share against column)")
    return image


def plot_head_to_head(rep, path):
    size = 2.5 + 1.1 * len(rep.entrants)
    fig, ax = _figure(size + 1.5, size)
    image = draw_head_to_head(rep, ax)
    fig.colorbar(image, ax=ax, label="share of games finished above the opponent")
    ax.set_title(_title(rep, "head-to-head"), fontsize=10)
    return _save(fig, path)


def draw_seats(rep, ax):
    """Win share per seat with its 95% interval, and the 1/P line of no advantage."""
    seats = [r["seat"] for r in rep.seats]
    share = np.array([r["win_share"] for r in rep.seats])
    err = np.maximum(0, [[r["win_share"] - r["low"] for r in rep.seats],
                         [r["high"] - r["win_share"] for r in rep.seats]])
    ax.bar(seats, share, yerr=err, capsize=4, color="tab:blue")
    ax.axhline(1 / rep.players, color="black", linestyle="--", label=f"1/{rep.players}")
    ax.set_xticks(seats, [f"seat {s}" for s in seats])
    ax.set_ylim(0, 1)
    ax.set_ylabel("win share (95% interval)")
    ax.legend()


def plot_seats(rep, path):
    fig, ax = _figure(1.5 + 1.2 * rep.players, 4)
    draw_seats(rep, ax)
    ax.set_title(_title(rep, "seat advantage"), fontsize=10)
    return _save(fig, path)


def draw_rating_intervals(rep, ax):
    """mu with its interval mu +- 1.96 sigma per entrant, best ordinal on top."""
    rows = rep.ratings[::-1]
    ys = np.arange(len(rows))
    mu = np.array([r["mu"] for r in rows])
    err = np.array([[r["mu"] - r["low"] for r in rows], [r["high"] - r["mu"] for r in rows]])
    ax.errorbar(mu, ys, xerr=err, fmt="o", capsize=4)
    ax.set_yticks(ys, [r["entrant"] for r in rows])
    ax.set_xlabel("rating mu (bar: mu +- 1.96 sigma)")


def plot_rating_intervals(rep, path):
    fig, ax = _figure(7, 1.5 + 0.5 * len(rep.entrants))
    draw_rating_intervals(rep, ax)
    ax.set_title(_title(rep, "openskill ratings"), fontsize=10)
    return _save(fig, path)


def format_head_to_head(rep):
    """The head-to-head shares as a plain text table (row against column)."""
    width = max(len(e) for e in rep.entrants)
    head = " " * (width + 2) + "".join(f"{e[:12]:>13}" for e in rep.entrants)
    lines = [head]
    for i, e in enumerate(rep.entrants):
        cells = ["            -" if i == j or not rep.together[i, j]
                 else f"{rep.share[i, j]:>8.0%} ({rep.together[i, j]:>2})"
                 for j in range(len(rep.entrants))]
        lines.append(f"{e:<{width}}  " + "".join(cells))
    return "\n".join(lines)
