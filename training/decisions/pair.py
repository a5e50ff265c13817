"""`speciesgym decisions pair A B --out C`: two labellings of the same positions (a suite and
its relabelling, `decisions relabel`) as one suite with two labellings per position
(crossfit.py), so that eval, leaderboard and rescore print its noise floor and resample its
labellings.

A's values and best stay; B's values come beside them; each position's lead is tested on B
(cross-fitting). The files hold per-action means and standard errors, not the paired
simulations, so B's lead is measured in unpaired standard errors here (sqrt of the two
squared errors): larger than the paired ones under common random numbers, so fewer positions
are called clear than a two-labelling build would call (the rule says `"paired": false`).

A must be current (labelled under the running rules, versions.py). B must record the same
rules, or none: then B was labelled before suites recorded their rules, every one of its
positions must still rebuild with the stored mover and legal actions, and C says so
(`rules_stamp`), as the shipped suites were stamped.
"""
import math

import numpy as np

from speciesgym.training.decisions.agree import check_same_positions
from speciesgym.training.decisions.suite import (CLEAR_Z, load_suite, mark_clear,
                                                 read_suite_file, write_suite)

COMMAND = "decisions pair"


def unpaired_cross(rec_a, rec_b):
    """The cross-fitted fields of one position from two records of it."""
    first = int(np.argmax(rec_a["values"]))
    b, se = rec_b["values"], rec_b["se"]
    others = [j for j in range(len(b)) if j != first]
    z = 0.0
    if others:
        second = max(others, key=lambda j: b[j])
        lead = b[first] - b[second]
        spread = math.hypot(se[first], se[second])
        z = 0.0 if lead <= 0 else (1e6 if spread == 0 else lead / spread)
    return {"values_b": list(b), "se_b": list(se), "best_b": rec_b["best"],
            "z": round(min(z, 1e6), 3), "z_a": rec_a.get("z"), "clear": bool(z > CLEAR_Z),
            "labellings": 2}


def pair(a_path, b_path, out):
    """Write the two-labelling suite of A and B to `out`; its dict."""
    from speciesgym.training.decisions.versions import identity
    try:
        suite_a = load_suite(a_path)
        suite_b = load_suite(b_path, allow_stale=True)
    except ValueError as exc:
        raise ValueError(f"{COMMAND}: {exc}") from None
    a, b = read_suite_file(suite_a.path), read_suite_file(suite_b.path)
    if b.get("rules_hash") not in (None, a["rules_hash"]):
        raise ValueError(f"{COMMAND}: B was labelled under other rules ({b['rules_hash']}) "
                         f"than A ({a['rules_hash']})")
    pa, pb = check_same_positions(a, b, COMMAND)
    if len(pa) != len(a["positions"]):
        raise ValueError(f"{COMMAND}: B is an unfinished relabelling; finish it first")
    positions, rule = mark_clear([dict(x, **unpaired_cross(x, y)) for x, y in zip(pa, pb)])
    data = {k: v for k, v in a.items() if k not in ("positions", "relabel", "complete")}
    data.update(positions=positions, clear_rule=dict(rule, cross_fitted=True, paired=False),
                labellings=2, pair={"a": identity(a, a_path, False),
                                    "b": identity(b, b_path, suite_b.stale),
                                    "b_seed": b.get("seed"), "b_budget": b.get("budget")})
    if b.get("rules_hash") is None:
        data["rules_stamp"] = ("B records no rules hash (labelled before suites recorded "
                               "their rules); all its positions rebuild under these rules")
    write_suite(data, out)
    return data
