"""`speciesgym decisions proof`: does a decision suite order agents as a tournament does?

Reads decision leaderboard folders (`decisions leaderboard --out`: leaderboard.csv and one
eval JSON per agent, holding every position's regret) and a tournament's ratings.csv
(`speciesgym tournament --out`: entrant, mu, sigma), or with `--games` its results.jsonl (the
order by win share; proof_ratings says when to prefer it). Several boards (e.g. the feeding and
the evolve suite of one game) are pooled: an agent's regret is its mean over the positions of
every board, and the bootstrap draws each board's positions from that board. Over the agents found in both, it
computes Spearman's rank correlation between the order by mean regret (lower is better) and
the order by openskill mu (higher is better), so 1 means the two orders are the same.

The 95% interval is a percentile bootstrap: each resample draws the positions again (the
same draw for every agent, so agents stay paired on positions; within each board) and draws each agent's
rating from a normal with its mu and sigma (with `--games`: draws the games again). `players` restricts the regrets to the positions
with that many players (e.g. 2 when a PPO agent can play 2-player positions only).
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


def read_regrets(folder, players=None):
    """{agent: {position id: regret}} from the eval JSONs of a decision leaderboard folder,
    only positions with `players` players if given."""
    from speciesgym.training.decisions.leaderboard import read_board
    out = {a: {str(p["id"]): float(p["regret"]) for p in data["positions"]
               if players is None or p["players"] == players}
           for a, data in read_board(folder, "decisions proof").items()}
    if players is not None and not any(out.values()):
        raise ValueError(f"decisions proof: no {players}-player positions in {folder}")
    return out


def board_suite(folder):
    """The suite a decision leaderboard folder was scored on (versions.identity, from its
    first eval JSON; boards written before suites were identified give the name only)."""
    from speciesgym.training.decisions.leaderboard import read_board
    data = next(iter(read_board(folder, "decisions proof").values()), {})
    return data.get("suite_info") or {"name": data.get("suite")}


def pool_boards(boards):
    """(regrets, strata) of several boards' {agent: {id: regret}}: the agents found on every
    board, position ids prefixed by their board's index, strata {id: board index}."""
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


def proof(regrets, ratings, reps=BOOTSTRAP, seed=0, strata=None, suites=()):
    """Spearman of (-mean regret) against the tournament's strength over the agents in both,
    with its bootstrap interval; a dict with the per-agent table. `ratings`: a
    proof_ratings source (OpenSkillRatings, GameShares) or {agent: (mu, sigma)}. `strata`
    {position id: group}: resample positions within each group (pool_boards). `suites`: the
    identities of the boards' suites (board_suite), carried into the result."""
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
    table = np.array([[regrets[a][i] for i in ids] for a in agents])     # agents x positions
    strength = ratings.point(agents)
    mean = table.mean(axis=1)
    rho = spearman(-mean, strength)
    rng = np.random.default_rng(seed)
    groups = [np.flatnonzero(np.array([(strata or {}).get(i, 0) for i in ids]) == g)
              for g in sorted({(strata or {}).get(i, 0) for i in ids})]
    draws = []
    for _ in range(reps):
        pick = np.concatenate([g[rng.integers(0, len(g), len(g))] for g in groups])
        draws.append(spearman(-table[:, pick].mean(axis=1), ratings.draw(agents, rng)))
    draws = np.asarray(draws)
    low, high = np.nanpercentile(draws, [2.5, 97.5])
    rows = [{"agent": a, "regret": float(mean[k]), **ratings.row(a),
             "regret_rank": float(r1), "rating_rank": float(r2)}
            for k, (a, r1, r2) in enumerate(zip(agents, ranks(mean), ranks(-strength)))]
    return {"spearman": rho, "low": float(low), "high": float(high), "agents": len(agents),
            "positions": len(ids), "reps": reps, "strength": ratings.columns[0],
            "share_at_least_0.8": float(np.mean(draws >= 0.8)),
            "left_out": sorted(set(regrets) ^ known), "rows": rows,
            "suites": list(suites), "stale": any(s.get("stale") for s in suites)}


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
    if fig["left_out"]:
        out.append(f"in one file only (left out): {', '.join(fig['left_out'])}")
    return out
