"""A MaskablePPO checkpoint as a policy/value net (agents.net.mlp), so that a PPO-trained
policy can ship in the zoo, play alone (`zoo:` / `net:`) and guide the search (`net=`).

SB3's MlpPolicy keeps two separate stacks, the actor's (`mlp_extractor.policy_net`, then
`action_net`) and the critic's (`mlp_extractor.value_net`, then `value_net`); the packed
format has one trunk feeding both heads. The two stacks become one trunk of block-diagonal
layers (the first layer: both stacks' rows on the same observation; each later layer: the
actor's weights on the actor's units, the critic's on the critic's, zeros across), the policy
head reads only the actor's units and the value head only the critic's. The logits are the
actor's exactly (up to float32 summation order), so the net alone plays as the checkpoint
played deterministically (`PPOAgent`: the legal action of largest logit).

The value: the critic predicts the return the checkpoint was trained on (the rank reward
plus any shaping, discounted), in about [-1, 1]; the packed value head is read through a
sigmoid, so the critic's output is scaled by VALUE_SCALE before it, giving a value in
[0, 1] that rises with the critic's (not the calibrated rank value of an expert-iteration
net). The meta records the two stacks' widths (training.ppo.from_net reads them to start a
PPO run from the net: `speciesgym train --init`). Both stacks must have the same depth and
activations (SB3's default does); anything else is a ValueError naming the checkpoint.

    python -m speciesgym.training.exit.from_ppo runs/<run>/final.zip <net>.npz

packs a checkpoint into a net file that `net:<file>`, `search:...:net=<file>` and
`speciesgym train --init <file>` (a second stage of training) take. Given several
checkpoints of one run (e.g. its last checkpoints and self-play pool snapshots), it packs
the mean of their weights (`average`; weight averaging, as in stochastic weight averaging,
Izmailov et al. 2018): the nets must have the same layers, game and table size.
"""
import numpy as np

from speciesgym.agents.net.mlp import PolicyValueNet
from speciesgym.agents.ppo_compiled import NONE, linear_pairs, pack_linears
from speciesgym.training.ppo.from_net import LAYOUT, VALUE_SCALE, layout_meta


def _linear(weight, bias):
    import torch
    from torch import nn
    layer = nn.Linear(weight.shape[1], weight.shape[0])
    with torch.no_grad():
        layer.weight.copy_(torch.as_tensor(weight, dtype=torch.float32))
        layer.bias.copy_(torch.as_tensor(bias, dtype=torch.float32))
    return layer


def _wb(linear):
    return (linear.weight.detach().cpu().numpy().astype(np.float32),
            linear.bias.detach().cpu().numpy().astype(np.float32))


def ppo_net(path, game, players, meta=None):
    """The PolicyValueNet of the MaskablePPO checkpoint at `path` (see the module docstring)."""
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.torch_layers import FlattenExtractor
    name = str(path)
    try:
        policy = MaskablePPO.load(path, device="cpu").policy
    except (OSError, ValueError, KeyError) as exc:
        raise ValueError(f"{name}: not a MaskablePPO checkpoint ({exc})") from None
    if not isinstance(policy.features_extractor, FlattenExtractor):
        raise ValueError(f"{name}: features extractor {type(policy.features_extractor).__name__}"
                         " cannot be packed (only FlattenExtractor)")
    actor = linear_pairs(list(policy.mlp_extractor.policy_net), name, "policy")
    critic = linear_pairs(list(policy.mlp_extractor.value_net), name, "critic")
    if not actor or [a for _, a in actor] != [a for _, a in critic]:
        raise ValueError(f"{name}: the actor and the critic need the same number of hidden "
                         f"layers and activations to share a trunk")
    trunk = []
    for k, ((pl, act), (vl, _)) in enumerate(zip(actor, critic)):
        (wp, bp), (wv, bv) = _wb(pl), _wb(vl)
        if k == 0:
            w = np.concatenate([wp, wv])
        else:
            w = np.zeros((wp.shape[0] + wv.shape[0], wp.shape[1] + wv.shape[1]), np.float32)
            w[:wp.shape[0], :wp.shape[1]] = wp
            w[wp.shape[0]:, wp.shape[1]:] = wv
        trunk.append((_linear(w, np.concatenate([bp, bv])), act))
    width_p = actor[-1][0].out_features
    wa, ba = _wb(policy.action_net)
    head = np.zeros((wa.shape[0], trunk[-1][0].out_features), np.float32)
    head[:, :width_p] = wa
    wv, bv = _wb(policy.value_net)
    value = np.zeros((1, trunk[-1][0].out_features), np.float32)
    value[:, width_p:] = VALUE_SCALE * wv
    params, layers = pack_linears(trunk + [(_linear(head, ba), NONE)], name)
    vp, vl = pack_linears([(_linear(value, VALUE_SCALE * bv), NONE)], name)
    vl[:, :2] += params.size
    meta = dict(meta or {})
    meta[LAYOUT] = layout_meta([p.out_features for p, _ in actor],
                               [v.out_features for v, _ in critic], actor[0][1])
    return PolicyValueNet(np.concatenate([params, vp]), np.concatenate([layers, vl]), game,
                          players, meta, name=name)


def checkpoint_net(checkpoint):
    """(net, meta): the MaskablePPO checkpoint `checkpoint` packed, its game and table size
    read from its own meta (agents.ppo_agent.read_metadata), and that meta."""
    from speciesgym.agents.ppo_agent import read_metadata
    meta = read_metadata(checkpoint)
    net = ppo_net(checkpoint, meta["game"], int(meta["num_players"]),
                  {"made_by": "a MaskablePPO checkpoint packed by training.exit.from_ppo"})
    return net, meta


def average(nets):
    """The net whose weights are the mean of `nets`' (same layer table, game and table size;
    else a ValueError naming the first net that differs); its meta is the first net's, with
    `averaged` the nets' names."""
    first = nets[0]
    for net in nets[1:]:
        if (net.game, net.players) != (first.game, first.players) or not np.array_equal(
                net.layers, first.layers):
            raise ValueError(f"{net.name}: cannot be averaged with {first.name} (another game, "
                             f"table size or layer shape)")
    meta = dict(first.meta, averaged=[net.name for net in nets])
    params = np.mean([net.params for net in nets], axis=0, dtype=np.float64)
    return PolicyValueNet(params.astype(np.float32), first.layers, first.game, first.players,
                          meta, name=first.name)


def pack_checkpoint(checkpoint, out):
    """Pack the MaskablePPO checkpoint `checkpoint` (or a list of checkpoints of one run:
    the mean of their weights, `average`) into the net file `out` (.npz), written only once
    every checkpoint has packed; returns the net."""
    if not str(out).endswith(".npz"):
        raise ValueError(f"from_ppo: the net file must end in .npz, got {str(out)!r}")
    paths = list(checkpoint) if isinstance(checkpoint, (list, tuple)) else [checkpoint]
    nets = [checkpoint_net(path)[0] for path in paths]
    net = nets[0] if len(nets) == 1 else average(nets)
    net.save(out)
    return net


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(description="Pack a MaskablePPO checkpoint into a "
                                             "policy/value net file (.npz); several "
                                             "checkpoints of one run: the mean of their "
                                             "weights.")
    ap.add_argument("checkpoint", nargs="+",
                    help="MaskablePPO checkpoints, e.g. runs/<run>/final.zip")
    ap.add_argument("out", help="the net file to write (.npz)")
    args = ap.parse_args(argv)
    try:
        net = pack_checkpoint(args.checkpoint, args.out)
    except ValueError as exc:
        ap.exit(2, f"from_ppo: {exc}\n")
    mean = f", the mean of {len(args.checkpoint)} checkpoints" if len(args.checkpoint) > 1 else ""
    print(f"{args.out}: {net.game}, {net.players} players, {net.params.size:,} weights{mean}")


if __name__ == "__main__":
    main()
