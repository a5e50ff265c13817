"""The expert of expert iteration: the net-guided search (agents.search.agent.SearchAgent)
that also writes, at each decision it searches, a training row: the seat's observation,
its legal mask and the completed-Q policy target (Danihelka et al. 2022):
pi' = softmax(logits + sigma(completedQ)) over the legal actions, sigma(q) =
(C_VISIT + max visits) * C_SCALE * q, completedQ the root child's mean value for the seat
where visited and the prior-weighted mean of the visited ones elsewhere (the net's value
taken as that of the root). Without a net the logits are zero (uniform prior).

The move played: the legal action of largest logits + sigma(completedQ), sampled from pi'
instead during the first `explore` decisions of the game (exploration).

With root="gumbel" (needs a net) the search's root is the Gumbel root with Sequential
Halving (agents.search.gumbel): the target is its improved policy and the move its chosen
action (the Gumbel noise already explores; `explore` still samples pi' early in the game)."""
import numpy as np

from speciesgym.agents.search.agent import SearchAgent

C_VISIT, C_SCALE = 50.0, 0.1


def completed_q_target(logits, actions, visits, values, legal):
    """(pi' over all actions (zeros off `legal`), the scores logits + sigma(completedQ))."""
    lg = np.full(logits.shape, -np.inf)
    lg[legal] = logits[legal] - logits[legal].max()
    prior = np.exp(lg)
    prior /= prior.sum()
    q = np.zeros(logits.shape)
    seen = visits > 0
    if seen.any():
        qa = values[seen] / visits[seen]
        w = prior[actions[seen]]
        mix = float((w * qa).sum() / w.sum()) if w.sum() > 0 else float(qa.mean())
        q[legal] = mix
        q[actions[seen]] = qa
    sigma = (C_VISIT + (visits.max() if visits.size else 0)) * C_SCALE * q
    score = np.where(np.isfinite(lg), lg + sigma, -np.inf)
    target = np.exp(score - score[legal].max())
    target[~np.isfinite(score)] = 0.0
    return target / target.sum(), score


class ExpertAgent(SearchAgent):
    """SearchAgent that records (obs, mask, target, seat) rows in `rows` and plays as the
    module docstring says."""

    def __init__(self, *args, explore=0, **kw):
        super().__init__(*args, **kw)
        self.explore = int(explore)
        self.rows = []
        self.decisions = 0

    def reset(self, seat, num_players):
        self.decisions = 0

    def act(self, observation, action_mask, infoset=None) -> int:
        legal = np.flatnonzero(action_mask)
        if legal.size < 2 or infoset is None:
            return super().act(observation, action_mask, infoset)
        chosen = super().act(observation, action_mask, infoset)
        tree = self.trees[infoset.engine.game]
        if tree.gumbel_action >= 0:            # the Gumbel root: its improved policy, its move
            target = np.where(np.asarray(action_mask) > 0, tree.improved_policy(), 0.0)
            target /= target.sum()
            best = int(chosen)
        else:
            logits = (tree.logits[0].astype(np.float64) if self.net is not None
                      else np.zeros(len(action_mask)))
            actions, visits, values = tree.root_stats()
            ok = action_mask[actions] > 0
            target, score = completed_q_target(logits, actions[ok], visits[ok],
                                               values[ok, infoset.seat], legal)
            best = int(legal[np.argmax(score[legal])])
        self.rows.append((np.asarray(observation, np.float32), np.asarray(action_mask, np.int8),
                          target.astype(np.float32), infoset.seat))
        self.decisions += 1
        if self.decisions <= self.explore:
            return int(self.rng.choice(len(target), p=target))
        return best
