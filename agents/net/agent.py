"""NetAgent: a policy/value net (agents.net.mlp) alone, one compiled forward pass per
decision on the seat's observation: the legal action of largest logit (the first of equal
ones). Spec: `zoo:<game>-<n>p` (a shipped net) or `net:<file>`."""
import numpy as np

from speciesgym.agents.base import Agent
from speciesgym.agents.net.mlp import PolicyValueNet, load


class NetAgent(Agent):
    def __init__(self, net, game=None, num_players=None, name=None):
        self.net = net if isinstance(net, PolicyValueNet) else load(net)
        if game is not None:
            from speciesgym.agents.search.agent import glue
            g = glue(game)
            self.net.check(game, g.OBS_SIZE, g.N_ACTIONS)
        self.name = name or self.net.name

    def act(self, observation, action_mask, infoset=None) -> int:
        mask = np.asarray(action_mask)
        if mask.shape != (self.net.num_actions,):
            raise ValueError(f"{self.name}: action mask of shape {mask.shape}, the net gives "
                             f"{self.net.num_actions} actions")
        if not mask.any():
            raise ValueError(f"{self.name} asked to act with an empty action mask")
        logits, _ = self.net(observation)
        return int(np.flatnonzero(mask)[np.argmax(logits[mask > 0])])


def from_arg(spec, kind, arg, game, num_players):
    """The NetAgent of a `zoo:<game>-<n>p` or `net:<file>` spec, checked against the game."""
    if not arg:
        raise ValueError(f"agent spec {spec!r}: {kind} needs a name, e.g. 'zoo:evolution-2p' "
                         f"or 'net:runs/exit/best.npz'")
    net = load(f"zoo:{arg}" if kind == "zoo" else arg)
    try:
        return NetAgent(net, game, num_players, name=spec)
    except ValueError as exc:
        raise ValueError(f"agent spec {spec!r}: {exc}") from None
