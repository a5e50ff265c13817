"""A toy chance game whose expected reward is known by enumeration (the luck tests' game).

Bag {1, 1, 2, 3, 5}, two rounds. Each round A draws a tile (chance) and keeps it with the
known probability sigmoid(tile - 2) (a decision of a known policy); then B draws a tile
(chance) and keeps it when it is at least 2 (B's policy is not known to the estimator).
Reward of A: A's kept sum minus B's kept sum.
"""
import math

import numpy as np

START = ((1, 1, 2, 3, 5), 0, 0, 0, 0, 0)     # bag, round, stage, a, b, pending


def keep_prob(tile):
    return 1.0 / (1.0 + math.exp(-(tile - 2)))


def children(state):
    """(kind, [(prob, child)]) of a state, or None when the game is over."""
    bag, rnd, stage, a, b, pending = state
    if rnd == 2:
        return None
    if stage == 0:
        return "chance", [(bag.count(t) / len(bag), (_without(bag, t), rnd, 1, a, b, t))
                          for t in sorted(set(bag))]
    if stage == 1:
        p = keep_prob(pending)
        return "decision", [(p, (bag, rnd, 2, a + pending, b, 0)),
                            (1 - p, (bag, rnd, 2, a, b, 0))]
    return "chance", [(bag.count(t) / len(bag),
                       (_without(bag, t), rnd + 1, 0, a, b + (t if t >= 2 else 0), 0))
                      for t in sorted(set(bag))]


def _without(bag, t):
    rest = list(bag)
    rest.remove(t)
    return tuple(rest)


def reward(state):
    return state[3] - state[4]


def exact_value(state, memo={}):
    if state not in memo:
        kids = children(state)
        memo[state] = (reward(state) if kids is None
                       else sum(p * exact_value(c) for p, c in kids[1]))
    return memo[state]


def crude_value(state):
    """A's lead so far and half the pending tile."""
    return state[3] - state[4] + 0.5 * state[5]


def random_value(seed):
    """A deliberately wrong value function: a fixed random number per state."""
    table = {}
    rng = np.random.default_rng(seed)

    def value(state):
        if state not in table:
            table[state] = float(rng.normal(0, 5))
        return table[state]
    return value


def play(rng, law=None):
    """One game drawn with `rng`: (reward, steps), each step (kind, probs, children,
    index that happened). `law(kind, probs, kids)` may replace the probabilities the
    estimator is given (a negative control); the game is always drawn from the true ones."""
    state, steps = START, []
    while (kids := children(state)) is not None:
        kind, pairs = kids
        probs = np.array([p for p, _ in pairs])
        i = int(rng.choice(len(pairs), p=probs))
        told = probs if law is None else law(kind, probs, pairs)
        steps.append((kind, told, [c for _, c in pairs], i))
        state = pairs[i][1]
    return reward(state), steps


def trajectories(state=START, prob=1.0, steps=()):
    """Every game with its probability: (prob, reward, steps)."""
    kids = children(state)
    if kids is None:
        yield prob, reward(state), list(steps)
        return
    kind, pairs = kids
    probs = np.array([p for p, _ in pairs])
    for i, (p, child) in enumerate(pairs):
        yield from trajectories(child, prob * p,
                                steps + ((kind, probs, [c for _, c in pairs], i),))
