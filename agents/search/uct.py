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

With a policy/value net (agents.net.mlp; `simulate_net`) the same walk selects by PUCT with
the net's prior and values each new node with the net, mixed with the rollout
(agents.search.uct_net): one loop, `search`, serves both.

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
from speciesgym.agents.search.uct_net import (PUCT, evaluate, mix_leaf, net_scratch, puct,
                                               softmax_norm, top_untried)
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
        u = ucb(ch, p, visits, avail, value, c)
        if a == hint[node]:
            u += prior_weight / math.sqrt(1.0 + visits[ch])
        if u > best:
            best = u
            best_a = a
    return best_a


@njit(cache=True)
def ucb(ch, p, visits, avail, value, c):
    """The UCT bound of child ch for seat p: its mean value plus the exploration term, which
    counts the simulations in which its move was available."""
    return value[ch, p] / visits[ch] + c * math.sqrt(math.log(avail[ch]) / visits[ch])


@njit(cache=True)
def biased(node, moves, k, p, child, visits, avail, value, logits, c, w):
    """`select` with the net's prior for the hint (uct_net's BIAS rule): the UCT bound plus
    w * P(a) / sqrt(1 + N(a)), P the softmax of the node's logits over moves[:k]."""
    top, total = softmax_norm(node, moves, k, logits)
    best = -1e300
    best_a = moves[0]
    for j in range(k):
        a = moves[j]
        ch = child[node, a]
        u = (ucb(ch, p, visits, avail, value, c)
             + w * math.exp(logits[node, a] - top) / total / math.sqrt(1.0 + visits[ch]))
        if u > best:
            best = u
            best_a = a
    return best_a


@njit(cache=True)
def descend(st, child, visits, avail, value, hint, meta, word, c, prior_weight, prior,
            prior_kind, mask, moves, untried, path, logits, params, layers, obs, h0, h1, leaf,
            forced, c_puct, net_depth, rule):
    """One simulation's walk down the tree from node 0 (the node of `st` as it is now),
    stepping `st` along, expanding at most one node. Without a net (`params` empty): UCT
    (`select`, exploration c) while every legal move has a child, else expand an untried
    move (the prior's hint first). With a net, at the nodes less than net_depth moves below
    the root: by `rule`, PUCT (uct_net.puct, exploration c_puct) over the legal moves or
    BIAS (untried moves first in the prior's order, then UCT with the prior's fading bias
    of weight c_puct: uct_net.top_untried, `biased`), each node's logits from the net
    at its first visit; a chosen move without a child is expanded and
    the new node, if it too lies above net_depth, valued by the net: leaf[0] = its mover (-1
    if no net value), leaf[1] = the value. Deeper nodes are searched as without a net.
    forced >= 0: the root's move, where legal (the Gumbel root's Sequential Halving,
    agents.search.gumbel). Writes the nodes visited into path; returns their number. A
    full tree (meta[0] at capacity) stops the walk where it is."""
    netted = params.shape[0] > 0
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
        for a in range(mask.shape[0]):
            if mask[a]:
                moves[k] = a
                k += 1
        guided = netted and plen <= net_depth         # this node lies plen - 1 moves down
        if hint[node] == -2 and guided:
            evaluate(st, p, params, layers, obs, h0, h1, logits[node])
            hint[node] = -1
        elif hint[node] == -2:
            hint[node] = policy_action(st, mask, word, prior_kind) if prior and k > 1 else -1
        nu = 0
        for j in range(k):
            ch = child[node, moves[j]]
            if ch >= 0:
                avail[ch] += 1
            else:
                untried[nu] = moves[j]
                nu += 1
        if node == 0 and forced >= 0 and mask[forced]:
            a = forced
        elif guided and rule == PUCT:
            a = puct(node, moves, k, p, child, visits, value, logits, c_puct)
        elif nu > 0:
            if meta[0] >= cap:
                break                                  # tree full: play out from here
            if guided:                                 # BIAS: the prior's order
                a = top_untried(node, untried, nu, logits)
            else:
                a = untried[rng_below(word, nu)]
                for j in range(nu):
                    if untried[j] == hint[node]:
                        a = hint[node]
        elif guided:
            a = biased(node, moves, k, p, child, visits, avail, value, logits, c, c_puct)
        else:
            a = select(node, moves, k, p, child, visits, avail, value, hint, c, prior_weight)
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
            if netted and plen <= net_depth and to_move(st) >= 0:
                leaf[0] = to_move(st)
                leaf[1] = evaluate(st, to_move(st), params, layers, obs, h0, h1, logits[ch])
                hint[ch] = -1
            break
        step(st, a)
        node = ch
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
def search(root, work, seat, n_sims, child, visits, avail, value, hint, meta, word, c,
           prior_weight, prior, prior_kind, depth, scale, policy, evaluate_end, logits, params,
           layers, lam, forced, c_puct, net_depth, rule):
    """Run n_sims simulations into the tree (grown from meta[0] nodes; the caller leaves room
    for n_sims more): determinise, `descend`, play out (unless the net alone values the
    leaf, lam = 0), score, mix in the net's value (uct_net.mix_leaf), back up. An empty
    `params` means no net (`simulate`); forced >= 0: every simulation plays that root move;
    c_puct, net_depth and rule: the net's weight, reach and rule (`descend`)."""
    n_actions = child.shape[1]
    mask = np.zeros(n_actions, np.int8)
    moves = np.zeros(n_actions, np.int64)
    untried = np.zeros(n_actions, np.int64)
    path = np.zeros(child.shape[0] + 1, np.int64)
    sc = np.zeros(MAX_SEATS, np.float64)
    vals = np.zeros(MAX_SEATS, np.float64)
    leaf = np.zeros(2, np.float64)
    obs, h0, h1 = net_scratch(layers)
    if meta[0] == 0:
        new_node(child, visits, avail, value, hint, meta)
    for _ in range(n_sims):
        determinise(root, work, seat, word)
        st = work[0]
        plen = descend(st, child, visits, avail, value, hint, meta, word, c, prior_weight,
                       prior, prior_kind, mask, moves, untried, path, logits, params, layers,
                       obs, h0, h1, leaf, forced, c_puct, net_depth, rule)
        netted = leaf[0] >= 0 and lam < 1.0
        if not netted or lam > 0.0:
            rollout(st, depth, policy, word, mask)
        n = scores(st, sc)
        if evaluate_end:
            ending_now(st, sc)
        rank_values(sc, n, scale, vals)
        if netted:
            mix_leaf(vals, n, int(leaf[0]), leaf[1], lam)
        backup(path, plen, n, vals, visits, value)
    return n_sims


@njit(cache=True)
def simulate(root, work, seat, n_sims, child, visits, avail, value, hint, meta, word,
             c, prior_weight, depth, scale, policy, prior, prior_kind, evaluate):
    """Run n_sims simulations without a net (UCT with the prior's hints) into the tree.
    `root` is a determinisation for `seat`, read only by `determinise`. policy /
    prior_kind: the policy_action kinds of the rollout and of the prior's hint."""
    return search(root, work, seat, n_sims, child, visits, avail, value, hint, meta, word, c,
                  prior_weight, prior, prior_kind, depth, scale, policy, evaluate,
                  np.zeros((1, child.shape[1]), np.float32), np.zeros(0, np.float32),
                  np.zeros((0, 5), np.int64), 1.0, -1, 0.0, 0, PUCT)


@njit(cache=True)
def simulate_net(root, work, seat, n_sims, child, visits, avail, value, hint, meta, word,
                 logits, params, layers, c_puct, lam, depth, scale, policy, evaluate, net_depth,
                 c, prior_weight, prior, prior_kind, rule):
    """Run n_sims net-guided simulations (by `rule`: uct_net.PUCT or BIAS, weight c_puct;
    leaf values mixed with weight lam on the rollout) into the tree; logits: float32
    (capacity, N_ACTIONS), the nodes' logits.
    The net guides the nodes less than net_depth moves below the root; deeper ones are
    searched as by `simulate` (c, prior_weight, prior, prior_kind)."""
    return search(root, work, seat, n_sims, child, visits, avail, value, hint, meta, word, c,
                  prior_weight, prior, prior_kind, depth, scale, policy, evaluate, logits,
                  params, layers, lam, -1, c_puct, net_depth, rule)
