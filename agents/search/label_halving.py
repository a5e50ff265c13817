"""Reference values that spend the simulations on the leading actions: successive halving.

label_position gives every legal action the same number of simulations. Where a position
has many actions and a playout is long (a Dominant Species placement: 15 actions on
average, several hundred decisions to the end), the budget that makes the lead of the best
action measurable is then out of reach. label_halving runs every action `start` times,
keeps the better half by mean (at least two), doubles the simulations of those left (up to
half of `sims`), and so on until two are left; those two then run `sims` times each. The simulations are the same
words as label_position's (word i seeds simulation i of every action), so every pair of
actions is compared on the simulations both ran (common random numbers) and the result
equals label_position's wherever both ran an action as often.

`keep` (an action) always stays among those left: a second, independent labelling keeps
the first labelling's best to test its lead against whatever it finds strongest
(cross-fitting, training.decisions.crossfit). Actions dropped early keep the values of the
simulations they ran; their missing simulations are NaN in `Labels.samples`.

With a tree below each action (Simulator's `tree`), a tree's simulations depend on those
before them, so an action that runs again with more simulations runs all of them from a
fresh tree (the first ones come out the same); without a tree only the new ones run.
"""
import numpy as np

from speciesgym.agents.search.label import FULL_GAME, Labels, Simulator, words_for


def rounds(n_actions, start, sims):
    """(actions left, simulations each) of every round of label_halving on `n_actions`
    actions: all of them at `start`; then the better half (rounded up, at least two) with
    twice as many, at most half of `sims` (so only the last two reach it); the last two at
    `sims`."""
    alive, n = n_actions, min(start, sims)
    plan = [(alive, n)]
    while alive > 2 or len(plan) == 1:
        alive = min(alive, max(2, -(-alive // 2)))
        n = sims if alive <= 2 else max(n, min(2 * n, sims // 2))
        plan.append((alive, n))
    return plan


def halving_cost(n_actions, start, sims):
    """Simulations label_halving runs on a position of `n_actions` actions without a tree
    (with a tree, the survivors' earlier rounds run again: at most twice this)."""
    plan = rounds(n_actions, start, sims)
    return sum(k * (n - before) for (k, n), (_, before) in zip(plan, [(0, 0)] + plan))


def label_halving(game, state, seat, start, sims, seed, depth=FULL_GAME, policy="greedy",
                  tree=False, keep=None):
    """Labels of every legal action of `state` for its mover `seat` by successive halving
    (module docstring): `start` simulations each, then the better half with twice as many,
    down to the last two with `sims` each; `keep`: an action never dropped."""
    for name, value in (("start", start), ("sims", sims)):
        if isinstance(value, bool) or int(value) < 1:
            raise ValueError(f"label: {name} must be a positive integer, got {value!r}")
    if start > sims:
        raise ValueError(f"label: start ({start}) must not exceed sims ({sims})")
    sim = Simulator(game, state, seat, policy, tree, depth)
    actions = sim.actions
    forced = None
    if keep is not None:
        hits = np.flatnonzero(actions == int(keep))
        if not hits.size:
            raise ValueError(f"label: keep={keep} is not a legal action of the position")
        forced = int(hits[0])
    words = words_for(seed, int(sims))
    samples = np.full((actions.size, int(sims)), np.nan)
    ran = np.zeros(actions.size, np.int64)
    alive = list(range(actions.size))
    capped = 0

    def extend(which, n):
        nonlocal capped
        grow = [j for j in which if ran[j] < n]
        if grow:
            first = 0 if tree else int(ran[grow[0]])     # the survivors ran alike so far
            out, c = sim.run(actions[grow], words[first:n])
            samples[grow, first:n] = out
            ran[grow] = n
            capped += c

    for i, (count, n) in enumerate(rounds(actions.size, int(start), int(sims))):
        if i:
            alive = _better(samples, actions, alive, count, forced)
        extend(alive, n)
    return Labels(actions, samples, capped)


def _better(samples, actions, alive, count, forced):
    """The `count` best of `alive` by mean, ties by action number; `forced` replaces the
    last of them when it would be dropped."""
    means = np.nanmean(samples[alive], axis=1)
    kept = [alive[i] for i in np.lexsort((actions[alive], -means))][:count]
    if forced is not None and forced not in kept:
        kept[-1] = forced
    return kept
