"""Training the apprentice: cross-entropy of the masked policy to the expert's target and
squared error of the value (sigmoid) to the outcome, Adam, on a window of recent rows; the
loss on held-out games (whole games) is reported."""
import numpy as np
import torch

from speciesgym.training.exit.model import PolicyValueMLP


def losses(model, obs, mask, target, z):
    logits, v = model(obs)
    logits = logits.masked_fill(mask == 0, -1e9)
    logp = torch.log_softmax(logits, -1)
    policy = -(target * logp).sum(-1).mean()
    value = ((torch.sigmoid(v) - z) ** 2).mean()
    return policy, value


def fit(model, data, epochs=3, batch=256, lr=1e-3, weight_decay=1e-4, seed=0, held=0.05):
    """Train `model` in place on data (dict of arrays obs, mask, target, z, game); returns
    {"policy_loss", "value_loss"} on the held-out games (or the training rows if none)."""
    rng = np.random.default_rng(seed)
    torch.manual_seed(seed)
    games = np.unique(data["game"])
    out = rng.choice(games, max(1, int(len(games) * held)), replace=False) if len(games) > 4 \
        else np.array([], games.dtype)
    test = np.isin(data["game"], out)
    tensors = {k: torch.as_tensor(data[k]) for k in ("obs", "mask", "target", "z")}
    train_idx = np.flatnonzero(~test)
    opt = torch.optim.Adam(model.parameters(), lr=lr, weight_decay=weight_decay)
    model.train()
    for _ in range(epochs):
        rng.shuffle(train_idx)
        for i in range(0, len(train_idx), batch):
            idx = torch.as_tensor(train_idx[i:i + batch])
            p, v = losses(model, *(tensors[k][idx] for k in ("obs", "mask", "target", "z")))
            opt.zero_grad()
            (p + v).backward()
            opt.step()
    model.eval()
    idx = torch.as_tensor(np.flatnonzero(test) if test.any() else train_idx)
    with torch.no_grad():
        p, v = losses(model, *(tensors[k][idx] for k in ("obs", "mask", "target", "z")))
    return {"policy_loss": float(p), "value_loss": float(v)}


def new_model(obs_size, num_actions, hidden, seed):
    torch.manual_seed(seed)
    return PolicyValueMLP(obs_size, num_actions, hidden)
