"""Value functions read off a network's value head on the seats' observations:
`value:ppo:<zip>` (a MaskablePPO checkpoint) and `value:net:<file>` (an agents.net file,
such as the ones training.luck.fit_value writes).

Each seat's observation (the env's observation encoder for that seat, engine.observe) goes
through the value head, giving one output per seat; the value of seat i combines them:
  ppo   the critic's output v_j is on the checkpoint's reward scale ("rank" or "win": +1
        first, -1 last, discounted by gamma per remaining decision); u_j = (v_j + 1) / 2
        clipped to [0, 1], and V_i = clip(u_i - mean_j u_j + 1/2, 0, 1), the projection on
        the zero-sum rank scale (for two seats, the mean of u_0 and 1 - u_1). A checkpoint
        trained for "score" rewards is refused (no rank scale).
  net   a net that fit_value wrote (meta value_head "pairwise") gives a strength logit g_j
        per seat and V_i = mean over j != i of sigmoid(g_i - g_j), the share of rivals seat
        i beats; any other agents.net file's value head is read through its sigmoid as u_j
        on [0, 1] and projected as above.
Every seat's view enters, so that the hidden hand of a rival, which the seat's own
observation lacks, still moves the value (the value sees the true state: evaluation runs
after the game). The forward pass is compiled, float32, in one fixed order: the same state
gives the same value every time. Nothing here is seen by the agents.
"""

import numpy as np
from numba import njit

from speciesgym.agents.ppo_compiled import _layer
from speciesgym.agents.runner import make_engine
from speciesgym.training.decisions.versions import file_hash


@njit(cache=True)
def value_forward(params, layers, rows, obs, h0, h1):
    """The raw output of the chain of layer rows `rows` (the last one has one output)."""
    _layer(params, layers[rows[0]], obs, h0)
    x, y = h0, h1
    for k in range(1, rows.shape[0]):
        _layer(params, layers[rows[k]], x, y)
        x, y = y, x
    return np.float64(x[0])


class ObservedValue:
    """V(state, seat) from a compiled value path (`params`, `layers`, `rows`) run on every
    seat's observation and `combine(outputs, seat)`."""

    def __init__(self, name, game, num_players, options, params, layers, rows, combine,
                 seed=0, digest=None, training_seeds=None):
        self.name, self.digest = name, digest
        self.training_seeds = None if training_seeds is None else tuple(training_seeds)
        self.engine = make_engine(game, num_players, **options)
        self.params = np.ascontiguousarray(params, np.float32)
        self.layers = np.ascontiguousarray(layers, np.int64)
        self.rows = np.ascontiguousarray(rows, np.int64)
        if int(self.layers[self.rows[0], 2]) != self.engine.obs_size:
            raise ValueError(f"{name}: its value head takes {int(self.layers[self.rows[0], 2])} "
                             f"observations; {game} with {num_players} players has "
                             f"{self.engine.obs_size}")
        if int(self.layers[self.rows[-1], 3]) != 1:
            raise ValueError(f"{name}: its value head must end in one output")
        width = int(max(1, self.layers[self.rows, 3].max()))
        self.h0, self.h1 = np.zeros(width, np.float32), np.zeros(width, np.float32)
        self.combine = combine
        self.num_players = int(num_players)
        self.rng = np.random.default_rng(seed)
        self.calls = 0

    def outputs(self, state):
        """The value head's raw output on every seat's observation."""
        out = np.empty(self.num_players)
        for j in range(self.num_players):
            obs = np.ascontiguousarray(self.engine.observe(state, j), np.float32)
            out[j] = value_forward(self.params, self.layers, self.rows, obs, self.h0, self.h1)
        return out

    def __call__(self, state, seat, stream=None):
        """The value of `seat` (`stream` is not used: deterministic)."""
        self.calls += 1
        return float(self.combine(self.outputs(state), seat))


def _sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def projected(to_unit):
    """combine: each output mapped to [0, 1], projected on the zero-sum rank scale."""
    def combine(raw, seat):
        u = to_unit(raw)
        return np.clip(u[seat] - u.mean() + 0.5, 0.0, 1.0)
    return combine


def pairwise_share(raw, seat):
    """combine: the mean over rivals j of sigmoid(g_seat - g_j)."""
    rivals = np.delete(raw, seat)
    return float(np.mean(_sigmoid(raw[seat] - rivals)))


def _rank_to_unit(v):
    return np.clip((v + 1.0) / 2.0, 0.0, 1.0)


def load_net_value(path, game, num_players, options, seed=0):
    """`value:net:<file>`: an agents.net policy/value file's value head (the trunk, then the
    last layer row), refused with a ValueError naming the file if it is not one, or was made
    for another game or observation size."""
    from speciesgym.agents.net.mlp import load, resolve
    net = load(path)
    if net.game != game:
        raise ValueError(f"value:net:{path}: a net for {net.game}, not {game}")
    if "options" in net.meta and dict(net.meta["options"]) != dict(options):
        raise ValueError(f"value:net:{path}: fitted with options {net.meta['options']}, "
                         f"not {dict(options)}")
    trunk = list(range(net.layers.shape[0] - 2))
    rows = trunk + [net.layers.shape[0] - 1]
    digest = file_hash(resolve(path))
    combine = pairwise_share if net.meta.get("value_head") == "pairwise" else projected(_sigmoid)
    return ObservedValue(f"value:net:{path}", game, num_players, options, net.params,
                         net.layers, rows, combine, seed, digest,
                         net.meta.get("training_seeds"))


def pack_value_path(policy, name):
    """(params, layers) of a MaskableActorCriticPolicy's critic: the hidden layers of
    `mlp_extractor.value_net` (Linear, each followed by Tanh or ReLU) and `value_net`."""
    from stable_baselines3.common.torch_layers import FlattenExtractor

    from speciesgym.agents.ppo_compiled import linear_pairs, pack_linears
    extractor = getattr(policy, "vf_features_extractor", policy.features_extractor)
    if not isinstance(extractor, FlattenExtractor):
        raise ValueError(f"{name}: features extractor {type(extractor).__name__} cannot be "
                         f"compiled (only FlattenExtractor)")
    pairs = linear_pairs(list(policy.mlp_extractor.value_net) + [policy.value_net], name,
                         "critic")
    return pack_linears(pairs, name)


def load_ppo_value(path, game, num_players, options, seed=0):
    """`value:ppo:<zip>`: a speciesgym MaskablePPO checkpoint's critic (agents.ppo_agent's
    checks: the file, its game, options and observation and action sizes)."""
    from speciesgym.agents.ppo_agent import check_metadata, read_metadata
    name = f"value:ppo:{path}"
    meta = read_metadata(path)
    check_metadata(path, meta, game, num_players, options)
    if meta.get("reward", "rank") not in ("rank", "win"):
        raise ValueError(f"{name}: trained for {meta.get('reward')!r} rewards; its value "
                         f"has no rank scale (needs a checkpoint trained for rank or win)")
    from sb3_contrib import MaskablePPO
    model = MaskablePPO.load(path, device="cpu")
    params, layers = pack_value_path(model.policy, name)
    return ObservedValue(name, game, num_players, options, params, layers,
                         range(layers.shape[0]), projected(_rank_to_unit), seed,
                         file_hash(path))
