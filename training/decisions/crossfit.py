"""Two independent labellings of a position, A and B, and what they say together.

Cross-fitting: the best action is chosen on A (`best`, the highest of A's values) and its
lead is tested on B: `z` is B's paired z of A's best against the best of the other actions
under B (the common-random-number differences of B's simulations). Choosing the best on the
same samples that then test its lead inflates z (the winner of a noisy race looks further
ahead than it is); across labellings it does not, and taking the best other action under B
errs on the careful side. A's own z is kept as `z_a`. `clear` is then the suite's
Benjamini-Hochberg rule (suite.mark_clear) over the cross-fitted z.

The noise floor of a position (`floor`) is the regret of an oracle that plays one
labelling's best action, scored under the other, averaged over both directions (after
successive halving, A's best under B alone): what a perfect player scores against labels
this noisy. An agent's regret at a position
(`regrets`) is scored under each labelling; summaries average them and their intervals
resample which labelling scores each position (scoring.py).
"""
import numpy as np

from speciesgym.agents.search.label import lead_z
from speciesgym.training.decisions.suite import CLEAR_Z


def paired_lead_z(samples, first, others):
    """z of row `first`'s lead over the best of rows `others` (by mean, among those simulated
    most: halving's survivors) in [action, simulation] samples (NaN where an action was not
    simulated), from the paired differences of the simulations both ran (0 when it does not lead; inf when the differences never vary
    but the lead is > 0)."""
    if not len(others):
        return 0.0
    counts = np.isfinite(samples[others]).sum(axis=1)
    others = others[counts == counts.max()]           # after halving: those run furthest
    means = np.nanmean(samples[others], axis=1)
    second = others[int(np.argmax(means))]
    return lead_z(samples[first] - samples[second])


def cross_fields(a, b, sims):
    """The label fields of a position labelled twice (agents.search.label Labels a and b of
    the same legal actions): A's values and best, B's values, the cross-fitted z."""
    if a.actions.tolist() != b.actions.tolist():
        raise ValueError("cross-fitting: the two labellings hold different legal actions")
    first = int(a.order()[0])
    others = np.array([i for i in range(len(a.actions)) if i != first], int)
    z = paired_lead_z(b.samples, first, others)
    return {"values": [round(float(v), 5) for v in a.values],
            "se": [round(float(s), 5) for s in a.se],
            "values_b": [round(float(v), 5) for v in b.values],
            "se_b": [round(float(s), 5) for s in b.se],
            "best": int(a.actions[first]), "best_b": int(b.actions[b.order()[0]]),
            "clear": bool(z > CLEAR_Z), "z": round(min(z, 1e6), 3),
            "z_a": round(min(a.paired_z(), 1e6), 3), "sims": int(sims),
            "capped": a.capped + b.capped, "labellings": 2}


def two_labellings(rec):
    """Whether a position record holds two labellings."""
    return "values_b" in rec


def regrets(rec, action):
    """(regret of `action` under A, under B or None): the value of the labelling's best
    action (`best`, `best_b`) less the action's. The best is the labelling's own, not the
    highest value: after successive halving an action dropped early holds the mean of a few
    simulations, which can come out above the finalists' (half the positions of the
    Dominant Species suites), and taking it as the best would charge every choice, the
    oracle's too, with that noise. Such an action's regret can be below 0."""
    legal = rec["legal"]
    i = legal.index(action)
    under_a = float(rec["values"][legal.index(rec["best"])] - rec["values"][i])
    if not two_labellings(rec):
        return under_a, None
    return under_a, float(rec["values_b"][legal.index(rec["best_b"])] - rec["values_b"][i])


def floor(rec):
    """The position's noise floor: A's best scored under B and B's best under A, averaged
    (None with one labelling). After successive halving (`start` in the record) only A's
    best under B: B ran A's best to the end (label_pair keeps it), but A may have dropped
    B's best after a few simulations, for a low mean, and scoring B's best by that mean
    would charge the oracle with A's race, not with the labels' noise."""
    if not two_labellings(rec):
        return None
    a_under_b = regrets(rec, rec["best"])[1]
    if rec.get("start"):
        return a_under_b
    return 0.5 * (a_under_b + regrets(rec, rec["best_b"])[0])


def check_start(command, start, sims):
    """ValueError naming `decisions <command> --start` unless it is 0 (uniform) to sims."""
    if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start <= sims:
        raise ValueError(f"decisions {command}: --start must be an integer from 0 (uniform) "
                         f"to --sims ({sims}), got {start!r}")


def label_once(game, state, seat, budget, seed, keep=None):
    """One labelling of a position under `budget` (sims, playout, tree, and `start` for
    successive halving: agents.search.label_halving; uniform without it); `keep`: an action
    halving never drops."""
    from speciesgym.agents.search.label import label_position
    from speciesgym.agents.search.label_halving import label_halving
    policy, tree = budget.get("playout", "greedy"), bool(budget.get("tree", False))
    if budget.get("start"):
        return label_halving(game, state, seat, int(budget["start"]), int(budget["sims"]),
                             seed, policy=policy, tree=tree, keep=keep)
    return label_position(game, state, seat, int(budget["sims"]), seed, policy=policy,
                          tree=tree)


def label_pair(first, game, state, seat, budget, seed):
    """The cross-fitted fields of a position from `first` (its labelling A) and a second
    labelling seeded by `seed`, which keeps A's best among the actions it follows to the end
    (halving): its lead is tested against whatever B finds strongest."""
    keep = int(first.actions[first.order()[0]])
    again = label_once(game, state, seat, budget, seed, keep=keep)
    fields = cross_fields(first, again, budget["sims"])
    if budget.get("start"):
        fields["start"] = int(budget["start"])
    return fields
