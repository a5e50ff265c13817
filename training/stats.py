"""The intervals every figure of speciesgym is reported with, written once.

  wilson                 a proportion's Wilson score interval (win shares, agreement)
  bootstrap_ci           a mean and its percentile bootstrap interval
  iqm                    the interquartile mean (rliable's aggregate over seeds)
  stratified_bootstrap   a statistic's interval, each group (task) resampled on its own
"""
import math

import numpy as np

Z95 = 1.959963984540054
CONFIDENCE = 0.95


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (low, high) of `successes` of `n`; (0, 1) when n is 0."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def bootstrap_ci(x, seed: int = 0, reps: int = 1000,
                 confidence: float = CONFIDENCE) -> tuple[float, float, float]:
    """(mean, low, high): the mean of x and its percentile bootstrap interval (nan when x
    is empty)."""
    x = np.asarray(x, float)
    if x.size == 0:
        return (float("nan"),) * 3
    rng = np.random.default_rng(seed)
    means = x[rng.integers(0, x.size, (reps, x.size))].mean(axis=1)
    tail = (1 - confidence) / 2 * 100
    low, high = np.percentile(means, [tail, 100 - tail])
    return float(x.mean()), float(low), float(high)


def iqm(values):
    """Interquartile mean: the mean of the sorted values without int(n/4) at each end (over
    the last axis)."""
    x = np.sort(np.asarray(values, dtype=float), axis=-1)
    n = x.shape[-1]
    if n == 0:
        raise ValueError("iqm of no values")
    cut = int(0.25 * n)
    return x[..., cut:n - cut].mean(axis=-1)


def stratified_bootstrap(groups, statistic=iqm, reps: int = 2000, seed: int = 0,
                         confidence: float = CONFIDENCE) -> tuple[float, float]:
    """(low, high): the percentile bootstrap interval of `statistic` over the pooled values of
    `groups` (a list of 1-d arrays, one per task), each group resampled with replacement on its
    own (rliable's StratifiedBootstrap). `statistic` takes an array (reps, n) and returns (reps,)."""
    if reps < 1:
        raise ValueError(f"reps must be at least 1, got {reps}")
    groups = [np.asarray(g, dtype=float) for g in groups]
    if not groups or any(g.size == 0 for g in groups):
        raise ValueError("stratified_bootstrap needs at least one value in every group")
    rng = np.random.default_rng(seed)
    samples = np.concatenate([g[rng.integers(0, g.size, size=(reps, g.size))] for g in groups],
                             axis=1)
    stats = statistic(samples)
    tail = (1 - confidence) / 2 * 100
    low, high = np.percentile(stats, [tail, 100 - tail])
    return float(low), float(high)
