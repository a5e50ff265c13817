"""Fit a value net for luck correction, before and apart from the games it will evaluate:

  python -m speciesgym.training.luck.fit_value OUT.npz --game G --players N --games K \\
      --agents SPEC,SPEC --seed S

plays K games (seeds S .. S+K-1, seats rotating, as `speciesgym match`), keeps positions
(training.luck.fit_data) and fits a small MLP g(observation) -> a strength logit, one per
seat, whose value for seat i is the share of rivals it beats in the pairwise model
V_i = mean over j != i of sigmoid(g_i - g_j) (the rank reward on [0, 1]: 1 first, 0 last),
by binary cross-entropy against each seat's final rank reward, on all but the last
--heldout share of the games: whole games are held out. It prints the held-out mean
squared error of V and of the constant predictor (the training mean), and writes OUT in the
agents.net format (a trunk, a policy head of zeros: the file is a value, not a player, and
the value head giving g), its metadata naming the agents, the command, the pairwise head and
the training seeds; the luck evaluation refuses games whose seeds lie in that range.
"""
import argparse
import sys
import time

import numpy as np

from speciesgym.agents.net.mlp import PolicyValueNet
from speciesgym.agents.ppo_compiled import NONE, RELU
from speciesgym.agents.runner import make_engine
from speciesgym.training.games import parse_options
from speciesgym.training.luck.fit_data import Positions, collect


INIT_SD = 0.01      # first-layer weights start small: an input seen rarely moves V little


def build(obs_size, hidden, activation, torch):
    """An embedding bag (a sparse first Linear) and Linear layers, each hidden one followed
    by `activation` (relu or none), to one logit."""
    nn = torch.nn
    first = nn.EmbeddingBag(obs_size, hidden[0], mode="sum")
    bias = nn.Parameter(torch.zeros(hidden[0]))
    rest, width = [], hidden[0]
    for h in hidden[1:]:
        rest += [nn.Linear(width, h)] + ([nn.ReLU()] if activation == "relu" else [])
        width = h
    rest.append(nn.Linear(width, 1))
    model = nn.ModuleDict({"first": first, "rest": nn.Sequential(*rest)})
    model.register_parameter("bias", bias)
    model.activation = activation
    nn.init.normal_(first.weight, 0.0, INIT_SD)
    return model


def logits(model, pos, rows, torch):
    idx, off, w = pos.bag(rows)
    x = model["first"](torch.from_numpy(idx), torch.from_numpy(off),
                       per_sample_weights=torch.from_numpy(w)) + model.bias
    x = torch.relu(x) if model.activation == "relu" else x
    return model["rest"](x).squeeze(-1)


def pairwise(g, torch):
    """V (positions, n) of strength logits g (positions, n): mean_j!=i sigmoid(g_i - g_j)."""
    n = g.shape[1]
    s = torch.sigmoid(g[:, :, None] - g[:, None, :])
    return (s.sum(dim=2) - 0.5) / (n - 1)          # the diagonal adds sigmoid(0) = 0.5


def fit(pos, train, players, hidden=(64, 64), epochs=4, lr=1e-3, weight_decay=1e-4,
        batch=128, seed=0, activation="relu"):
    """The model fitted on the positions `train` (indices of positions, `players` rows
    each)."""
    import torch
    torch.manual_seed(seed)
    torch.set_num_threads(1)
    model = build(pos.size, list(hidden), activation, torch)
    opt = torch.optim.Adam(model.parameters(), lr=lr, weight_decay=weight_decay)
    rng = np.random.default_rng(seed)
    y = torch.from_numpy(pos.y).reshape(-1, players)
    for _ in range(epochs):
        order = rng.permutation(train)
        for a in range(0, len(order), batch):
            p = order[a:a + batch]
            rows = (p[:, None] * players + np.arange(players)).ravel()
            v = pairwise(logits(model, pos, rows, torch).reshape(-1, players), torch)
            loss = torch.nn.functional.binary_cross_entropy(v.clamp(1e-6, 1 - 1e-6), y[p])
            opt.zero_grad()
            loss.backward()
            opt.step()
    return model


def predict(model, pos, positions, players, batch=2048):
    """V (len(positions), players) of the model."""
    import torch
    out = []
    with torch.no_grad():
        for a in range(0, len(positions), batch):
            p = positions[a:a + batch]
            rows = (p[:, None] * players + np.arange(players)).ravel()
            g = logits(model, pos, rows, torch).reshape(-1, players)
            out.append(pairwise(g, torch).numpy())
    return np.concatenate(out) if out else np.zeros((0, players))


def heldout_errors(v, y, constant):
    """Mean squared errors of V and of the constant on held-out targets y (same shape)."""
    return {"net": float(np.mean((v - y) ** 2)), "constant": float(np.mean((constant - y) ** 2)),
            "positions": int(y.shape[0])}


def to_policy_value_net(model, game, players, num_actions, meta, name):
    """The agents.net file of the fitted model (its policy head all zeros)."""
    chunks, rows, offset = [], [], 0

    def add(w_in_out, b, act):
        nonlocal offset
        w_in_out = np.ascontiguousarray(w_in_out, np.float32)
        rows.append((offset, offset + w_in_out.size, w_in_out.shape[0], w_in_out.shape[1], act))
        chunks.extend([w_in_out.ravel(), np.asarray(b, np.float32)])
        offset += w_in_out.size + len(b)

    act = RELU if model.activation == "relu" else NONE
    add(model["first"].weight.detach().numpy(), model.bias.detach().numpy(), act)
    linears = [m for m in model["rest"] if hasattr(m, "weight")]
    for lin in linears[:-1]:
        add(lin.weight.detach().numpy().T, lin.bias.detach().numpy(), act)
    width = linears[-1].weight.shape[1]
    add(np.zeros((width, num_actions)), np.zeros(num_actions), NONE)
    add(linears[-1].weight.detach().numpy().T, linears[-1].bias.detach().numpy(), NONE)
    return PolicyValueNet(np.concatenate(chunks), np.array(rows, np.int64), game, players,
                          meta, name=name)


HEAD = "pairwise"          # meta["value_head"]: how training.luck.observed reads the head


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m speciesgym.training.luck.fit_value",
                                description=__doc__.splitlines()[0])
    p.add_argument("out", help="the net file to write (.npz)")
    p.add_argument("--game", required=True)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--games", type=int, default=1000, help="games played (default %(default)s)")
    p.add_argument("--agents", required=True, help="comma-separated agent specs, one per "
                   "seat, rotating (those of the games the value will evaluate)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first training game; the "
                   "net records the range and evaluation refuses those seeds")
    p.add_argument("--option", action="append", help="game option key=value")
    p.add_argument("--keep", type=float, default=0.05, help="share of positions kept")
    p.add_argument("--positions", default=None, help="a file caching the positions: read if "
                   "it holds those of the same games, else written")
    p.add_argument("--hidden", default="64,64", help="hidden layer sizes")
    p.add_argument("--activation", choices=("relu", "none"), default="relu",
                   help="after each hidden layer (none: a linear model of the observation)")
    p.add_argument("--epochs", type=int, default=4)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--weight-decay", type=float, default=1e-4)
    p.add_argument("--heldout", type=float, default=0.2, help="share of games held out")
    args = p.parse_args(argv)
    try:
        return run(args)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


def positions(args, agents, options):
    """The positions of the training games (from --positions when it holds them)."""
    import os
    key = {"game": args.game, "agents": agents, "games": args.games, "seed": args.seed,
           "keep": args.keep, "options": options}
    if args.positions and os.path.isfile(args.positions):
        return Positions.load(args.positions, key)
    pos = collect(args.game, agents, args.games, args.seed, options, args.keep,
                  progress=lambda g: print(f"  {g} games played", flush=True))
    if args.positions:
        pos.save(args.positions, key)
    return pos


def run(args):
    agents = [a for a in args.agents.split(",") if a]
    if len(agents) != args.players:
        raise ValueError(f"--agents names {len(agents)} agents for {args.players} players")
    hidden = [int(h) for h in args.hidden.split(",") if h]
    if not hidden or min(hidden) < 1:
        raise ValueError(f"--hidden must be positive sizes, got {args.hidden!r}")
    n_held = int(round(args.games * args.heldout))
    if not 1 <= n_held < args.games:
        raise ValueError(f"--heldout {args.heldout} leaves no training or held-out games")
    options = parse_options(args.option)
    engine = make_engine(args.game, args.players, **options)
    t0 = time.process_time()
    pos = positions(args, agents, options)
    n = args.players
    games = pos.game[::n]                                   # the game of each position
    train = np.flatnonzero(games < args.games - n_held)
    held = np.flatnonzero(games >= args.games - n_held)
    print(f"{len(games)} positions ({len(train)} training, {len(held)} held out of the last "
          f"{n_held} games)", flush=True)
    model = fit(pos, train, n, hidden, args.epochs, args.lr, args.weight_decay, seed=args.seed,
                activation=args.activation)
    y = pos.y.reshape(-1, n)
    errors = heldout_errors(predict(model, pos, held, n), y[held], float(y[train].mean()))
    print(f"held-out mean squared error: net {errors['net']:.4f}, constant "
          f"{errors['constant']:.4f}, over {errors['positions']} positions of {n_held} games")
    meta = {"kind": "luck value", "value_head": HEAD, "agents": agents, "players": n,
            "options": options, "training_seeds": [args.seed, args.seed + args.games],
            "games": args.games, "heldout_games": n_held, "keep": args.keep,
            "hidden": hidden, "activation": args.activation, "epochs": args.epochs,
            "lr": args.lr,
            "weight_decay": args.weight_decay, "heldout_mse": errors,
            "cpu_seconds": round(time.process_time() - t0, 1),
            "command": "python -m speciesgym.training.luck.fit_value OUT " + " ".join(
                f"--{k} {v}" for k, v in (("game", args.game), ("players", n),
                                          ("games", args.games), ("agents", args.agents),
                                          ("seed", args.seed), ("keep", args.keep),
                                          ("hidden", args.hidden),
                                          ("activation", args.activation),
                                          ("epochs", args.epochs),
                                          ("lr", args.lr),
                                          ("weight-decay", args.weight_decay)))}
    net = to_policy_value_net(model, args.game, n, engine.num_actions, meta, args.out)
    net.save(args.out)
    print(f"wrote {args.out}: training seeds {args.seed}..{args.seed + args.games - 1}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
