"""A MaskablePPO checkpoint's policy as a compiled (numba) forward pass, for training's
self-play opponents: `CompiledPPOAgent`, and `NetTable`, the packed weights that the batched
training env (training.ppo.batched_kernels.advance) reads to move PPO opponents inside its
compiled loop.

What is compiled: the actor of SB3's MlpPolicy as MaskablePPO builds it: the observation as
it is (a flat float32 Box: FlattenExtractor, no normalisation), the hidden layers of
`mlp_extractor.policy_net` (Linear, each followed by Tanh or ReLU) and `action_net` (Linear);
the action is the legal action of largest logit, the first on an exact tie (PPOAgent's
`argmax` of the masked logits). Anything else (another features extractor, activation or
layer) is a ValueError naming the checkpoint: such a policy stays with PPOAgent's torch pass.

Arithmetic: float32 (as torch), zeros of the observation skipped (they add
nothing); every layer, the action layer too, is a sum of weight rows scaled by the inputs
(vectorised over the outputs, one fixed order). Torch sums in float32 in another order, so
the two can disagree where the two best legal logits are within rounding of each other
(tests/training/test_compiled_ppo_opponent.py counts how often); CompiledPPOAgent.act and
the batched env call the same compiled function, so the per-game and the batched env play
the same games. Tournaments and decisions (`ppo:<zip>` through agents.from_spec) keep
PPOAgent's torch pass; training's opponent pool (training.ppo.single_agent.OpponentPool) turns
the PPOAgent of each `ppo:<zip>` into this one (`compiled_ppo`).

Packed layout of one net: `params` float32, `layers` int64 rows (weight offset, bias offset,
inputs, outputs, activation); weights stored input-major ([in][out]). A NetTable
concatenates several nets: `nets[k]` = (first layer row, layer count).
"""
import numpy as np
from numba import njit

from speciesgym.agents.ppo_agent import PPOAgent

NONE, TANH, RELU = 0, 1, 2
_COMPILED = {}          # id(policy) -> CompiledPPOAgent (which keeps the policy alive)
_COMPILED_SIZE = 16


def pack_policy(policy, name="policy"):
    """(params float32, layers int64 (L, 5)) of a MaskableActorCriticPolicy's actor;
    ValueError naming `name` for a policy this module cannot compile."""
    from stable_baselines3.common.torch_layers import FlattenExtractor
    if not isinstance(policy.pi_features_extractor, FlattenExtractor):
        raise ValueError(f"{name}: features extractor {type(policy.pi_features_extractor).__name__}"
                         f" cannot be compiled (only FlattenExtractor)")
    pairs = linear_pairs(list(policy.mlp_extractor.policy_net) + [policy.action_net], name,
                         "policy")
    if pairs[-1][1] != NONE:
        raise ValueError(f"{name}: the action layer must be a bare Linear")
    return pack_linears(pairs, name)


def linear_pairs(modules, name, part):
    """[[torch Linear, activation code], ...] of a chain of torch modules (each Linear
    optionally followed by Tanh or ReLU); ValueError naming `name` and `part` (policy,
    critic) for any other layer."""
    from torch import nn
    pairs = []
    for m in modules:
        if isinstance(m, nn.Linear):
            pairs.append([m, NONE])
        elif isinstance(m, (nn.Tanh, nn.ReLU)) and pairs and pairs[-1][1] == NONE:
            pairs[-1][1] = TANH if isinstance(m, nn.Tanh) else RELU
        else:
            raise ValueError(f"{name}: layer {type(m).__name__} of the {part} cannot be "
                             f"compiled (only Linear followed by Tanh or ReLU)")
    return pairs


def pack_linears(pairs, name="net"):
    """(params float32, layers int64 (L, 5)) of [(torch Linear, activation code), ...] in
    order, each taking the previous one's outputs (ValueError naming `name` otherwise)."""
    chunks, rows, offset = [], [], 0
    for k, (linear, act) in enumerate(pairs):
        w = linear.weight.detach().cpu().numpy().astype(np.float32)     # (out, in)
        b = (linear.bias.detach().cpu().numpy().astype(np.float32) if linear.bias is not None
             else np.zeros(w.shape[0], np.float32))
        if k > 0 and w.shape[1] != rows[-1][3]:
            raise ValueError(f"{name}: layer {k} takes {w.shape[1]} inputs, the one before "
                             f"gives {rows[-1][3]}")
        w = np.ascontiguousarray(w.T)
        rows.append((offset, offset + w.size, linear.in_features, linear.out_features, act))
        chunks += [w.ravel(), b]
        offset += w.size + b.size
    return np.concatenate(chunks).astype(np.float32), np.array(rows, np.int64)


@njit(cache=True)
def _layer(params, row, x, out):
    """out = activation(x @ W + b) of one layer (row of the layer table)."""
    w, b, n_in, n_out, act = row[0], row[1], row[2], row[3], row[4]
    for j in range(n_out):
        out[j] = params[b + j]
    for i in range(n_in):
        xi = np.float32(x[i])
        if xi != 0.0:
            row = params[w + i * n_out:w + (i + 1) * n_out]     # a slice: vectorised loop
            for j in range(n_out):
                out[j] += xi * row[j]
    if act == TANH:
        for j in range(n_out):
            out[j] = np.tanh(out[j])
    elif act == RELU:
        for j in range(n_out):
            out[j] = max(out[j], 0.0)


@njit(cache=True)
def net_action(params, layers, nets, k, obs, mask, h0, h1):
    """The legal action (mask > 0) of largest logit of net k for observation `obs` (the
    first of equal ones); -1 if none is legal. h0, h1: float32 scratch of at least the
    widest layer (the action layer included)."""
    first, count = nets[k, 0], nets[k, 1]
    _layer(params, layers[first], obs, h0)
    x, y = h0, h1
    for l in range(first + 1, first + count):
        _layer(params, layers[l], x, y)
        x, y = y, x
    best, best_a = -np.inf, -1
    for a in range(layers[first + count - 1, 3]):
        if mask[a] > 0 and (best_a < 0 or x[a] > best):
            best, best_a = x[a], a
    return best_a


@njit(cache=True)
def net_actions(params, layers, nets, k, obs, masks, h0, h1, out):
    for r in range(obs.shape[0]):
        out[r] = net_action(params, layers, nets, k, obs[r], masks[r], h0, h1)


class NetTable:
    """Several packed nets side by side (`params`, `layers`, `nets`), with scratch buffers;
    `index(agent)` adds a CompiledPPOAgent's net on first sight. Holds at most `cap` nets:
    a full table drops the nets not in `keep` before adding."""

    def __init__(self, obs_size, num_actions, cap=16):
        self.obs_size, self.num_actions, self.cap = obs_size, num_actions, cap
        self.agents = []
        self.version = -1
        self._pack()

    def index(self, agent, keep=()):
        for k, a in enumerate(self.agents):
            if a is agent:
                return k
        n_in, n_out = int(agent.layers[0, 2]), int(agent.layers[-1, 3])
        if (n_in, n_out) != (self.obs_size, self.num_actions):
            raise ValueError(f"{agent.name}: its network takes {n_in} observations and gives "
                             f"{n_out} actions; this game has {self.obs_size} and "
                             f"{self.num_actions}")
        if len(self.agents) >= self.cap:
            kept = {id(a) for a in keep}
            self.agents = [a for a in self.agents if id(a) in kept]
        self.agents.append(agent)
        self._pack()
        return len(self.agents) - 1

    def _pack(self):
        params, layers = [np.zeros(0, np.float32)], [np.zeros((0, 5), np.int64)]
        nets, offset = [], 0
        for a in self.agents:
            rows = a.layers.copy()
            rows[:, :2] += offset
            nets.append((sum(len(x) for x in layers), len(rows)))
            params.append(a.params)
            layers.append(rows)
            offset += a.params.size
        self.params = np.concatenate(params)
        self.layers = np.concatenate(layers)
        self.nets = np.array(nets, np.int64).reshape(-1, 2)
        width = max([1] + [int(r[3]) for a in self.agents for r in a.layers])
        self.h0, self.h1 = np.zeros(width, np.float32), np.zeros(width, np.float32)
        self.obs = np.zeros(self.obs_size, np.float32)
        self.version += 1


class CompiledPPOAgent(PPOAgent):
    """PPOAgent whose act and act_batch run the compiled forward pass (see the module
    docstring); the weights are read once, at construction."""

    def __init__(self, policy, meta=None, name="ppo"):
        super().__init__(policy, meta, name)
        self.params, self.layers = pack_policy(policy, name)
        sizes = (int(self.layers[0, 2]), int(self.layers[-1, 3]))
        if "obs_size" in self.meta and sizes != (self.meta["obs_size"], self.meta["num_actions"]):
            raise ValueError(f"{name}: its network takes {sizes[0]} observations and gives "
                             f"{sizes[1]} actions, not the {self.meta['obs_size']} and "
                             f"{self.meta['num_actions']} of its metadata")
        self._table = NetTable(int(self.layers[0, 2]), int(self.layers[-1, 3]), cap=1)
        self._table.index(self)

    def act_batch(self, observations, action_masks):
        obs = np.ascontiguousarray(observations, np.float32)
        masks = np.ascontiguousarray(action_masks).astype(np.int8)
        if obs.ndim != 2 or obs.shape[1] != self._table.obs_size:
            raise ValueError(f"{self.name}: observations of shape {obs.shape}, the network takes "
                             f"{self._table.obs_size} values")
        if masks.shape != (obs.shape[0], self._table.num_actions):
            raise ValueError(f"{self.name}: action masks of shape {masks.shape}, the network "
                             f"gives {self._table.num_actions} actions")
        if not masks.any(axis=1).all():
            raise ValueError("PPO agent asked to act with an empty action mask")
        t = self._table
        out = np.empty(obs.shape[0], np.int64)
        net_actions(t.params, t.layers, t.nets, 0, obs, masks, t.h0, t.h1, out)
        return out


def compiled_ppo(agent):
    """The CompiledPPOAgent of a PPOAgent's policy (one per policy while it is cached);
    any other agent (a CompiledPPOAgent, a subclass, a non-PPO agent) as it is."""
    if type(agent) is not PPOAgent:
        return agent
    hit = _COMPILED.get(id(agent.policy))
    if hit is None or hit.policy is not agent.policy:
        if len(_COMPILED) >= _COMPILED_SIZE:
            _COMPILED.pop(next(iter(_COMPILED)))
        hit = _COMPILED[id(agent.policy)] = CompiledPPOAgent(agent.policy, agent.meta, agent.name)
    return hit
