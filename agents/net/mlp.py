"""A two-headed MLP (policy logits and a value in [0, 1] for the seat that observes) in the
packed layout of agents.ppo_compiled (`params` float32, `layers` int64 rows: weight offset,
bias offset, inputs, outputs, activation), with its numba forward pass.

Layers: the trunk (every row but the last two, each Linear + activation), then the policy
head (rows[-2], the game's N_ACTIONS logits, no activation) and the value head (rows[-1],
one output read through a sigmoid) both fed by the trunk's output. The value estimates the
seat's rank value of agents.search.uct.rank_values at the game's end.

File: a numpy .npz with `params`, `layers`, `game`, `players`, `obs_size`, `num_actions`
and `meta` (a JSON text: how the net was made, its measured strength).
"""
import json
import pathlib

import numpy as np
from numba import njit

from speciesgym.envs.core.atomic import atomic_write
from speciesgym.agents.ppo_compiled import NONE, RELU
from speciesgym.agents.ppo_compiled import _layer as dense

ZOO = "zoo:"


@njit(cache=True)
def forward(params, layers, obs, h0, h1, logits):
    """Writes the policy logits into `logits` (N_ACTIONS float32) and returns the value in
    [0, 1]. h0, h1: float32 scratch of at least the widest trunk layer (and 1)."""
    n = layers.shape[0]
    dense(params, layers[0], obs, h0)
    x, y = h0, h1
    for k in range(1, n - 2):
        dense(params, layers[k], x, y)
        x, y = y, x
    dense(params, layers[n - 2], x, logits)
    dense(params, layers[n - 1], x, y)
    return 1.0 / (1.0 + np.exp(-np.float64(y[0])))


class PolicyValueNet:
    """A loaded net: `params`, `layers`, sizes, `game`, `players`, `meta`, `name` (its file)."""

    def __init__(self, params, layers, game, players, meta=None, name="net"):
        self.params = np.ascontiguousarray(params, np.float32)
        self.layers = np.ascontiguousarray(layers, np.int64)
        if self.layers.ndim != 2 or self.layers.shape[0] < 3 or self.layers.shape[1] != 5:
            raise ValueError(f"{name}: needs a trunk and two heads (layer table (L>=3, 5)), "
                             f"got {self.layers.shape}")
        if self.layers[-1, 3] != 1 or self.layers[-1, 2] != self.layers[-2, 2]:
            raise ValueError(f"{name}: the value head must map the trunk's output to 1 value")
        self.game, self.players = str(game), int(players)
        self.meta = dict(meta or {})
        self.name = name
        self.obs_size = int(self.layers[0, 2])
        self.num_actions = int(self.layers[-2, 3])
        width = int(max(1, self.layers[:-1, 3].max()))
        self.h0, self.h1 = np.zeros(width, np.float32), np.zeros(width, np.float32)

    def check(self, game, obs_size, num_actions):
        """ValueError naming the net if it does not fit the game's sizes."""
        if game != self.game or (obs_size, num_actions) != (self.obs_size, self.num_actions):
            raise ValueError(f"{self.name}: a net for {self.game} taking {self.obs_size} "
                             f"observations and giving {self.num_actions} actions; "
                             f"{game} has {obs_size} and {num_actions}")

    def __call__(self, obs):
        """(logits float32 (N_ACTIONS,), value) of one observation."""
        logits = np.zeros(self.num_actions, np.float32)
        obs = np.ascontiguousarray(obs, np.float32)
        if obs.shape != (self.obs_size,):
            raise ValueError(f"{self.name}: observation of shape {obs.shape}, the net takes "
                             f"{self.obs_size} values")
        v = forward(self.params, self.layers, obs, self.h0, self.h1, logits)
        return logits, float(v)

    def save(self, path):
        """Write the net file atomically (speciesgym.envs.core.atomic): an
        interrupted save leaves no half-written net where a finished one is expected."""
        with atomic_write(path, "wb") as f:
            np.savez_compressed(f, params=self.params, layers=self.layers,
                                game=np.array(self.game), players=np.array(self.players),
                                obs_size=np.array(self.obs_size),
                                num_actions=np.array(self.num_actions),
                                meta=np.array(json.dumps(self.meta)))


def untrained(game, players, obs_size, num_actions, hidden=(128, 128), seed=0, scale=1.0):
    """A PolicyValueNet of random weights (ReLU trunk of widths `hidden`, each weight drawn
    from N(0, scale^2 / inputs), biases 0): a stand-in for speed measurements and tests;
    scale=0 gives the uniform net (logits 0, value 0.5)."""
    rng = np.random.default_rng(seed)
    sizes = [int(obs_size), *map(int, hidden)]
    shapes = list(zip(sizes[:-1], sizes[1:])) + [(sizes[-1], int(num_actions)), (sizes[-1], 1)]
    acts = [RELU] * (len(sizes) - 1) + [NONE, NONE]
    params, layers, offset = [], [], 0
    for (n_in, n_out), act in zip(shapes, acts):
        params += [rng.normal(0.0, scale / np.sqrt(n_in), n_in * n_out), np.zeros(n_out)]
        layers.append((offset, offset + n_in * n_out, n_in, n_out, act))
        offset += n_in * n_out + n_out
    return PolicyValueNet(np.concatenate(params), np.array(layers), game, players,
                          {"made_by": f"untrained (seed {seed})"}, name=f"untrained-{game}")


def zoo_dir():
    return pathlib.Path(__file__).resolve().parent.parent / "zoo"


def resolve(path):
    """The file of a net name: `zoo:<game>-<n>p` (agents/zoo/, shipped) or a path."""
    text = str(path)
    if text.startswith(ZOO):
        name = text[len(ZOO):]
        found = zoo_dir() / f"{name}.npz"
        if not found.is_file():
            names = sorted(p.stem for p in zoo_dir().glob("*.npz"))
            raise ValueError(f"{text}: no such shipped net; shipped: {', '.join(names) or 'none'}")
        return found
    return pathlib.Path(text)


def load(path):
    """The PolicyValueNet of a file or `zoo:` name; ValueError naming it if unreadable."""
    file = resolve(path)
    try:
        with np.load(file, allow_pickle=False) as z:
            net = PolicyValueNet(z["params"], z["layers"], str(z["game"]), int(z["players"]),
                                 json.loads(str(z["meta"])), name=str(path))
            sizes = (int(z["obs_size"]), int(z["num_actions"]))
    except (OSError, KeyError, ValueError) as exc:
        raise ValueError(f"{path}: not a policy/value net file ({exc})") from None
    if sizes != (net.obs_size, net.num_actions):
        raise ValueError(f"{path}: its layers do not match its stated sizes {sizes}")
    return net
