"""The resampling behind `decisions proof` intervals: positions drawn again by whole games
(clusters) within each board (strata), and for each drawn position the labelling that
scores it (when it holds two), the same draw for every agent so that agents stay paired.
Each draw gives a mean regret per agent; proof.py sets the orders they imply against the
tournament's strength drawn alongside."""
import numpy as np


class RegretDraws:
    """agents x positions regrets under labelling A and B (B = A where a position holds one
    labelling), positions grouped by stratum and, within it, by cluster (game)."""

    def __init__(self, agents, ids, regrets, labellings=None, strata=None, clusters=None):
        mean = np.array([[regrets[a][i] for i in ids] for a in agents])
        self.a, self.b = mean.copy(), mean.copy()
        for k, agent in enumerate(agents):
            for j, i in enumerate(ids):
                pair = (labellings or {}).get(agent, {}).get(i)
                if pair is not None:
                    self.a[k, j], self.b[k, j] = pair
        self.mean = mean
        self.two = int(sum(1 for i in ids if all(i in (labellings or {}).get(a, {})
                                                 for a in agents)))
        stratum = [(strata or {}).get(i, 0) for i in ids]
        cluster = [(clusters or {}).get(i, i) for i in ids]
        self.groups = []                 # per stratum: [position indices of each cluster]
        for s in sorted(set(stratum), key=str):
            members = {}
            for j, (st, c) in enumerate(zip(stratum, cluster)):
                if st == s:
                    members.setdefault(c, []).append(j)
            self.groups.append([np.array(v) for v in members.values()])
        self.clusters = sum(len(g) for g in self.groups)

    def draw(self, rng):
        """Mean regret per agent over one resample of clusters and labellings."""
        picks = []
        for group in self.groups:
            chosen = rng.integers(0, len(group), len(group))
            picks.append(np.concatenate([group[c] for c in chosen]))
        pick = np.concatenate(picks)
        use_a = rng.random(pick.size) < 0.5
        return np.where(use_a, self.a[:, pick], self.b[:, pick]).mean(axis=1)
