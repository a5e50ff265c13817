"""Gumbel root selection with Sequential Halving for the net-guided search (Danihelka, Guez,
Schrittwieser, Silver 2022, "Policy improvement by planning with Gumbel"), compiled: no
Python per simulation.

At the root (seat `seat` to move; logits l and value v from the net on its observation):
1. the m legal actions of largest g(a) + l(a), with g(a) ~ Gumbel(0, 1) drawn by the caller
   (the agent's seeded rng): m draws without replacement from softmax(l);
2. Sequential Halving spends the n simulations in ceil(log2 m) rounds: each round gives each
   of its k survivors max(1, n // (ceil(log2 m) * k)) simulations that all play that root
   action (the last round shares out all that is left, the first survivors one more), then
   keeps the better half (rounded up) by g(a) + l(a) + sigma(q(a)); with n < m only the
   first n sampled actions are visited;
3. the action played: the survivor of largest g + l + sigma(q).
sigma(q) = (C_VISIT + max_b N(b)) * C_SCALE * q, q the completed Q: the child's mean value
for the seat where visited, else v_mix = (v + sum N * sum_visited pi q / sum_visited pi) /
(1 + sum N), pi = softmax(l) over the legal actions (mctx's completed Q with the paper's
c_visit and the small scale mctx recommends). The improved policy
pi' = softmax(l + sigma(completed Q)) (`improved_policy`) is the training target.

Below the root the walk is the search's PUCT (agents.search.uct, uct_net.puct), not the
paper's deterministic argmax pi'(a) - N(a) / (1 + sum N): that would need every inner
node's completed Q at every step, and PUCT keeps one loop for all searches.
"""
import math

import numpy as np
from numba import njit

from speciesgym.agents.search.kernels import legal_mask
from speciesgym.agents.search.uct import determinise, new_node, search
from speciesgym.agents.search.uct_net import NET_EVERYWHERE, PUCT, evaluate, net_scratch

C_VISIT, C_SCALE = 50.0, 0.1
M = 16                       # sampled root actions (the paper's and mctx's default)


@njit(cache=True)
def sigma(q, n_max):
    return (C_VISIT + n_max) * C_SCALE * q


@njit(cache=True)
def completed_q(child, visits, value, seat, logits_row, v_root, moves, k, out):
    """The completed Q of the root's legal moves (moves[:k]) for `seat` into out; returns
    the largest visit count among them."""
    top = -1e300
    for j in range(k):
        top = max(top, logits_row[moves[j]])
    total = 0.0
    for j in range(k):
        total += math.exp(logits_row[moves[j]] - top)
    n_sum, n_max, w, wq = 0, 0, 0.0, 0.0
    for j in range(k):
        ch = child[0, moves[j]]
        if ch >= 0 and visits[ch] > 0:
            pi = math.exp(logits_row[moves[j]] - top) / total
            w += pi
            wq += pi * value[ch, seat] / visits[ch]
            n_sum += visits[ch]
            n_max = max(n_max, visits[ch])
    v_mix = (v_root + n_sum * wq / w) / (1.0 + n_sum) if w > 0 else v_root
    for j in range(k):
        ch = child[0, moves[j]]
        out[moves[j]] = value[ch, seat] / visits[ch] if ch >= 0 and visits[ch] > 0 else v_mix
    return n_max


@njit(cache=True)
def rank(cand, s, score0, q, n_max):
    """Sort cand[:s] by score0 + sigma(q), largest first (stable: s is at most m)."""
    for i in range(1, s):
        a = cand[i]
        key = score0[a] + sigma(q[a], n_max)
        j = i - 1
        while j >= 0 and score0[cand[j]] + sigma(q[cand[j]], n_max) < key:
            cand[j + 1] = cand[j]
            j -= 1
        cand[j + 1] = a


@njit(cache=True)
def simulate_gumbel(root, work, seat, n_sims, child, visits, avail, value, hint, meta, word,
                    logits, params, layers, c_puct, lam, depth, scale, policy, evaluate_end,
                    gumbel, m, q, order):
    """A new tree (meta[0] := 0) from n_sims simulations with the Gumbel root of the module
    docstring (room for n_sims + 1 nodes; the rest as uct.simulate_net). gumbel: float64
    noise per action. Writes the completed Q of the root's legal actions into q (NaN
    elsewhere) and the sampled actions into order[:m'] (m' = min(m, legal), best first, the
    last round's survivors first); returns (action played, m', survivors)."""
    n_actions = child.shape[1]
    mask = np.zeros(n_actions, np.int8)
    moves = np.zeros(n_actions, np.int64)
    obs, h0, h1 = net_scratch(layers)
    meta[0] = 0
    new_node(child, visits, avail, value, hint, meta)
    determinise(root, work, seat, word)
    v_root = evaluate(work[0], seat, params, layers, obs, h0, h1, logits[0])
    hint[0] = -1
    legal_mask(work[0], mask)
    score0 = np.full(n_actions, -np.inf)
    k = 0
    for a in range(n_actions):
        if mask[a]:
            moves[k] = a
            score0[a] = gumbel[a] + logits[0, a]
            k += 1
    q[:] = np.nan
    if k == 0:
        return -1, 0, 0
    mm = min(m, k)
    order[:mm] = np.argsort(-score0, kind="mergesort")[:mm]
    rounds = 1
    while (1 << rounds) < mm:
        rounds += 1
    s, used = mm, 0
    for r in range(rounds):
        last = r == rounds - 1
        per = (n_sims - used) // s if last else max(1, n_sims // (rounds * s))
        extra = (n_sims - used) % s if last else 0
        for i in range(s):
            n = min(per + (1 if i < extra else 0), n_sims - used)
            if n > 0:
                search(root, work, seat, n, child, visits, avail, value, hint, meta, word,
                       c_puct, 0.0, False, 0, depth, scale, policy, evaluate_end, logits,
                       params, layers, lam, order[i], c_puct, NET_EVERYWHERE, PUCT)
                used += n
        n_max = completed_q(child, visits, value, seat, logits[0], v_root, moves, k, q)
        rank(order, s, score0, q, n_max)
        if not last:
            s = (s + 1) // 2
    return order[0], mm, s


def improved_policy(logits_row, q, n_max):
    """pi' = softmax(logits + sigma(q)) over the actions with a completed Q (finite q: the
    root's legal actions), 0 elsewhere; n_max: the root's largest visit count."""
    ok = np.isfinite(q)
    score = np.full(q.shape, -np.inf)
    score[ok] = logits_row[ok] + (C_VISIT + n_max) * C_SCALE * q[ok]
    out = np.exp(score - score[ok].max())
    return out / out.sum()
