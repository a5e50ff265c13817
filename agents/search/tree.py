"""Tree: the arrays of the compiled search's tree (agents.search.uct), reused from decision
to decision and grown when a budget needs more nodes, with what a Gumbel root search
(agents.search.gumbel) found at its root."""
import numpy as np


class Tree:
    """The tree arrays of agents.search.uct (`logits=True`: one row of net logits per node,
    else one row), and after a Gumbel root search: `gumbel_action` (the action it chose,
    -1 before any), `sampled` (the m actions it drew, best first), `survivors` (those left
    after Sequential Halving, the chosen one first) and `completed_q` (per action, NaN off
    the root's legal actions)."""

    def __init__(self, n_actions, capacity, logits=False):
        self.n_actions = n_actions
        self.with_logits = logits
        self._alloc(capacity)
        self.completed_q = np.full(n_actions, np.nan)
        self.order = np.zeros(n_actions, np.int64)
        self.gumbel_action = -1
        self.sampled = self.survivors = np.zeros(0, np.int64)

    def _alloc(self, capacity):
        self.child = np.empty((capacity, self.n_actions), np.int32)
        self.visits = np.zeros(capacity, np.int64)
        self.avail = np.zeros(capacity, np.int64)
        self.value = np.zeros((capacity, 6), np.float64)
        self.hint = np.zeros(capacity, np.int32)
        self.logits = np.zeros((capacity if self.with_logits else 1, self.n_actions), np.float32)
        self.meta = np.zeros(1, np.int64)

    def clear(self):
        self.meta[0] = 0
        self.gumbel_action = -1

    def room_for(self, n):
        """Grow (keeping the nodes) so that n more nodes fit."""
        need = int(self.meta[0]) + n + 1
        if need <= self.child.shape[0]:
            return
        used = int(self.meta[0])
        old = (self.child, self.visits, self.avail, self.value, self.hint, self.logits)
        self._alloc(max(need, 2 * self.child.shape[0]))
        for new, arr in zip((self.child, self.visits, self.avail, self.value, self.hint,
                             self.logits), old):
            new[:min(used, len(arr))] = arr[:min(used, len(arr))]
        self.meta[0] = used

    def arrays(self):
        return self.child, self.visits, self.avail, self.value, self.hint, self.meta

    def root_stats(self):
        """(actions, visits, value sums) of the root's children."""
        row = self.child[0]
        actions = np.flatnonzero(row >= 0)
        nodes = row[actions]
        return actions, self.visits[nodes], self.value[nodes]

    def gumbel_done(self, action, m, survivors):
        """Record a Gumbel root search's result (gumbel.simulate_gumbel's return value)."""
        self.gumbel_action = int(action)
        self.sampled = self.order[:m].copy()
        self.survivors = self.order[:survivors].copy()

    def improved_policy(self):
        """The Gumbel root's improved policy pi' = softmax(logits + sigma(completed Q)) over
        the root's legal actions (agents.search.gumbel.improved_policy)."""
        if self.gumbel_action < 0:
            raise ValueError("improved_policy: no Gumbel root search in this tree")
        from speciesgym.agents.search.gumbel import improved_policy
        visits = self.root_stats()[1]
        return improved_policy(self.logits[0].astype(np.float64), self.completed_q,
                               int(visits.max()) if visits.size else 0)
