"""The estimator keeps the expected reward on a toy game known by enumeration, whatever the
value function, and has the power to show a wrong law (luck_correction.md, section 8)."""
import numpy as np
import pytest

from speciesgym.training.luck.estimator import GameLuck, stratified_expectation, summarize, term
from speciesgym.training.luck.evaluate import expected_term
from tests.luck import toy_game as toy

VALUES = {"crude": toy.crude_value, "constant": lambda s: 0.0,
          "wrong": toy.random_value(7), "exact": toy.exact_value}


def adjusted(u, steps, value):
    luck = GameLuck()
    for kind, probs, kids, i in steps:
        luck.add(kind, kind, term(probs, [value(c) for c in kids], i))
    return luck.adjusted(u)


def test_luck_toy_probabilities_sum_to_one_and_expectation_is_exact():
    games = list(toy.trajectories())
    assert sum(p for p, _, _ in games) == pytest.approx(1.0, abs=1e-12)
    expected = sum(p * u for p, u, _ in games)
    assert expected == pytest.approx(toy.exact_value(toy.START), abs=1e-12)
    for name, value in VALUES.items():
        mean_x = sum(p * adjusted(u, steps, value) for p, u, steps in games)
        assert mean_x == pytest.approx(expected, abs=1e-12), name


def test_luck_toy_exact_value_gives_zero_variance_and_useful_ones_reduce_it():
    games = list(toy.trajectories())
    xs = [adjusted(u, steps, toy.exact_value) for _, u, steps in games]
    assert np.ptp(xs) < 1e-12
    var = {}
    for name in ("constant", "crude", "wrong"):
        m = sum(p * adjusted(u, s, VALUES[name]) for p, u, s in games)
        var[name] = sum(p * (adjusted(u, s, VALUES[name]) - m) ** 2 for p, u, s in games)
    assert var["crude"] < var["constant"] < var["wrong"]


def test_luck_toy_wrong_law_shows_a_bias():
    def uniform(kind, probs, kids):              # ignores how many copies a tile has
        return np.full(len(probs), 1 / len(probs)) if kind == "chance" else probs
    games = list(toy.trajectories())
    expected = sum(p * u for p, u, _ in games)
    biased = 0.0
    for p, u, steps in games:
        steps = [(k, uniform(k, pr, kids), kids, i) for k, pr, kids, i in steps]
        biased += p * adjusted(u, steps, toy.crude_value)
    assert abs(biased - expected) > 0.01


@pytest.mark.parametrize("name", ["crude", "constant", "wrong"])
def test_luck_toy_sampled_games_match_the_exact_mean_within_the_interval(name):
    rng = np.random.default_rng(2024)
    expected = toy.exact_value(toy.START)
    plain, adj = [], []
    for _ in range(3000):
        u, steps = toy.play(rng)
        plain.append(u)
        adj.append(adjusted(u, steps, VALUES[name]))
    s = summarize(plain, adj, seed=1)
    for kind in ("plain", "adjusted"):
        assert s[kind]["low"] <= expected <= s[kind]["high"], (kind, s[kind])
    if name == "crude":
        assert s["variance_ratio"] > 1.5
        low, high = s["variance_ratio_ci"]                # a bootstrap over games
        assert 1.0 < low <= s["variance_ratio"] <= high


def test_luck_stratified_expectation_keeps_the_mean():
    rng = np.random.default_rng(5)
    probs = np.array([0.4, 0.2, 0.2, 0.2])
    values = np.array([1.0, 3.0, -2.0, 7.0])
    strata, weights = [[0], [1, 2, 3]], [0.4, 0.6]
    estimates = []
    for _ in range(20000):
        samples = [[values[rng.choice(idx, p=probs[idx] / probs[idx].sum())]] for idx in strata]
        estimates.append(stratified_expectation(weights, samples))
    se = np.std(estimates) / np.sqrt(len(estimates))
    assert abs(np.mean(estimates) - probs @ values) < 4 * se


def test_luck_term_refuses_a_non_law():
    with pytest.raises(ValueError):
        term([0.5, 0.6], [1, 2], 0)
    with pytest.raises(ValueError):
        term([1.0, 0.0], [1, 2], 1)


@pytest.mark.parametrize("name", ["crude", "wrong"])
def test_luck_toy_sampled_expectations_keep_the_mean(name):
    """Each expectation estimated from one outcome drawn from its law (evaluate.
    expected_term with samples=1) instead of enumerated: the mean stays within its
    interval; the sampling adds variance (crude value: still below the plain one)."""
    rng = np.random.default_rng(77)
    expected = toy.exact_value(toy.START)
    value = VALUES[name]
    plain, adj = [], []
    for g in range(3000):
        u, steps = toy.play(rng)
        luck = GameLuck()
        for t, (kind, probs, kids, i) in enumerate(steps):
            luck.add(kind, kind, expected_term(probs, i, lambda j: value(kids[j]), 1,
                                               stream=g * 10 + t))
        plain.append(u)
        adj.append(luck.adjusted(u))
    s = summarize(plain, adj, seed=2)
    assert s["adjusted"]["low"] <= expected <= s["adjusted"]["high"], s["adjusted"]
    if name == "crude":
        assert 1.0 < s["variance_ratio"]


def test_luck_expected_term_exact_when_samples_cover_the_outcomes():
    probs, values = [0.5, 0.25, 0.25], [1.0, 2.0, 6.0]
    exact = term(probs, values, 2)
    assert expected_term(probs, 2, lambda i: values[i], None, 1) == exact
    assert expected_term(probs, 2, lambda i: values[i], 3, 1) == exact
    with pytest.raises(ValueError):
        expected_term([0.5, 0.6], 0, lambda i: 0.0, 1, 1)
