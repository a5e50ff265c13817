"""`speciesgym decisions proof`: does a decision suite order agents as a tournament does?

Reads decision leaderboard folders (`decisions leaderboard --out`: leaderboard.csv and one
eval JSON per agent, holding every position's regret) and a tournament's ratings.csv
(`speciesgym tournament --out`: entrant, mu, sigma), or with `--games` its results.jsonl (the
order by win share; proof_ratings says when to prefer it). Several boards (e.g. the feeding and
the evolve suite of one game) are pooled: an agent's regret is its mean over the positions of
every board, and the bootstrap draws each board's positions from that board. Over the agents found in both, it
computes Spearman's rank correlation between the order by mean regret (lower is better) and
the order by openskill mu (higher is better), so 1 means the two orders are the same.

The 95% interval is a percentile bootstrap: each resample draws the positions again by whole
games (the same draw for every agent, so agents stay paired on positions; within each
board), at positions labelled twice which labelling scores them (proof_draws.py), and draws
each agent's rating from a normal with its mu and sigma (with `--games`: draws the games of
the tournament again). Kendall's tau comes with its interval alike; the figures are given
again without `random` (the easy end of any order), and each pair of neighbours in the
regret order with the share of resamples that keep it. `players` restricts the regrets to
the positions with that many players (e.g. 2 when a PPO agent can play 2-player positions
only).
"""
import csv

import numpy as np

BOOTSTRAP = 2000


def ranks(values):
    """Ranks 1..n of `values` (smallest first), ties sharing their mean rank."""
    values = np.asarray(values, float)
    order = np.argsort(values, kind="mergesort")
    out = np.empty(len(values))
    sorted_vals = values[order]
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and sorted_vals[j + 1] == sorted_vals[i]:
            j += 1
        out[order[i:j + 1]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(x, y):
    """Spearman's rank correlation of two equal-length sequences (nan if either is constant)."""
    if len(x) != len(y) or len(x) < 2:
        raise ValueError(f"spearman needs two sequences of the same length >= 2, got "
                         f"{len(x)} and {len(y)}")
    rx, ry = ranks(x) - (len(x) + 1) / 2, ranks(y) - (len(y) + 1) / 2
    denom = np.sqrt((rx * rx).sum() * (ry * ry).sum())
    return float((rx * ry).sum() / denom) if denom > 0 else float("nan")


def read_rows(folder, players=None):
    """{agent: {position id: scored row}} from the eval JSONs of a decision leaderboard
    folder, only positions with `players` players if given."""
    from speciesgym.training.decisions.leaderboard import read_board
    out = {a: {str(p["id"]): p for p in data["positions"]
               if players is None or p["players"] == players}
           for a, data in read_board(folder, "decisions proof").items()}
    if players is not None and not any(out.values()):
        raise ValueError(f"decisions proof: no {players}-player positions in {folder}")
    return out


def read_regrets(folder, players=None):
    """{agent: {position id: regret}} of a decision leaderboard folder (read_rows)."""
    return {a: {i: float(r["regret"]) for i, r in rows.items()}
            for a, rows in read_rows(folder, players).items()}


def split_rows(rows):
    """(regrets {agent: {id: regret}}, labellings {agent: {id: (under A, under B)}} of the
    positions with two, clusters {id: game}) of pooled rows {agent: {id: row}}."""
    regrets = {a: {i: float(r["regret"]) for i, r in rs.items()} for a, rs in rows.items()}
    labellings = {a: {i: (r["regret_a"], r["regret_b"]) for i, r in rs.items()
                      if "regret_b" in r} for a, rs in rows.items()}
    clusters = {i: f"{i.split(':')[0]}:{r.get('game', i)}" for rs in rows.values()
                for i, r in rs.items()}
    return regrets, labellings, clusters


def board_suite(folder):
    """The suite a decision leaderboard folder was scored on (versions.identity, from its
    first eval JSON; boards written before suites were identified give the name only)."""
    from speciesgym.training.decisions.leaderboard import read_board
    data = next(iter(read_board(folder, "decisions proof").values()), {})
    return data.get("suite_info") or {"name": data.get("suite")}


def pool_boards(boards):
    """(values, strata) of several boards' {agent: {id: value}} (regrets or rows): the
    agents found on every board, position ids prefixed by their board's index, strata
    {id: board index}."""
    agents = [a for a in boards[0] if all(a in b for b in boards[1:])]
    regrets = {a: {f"{k}:{i}": r for k, b in enumerate(boards) for i, r in b[a].items()}
               for a in agents}
    strata = {f"{k}:{i}": k for k, b in enumerate(boards) for a in agents for i in b[a]}
    return regrets, strata


def read_ratings(path):
    """The openskill ratings of a tournament's ratings.csv (or a leaderboard.csv with the
    columns entrant, mu, sigma), as a proof_ratings.OpenSkillRatings."""
    from speciesgym.training.decisions.proof_ratings import OpenSkillRatings
    return OpenSkillRatings.read(path)


def read_games(path):
    """The win shares of a tournament's results.jsonl, as a proof_ratings.GameShares."""
    from speciesgym.training.decisions.proof_ratings import GameShares
    return GameShares.read(path)


def kendall(x, y):
    """Kendall's tau-b of two equal-length sequences (nan if either is constant)."""
    from scipy.stats import kendalltau
    tau = kendalltau(x, y).statistic
    return float(tau) if np.isfinite(tau) else float("nan")


def _interval(values):
    low, high = np.nanpercentile(values, [2.5, 97.5])
    return float(low), float(high)


def proof(regrets, ratings, reps=BOOTSTRAP, seed=0, strata=None, suites=(), labellings=None,
          clusters=None):
    """Spearman and Kendall tau of (-mean regret) against the tournament's strength over the
    agents in both, with bootstrap intervals; a dict with the per-agent table. `ratings`: a
    proof_ratings source (OpenSkillRatings, GameShares) or {agent: (mu, sigma)}. Each
    resample (proof_draws.RegretDraws) draws the positions again within each `strata` group
    ({position id: group}, pool_boards), by whole `clusters` ({position id: game}; default
    each position alone), and for the positions of `labellings` ({agent: {id: (regret
    under A, under B)}}) which labelling scores them; and the strength again. Also: the same
    without `random` (when at least 3 agents remain) and, for each pair of neighbours in the
    regret order, the share of resamples that keep their order. `suites`: the identities of
    the boards' suites (board_suite), carried into the result."""
    from speciesgym.training.decisions.proof_draws import RegretDraws
    if isinstance(ratings, dict):
        from speciesgym.training.decisions.proof_ratings import OpenSkillRatings
        ratings = OpenSkillRatings(ratings)
    known = ratings.names()
    agents = [a for a in regrets if a in known]
    if len(agents) < 3:
        raise ValueError(f"decisions proof: only {len(agents)} agents in both the decision "
                         f"leaderboard and the ratings ({', '.join(agents) or 'none'}); need 3")
    ids = sorted(set.intersection(*(set(regrets[a]) for a in agents)))
    if not ids:
        raise ValueError("decisions proof: the agents share no positions")
    sample = RegretDraws(agents, ids, regrets, labellings, strata, clusters)
    strength = ratings.point(agents)
    mean = sample.mean.mean(axis=1)
    keep = [k for k, a in enumerate(agents) if a != "random"]
    keep = keep if len(keep) < len(agents) and len(keep) >= 3 else None
    order = list(np.argsort(mean, kind="mergesort"))
    rng = np.random.default_rng(seed)
    stats = {"rho": [], "tau": [], "rho_nr": [], "tau_nr": []}
    kept = np.zeros(max(len(order) - 1, 0))
    for _ in range(reps):
        m, s = sample.draw(rng), ratings.draw(agents, rng)
        stats["rho"].append(spearman(-m, s))
        stats["tau"].append(kendall(-m, s))
        if keep is not None:
            stats["rho_nr"].append(spearman(-m[keep], s[keep]))
            stats["tau_nr"].append(kendall(-m[keep], s[keep]))
        kept += [m[a] < m[b] for a, b in zip(order, order[1:])]
    rows = [{"agent": a, "regret": float(mean[k]), **ratings.row(a),
             "regret_rank": float(r1), "rating_rank": float(r2)}
            for k, (a, r1, r2) in enumerate(zip(agents, ranks(mean), ranks(-strength)))]
    rho_draws = np.asarray(stats["rho"])
    low, high = _interval(rho_draws)
    fig = {"spearman": spearman(-mean, strength), "low": low, "high": high,
           "kendall": kendall(-mean, strength), "kendall_ci": _interval(stats["tau"]),
           "agents": len(agents), "positions": len(ids), "games": sample.clusters,
           "two_labellings": sample.two, "reps": reps, "strength": ratings.columns[0],
           "share_at_least_0.8": float(np.mean(rho_draws >= 0.8)),
           "neighbours": [{"better": agents[a], "worse": agents[b], "share": float(k / reps)}
                          for (a, b), k in zip(zip(order, order[1:]), kept)],
           "left_out": sorted(set(regrets) ^ known), "rows": rows,
           "suites": list(suites), "stale": any(s.get("stale") for s in suites)}
    if keep is not None:
        fig["without_random"] = {
            "spearman": spearman(-mean[keep], strength[keep]),
            "ci": _interval(stats["rho_nr"]), "kendall": kendall(-mean[keep], strength[keep]),
            "kendall_ci": _interval(stats["tau_nr"]), "agents": len(keep)}
    return fig


def report(fig):
    """The figures as text lines."""
    from speciesgym.training.decisions.versions import describe
    a, b = ("mu", "sigma") if fig.get("strength", "mu") == "mu" else ("share", "games")
    out = [describe(s) for s in fig.get("suites", ())]
    out += [f"{'agent':<52} {'regret':>8} {'rank':>5} {a:>7} {b:>6} {'rank':>5}"]
    fa, fb = (".2f", "6.2f") if a == "mu" else (".3f", "6d")
    for r in sorted(fig["rows"], key=lambda r: r["regret"]):
        out.append(f"{r['agent']:<52} {r['regret']:8.4f} {r['regret_rank']:5.1f} "
                   f"{r[a]:7{fa}} {r[b]:{fb}} {r['rating_rank']:5.1f}")
    out.append(f"Spearman {fig['spearman']:.3f}, 95% bootstrap [{fig['low']:.3f}, "
               f"{fig['high']:.3f}] ({fig['agents']} agents, {fig['positions']} positions, "
               f"{fig['reps']} resamples; share of resamples >= 0.8: "
               f"{fig['share_at_least_0.8']:.2f})")
    out.append(f"Kendall tau {fig['kendall']:.3f}, 95% bootstrap [{fig['kendall_ci'][0]:.3f}, "
               f"{fig['kendall_ci'][1]:.3f}]; resamples draw {fig['games']} games (clusters) "
               f"and, at {fig['two_labellings']} positions with two labellings, the "
               f"labelling")
    if "without_random" in fig:
        w = fig["without_random"]
        out.append(f"without random ({w['agents']} agents): Spearman {w['spearman']:.3f} "
                   f"[{w['ci'][0]:.3f}, {w['ci'][1]:.3f}], Kendall tau {w['kendall']:.3f} "
                   f"[{w['kendall_ci'][0]:.3f}, {w['kendall_ci'][1]:.3f}]")
    for n in fig["neighbours"]:
        verdict = "separated" if n["share"] >= 0.95 else "not separated"
        out.append(f"  {n['better']} before {n['worse']} in {n['share']:.2f} of resamples "
                   f"({verdict})")
    if fig["left_out"]:
        out.append(f"in one file only (left out): {', '.join(fig['left_out'])}")
    return out
