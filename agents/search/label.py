"""Reference values of every legal action of one position, for the decision benchmarks.

For the seat to move and each legal action, the value is the expected final rank reward of
that seat (its rank among the players by final score: first 1, last 0, ties shared; the
search's `rank_values` with no margin term), estimated by `sims` simulations per action with
uniform allocation, so every action gets a mean and a standard error.

Simulation i of action a: copy the position, redraw everything the mover cannot see with
the game's compiled `redeal` from word i (the real hidden state is never used: a redeal
depends only on what the seat sees), play a, then let the playout policy play every seat to
the end of the game (`depth` is a safety cap far above any game's length; a capped
simulation is scored by the scores so far and counted). The playout (`playout_kinds`) is the
game's compiled greedy policy (the default), a compiled heuristic style for every seat
(Evolution: grazer, hunter, flyer), `mix` (in each simulation each seat plays a style drawn
from the simulation's word, the same draw for every action) or `random`. Common random
numbers: simulation i of every action starts from the same word, so all actions face the
same determinisation and the same later draws; the differences between actions are then
measured in pairs, which is what `paired_z` uses.

Why playouts and not a full search below each action by default: a full game of greedy
play costs about as much as one search simulation with a short cap, and the build labels
thousands of positions on a shared 2-core machine; a search per simulation would cut the
simulations per action by two orders of magnitude and widen every standard error. The
`tree` option (`decisions relabel --tree`) is the cheap middle way: one tree per action
grown by its own simulations (single-observer ISMCTS below the action, as agents.search.uct),
so the first replies and follow-ups after an action are chosen by search, not by the
playout policy, at about the cost of the same number of playouts. Its samples are no
longer independent (the tree learns from the earlier ones), so its standard errors are
approximate.
"""
from dataclasses import dataclass

import numpy as np
from numba import njit

from speciesgym.agents.search.kernels import legal_mask, policy_action, scores, step, to_move
from speciesgym.agents.search.uct import (GREEDY, MAX_SEATS, backup, descend, determinise,
                                         new_node, rank_values)
from speciesgym.envs.core.rng import WORD_DTYPE, rng_below, seed_word

FULL_GAME = 20_000          # decisions: a safety cap, far above the length of any game
PLAYOUTS = ("greedy", "random", "mix")     # besides the names of the game's styles
STYLE_KIND = 2                             # policy_action kind of style 0 (kind 1 greedy)
TREE_C = 0.7                               # UCT exploration below an action (SearchAgent's c)


def playout_kinds(game, playout):
    """The policy_action kinds a playout draws from (one: every seat plays it)."""
    from speciesgym.agents.search.agent import glue
    styles = tuple(getattr(glue(game), "STYLES", ()))
    kinds = {"greedy": [GREEDY], "random": [0],
             **{name: [STYLE_KIND + j] for j, name in enumerate(styles)}}
    if styles:
        kinds["mix"] = [STYLE_KIND + j for j in range(len(styles))]
    if playout not in kinds:
        raise ValueError(f"label: unknown playout {playout!r} for {game}; choose one of "
                         f"{', '.join(kinds)}")
    return np.array(kinds[playout], np.int64)


@njit(cache=True)
def play_out(st, depth, seat_kinds, word, mask):
    """Play at most `depth` decisions, the seat to move by policy kind seat_kinds[seat]."""
    n = 0
    while n < depth and to_move(st) >= 0:
        legal_mask(st, mask)
        step(st, policy_action(st, mask, word, seat_kinds[to_move(st)]))
        n += 1


@njit(cache=True)
def begin(root, work, seat, word, start, kinds, seat_kinds, action):
    """Start a simulation: the word from `start`, each seat's playout kind drawn (several
    kinds), a determinisation for `seat` into work, then `action` played."""
    word[0] = start
    if kinds.shape[0] > 1:
        for s in range(MAX_SEATS):
            seat_kinds[s] = kinds[rng_below(word[0], kinds.shape[0])]
    determinise(root, work, seat, word[0])
    step(work[0], action)


@njit(cache=True)
def simulate_actions(root, seat, actions, words, depth, kinds, mask, out):
    """out[j, i] = the mover's final rank reward after actions[j] in simulation i (words[i]
    seeds the determinisation and everything after it; with several `kinds`, first each
    seat's playout kind). Returns the simulations capped before the end of the game."""
    work = np.zeros(1, root.dtype)
    word = np.zeros(1, words.dtype)
    sc = np.zeros(MAX_SEATS, np.float64)
    vals = np.zeros(MAX_SEATS, np.float64)
    seat_kinds = np.full(MAX_SEATS, kinds[0], np.int64)
    capped = 0
    for i in range(words.shape[0]):
        for j in range(actions.shape[0]):
            begin(root, work, seat, word, words[i], kinds, seat_kinds, actions[j])
            st = work[0]
            play_out(st, depth, seat_kinds, word[0], mask)
            if to_move(st) >= 0:
                capped += 1
            n = scores(st, sc)
            rank_values(sc, n, 0.0, vals)
            out[j, i] = vals[seat]
    return capped


@njit(cache=True)
def simulate_actions_tree(root, seat, actions, words, depth, kinds, mask, out, child, visits,
                          avail, value, hint, meta, c, prior_weight, prior_kind):
    """As simulate_actions, with a search tree below each action: simulation i of action j
    plays actions[j], walks action j's tree (UCT, uct.descend: every seat picks by its own
    values, the prior's hint `prior_kind` expanded first), expands one node, then plays out
    as simulate_actions does and backs the result up that tree. The tree arrays hold one
    tree (at least words.shape[0] + 1 nodes), cleared for each action."""
    work = np.zeros(1, root.dtype)
    word = np.zeros(1, words.dtype)
    sc = np.zeros(MAX_SEATS, np.float64)
    vals = np.zeros(MAX_SEATS, np.float64)
    seat_kinds = np.full(MAX_SEATS, kinds[0], np.int64)
    moves = np.zeros(mask.shape[0], np.int64)
    untried = np.zeros(mask.shape[0], np.int64)
    path = np.zeros(child.shape[0] + 1, np.int64)
    logits, leaf = np.zeros((1, mask.shape[0]), np.float32), np.zeros(2, np.float64)
    no_params, no_layers = np.zeros(0, np.float32), np.zeros((0, 5), np.int64)   # no net
    capped = 0
    for j in range(actions.shape[0]):
        meta[0] = 0
        new_node(child, visits, avail, value, hint, meta)
        for i in range(words.shape[0]):
            begin(root, work, seat, word, words[i], kinds, seat_kinds, actions[j])
            st = work[0]
            plen = descend(st, child, visits, avail, value, hint, meta, word[0], c,
                           prior_weight, True, prior_kind, mask, moves, untried, path, logits,
                           no_params, no_layers, no_params, no_params, no_params, leaf, -1,
                           c, 0, 0)
            play_out(st, depth, seat_kinds, word[0], mask)
            if to_move(st) >= 0:
                capped += 1
            n = scores(st, sc)
            rank_values(sc, n, 0.0, vals)
            backup(path, plen, n, vals, visits, value)
            out[j, i] = vals[seat]
    return capped


@njit(cache=True)
def legal_actions(root, mask):
    """The legal actions of the position (the mover's mask) in increasing order."""
    legal_mask(root[0], mask)
    return np.flatnonzero(mask)


@dataclass
class Labels:
    """Values of one position's legal actions for its mover. `samples` is [action,
    simulation]; an action simulated fewer times than the others (label_halving drops the
    trailing actions early) has NaN in its missing simulations, and every figure below reads
    only the simulations present."""
    actions: np.ndarray     # legal actions, increasing
    samples: np.ndarray     # [action, simulation] rank reward in [0, 1], NaN where not run
    capped: int             # simulations stopped by the cap before the end of the game

    @property
    def counts(self):
        """Simulations run per action."""
        return np.isfinite(self.samples).sum(axis=1)

    @property
    def values(self):
        return np.nanmean(self.samples, axis=1)

    @property
    def se(self):
        n = self.counts
        sd = np.array([np.nanstd(row, ddof=1) if k > 1 else np.inf
                       for row, k in zip(self.samples, n)])
        return sd / np.sqrt(np.maximum(n, 1))

    def order(self):
        """Action indices (into actions) by decreasing value, ties by action number; after
        halving, the actions followed furthest come first (a dropped action's mean rests on
        fewer simulations, so it does not outrank those the race kept)."""
        return np.lexsort((self.actions, -self.values, -self.counts))

    def paired_z(self):
        """z of the best action's lead over the second, from the paired differences of the
        common-random-number simulations both ran (inf when they never differ but the lead
        is > 0)."""
        if len(self.actions) < 2:
            return 0.0
        first, second = self.order()[:2]
        return lead_z(self.samples[first] - self.samples[second])


def lead_z(d):
    """z of the mean of the paired differences `d` (NaN where a pair is missing) above 0:
    0 when the mean is not above 0, inf when the differences never vary."""
    d = d[np.isfinite(d)]
    lead = float(d.mean()) if d.size else 0.0
    if lead <= 0:
        return 0.0
    sd = float(d.std(ddof=1)) if d.size > 1 else 0.0
    return float("inf") if sd == 0 else lead / (sd / np.sqrt(d.size))


def words_for(seed, sims):
    """One generator word per simulation, drawn from `seed`."""
    rng = np.random.default_rng(seed)
    words = np.zeros(sims, WORD_DTYPE)
    for i in range(sims):
        words[i]["rng"] = seed_word(int(rng.integers(0, 2**62)))
    return words


def label_position(game, state, seat, sims, seed, depth=FULL_GAME, policy="greedy",
                   tree=False):
    """Labels of every legal action of `state` (a (1,) record array, the mover `seat`) from
    `sims` simulations per action seeded by `seed`, played out by `policy` (a playout name,
    playout_kinds); with `tree`, a search tree grows below each action
    (simulate_actions_tree). Only what `seat` sees is used."""
    if isinstance(sims, bool) or int(sims) < 1:
        raise ValueError(f"label: sims must be a positive integer, got {sims!r}")
    sim = Simulator(game, state, seat, policy, tree, depth)
    out, capped = sim.run(sim.actions, words_for(seed, int(sims)))
    return Labels(sim.actions, out, capped)


class Simulator:
    """The simulations of one position's actions for its mover: `run(actions, words)` gives
    [action, word] rank rewards and the capped count, playouts by `policy`, with a fresh
    search tree below each action when `tree` (one simulation per word, in order)."""

    def __init__(self, game, state, seat, policy="greedy", tree=False, depth=FULL_GAME):
        from speciesgym.agents.search.agent import glue
        self.module = glue(game)
        self.kinds = playout_kinds(game, policy)
        self.mask = np.zeros(self.module.N_ACTIONS, np.int8)
        self.actions = legal_actions(state, self.mask).astype(np.int64)
        if self.actions.size == 0:
            raise ValueError("label: the position has no legal action (is the game over?)")
        self.state, self.seat, self.tree, self.depth = state, int(seat), tree, int(depth)

    def run(self, actions, words):
        actions = np.asarray(actions, np.int64)
        out = np.zeros((actions.size, words.size), np.float64)
        if self.tree:
            from speciesgym.agents.search.tree import Tree
            t = Tree(self.module.N_ACTIONS, words.size + 1)
            capped = simulate_actions_tree(self.state, self.seat, actions, words, self.depth,
                                           self.kinds, self.mask, out, *t.arrays(), TREE_C,
                                           self.module.PRIOR, GREEDY)
        else:
            capped = simulate_actions(self.state, self.seat, actions, words, self.depth,
                                      self.kinds, self.mask, out)
        return out, int(capped)
