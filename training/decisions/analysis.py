"""Reading decision scores across agents (notebooks/decisions.ipynb): agreement per decision
type and agent with bootstrap intervals, the regret distribution, and the positions where an
agent loses most, with the position as text and the values of its actions.

All functions take `EvalResult`s of one suite (training.decisions.evaluate) and, where the
positions themselves are needed, that Suite.
"""
import numpy as np

from speciesgym.training.stats import bootstrap_ci


def type_agreement(results, seed=0):
    """{type: {agent: (agreement, low, high, clear positions)}} over the clear positions of
    each type (types without a clear position are left out); types by clear count, most
    first."""
    by_type = {}
    for res in results:
        for row in res.rows:
            if row["clear"]:
                by_type.setdefault(row["type"], {}).setdefault(res.agent, []).append(row["agree"])
    out = {}
    for kind in sorted(by_type, key=lambda k: (-max(len(v) for v in by_type[k].values()), k)):
        out[kind] = {agent: (*bootstrap_ci(x, seed), len(x))
                     for agent, x in by_type[kind].items()}
    return out


def regret_quantiles(result, qs=(0.5, 0.9, 0.99)):
    """{q: regret quantile} and the share of positions with no regret, of one result."""
    r = np.array([row["regret"] for row in result.rows])
    out = {f"q{int(q * 100)}": float(np.quantile(r, q)) for q in qs}
    out["zero"] = float(np.mean(r <= 1e-12))
    return out


def plot_type_agreement(results, ax=None, seed=0):
    """Grouped horizontal bars: agreement per decision type, one bar per agent, with the 95%
    bootstrap interval; the clear count beside each type."""
    import matplotlib.pyplot as plt
    table = type_agreement(results, seed)
    agents = [r.agent for r in results]
    if ax is None:
        _, ax = plt.subplots(figsize=(9, 0.45 * len(table) * max(len(agents), 1) / 2 + 1.5))
    height = 0.8 / max(len(agents), 1)
    for j, agent in enumerate(agents):
        ys, mids, errs = [], [], [[], []]
        for i, cells in enumerate(table.values()):
            if agent in cells:
                mid, lo, hi, _ = cells[agent]
                ys.append(i + j * height)
                mids.append(mid)
                errs[0].append(mid - lo)
                errs[1].append(hi - mid)
        ax.barh(ys, mids, height, xerr=errs, capsize=2, label=agent)
    labels = [f"{k} ({max(c[3] for c in v.values())})" for k, v in table.items()]
    ax.set_yticks([i + (len(agents) - 1) * height / 2 for i in range(len(table))], labels)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("agreement with the best action (clear positions; 95% bootstrap interval)")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=8)
    return ax


def plot_regret_distribution(results, ax=None):
    """The empirical distribution function of regret per agent (share of positions with
    regret at most x)."""
    import matplotlib.pyplot as plt
    if ax is None:
        _, ax = plt.subplots(figsize=(7, 4))
    for res in results:
        r = np.sort([row["regret"] for row in res.rows])
        ax.step(np.concatenate([[0.0], r]), np.linspace(0, 1, r.size + 1), where="post",
                label=f"{res.agent} (mean {r.mean():.3f})")
    ax.set_xlabel("regret (rank reward lost against the best action)")
    ax.set_ylabel("share of positions with at most this regret")
    ax.set_ylim(0, 1.02)
    ax.legend(loc="lower right", fontsize=8)
    return ax


def worst_positions(result, suite, k=3):
    """The k positions of `result` with the highest regret (ties: suite order), each a dict:
    id, type, players, regret, position (the Position), and actions: (action, name, value,
    se, mark) by decreasing value, mark "chosen", "best", "chosen, best" or ""."""
    by_id = {p.record.get("id"): p for p in suite.positions}
    rows = sorted(enumerate(result.rows), key=lambda ir: (-ir[1]["regret"], ir[0]))[:k]
    out = []
    for _, row in rows:
        pos = by_id[row["id"]]
        rec = pos.record
        names = rec.get("names") or [str(a) for a in rec["legal"]]
        actions = []
        for a, name, v, s in sorted(zip(rec["legal"], names, rec["values"], rec["se"]),
                                    key=lambda t: (-t[2], t[0])):
            mark = ", ".join(m for m, hit in (("chosen", a == row["chosen"]),
                                              ("best", a == rec["best"])) if hit)
            actions.append((a, name, v, s, mark))
        out.append({"id": row["id"], "type": row["type"], "players": row["players"],
                    "regret": row["regret"], "clear": row["clear"], "position": pos,
                    "actions": actions})
    return out


def describe(item):
    """A worst_positions item as text: the mover's view of the position, then its actions."""
    pos = item["position"]
    seat = pos.record["seat"]
    lines = [f"{item['id']}: {item['type']}, {item['players']} players, seat {seat} to move, "
             f"regret {item['regret']:.3f} ({'clear' if item['clear'] else 'not clear'})",
             pos.engine.render_text(pos.state, viewer=seat), "actions by value (± SE):"]
    for a, name, v, s, mark in item["actions"]:
        lines.append(f"  {v:.3f} ± {s:.3f}  {name}" + (f"   <- {mark}" if mark else ""))
    return "\n".join(lines)
