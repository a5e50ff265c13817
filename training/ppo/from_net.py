"""A fresh PPO run that starts from a shipped net (`speciesgym train --init zoo:<game>-<n>p`).

training.exit.from_ppo packs a MaskablePPO checkpoint's two stacks, the actor's and the
critic's, into one trunk of block-diagonal layers, and writes how wide each stack was into the
net's meta (`ppo_stacks`). This module reverses that packing exactly: the actor's and the
critic's weights are cut back out of the trunk and written into a new MaskablePPO policy of
the same widths and activation, so the run's first policy plays as the net plays (the same
logits) and keeps the critic it was trained with. A net whose trunk mixes the two stacks
(trained further after packing, or never packed from PPO) is refused by name.

Only the weights come from the net: the optimiser state, the step count and the self-play
pool start afresh, and the run's recipe settings (learning rate, opponents...) are its own.
"""
import numpy as np

from speciesgym.agents.ppo_compiled import RELU, TANH

LAYOUT = "ppo_stacks"
VALUE_SCALE = 4.0       # the packed value head reads the critic's output times this, sigmoid


def layout_meta(actor, critic, activation):
    """The meta entry training.exit.from_ppo writes beside a packed checkpoint."""
    return {"actor": [int(a) for a in actor], "critic": [int(c) for c in critic],
            "activation": int(activation), "value_scale": VALUE_SCALE}


def _weights(net, row):
    """(weight (out, in), bias (out,)) of one row of the net's layer table."""
    w0, b0, n_in, n_out = (int(x) for x in row[:4])
    w = net.params[w0:w0 + n_in * n_out].reshape(n_in, n_out).T
    return w, net.params[b0:b0 + n_out]


def stacks(net):
    """(actor widths, critic widths, activation code) of a net packed from a PPO checkpoint;
    ValueError naming the net if it was not packed so, or its trunk no longer splits."""
    layout = net.meta.get(LAYOUT)
    if not layout:
        raise ValueError(f"{net.name}: not packed from a PPO checkpoint (its meta has no "
                         f"{LAYOUT!r}); --init takes a net made by `training.exit.ship --ppo`")
    actor, critic = [int(a) for a in layout["actor"]], [int(c) for c in layout["critic"]]
    activation = int(layout["activation"])
    trunk = net.layers[:-2]
    widths = [int(r[3]) for r in trunk]
    if len(actor) != len(critic) or widths != [a + c for a, c in zip(actor, critic)]:
        raise ValueError(f"{net.name}: its trunk of widths {widths} is not the actor's {actor} "
                         f"beside the critic's {critic}")
    if activation not in (TANH, RELU) or any(int(r[4]) != activation for r in trunk):
        raise ValueError(f"{net.name}: its trunk's activations {[int(r[4]) for r in trunk]} "
                         f"are not all the stacks' ({activation})")
    for k, row in enumerate(trunk[1:], start=1):
        w, _ = _weights(net, row)
        if np.any(w[:actor[k], actor[k - 1]:]) or np.any(w[actor[k]:, :actor[k - 1]]):
            raise ValueError(f"{net.name}: trunk layer {k} mixes the actor's and the critic's "
                             f"units (trained after packing?), so it cannot be split")
    w_pi, _ = _weights(net, net.layers[-2])
    w_v, _ = _weights(net, net.layers[-1])
    if np.any(w_pi[:, actor[-1]:]) or np.any(w_v[:, :actor[-1]]):
        raise ValueError(f"{net.name}: a head reads the other stack's units, so it cannot be split")
    return actor, critic, activation


def activation_fn(code):
    from torch import nn
    return {TANH: nn.Tanh, RELU: nn.ReLU}[code]


def load_into(policy, net):
    """Write the net's actor and critic into a MaskablePPO `policy` built with the net's
    stacks (`stacks(net)`: net_arch pi = actor, vf = critic, the same activation)."""
    import torch
    from torch import nn
    actor, critic, _ = stacks(net)
    pi = [m for m in policy.mlp_extractor.policy_net if isinstance(m, nn.Linear)]
    vf = [m for m in policy.mlp_extractor.value_net if isinstance(m, nn.Linear)]
    if [m.out_features for m in pi] != actor or [m.out_features for m in vf] != critic:
        raise ValueError(f"{net.name}: the policy's stacks {[m.out_features for m in pi]} / "
                         f"{[m.out_features for m in vf]} are not the net's {actor} / {critic}")
    parts = []
    for k, row in enumerate(net.layers[:-2]):
        w, b = _weights(net, row)
        a = actor[k]
        cols_p = slice(None) if k == 0 else slice(0, actor[k - 1])
        cols_v = slice(None) if k == 0 else slice(actor[k - 1], None)
        parts += [(pi[k], w[:a, cols_p], b[:a]), (vf[k], w[a:, cols_v], b[a:])]
    w, b = _weights(net, net.layers[-2])
    parts.append((policy.action_net, w[:, :actor[-1]], b))
    w, b = _weights(net, net.layers[-1])
    parts.append((policy.value_net, w[:, actor[-1]:] / VALUE_SCALE, b / VALUE_SCALE))
    with torch.no_grad():
        for linear, weight, bias in parts:
            linear.weight.copy_(torch.as_tensor(np.ascontiguousarray(weight)))
            linear.bias.copy_(torch.as_tensor(np.ascontiguousarray(bias)))


def init_widths(spec, game, obs_size, num_actions):
    """(net, "actor widths", "critic widths") of the --init net `spec`, checked against the
    game's sizes (ValueError naming the net otherwise)."""
    from speciesgym.agents.net.mlp import load
    net = load(spec)
    net.check(game, obs_size, num_actions)
    actor, critic, _ = stacks(net)
    return net, ",".join(map(str, actor)), ",".join(map(str, critic))

