"""Behaviour cloning from teacher agents: a warm start for MaskablePPO (`--pretrain`).

Learning Dominant Species from nothing but self-play and a win signal is slow: a game is a
few hundred decisions per seat and the heuristics score twice what an early policy does. A
policy that first imitates good play starts where the heuristics are and lets PPO improve
from there. Two steps:

- `collect` plays games in which every seat is a teacher (drawn per game from the teacher
  specs) and records, for every decision of every seat, what that seat saw (observation and
  mask, the same vectors the learner gets), the teacher's action and the return the learner's
  env would have paid from that decision on (training.ppo.single_agent: the final reward in the
  run's reward mode plus the potential-based shaping, discounted by gamma);
- `pretrain` fits the MaskablePPO policy to those decisions: cross-entropy of the masked
  policy against the teacher's action, plus the squared error of the value head against the
  recorded return (so that PPO's first advantages are not noise that undoes the imitation).

Both are seeded: the same arguments give the same demonstrations and the same weights (one
torch thread).
"""
import json
import os
import sys
import time

import numpy as np

from speciesgym.envs.core.engine import checked_step
from speciesgym.envs.core.rewards import final_rewards
from speciesgym.training.ppo.single_agent import SCORE_SCALE, agent_from_spec, make_game_engine
from speciesgym.training.ppo.value_codes import CODE, ValueCodes


class Demonstrations:
    """Decisions of teacher games, one row each: what the seat saw (observation, mask), the
    teacher's action and the learner env's discounted return to go.

    Rows live in blocks of BLOCK rows, filled in place, so that neither recording a row nor
    adding a DAgger round copies what is already held, and observations are held as uint16
    codes of their values (training/ppo/value_codes.py: lossless, half the bytes; float32 again if a
    game ever shows more than 65,536 distinct values). A Dominant Species clone of 500
    4-player games holds about 780,000 rows of 2,772 observation values: 4.5 GB, where float32
    rows took 8.8 GB and the former list of per-row arrays, its stacking and the concatenation
    of rounds more than twice that (two seeds side by side ran out of 24 GB). `take(rows)`
    gathers any rows as float32; the whole-array properties (`observations`, ...) are copies,
    for small sets."""
    BLOCK = 8192

    def __init__(self, obs_size, num_actions):
        self.obs_size, self.num_actions = int(obs_size), int(num_actions)
        self.games = 0
        self._block = self.BLOCK      # rows per block, fixed for this store
        self._n = 0
        self._blocks = []             # (observations, masks, actions, returns) per block
        self._codes = ValueCodes()    # the observations' values; None once held as float32

    def __len__(self):
        return self._n

    def add(self, obs, mask, action):
        """Store one decision (its return 0 until `set_return`); returns its row."""
        held_obs = self._held(obs)    # first: running out of codes converts every block
        b, o = divmod(self._n, self._block)
        if b == len(self._blocks):
            k = self._block
            self._blocks.append((np.empty((k, self.obs_size), self._held_dtype),
                                 np.empty((k, self.num_actions), bool),
                                 np.empty(k, np.int64), np.zeros(k, np.float32)))
        block = self._blocks[b]
        block[0][o] = held_obs
        block[1][o] = mask
        block[2][o] = action
        self._n += 1
        return self._n - 1

    @property
    def _held_dtype(self):
        return np.float32 if self._codes is None else CODE

    def _held(self, obs):
        """`obs` as this store holds it: its codes, or float32 once the codes ran out (then
        every block's observations are decoded to float32, once)."""
        if self._codes is None:
            return obs
        codes = self._codes.encode(obs)
        if codes is not None:
            return codes
        blocks = []
        for b, block in enumerate(self._blocks):
            obs_block = np.empty(block[0].shape, np.float32)
            filled = min(self._block, self._n - b * self._block)   # the rest is not set yet
            obs_block[:filled] = self._codes.decode(block[0][:filled])
            blocks.append((obs_block,) + block[1:])
        self._blocks, self._codes = blocks, None
        return obs

    def set_return(self, row, value):
        b, o = divmod(int(row), self._block)
        self._blocks[b][3][o] = value

    def take(self, rows):
        """(observations, masks, actions, returns) of `rows` (integer array), in that order."""
        rows = np.asarray(rows, np.int64)
        if rows.size and (rows.min() < 0 or rows.max() >= self._n):
            raise IndexError(f"demonstration rows must be in 0..{self._n - 1}")
        out = (np.empty((rows.size, self.obs_size), self._held_dtype),
               np.empty((rows.size, self.num_actions), bool),
               np.empty(rows.size, np.int64), np.empty(rows.size, np.float32))
        which, offset = np.divmod(rows, self._block)
        for b in np.unique(which):
            sel = which == b
            for field, dest in zip(self._blocks[b], out):
                dest[sel] = field[offset[sel]]
        if self._codes is not None:
            return (self._codes.decode(out[0]),) + out[1:]
        return out

    def _whole(self, field):
        return self.take(np.arange(self._n))[field]

    observations = property(lambda self: self._whole(0))   # float32 [N, obs_size]
    masks = property(lambda self: self._whole(1))          # bool [N, num_actions]
    actions = property(lambda self: self._whole(2))        # int64 [N]
    returns = property(lambda self: self._whole(3))        # float32 [N]


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
            shaping=0.0, gamma=0.999, progress=None, student=None, into=None):
    """Demonstrations from `games` games whose seats are drawn from the `teachers` specs
    (added to `into`, a Demonstrations of earlier rounds, when given; it is returned).

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
    demos = into if into is not None else Demonstrations(engine.obs_size, engine.num_actions)
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
            row = demos.add(obs, mask, int(action))
            rows[seat].append((row, _margin(engine, state, seat, num_players, game)
                               if shaping else 0.0))
            checked_step(engine, state, played)
        scores, winners, key = engine.final(state)
        final = final_rewards(reward, scores, winners, key)
        for seat, seat_rows in enumerate(rows):
            if not seat_rows:
                continue
            idx, margins = zip(*seat_rows)
            end = _margin(engine, state, seat, num_players, game) if shaping else 0.0
            for i, r in zip(idx, _returns(margins, end, final[seat], shaping, gamma)):
                demos.set_return(i, r)
        demos.games += 1
        if progress is not None:
            progress(g + 1, games, len(demos))
    return demos


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
    optimizer = torch.optim.Adam(policy.parameters(), lr=learning_rate)
    gen = torch.Generator().manual_seed(seed)
    stats = {}
    for epoch in range(epochs):
        policy.train()
        perm = train_idx[torch.randperm(len(train_idx), generator=gen).numpy()]
        total = 0.0
        for start in range(0, len(perm), batch_size):
            obs, masks, acts, rets = map(torch.as_tensor,
                                         demos.take(perm[start:start + batch_size]))
            values, log_prob, _ = policy.evaluate_actions(obs, acts, action_masks=masks)
            loss = -log_prob.mean() + value_coef * ((values.flatten() - rets) ** 2).mean()
            optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            optimizer.step()
            total += float(loss.detach()) * len(acts)
        stats = dict(epoch=epoch + 1, loss=total / max(len(perm), 1),
                     **_holdout_figures(policy, demos, hold))
        if log is not None:
            log(stats)
    policy.set_training_mode(False)
    return stats


def _holdout_figures(policy, demos, rows, chunk=8192):
    """Accuracy and value error on the held-out `rows`, gathered a chunk at a time."""
    import torch
    policy.set_training_mode(False)
    hits, sq = 0.0, 0.0
    with torch.no_grad():
        for start in range(0, len(rows), chunk):
            obs, masks, acts, rets = demos.take(rows[start:start + chunk])
            obs = torch.as_tensor(obs)
            dist = policy.get_distribution(obs, action_masks=masks)
            chosen = dist.distribution.logits.argmax(dim=1)
            values = policy.predict_values(obs).flatten()
            hits += float((chosen == torch.as_tensor(acts)).float().sum())
            sq += float(((values - torch.as_tensor(rets)) ** 2).sum())
    return {"accuracy": hits / len(rows), "value_mse": sq / len(rows)}


def behaviour_clone(model, args, teachers, options, run_dir):
    """Warm start: imitate `teachers` (training.ppo.imitation), in `pretrain_rounds` DAgger
    rounds; the figures of every round go to pretrain.json."""
    from speciesgym.agents.ppo_agent import PPOAgent
    start = time.perf_counter()
    rounds, demos = [], None
    for r in range(args.pretrain_rounds):
        student = PPOAgent.from_model(model) if r else None
        games = args.pretrain_games if r == 0 else max(1, args.pretrain_games // 2)
        demos = collect(args.game, args.players, teachers, games, seed=args.seed + 7919 * r,
                        options=options, reward=args.reward, shaping=args.shaping,
                        gamma=args.gamma, student=student, into=demos)
        print(f"train: imitation round {r + 1}: {len(demos)} decisions from {demos.games} "
              f"games of {', '.join(teachers)} ({time.perf_counter() - start:.0f} s)",
              file=sys.stderr)

        def log(stats):
            print(f"train: imitation epoch {stats['epoch']}: loss {stats['loss']:.3f}, held-out "
                  f"accuracy {stats['accuracy']:.1%}, value error {stats['value_mse']:.3f}",
                  file=sys.stderr)

        stats = pretrain(model, demos, epochs=args.pretrain_epochs, batch_size=args.batch_size,
                         learning_rate=args.pretrain_lr, seed=args.seed + r, log=log)
        rounds.append(dict(stats, round=r + 1, games=demos.games, decisions=len(demos)))
    summary = dict(rounds[-1], teachers=teachers, rounds=rounds,
                   seconds=round(time.perf_counter() - start, 1))
    with open(os.path.join(run_dir, "pretrain.json"), "w") as f:
        json.dump(summary, f, indent=2)
    return summary
