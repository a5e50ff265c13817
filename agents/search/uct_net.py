"""The compiled search loop guided by a policy/value net (agents.net.mlp): the loop of
agents.search.uct with PUCT selection and a net evaluation at each new node.

At each node the seat to move p reads its own observation of the current determinisation
(the game's `observe` kernel: what p may see, never the hidden rest) and the net gives
logits, kept per node from its first evaluation (`logits[node]`; hint[node] -1 once done,
-2 before). Selection: over the actions legal in this determinisation, the largest
Q(a) + c_puct * P(a) * sqrt(1 + N(node)) / (1 + N(a)), P the softmax of the node's logits
renormalised over those actions, Q the child's mean value for p (an unvisited action: the
node's own mean, or 0.5). The chosen action, if it has no child, is expanded, the new node
evaluated by the net for its mover, and the walk stops. Leaf value per seat:
(1 - lam) * net + lam * rollout, the net's value v for the leaf's mover and
(n / 2 - v) / (n - 1) for each other seat (rank values sum to n / 2); a finished game, or
lam = 1, is scored by the rollout alone (as agents.search.uct). No Python per simulation.
"""
import math

import numpy as np
from numba import njit

from speciesgym.agents.net.mlp import forward
from speciesgym.agents.search.kernels import ending_now, legal_mask, observe, scores, step, to_move
from speciesgym.agents.search.uct import (MAX_SEATS, backup, determinise, new_node, rank_values,
                                          rollout)


@njit(cache=True)
def evaluate(st, p, params, layers, obs, h0, h1, logits_row):
    obs[:] = 0.0
    observe(st, p, obs)
    return forward(params, layers, obs, h0, h1, logits_row)


@njit(cache=True)
def puct(node, moves, k, p, child, visits, value, logits, c_puct):
    """The legal move (moves[:k]) of largest PUCT score at node for seat p."""
    top = -1e300
    for j in range(k):
        top = max(top, logits[node, moves[j]])
    total = 0.0
    for j in range(k):
        total += math.exp(logits[node, moves[j]] - top)
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
def descend_net(st, child, visits, avail, value, hint, meta, logits, params, layers, c_puct,
                mask, moves, path, obs, h0, h1, leaf):
    """One walk down by PUCT, expanding at most one node; writes the path, returns its
    length; leaf[0] = the seat the net valued at the new node (-1 if none), leaf[1] = value."""
    n_actions = child.shape[1]
    cap = child.shape[0]
    node = 0
    path[0] = 0
    plen = 1
    leaf[0] = -1.0
    while True:
        p = to_move(st)
        if p < 0:
            break
        legal_mask(st, mask)
        k = 0
        for a in range(n_actions):
            if mask[a]:
                moves[k] = a
                k += 1
        if hint[node] == -2:
            evaluate(st, p, params, layers, obs, h0, h1, logits[node])
            hint[node] = -1
        for j in range(k):
            ch = child[node, moves[j]]
            if ch >= 0:
                avail[ch] += 1
        a = puct(node, moves, k, p, child, visits, value, logits, c_puct)
        ch = child[node, a]
        if ch < 0:
            if meta[0] >= cap:
                break                                  # tree full: value from here
            ch = new_node(child, visits, avail, value, hint, meta)
            avail[ch] = 1
            child[node, a] = ch
            step(st, a)
            path[plen] = ch
            plen += 1
            q = to_move(st)
            if q >= 0:
                leaf[1] = evaluate(st, q, params, layers, obs, h0, h1, logits[ch])
                leaf[0] = q
                hint[ch] = -1
            break
        step(st, a)
        node = ch
        path[plen] = node
        plen += 1
    return plen


@njit(cache=True)
def simulate_net(root, work, seat, n_sims, child, visits, avail, value, hint, meta, word,
                 logits, params, layers, c_puct, lam, depth, scale, policy, evaluate_end):
    """Run n_sims net-guided simulations into the tree (as uct.simulate; logits: float32
    (capacity, N_ACTIONS), the nodes' policy logits)."""
    n_actions = child.shape[1]
    mask = np.zeros(n_actions, np.int8)
    moves = np.zeros(n_actions, np.int64)
    path = np.zeros(child.shape[0] + 1, np.int64)
    sc = np.zeros(MAX_SEATS, np.float64)
    vals = np.zeros(MAX_SEATS, np.float64)
    leaf = np.zeros(2, np.float64)
    obs = np.zeros(layers[0, 2], np.float32)
    width = 1
    for r in range(layers.shape[0] - 1):
        width = max(width, layers[r, 3])
    h0 = np.zeros(width, np.float32)
    h1 = np.zeros(width, np.float32)
    if meta[0] == 0:
        new_node(child, visits, avail, value, hint, meta)
    for _ in range(n_sims):
        determinise(root, work, seat, word)
        st = work[0]
        plen = descend_net(st, child, visits, avail, value, hint, meta, logits, params, layers,
                           c_puct, mask, moves, path, obs, h0, h1, leaf)
        netted = leaf[0] >= 0 and lam < 1.0
        if not netted or lam > 0.0:
            rollout(st, depth, policy, word, mask)
        n = scores(st, sc)
        if evaluate_end:
            ending_now(st, sc)
        rank_values(sc, n, scale, vals)
        if netted:
            mover = int(leaf[0])
            v = leaf[1]
            for q in range(n):
                nv = v if q == mover else (0.5 * n - v) / (n - 1)
                vals[q] = lam * vals[q] + (1.0 - lam) * nv
        backup(path, plen, n, vals, visits, value)
    return n_sims
