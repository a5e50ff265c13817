"""The torch side of the policy/value net (agents.net.mlp): a trunk of Linear + ReLU layers,
a policy head (logits) and a value head (one logit, sigmoid), exported to the packed numba
format with the two passes checked to agree."""
import numpy as np
import torch
from torch import nn

from speciesgym.agents.net.mlp import PolicyValueNet
from speciesgym.agents.ppo_compiled import NONE, RELU, pack_linears

TOLERANCE = 1e-4


class PolicyValueMLP(nn.Module):
    def __init__(self, obs_size, num_actions, hidden=(256, 256)):
        super().__init__()
        sizes = (obs_size,) + tuple(hidden)
        self.trunk = nn.ModuleList(nn.Linear(a, b) for a, b in zip(sizes, sizes[1:]))
        self.policy = nn.Linear(sizes[-1], num_actions)
        self.value = nn.Linear(sizes[-1], 1)
        self.hidden = tuple(hidden)

    def forward(self, obs):
        """(logits, value logit) of a batch of observations."""
        x = obs
        for layer in self.trunk:
            x = torch.relu(layer(x))
        return self.policy(x), self.value(x).squeeze(-1)


def export(model, game, players, meta=None, name="net", check_obs=None):
    """The PolicyValueNet of a PolicyValueMLP; with check_obs (rows of observations) the
    numba and torch outputs must agree within TOLERANCE (ValueError otherwise)."""
    pairs = [(layer, RELU) for layer in model.trunk] + [(model.policy, NONE)]
    params, layers = pack_linears(pairs, name)
    vp, vl = pack_linears([(model.value, NONE)], name)      # fed by the trunk, as the policy
    vl[:, :2] += params.size
    params, layers = np.concatenate([params, vp]), np.concatenate([layers, vl])
    net = PolicyValueNet(params, layers, game, players, meta, name=name)
    if check_obs is not None and len(check_obs):
        with torch.no_grad():
            logits, v = model(torch.as_tensor(np.asarray(check_obs, np.float32)))
        want_v = torch.sigmoid(v).numpy()
        for row, want_l, wv in zip(check_obs, logits.numpy(), want_v):
            got_l, got_v = net(row)
            err = max(float(np.abs(got_l - want_l).max()), abs(got_v - float(wv)))
            if err > TOLERANCE:
                raise ValueError(f"{name}: numba and torch outputs differ by {err:.2e}")
    return net
