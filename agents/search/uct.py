"""The compiled search loop, written once for both games: single-observer information-set
MCTS (as agents/mcts.py, in preallocated arrays).

One simulation: copy the root into the work record and redraw everything the mover cannot
see (`redeal`, the game's compiled resample: the root is itself a determinisation from
`InfoSet.sample`, and a redeal depends only on what the seat sees, so the real state never
reaches compiled code); descend the tree by UCT over the actions legal in this
determinisation (a child's exploration term counts the simulations in which it was
available); expand one untried action (the prior's choice first when the prior is on); play
out with the rollout policy for at most `depth` decisions; back up a value in [0, 1] for
every seat: the mean of its rank among the players by current score (first 1, last 0, ties
shared) and its lead over the best rival scaled by `scale` and clipped (as mcts.rank_values).
With `evaluate`, a rollout stopped by the cap is scored by the score so far plus what the
game's end would add now (the game's `ending_now`), not by the score so far alone. The
prior's action and the rollout's are `policy_action` kinds (0 random, 1 greedy, 2 + j the
game's heuristic style j).

Tree arrays (one row per node, node 0 = root): child[node, action] the child node or -1,
visits[node], avail[node] (simulations in which the node's action was legal at its parent),
value[node, seat] summed values, hint[node] the prior's action there (-2 not asked yet, -1
none), meta[0] the number of nodes in use.
"""
import math

import numpy as np
from numba import njit

from speciesgym.agents.search.kernels import (ending_now, legal_mask, policy_action, redeal,
                                              scores, step, to_move)
from speciesgym.envs.core.rng import rng_below

MAX_SEATS = 6
GREEDY = 1


@njit(cache=True)
def rank_values(sc, n, scale, out):
    """Per seat: (rivals with a lower score + half the ties) / (n - 1); with scale > 0, the
    mean of that and 0.5 + (own - best rival) / scale clipped to [0, 1]."""
    for i in range(n):
        lower = 0
        ties = 0
        best_other = -1e300
        for j in range(n):
            if j == i:
                continue
            if sc[i] > sc[j]:
                lower += 1
            elif sc[i] == sc[j]:
                ties += 1
            if sc[j] > best_other:
                best_other = sc[j]
        rank = (lower + 0.5 * ties) / (n - 1)
        if scale > 0:
            lead = min(max(0.5 + (sc[i] - best_other) / scale, 0.0), 1.0)
            out[i] = 0.5 * rank + 0.5 * lead
        else:
            out[i] = rank


@njit(cache=True)
def determinise(root, work, seat, word):
    """The only use of the root: copy it, then redraw what `seat` cannot see."""
    work[0] = root[0]
    redeal(work[0], seat, word)


@njit(cache=True)
def new_node(child, visits, avail, value, hint, meta):
    c = meta[0]
    meta[0] = c + 1
    child[c, :] = -1
    visits[c] = 0
    avail[c] = 0
    value[c, :] = 0.0
    hint[c] = -2
    return c


@njit(cache=True)
def rollout(st, depth, policy, word, mask):
    """Play at most `depth` decisions with the rollout policy."""
    n = 0
    while n < depth and to_move(st) >= 0:
        legal_mask(st, mask)
        step(st, policy_action(st, mask, word, policy))
        n += 1


@njit(cache=True)
def select(node, moves, k, p, child, visits, avail, value, hint, c, prior_weight):
    """UCT over the legal moves (all expanded): the action with the highest bound."""
    best = -1e300
    best_a = moves[0]
    for j in range(k):
        a = moves[j]
        ch = child[node, a]
        u = value[ch, p] / visits[ch] + c * math.sqrt(math.log(avail[ch]) / visits[ch])
        if a == hint[node]:
            u += prior_weight / math.sqrt(1.0 + visits[ch])
        if u > best:
            best = u
            best_a = a
    return best_a


@njit(cache=True)
def descend(st, child, visits, avail, value, hint, meta, word, c, prior_weight, prior,
            prior_kind, mask, moves, untried, path):
    """One simulation's walk down the tree from node 0 (the node of `st` as it is now):
    select by UCT while every legal move has a child, expand one untried move (the
    prior's hint first), stepping `st` along. Writes the nodes visited into path; returns
    their number. A full tree (meta[0] at capacity) stops the walk where it is."""
    n_actions = child.shape[1]
    cap = child.shape[0]
    node = 0
    path[0] = 0
    plen = 1
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
            hint[node] = policy_action(st, mask, word, prior_kind) if prior and k > 1 else -1
        nu = 0
        for j in range(k):
            ch = child[node, moves[j]]
            if ch >= 0:
                avail[ch] += 1
            else:
                untried[nu] = moves[j]
                nu += 1
        if nu > 0:
            if meta[0] >= cap:
                break                                  # tree full: play out from here
            a = untried[rng_below(word, nu)]
            for j in range(nu):
                if untried[j] == hint[node]:
                    a = hint[node]
            ch = new_node(child, visits, avail, value, hint, meta)
            avail[ch] = 1
            child[node, a] = ch
            step(st, a)
            path[plen] = ch
            plen += 1
            break
        a = select(node, moves, k, p, child, visits, avail, value, hint, c, prior_weight)
        step(st, a)
        node = child[node, a]
        path[plen] = node
        plen += 1
    return plen


@njit(cache=True)
def backup(path, plen, n, vals, visits, value):
    """Count one visit and add each seat's value to every node of the path."""
    for i in range(plen):
        nd = path[i]
        visits[nd] += 1
        for q in range(n):
            value[nd, q] += vals[q]


@njit(cache=True)
def simulate(root, work, seat, n_sims, child, visits, avail, value, hint, meta, word,
             c, prior_weight, depth, scale, policy, prior, prior_kind, evaluate):
    """Run n_sims simulations into the tree (grown from meta[0] nodes; the caller leaves room
    for n_sims more). `root` is a determinisation for `seat`, read only by `determinise`.
    policy / prior_kind: the policy_action kinds of the rollout and of the prior's hint."""
    n_actions = child.shape[1]
    mask = np.zeros(n_actions, np.int8)
    moves = np.zeros(n_actions, np.int64)
    untried = np.zeros(n_actions, np.int64)
    path = np.zeros(child.shape[0] + 1, np.int64)
    sc = np.zeros(MAX_SEATS, np.float64)
    vals = np.zeros(MAX_SEATS, np.float64)
    if meta[0] == 0:
        new_node(child, visits, avail, value, hint, meta)
    for _ in range(n_sims):
        determinise(root, work, seat, word)
        st = work[0]
        plen = descend(st, child, visits, avail, value, hint, meta, word, c, prior_weight,
                       prior, prior_kind, mask, moves, untried, path)
        rollout(st, depth, policy, word, mask)
        n = scores(st, sc)
        if evaluate:
            ending_now(st, sc)
        rank_values(sc, n, scale, vals)
        backup(path, plen, n, vals, visits, value)
    return n_sims
