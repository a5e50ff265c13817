"""Multiplayer ratings and the leaderboard of a tournament.

Ratings: openskill's Plackett-Luce model (Weng-Lin), every entrant starting at mu 25,
sigma 25/3, each game rated once, in game order, from its ranks (1 = first; tied players
share a rank): the file of results alone gives the same ratings again. The ordinal
mu - 3 sigma is a cautious estimate that orders the leaderboard. `InOrder` rates games that
finish out of order (a pool of workers) in game order as they arrive: a tournament's live
ratings equal those of its file.

Failed games (a cluster task that failed twice, `"failed"` in the record) are stored but
neither rated nor counted.

Leaderboard, per entrant: games, win rate (a shared win counts as a share) with its 95%
Wilson interval, mean rank, mean score (over the games played to the end: a forfeited game
has no scores; none, shown "-", for an entrant without such a game), forfeits (games this entrant forfeited), mu, sigma, ordinal.
`write_leaderboard` saves it as CSV and JSON, `format_leaderboard` as a plain text table,
`plot_ratings` draws mu +- 2 sigma per entrant over the games (matplotlib, Agg backend).
"""
import csv
import json
import math
import os

from speciesgym.training.stats import wilson

COLUMNS = ("entrant", "games", "win_rate", "win_low", "win_high", "mean_rank", "mean_score",
           "forfeits", "mu", "sigma", "ordinal")


class Ratings:
    """Plackett-Luce ratings of a fixed set of entrants, updated one game at a time."""

    def __init__(self, entrants):
        from openskill.models import PlackettLuce
        self.model = PlackettLuce()
        self.entrants = list(entrants)
        self.ratings = {e: self.model.rating(name=e) for e in self.entrants}
        self.history = []           # after each game: {entrant: (mu, sigma)}

    def add(self, record):
        """Rate one result record (entrants by seat, ranks by seat); a failed game (its
        task failed on a cluster, training.tournament.ray_executor) changes nothing."""
        if record.get("failed"):
            self.history.append(self.snapshot())
            return
        seats = record["entrants"]
        teams = [[self.ratings[e]] for e in seats]
        new = self.model.rate(teams, ranks=[float(r) for r in record["ranks"]])
        for e, team in zip(seats, new):
            self.ratings[e] = team[0]
        self.history.append(self.snapshot())

    def snapshot(self):
        """{entrant: (mu, sigma)} now."""
        return {e: (r.mu, r.sigma) for e, r in self.ratings.items()}


class InOrder:
    """Feeds records to `ratings` in the game order `order` (indices), holding back those
    that finish early; starts with the `records` ({index: record}) already there."""

    def __init__(self, ratings, order, records):
        self.ratings, self.order, self.next, self.waiting = ratings, order, 0, dict(records)
        self._flush()

    def add(self, record):
        self.waiting[record["index"]] = record
        self._flush()

    def _flush(self):
        while self.next < len(self.order) and self.order[self.next] in self.waiting:
            self.ratings.add(self.waiting.pop(self.order[self.next]))
            self.next += 1


def rate_records(records, entrants):
    """Ratings from result records, rated in game order whatever the order given."""
    ratings = Ratings(entrants)
    for record in sorted(records, key=lambda r: r["index"]):
        ratings.add(record)
    return ratings


def _tally(records, entrants):
    """Per entrant: [games, win share, rank sum, score sum, games scored, forfeits]."""
    sums = {e: [0, 0.0, 0.0, 0.0, 0, 0] for e in entrants}
    for r in records:
        if r.get("failed"):
            continue                    # no game was played to judge the bots by
        won = sum(r["winners"])
        forfeit = r.get("forfeit")
        for seat, e in enumerate(r["entrants"]):
            s = sums[e]
            s[0] += 1
            s[1] += (1.0 / won) if r["winners"][seat] else 0.0
            s[2] += r["ranks"][seat]
            if r["scores"] is not None:
                s[3] += r["scores"][seat]
                s[4] += 1
            s[5] += int(bool(forfeit) and forfeit["seat"] == seat)
    return sums


def leaderboard(records, entrants, ratings=None):
    """Rows (dicts with COLUMNS), best ordinal first; ratings computed from `records` unless
    given."""
    if ratings is None:
        ratings = rate_records(records, entrants)
    rows = []
    for e, (games, wins, rank, score, scored, forfeits) in _tally(records, entrants).items():
        r = ratings.ratings[e]
        low, high = wilson(wins, games)
        per = max(games, 1)
        rows.append({"entrant": e, "games": games, "win_rate": wins / per, "win_low": low,
                     "win_high": high, "mean_rank": rank / games if games else None,
                     "mean_score": score / scored if scored else None, "forfeits": forfeits,
                     "mu": r.mu, "sigma": r.sigma, "ordinal": r.mu - 3 * r.sigma})
    return sorted(rows, key=lambda row: -row["ordinal"])


def _number(value, spec):
    """`value` formatted by `spec`, or "-" right-aligned to its width for a mean over no game
    (None; empty in the CSV, null in the JSON)."""
    if value is None:
        return f"{'-':>{spec.lstrip('<>^').split('.')[0]}}"
    return f"{value:{spec}}"


def format_leaderboard(rows):
    """The leaderboard as a plain text table ("-" for a mean over no game)."""
    width = max([len("entrant")] + [len(r["entrant"]) for r in rows])
    head = (f"{'#':>2}  {'entrant':<{width}}  {'games':>5}  {'win rate':>8}  {'95% CI':>11}  "
            f"{'rank':>5}  {'score':>7}  {'forf':>4}  {'mu':>6}  {'sigma':>5}  {'ordinal':>7}")
    lines = [head, "-" * len(head)]
    for i, r in enumerate(rows, 1):
        ci = f"{100 * r['win_low']:.0f}-{100 * r['win_high']:.0f}%"
        lines.append(f"{i:>2}  {r['entrant']:<{width}}  {r['games']:>5}  "
                     f"{100 * r['win_rate']:>7.1f}%  {ci:>11}  {_number(r['mean_rank'], '>5.2f')}  "
                     f"{_number(r['mean_score'], '>7.1f')}  {r['forfeits']:>4}  {r['mu']:>6.2f}  "
                     f"{r['sigma']:>5.2f}  {r['ordinal']:>7.2f}")
    return "\n".join(lines)


def write_leaderboard(rows, out):
    """`out`/leaderboard.csv and `out`/leaderboard.json; returns their paths."""
    csv_path = os.path.join(out, "leaderboard.csv")
    json_path = os.path.join(out, "leaderboard.json")
    with open(csv_path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    with open(json_path, "w") as f:
        json.dump(rows, f, indent=2)
    return csv_path, json_path


def plot_ratings(ratings, path, title=""):
    """Draw mu +- 2 sigma per entrant against the number of games rated into `path`."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    xs = range(1, len(ratings.history) + 1)
    fig = Figure(figsize=(8, 4.5))          # off-screen, no pyplot: no backend is changed
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    for e in ratings.entrants:
        mu = [h[e][0] for h in ratings.history]
        sigma = [h[e][1] for h in ratings.history]
        line, = ax.plot(xs, mu, label=e)
        ax.fill_between(xs, [m - 2 * s for m, s in zip(mu, sigma)],
                        [m + 2 * s for m, s in zip(mu, sigma)], color=line.get_color(),
                        alpha=0.15)
    ax.set_xlabel("games rated")
    ax.set_ylabel("rating mu (band: +-2 sigma)")
    ax.set_title(title)
    ax.legend(loc="best", fontsize="small")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    return path
