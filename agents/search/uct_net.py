"""The policy/value net's parts of the compiled search loop (agents.search.uct, whose
`descend` and `search` call them when given a net of agents.net.mlp).

At each node the seat to move p reads its own observation of the current determinisation
(the game's `observe` kernel: what p may see, never the hidden rest) and the net gives
logits, kept per node from its first evaluation (`logits[node]`; hint[node] -1 once done,
-2 before). Selection (`puct`): over the actions legal in this determinisation, the largest
Q(a) + c_puct * P(a) * sqrt(1 + N(node)) / (1 + N(a)), P the softmax of the node's logits
renormalised over those actions, Q the child's mean value for p (an unvisited action: the
node's own mean, or 0.5). The chosen action, if it has no child, is expanded, the new node
evaluated by the net for its mover, and the walk stops. Leaf value per seat (`mix_leaf`):
(1 - lam) * net + lam * rollout, the net's value v for the leaf's mover and
(n / 2 - v) / (n - 1) for each other seat (rank values sum to n / 2); a finished game, or
lam = 1, is scored by the rollout alone. No Python per simulation.

The other rule at the guided nodes, BIAS (`root=bias`), keeps the plain search's walk and
uses the prior only to steer it: an untried legal move is expanded first, the one of
highest prior first (`top_untried`); once every legal move has a child, UCT over them (the
plain search's exploration term, c) plus a progressive bias w * P(a) / sqrt(1 + N(a))
(agents.search.uct `biased`, w the c_puct option). The bias fades as a move is visited, so with many
simulations the search comes back to plain UCT; with few, the prior decides.
"""
import math

import numpy as np
from numba import njit

from speciesgym.agents.net.mlp import forward
from speciesgym.agents.search.kernels import observe

NET_EVERYWHERE = 1 << 30     # a net_depth under which the net guides every node
PUCT, BIAS = 0, 1            # the rules of the guided nodes (module docstring)


@njit(cache=True)
def net_scratch(layers):
    """(obs, h0, h1): float32 scratch for `evaluate` with the net of layer table `layers`
    (size 1 each for no net: an empty table)."""
    width = 1
    for r in range(layers.shape[0] - 1):
        width = max(width, layers[r, 3])
    obs = np.zeros(layers[0, 2] if layers.shape[0] > 0 else 1, np.float32)
    return obs, np.zeros(width, np.float32), np.zeros(width, np.float32)


@njit(cache=True)
def evaluate(st, p, params, layers, obs, h0, h1, logits_row):
    """The net on seat p's observation of st: logits into logits_row, returns the value."""
    obs[:] = 0.0
    observe(st, p, obs)
    return forward(params, layers, obs, h0, h1, logits_row)


@njit(cache=True)
def softmax_norm(node, moves, k, logits):
    """(top, total): the prior of move a among moves[:k] at node is
    exp(logits[node, a] - top) / total."""
    top = -1e300
    for j in range(k):
        top = max(top, logits[node, moves[j]])
    total = 0.0
    for j in range(k):
        total += math.exp(logits[node, moves[j]] - top)
    return top, total


@njit(cache=True)
def puct(node, moves, k, p, child, visits, value, logits, c_puct):
    """The legal move (moves[:k]) of largest PUCT score at node for seat p."""
    top, total = softmax_norm(node, moves, k, logits)
    fpu = value[node, p] / visits[node] if visits[node] > 0 else 0.5
    root_n = math.sqrt(1.0 + visits[node])
    best = -1e300
    best_a = moves[0]
    for j in range(k):
        a = moves[j]
        ch = child[node, a]
        prior = math.exp(logits[node, a] - top) / total
        n = 0
        q = fpu
        if ch >= 0 and visits[ch] > 0:
            n = visits[ch]
            q = value[ch, p] / n
        u = q + c_puct * prior * root_n / (1.0 + n)
        if u > best:
            best = u
            best_a = a
    return best_a


@njit(cache=True)
def mix_leaf(vals, n, mover, v, lam):
    """vals (the rollout's rank values of n seats) := lam * vals + (1 - lam) * the net's,
    v for the leaf's mover and (n / 2 - v) / (n - 1) for each other seat."""
    for q in range(n):
        nv = v if q == mover else (0.5 * n - v) / (n - 1)
        vals[q] = lam * vals[q] + (1.0 - lam) * nv


@njit(cache=True)
def top_untried(node, untried, nu, logits):
    """The untried move (untried[:nu]) of highest logit at node."""
    best_a = untried[0]
    for j in range(1, nu):
        if logits[node, untried[j]] > logits[node, best_a]:
            best_a = untried[j]
    return best_a
