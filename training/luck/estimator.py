"""The AIVAT-style estimator over one game and its summary over many.

At a corrected step t (a chance event, or a decision of a seat whose action distribution is
known) with outcome probabilities p_t(b), value-function values V(h_t b) for every outcome b
and the outcome that happened a_t, the term is

    D_t = V(h_t a_t) - sum_b p_t(b) V(h_t b)

and the adjusted reward is X = u - sum_t D_t. Given h_t the outcome is drawn from p_t, so
E[D_t | h_t] = 0 and E[X] = E[u] whatever V is; a V close to the conditional expected reward
makes X vary far less than u. A term whose expectation is estimated by stratified samples
(drawn with a generator of its own) keeps E[D_t | h_t] = 0 and only adds variance.
"""
import math

import numpy as np

from speciesgym.training.stats import Z95, bootstrap_ci, stratified_bootstrap

KINDS = ("chance", "decision")


def term(probs, values, happened):
    """D_t for one corrected step (ValueError on probabilities that are not a law)."""
    probs = np.asarray(probs, float)
    values = np.asarray(values, float)
    if probs.ndim != 1 or probs.shape != values.shape or probs.size == 0:
        raise ValueError(f"probs and values must be equal 1-d arrays, got {probs.shape} "
                         f"and {values.shape}")
    if np.any(probs < 0) or abs(probs.sum() - 1.0) > 1e-9:
        raise ValueError(f"probabilities must be >= 0 and sum to 1, sum {probs.sum()!r}")
    if not 0 <= int(happened) < probs.size or probs[int(happened)] == 0:
        raise ValueError(f"outcome {happened!r} is not a possible outcome")
    return float(values[int(happened)] - probs @ values)


def stratified_expectation(weights, samples):
    """sum_k w_k * mean(samples_k): the expectation over strata of exactly known weights,
    each estimated by its own samples (unbiased when each stratum's samples are drawn from
    the law restricted to it)."""
    weights = np.asarray(weights, float)
    if weights.size != len(samples) or abs(weights.sum() - 1.0) > 1e-9:
        raise ValueError("one sample list per stratum, weights summing to 1")
    return float(sum(w * np.mean(s) for w, s in zip(weights, samples) if w > 0))


class GameLuck:
    """The corrections of one seat over one game, by kind and by label (phase, event)."""

    def __init__(self):
        self.terms = []                     # (kind, label, D_t)

    def add(self, kind, label, d):
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}, got {kind!r}")
        self.terms.append((kind, str(label), float(d)))

    def total(self, kind=None):
        return float(sum(d for k, _, d in self.terms if kind is None or k == kind))

    def by_label(self):
        out = {}
        for kind, label, d in self.terms:
            out[f"{kind}:{label}"] = out.get(f"{kind}:{label}", 0.0) + d
        return out

    def adjusted(self, reward):
        return float(reward) - self.total()


def games_for_half_width(sd, half_width=0.03):
    """Games for a 95% interval of +-half_width on a mean whose per-game sd is `sd`."""
    return int(math.ceil((Z95 * sd / half_width) ** 2)) if sd > 0 else 1


def summarize(plain, adjusted, seed=0, half_width=0.03):
    """Plain and adjusted means with bootstrap intervals over games, their standard
    deviations, the variance ratio plain / adjusted and the games each needs for a
    +-half_width 95% interval."""
    plain = np.asarray(plain, float)
    adjusted = np.asarray(adjusted, float)
    if plain.shape != adjusted.shape or plain.size < 2:
        raise ValueError("plain and adjusted need the same games, at least 2")
    out = {"games": int(plain.size)}
    for name, x in (("plain", plain), ("adjusted", adjusted)):
        mean, low, high = bootstrap_ci(x, seed=seed)
        sd = float(x.std(ddof=1))
        out[name] = {"mean": mean, "low": low, "high": high, "sd": sd,
                     "games_needed": games_for_half_width(sd, half_width)}
    var_adj = out["adjusted"]["sd"] ** 2
    out["variance_ratio"] = (out["plain"]["sd"] ** 2 / var_adj) if var_adj > 0 else math.inf
    out["variance_ratio_ci"] = variance_ratio_ci(plain, adjusted, seed)
    return out


def variance_ratio_ci(plain, adjusted, seed=0):
    """(low, high): the percentile bootstrap interval of the variance ratio, resampling
    games (a game's plain and adjusted rewards stay together)."""
    def ratio(idx):
        idx = idx.astype(np.int64)
        v_adj = adjusted[idx].var(axis=1, ddof=1)
        v_plain = plain[idx].var(axis=1, ddof=1)
        return np.divide(v_plain, v_adj, out=np.full(v_adj.shape, np.inf), where=v_adj > 0)
    with np.errstate(invalid="ignore"):          # resamples of constant games give inf
        return stratified_bootstrap([np.arange(plain.size)], ratio, reps=1000, seed=seed)


def variance_ratio_line(summary):
    """The line every luck-corrected result prints."""
    low, high = summary.get("variance_ratio_ci", (math.nan, math.nan))
    return (f"variance ratio {summary['variance_ratio']:.2f} [{low:.2f}, {high:.2f}] (plain sd "
            f"{summary['plain']['sd']:.3f}, adjusted sd {summary['adjusted']['sd']:.3f}, "
            f"{summary['games']} games)")
