"""Bootstrap intervals for suite scores that resample games and labellings.

Positions from one game are not independent (two per game in the table suites): each
resample draws games with replacement and keeps all their positions (a cluster bootstrap).
Where a position holds two labellings, each resample also draws, per position, which
labelling scores it (`alt`: the score under the second one), so the interval includes how
far the labels themselves vary, not only which positions were drawn.
"""
import numpy as np

BOOTSTRAP = 1000


def cluster_ci(values, clusters, alt=None, seed=0, reps=BOOTSTRAP):
    """(point, low, high): the mean of `values` (the mean of values and alt where alt is
    given) and its 95% percentile interval over `reps` resamples of the clusters (one label
    per value: its game) and, with `alt`, of the labelling that scores each value."""
    x = np.asarray(values, float)
    if x.size == 0:
        return (float("nan"),) * 3
    y = x if alt is None else np.asarray(alt, float)
    point = float(x.mean() if alt is None else (0.5 * (x + y)).mean())
    _, index = np.unique(np.asarray([str(c) for c in clusters]), return_inverse=True)
    groups = int(index.max()) + 1
    member = np.zeros((x.size, groups))
    member[np.arange(x.size), index] = 1.0
    rng = np.random.default_rng(seed)
    weights = rng.multinomial(groups, np.full(groups, 1.0 / groups), size=reps)   # reps x G
    if alt is None:
        sums = np.broadcast_to(x @ member, (reps, groups))
    else:
        pick = rng.random((reps, x.size)) < 0.5
        sums = np.where(pick, x, y) @ member
    sizes = member.sum(axis=0)
    means = (weights * sums).sum(axis=1) / (weights @ sizes)
    low, high = np.percentile(means, [2.5, 97.5])
    return point, float(low), float(high)
