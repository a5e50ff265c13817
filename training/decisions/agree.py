"""`speciesgym decisions agree A B`: how far two labellings of the same positions agree.

Figures (JSON-ready dict from `agreement(a, b)`, a and b suite dicts or files):
  clear_in_a     of the positions clear in A, the share where B's best action is A's;
  clear_in_both  the same over the positions clear in both labellings;
  all            the same over every position;
each with its count and a 95% Wilson interval; and the rank correlation of the action
values: Spearman's rho between A's and B's values of a position's legal actions, averaged
over the positions where neither labelling ties all its actions (`rank_correlation`), and
pooled over every (position, action) after centring each position's values on its mean
(`rank_correlation_pooled`, which is not inflated by positions of different mean value).

Clear positions are those each file marks clear (its own `clear_rule`, suite.mark_clear);
`--min-z 3` instead calls a position clear when its best action leads by more than 3 paired
standard errors (both labellings alike).

The two files must hold the same positions (id, scenario, mover, legal actions, in order);
anything else is refused with the first difference. A relabelling still under way (its file
marked `"complete": false`) is compared on the positions it has, and the figures say so.
"""
import numpy as np

from speciesgym.training.decisions.suite import CLEAR_Z, read_suite_file
from speciesgym.training.stats import wilson

def _as_dict(suite, label):
    if isinstance(suite, dict):
        return suite
    try:
        return read_suite_file(suite)
    except ValueError as exc:
        raise ValueError(f"decisions agree: {label}: {exc}") from None


def check_same_positions(a, b, command="decisions agree"):
    """The positions of suite dicts a and b (the common prefix when one is an unfinished
    relabelling); ValueError naming `command` unless they hold the same positions."""
    pa, pb = a["positions"], b["positions"]
    if a.get("game") != b.get("game"):
        raise ValueError(f"{command}: A is a {a.get('game')} suite, B a {b.get('game')} "
                         f"suite")
    if len(pa) != len(pb):
        short = a if len(pa) < len(pb) else b
        if short.get("complete", True):
            raise ValueError(f"{command}: A has {len(pa)} positions, B {len(pb)}: not "
                             f"two labellings of the same positions")
        pa, pb = pa[:len(short["positions"])], pb[:len(short["positions"])]
    for i, (x, y) in enumerate(zip(pa, pb)):
        for key in ("id", "scenario", "seat", "legal"):
            if x.get(key) != y.get(key):
                raise ValueError(f"{command}: position {i} differs in {key!r} "
                                 f"({x.get('id')} vs {y.get('id')}): not two labellings of "
                                 f"the same positions")
    return pa, pb


def rank_corr(x, y):
    """Spearman's rho (average ranks for ties); nan when either side is constant."""
    from scipy.stats import rankdata
    rx, ry = rankdata(x), rankdata(y)
    if np.ptp(rx) == 0 or np.ptp(ry) == 0:
        return float("nan")
    return float(np.corrcoef(rx, ry)[0, 1])


def _share(pairs):
    k, n = sum(pairs), len(pairs)
    mid = k / n if n else float("nan")
    lo, hi = wilson(k, n) if n else (float("nan"),) * 2
    return {"n": n, "same_best": k, "share": round(mid, 4), "ci95": [round(lo, 4), round(hi, 4)]}


def agreement(a, b, min_z=None):
    """The agreement figures of labellings a and b (suite dicts or paths) of one suite;
    `min_z`: call a position clear when its stored z (the best action's lead over the second
    in paired standard errors) exceeds min_z, instead of each file's own marks."""
    a, b = _as_dict(a, "A"), _as_dict(b, "B")
    pa, pb = check_same_positions(a, b)
    if min_z is not None:
        pa, pb = ([dict(p, clear=p.get("z", 0) > min_z) for p in ps] for ps in (pa, pb))
    same = [x["best"] == y["best"] for x, y in zip(pa, pb)]
    rhos = [rank_corr(x["values"], y["values"]) for x, y in zip(pa, pb)]
    rhos = [r for r in rhos if np.isfinite(r)]
    ca = np.concatenate([np.subtract(x["values"], np.mean(x["values"])) for x in pa]) \
        if pa else np.zeros(0)
    cb = np.concatenate([np.subtract(y["values"], np.mean(y["values"])) for y in pb]) \
        if pb else np.zeros(0)
    pooled = rank_corr(ca, cb) if ca.size > 1 else float("nan")
    return {
        "suite": a.get("name"), "game": a.get("game"), "positions": len(pa),
        "partial": len(pa) < max(len(a["positions"]), len(b["positions"])),
        "clear_rule": {"min_z": min_z} if min_z is not None else a.get("clear_rule"),
        "a": {"seed": a.get("seed"), "budget": a.get("budget"),
              "clear": sum(x["clear"] for x in pa)},
        "b": {"seed": b.get("seed"), "budget": b.get("budget"),
              "clear": sum(y["clear"] for y in pb)},
        "clear_in_a": _share([s for s, x in zip(same, pa) if x["clear"]]),
        "clear_in_both": _share([s for s, x, y in zip(same, pa, pb) if x["clear"] and y["clear"]]),
        "all": _share(same),
        "rank_correlation": {"mean": round(float(np.mean(rhos)), 4) if rhos else float("nan"),
                             "n": len(rhos)},
        "rank_correlation_pooled": round(pooled, 4),
    }


def describe_rule(rule):
    """A clear rule in words: a fixed mark, the suite's false discovery rule, or (files
    written before clear_rule) z > CLEAR_Z."""
    if rule is None:
        return f"z > {CLEAR_Z:g}"
    if "fdr" not in rule:
        return f"z > {rule['min_z']:g}"
    least = "no position" if rule["z"] is None else f"z >= {rule['z']:g}"
    return (f"false discovery rate {rule['fdr']:g} in A (Benjamini-Hochberg), never z <= "
            f"{rule['min_z']:g}; clear in A from {least}")


def report(fig):
    """The figures as text lines."""
    def line(label, s):
        return (f"{label:<34} {s['same_best']:>4}/{s['n']:<4} {s['share']:.3f} "
                f"[{s['ci95'][0]:.3f}, {s['ci95'][1]:.3f}]")
    rc = fig["rank_correlation"]
    part = ", an unfinished relabelling: its first positions only" if fig["partial"] else ""
    return [f"suite {fig['suite']} ({fig['positions']} positions{part}): A seed {fig['a']['seed']} "
            f"({fig['a']['clear']} clear), B seed {fig['b']['seed']} ({fig['b']['clear']} clear); "
            f"clear: {describe_rule(fig['clear_rule'])}",
            f"{'same best action':<34} {'k/n':>9} share [95% CI]",
            line("positions clear in A", fig["clear_in_a"]),
            line("positions clear in both", fig["clear_in_both"]),
            line("all positions", fig["all"]),
            f"rank correlation of action values: mean rho {rc['mean']:.3f} over {rc['n']} "
            f"positions, pooled (centred) {fig['rank_correlation_pooled']:.3f}"]
