"""Information-set MCTS (single-observer ISMCTS): one determinisation per simulation.

Each simulation draws a full state from the agent's information set (`infoset.sample`),
descends the shared tree by UCT over the actions legal in that determinisation (a child's
exploration term counts the visits in which it was available), expands one new action,
plays out with random legal moves in the engines' compiled kernels (`speciesgym.agents.rollout`) to
the end of the game or a decision cap (Evolution 60 decisions, about a round; Dominant
Species 150), and backs up a value for every seat in [0, 1]: the mean of its rank among the
players by current score (first 1, last 0, ties shared) and its lead over the best rival,
scaled and clipped (capped random playouts judged by the score so far are far less noisy
than full ones). The move played is the root action visited most. Strength is set by
`simulations` per move.

Prior (on by default; `prior` takes True for the default, False for none, or an agent, or a
factory `(game, num_players, seed) -> agent`, as OpenSpiel's MCTSBot takes an evaluator): at
each tree node the prior bot (by default the heuristic of the game: Evolution grazer,
Dominant Species spreader), reading only the mover's observation of the determinised state,
names one action; it is expanded first and gets a UCT bonus prior_weight / sqrt(1 + visits)
that fades as the node's statistics grow. Opponents in the tree are thus modelled as
sensible players rather than random ones; against the heuristics this turns mcts:32 from a
clear loser into a winner (see agents/README.md).
"""
import math

import numpy as np

from speciesgym.agents.base import Agent
from speciesgym.agents.rollout import ROLLOUTS, new_picker

DEFAULT_DEPTH = {"evolution": 60, "dominant_species": 150}
MARGIN_SCALE = {"evolution": 20.0, "dominant_species": 60.0}


def rank_values(scores, margin_scale=0.0):
    """Per seat, in [0, 1]: (opponents with a lower score + half the ties) / (players - 1);
    with margin_scale > 0, averaged with the lead over the best rival (scaled, clipped)."""
    s = np.asarray(scores, dtype=np.float64)
    n = s.size
    if n < 2:
        return np.ones(n)
    lower = (s[:, None] > s[None, :]).sum(1)
    ties = (s[:, None] == s[None, :]).sum(1) - 1
    rank = (lower + 0.5 * ties) / (n - 1)
    if margin_scale <= 0:
        return rank
    top2 = np.sort(s)[-2:]
    best_other = np.where(s == top2[1], top2[0], top2[1])
    lead = np.clip(0.5 + (s - best_other) / margin_scale, 0.0, 1.0)
    return 0.5 * rank + 0.5 * lead


PRIOR_STYLE = {"evolution": "grazer", "dominant_species": "spreader"}


def default_prior(game, num_players, seed):
    """The heuristic bot of PRIOR_STYLE for `game` (imported when first asked for)."""
    if game == "evolution":
        from speciesgym.agents.evolution_heuristics import GrazerAgent
        return GrazerAgent(seed=seed)
    from speciesgym.agents.ds_heuristics import SpreaderAgent
    return SpreaderAgent(seed=seed)
PRIOR_WEIGHT = {"evolution": 0.2, "dominant_species": 0.5}


class _Node:
    __slots__ = ("children", "visits", "avail", "value", "hint")

    def __init__(self, num_players):
        self.children = {}
        self.visits = 0
        self.avail = 0
        self.value = np.zeros(num_players)
        self.hint = -2          # the prior policy's action here; -2 = not asked yet


class MCTSAgent(Agent):
    """ISMCTS with `simulations` determinised simulations per decision."""

    wants_infoset = True

    def __init__(self, simulations=100, c=0.7, rollout_depth=None, margin=True, prior=True,
                 prior_weight=None, seed=None):
        if simulations < 1:
            raise ValueError(f"mcts: simulations must be >= 1, got {simulations}")
        self.simulations = int(simulations)
        self.c = float(c)
        self.rollout_depth = rollout_depth
        self.margin = bool(margin)
        if prior is True:
            prior = default_prior
        self.prior = prior or None
        self.prior_weight = prior_weight
        self._prior_agents = {}
        self.rng = np.random.default_rng(seed)
        self.picker = new_picker(int(self.rng.integers(2**62)))
        self.name = f"mcts:{self.simulations}"

    def act(self, observation, action_mask, infoset=None) -> int:
        legal = np.flatnonzero(action_mask)
        if legal.size == 0:
            raise ValueError("mcts agent asked to act with an empty action mask")
        if legal.size == 1:
            return int(legal[0])
        if infoset is None:
            raise ValueError("mcts agent needs an InfoSet (play it through agents.runner)")
        engine = infoset.engine
        rollout = ROLLOUTS[engine.game]
        depth = self.rollout_depth or DEFAULT_DEPTH[engine.game]
        scale = MARGIN_SCALE[engine.game] if self.margin else 0.0
        self._weight = self.prior_weight if self.prior_weight is not None \
            else PRIOR_WEIGHT[engine.game]
        n = engine.num_players
        root = _Node(n)
        state = None
        for _ in range(self.simulations):
            state = infoset.sample(self.rng, out=state)     # one buffer for all simulations
            node, path = root, [root]
            while True:
                seat = engine.to_move(state)
                if seat < 0:
                    break
                mask = engine.legal_mask(state)
                moves = np.flatnonzero(mask).tolist()
                if node.hint == -2:
                    node.hint = self._hint(engine, state, seat, mask) if len(moves) > 1 else -1
                untried = [a for a in moves if a not in node.children]
                for a in moves:
                    child = node.children.get(a)
                    if child is not None:
                        child.avail += 1
                if untried:
                    if node.hint in untried:
                        a = node.hint
                    else:
                        a = untried[int(self.rng.integers(len(untried)))]
                    child = _Node(n)
                    child.avail = 1
                    node.children[a] = child
                    engine.apply(state, a)
                    path.append(child)
                    break
                a = self._select(node, moves, seat)
                engine.apply(state, a)
                node = node.children[a]
                path.append(node)
            values = rank_values(rollout(state, self.picker, depth), scale)
            for node in path:
                node.visits += 1
                node.value += values
        # only actions legal in the real position (a determinisation could differ at the root)
        options = [(a, ch) for a, ch in root.children.items() if action_mask[a]]
        if not options:
            return int(legal[self.rng.integers(legal.size)])
        best = max(options, key=lambda kv: (kv[1].visits, kv[1].value[infoset.seat]))
        return int(best[0])

    def _hint(self, engine, state, seat, mask):
        """The prior policy's choice for the seat to move (a heuristic bot that reads only
        that seat's observation of the determinised state), or -1 without a prior."""
        if not self.prior:
            return -1
        agent = self._prior_agents.get(engine.game)
        if agent is None:
            agent = self.prior
            if not callable(getattr(agent, "act", None)):       # a factory, not an agent
                agent = agent(engine.game, engine.num_players, int(self.rng.integers(2**62)))
            self._prior_agents[engine.game] = agent
        return agent.act(engine.observe(state, seat), mask)

    def _select(self, node, moves, seat):
        best, best_a = -1.0, moves[0]
        c = self.c
        for a in moves:
            ch = node.children[a]
            u = ch.value[seat] / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
            if a == node.hint:
                u += self._weight / (1 + ch.visits) ** 0.5
            if u > best:
                best, best_a = u, a
        return best_a
