"""Behaviour cloning from teacher agents: a warm start for MaskablePPO (`--pretrain`).

Learning Dominant Species from nothing but self-play and a win signal is slow: a game is a
few hundred decisions per seat and the heuristics score twice what an early policy does. A
policy that first imitates good play starts where the heuristics are and lets PPO improve
from there. Two steps:

- `collect` plays games in which every seat is a teacher (drawn per game from the teacher
  specs) and records, for every decision of every seat, what that seat saw (observation and
  mask, the same vectors the learner gets), the teacher's action and the return the learner's
  env would have paid from that decision on (training.single_agent: the final reward in the
  run's reward mode plus the potential-based shaping, discounted by gamma);
- `pretrain` fits the MaskablePPO policy to those decisions: cross-entropy of the masked
  policy against the teacher's action, plus the squared error of the value head against the
  recorded return (so that PPO's first advantages are not noise that undoes the imitation).

Both are seeded: the same arguments give the same demonstrations and the same weights (one
torch thread).
"""
from dataclasses import dataclass

import numpy as np

from speciesgym.envs.core.engine import checked_step
from speciesgym.envs.core.rewards import final_rewards
from speciesgym.training.single_agent import SCORE_SCALE, agent_from_spec, make_game_engine


@dataclass
class Demonstrations:
    """Decisions of teacher games, one row each."""
    observations: np.ndarray      # float32 [N, obs_size]
    masks: np.ndarray             # bool [N, num_actions]
    actions: np.ndarray           # int64 [N]
    returns: np.ndarray           # float32 [N]: the learner env's discounted return to go
    games: int

    def __len__(self):
        return len(self.actions)


def _margin(engine, state, seat, num_players, game):
    scores = np.asarray(engine.final(state)[0], np.float64)
    others = (scores.sum() - scores[seat]) / (num_players - 1)
    return (scores[seat] - others) / SCORE_SCALE[game]


def _returns(margins, final_margin, final_reward, shaping, gamma):
    """Discounted return to go after each of one seat's decisions: shaping * (next margin -
    this margin) after every decision and the final reward after the last one."""
    n = len(margins)
    rewards = np.zeros(n)
    nxt = np.append(np.asarray(margins[1:], np.float64), final_margin)
    rewards[:] = shaping * (nxt - np.asarray(margins, np.float64))
    rewards[-1] += final_reward
    out = np.zeros(n)
    running = 0.0
    for k in range(n - 1, -1, -1):
        running = rewards[k] + gamma * running
        out[k] = running
    return out


def collect(game, num_players, teachers, games, seed=0, options=None, reward="win",
            shaping=0.0, gamma=0.999, progress=None, student=None):
    """Demonstrations from `games` games whose seats are drawn from the `teachers` specs.

    With a `student` agent (DAgger), one seat per game (rotating) is driven by the student:
    its teacher still labels every decision, but the student's own action is played, so the
    recorded positions are those the student gets itself into."""
    if not teachers:
        raise ValueError("behaviour cloning needs at least one teacher spec")
    if games < 1:
        raise ValueError(f"--pretrain-games must be at least 1, got {games}")
    engine = make_game_engine(game, num_players, options)
    rng = np.random.default_rng(seed)
    agents = {}
    obs_rows, mask_rows, action_rows, return_rows = [], [], [], []
    for g in range(games):
        picks = rng.choice(len(teachers), size=num_players)
        seats = []
        for s, i in enumerate(picks):
            key = (teachers[i], s)
            if key not in agents:
                agents[key] = agent_from_spec(teachers[i], game, num_players, seed=seed + s)
            agent = agents[key]
            if hasattr(agent, "rng"):
                agent.rng = np.random.default_rng(int(rng.integers(2**31)))
            if hasattr(agent, "reset"):
                agent.reset(s, num_players)
            seats.append(agent)
        state = engine.new_state(int(rng.integers(2**62)))
        rows = [[] for _ in range(num_players)]       # per seat: (row index, margin)
        while True:
            seat = engine.to_move(state)
            if seat < 0:
                break
            obs, mask = engine.observe(state, seat), engine.legal_mask(state)
            action = seats[seat].act(obs, mask)
            played = student.act(obs, mask) if student is not None and \
                seat == g % num_players else action
            rows[seat].append((len(action_rows), _margin(engine, state, seat, num_players,
                                                         game) if shaping else 0.0))
            obs_rows.append(obs)
            mask_rows.append(mask.astype(bool))
            action_rows.append(int(action))
            return_rows.append(0.0)
            checked_step(engine, state, played)
        scores, winners, key = engine.final(state)
        final = final_rewards(reward, scores, winners, key)
        for seat, seat_rows in enumerate(rows):
            if not seat_rows:
                continue
            idx, margins = zip(*seat_rows)
            end = _margin(engine, state, seat, num_players, game) if shaping else 0.0
            for i, r in zip(idx, _returns(margins, end, final[seat], shaping, gamma)):
                return_rows[i] = r
        if progress is not None:
            progress(g + 1, games, len(action_rows))
    return Demonstrations(np.asarray(obs_rows, np.float32), np.asarray(mask_rows, bool),
                          np.asarray(action_rows, np.int64),
                          np.asarray(return_rows, np.float32), games)


def pretrain(model, demos, epochs=10, batch_size=512, learning_rate=1e-3, value_coef=0.5,
             seed=0, holdout=0.1, log=None):
    """Fit `model.policy` (a MaskablePPO policy) to `demos`; returns the last epoch's
    figures: train loss, held-out accuracy (the teacher's action is the policy's most probable
    legal action) and held-out value error."""
    import torch
    n = len(demos)
    if n < 2:
        raise ValueError("behaviour cloning needs at least two recorded decisions")
    policy = model.policy
    rng = np.random.default_rng(seed)
    order = rng.permutation(n)
    n_hold = max(1, int(n * holdout))
    hold, train_idx = order[:n_hold], order[n_hold:]
    t = {name: torch.as_tensor(arr) for name, arr in
         (("obs", demos.observations), ("mask", demos.masks), ("act", demos.actions),
          ("ret", demos.returns))}
    optimizer = torch.optim.Adam(policy.parameters(), lr=learning_rate)
    gen = torch.Generator().manual_seed(seed)
    stats = {}
    for epoch in range(epochs):
        policy.train()
        perm = train_idx[torch.randperm(len(train_idx), generator=gen).numpy()]
        total = 0.0
        for start in range(0, len(perm), batch_size):
            b = torch.as_tensor(perm[start:start + batch_size])
            values, log_prob, _ = policy.evaluate_actions(
                t["obs"][b], t["act"][b], action_masks=t["mask"][b])
            loss = -log_prob.mean() + value_coef * ((values.flatten() - t["ret"][b]) ** 2).mean()
            optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            optimizer.step()
            total += float(loss.detach()) * len(b)
        stats = dict(epoch=epoch + 1, loss=total / max(len(perm), 1),
                     **_holdout_figures(policy, t, torch.as_tensor(hold)))
        if log is not None:
            log(stats)
    policy.set_training_mode(False)
    return stats


def _holdout_figures(policy, t, idx):
    import torch
    policy.set_training_mode(False)
    with torch.no_grad():
        dist = policy.get_distribution(t["obs"][idx], action_masks=t["mask"][idx].numpy())
        chosen = dist.distribution.logits.argmax(dim=1)
        values = policy.predict_values(t["obs"][idx]).flatten()
    return {"accuracy": float((chosen == t["act"][idx]).float().mean()),
            "value_mse": float(((values - t["ret"][idx]) ** 2).mean())}


def concat(a, b):
    """The decisions of two Demonstrations together."""
    return Demonstrations(np.concatenate([a.observations, b.observations]),
                          np.concatenate([a.masks, b.masks]),
                          np.concatenate([a.actions, b.actions]),
                          np.concatenate([a.returns, b.returns]), a.games + b.games)
