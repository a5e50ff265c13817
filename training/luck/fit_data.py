"""Training positions for a luck value net: (a seat's observation, that seat's final
reward) pairs from games played by given agents, kept sparse (observations are mostly zeros).

Games are those of `speciesgym match` (training.luck.play.recorded_games: game g has seed
seed + g, the seats rotate); every position after a step is kept with probability `keep`
(drawn by a generator of its own, seeded by the seed), with the observation of every seat.
"""
import json

import numpy as np

from speciesgym.agents.runner import make_engine
from speciesgym.training.luck.play import recorded_games
from speciesgym.training.luck.values import seat_reward

CHUNK = 60          # games recorded at a time (a multiple of 2, 3, 4, 5 and 6 seats)


class Positions:
    """Sparse rows: row r holds idx[start[r]:start[r + 1]] / val[...] of an observation of
    `size` values, its target `y[r]` and the game `game[r]` (0-based) it comes from."""

    def __init__(self, size):
        self.size = int(size)
        self._idx, self._val, self._y, self._game, self._len = [], [], [], [], []

    def add(self, obs, target, game):
        nz = np.flatnonzero(obs)
        self._idx.append(nz.astype(np.int32))
        self._val.append(np.asarray(obs, np.float32)[nz])
        self._len.append(nz.size)
        self._y.append(float(target))
        self._game.append(int(game))

    def freeze(self):
        self.idx = np.concatenate(self._idx) if self._idx else np.zeros(0, np.int32)
        self.val = np.concatenate(self._val) if self._val else np.zeros(0, np.float32)
        self.start = np.concatenate([[0], np.cumsum(self._len)]).astype(np.int64)
        self.y = np.asarray(self._y, np.float32)
        self.game = np.asarray(self._game, np.int64)
        return self

    def save(self, path, meta):
        np.savez_compressed(path, idx=self.idx, val=self.val, start=self.start, y=self.y,
                            game=self.game, size=np.array(self.size),
                            meta=np.array(json.dumps(meta, sort_keys=True)))

    @classmethod
    def load(cls, path, meta):
        """The positions saved at `path` by `save` with the same `meta` (ValueError if not)."""
        try:
            with np.load(path, allow_pickle=False) as z:
                saved = json.loads(str(z["meta"]))
                pos = cls(int(z["size"]))
                pos.idx, pos.val, pos.start = z["idx"], z["val"], z["start"]
                pos.y, pos.game = z["y"], z["game"]
        except (OSError, KeyError, ValueError) as exc:
            raise ValueError(f"{path}: not a positions file ({exc})") from None
        if saved != json.loads(json.dumps(meta, sort_keys=True)):
            raise ValueError(f"{path}: positions of {saved}, not of {meta}")
        return pos

    def __len__(self):
        return len(self.y)

    def dense(self, rows):
        """float32 (len(rows), size) observations of `rows`."""
        out = np.zeros((len(rows), self.size), np.float32)
        for i, r in enumerate(rows):
            a, b = self.start[r], self.start[r + 1]
            out[i, self.idx[a:b]] = self.val[a:b]
        return out

    def bag(self, rows):
        """(indices, offsets, weights) of `rows` for an embedding bag (a sparse first layer)."""
        parts = [np.arange(self.start[r], self.start[r + 1]) for r in rows]
        sel = np.concatenate(parts) if parts else np.zeros(0, np.int64)
        offsets = np.concatenate([[0], np.cumsum([p.size for p in parts])[:-1]])
        return self.idx[sel].astype(np.int64), offsets.astype(np.int64), self.val[sel]


def collect(game, agents, games, seed, options=None, keep=0.05, progress=None):
    """Positions of `games` games from seed `seed` on, played by `agents` (seats rotating);
    each position after a step kept with probability `keep` (every seat's observation)."""
    if not 0 < keep <= 1:
        raise ValueError(f"keep must be in (0, 1], got {keep!r}")
    if games < 2:
        raise ValueError(f"need at least 2 games, got {games!r}")
    options = dict(options or {})
    n = len(agents)
    engine = make_engine(game, n, **options)
    rng = np.random.default_rng([int(seed), 7])
    pos = Positions(engine.obs_size)
    for first in range(0, games, CHUNK):
        count = min(CHUNK, games - first)
        for g, rec in enumerate(recorded_games(game, agents, count, seed + first, options)):
            _sample_game(engine, rec, n, keep, rng, pos, first + g)
        if progress:
            progress(first + count)
    return pos.freeze()


def _sample_game(engine, rec, n, keep, rng, pos, game_index):
    state = engine.new_state(rec["seed"])
    kept = []
    for step in rec["actions"]:
        engine.apply(state, step["action"])
        if rng.random() < keep:
            kept.append([engine.observe(state, j).copy() for j in range(n)])
    rewards = [seat_reward(engine, state, j) for j in range(n)]
    for obs in kept:
        for j in range(n):
            pos.add(obs[j], rewards[j], game_index)
