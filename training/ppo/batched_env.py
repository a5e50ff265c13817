"""A stable-baselines3 VecEnv over N games of one game held in ONE state array, for
MaskablePPO: `speciesgym train --vec batched`.

Each game is what training.ppo.single_agent.SingleAgentEnv makes of it: the learner owns one
seat (rotating between episodes: episode k of game i uses seat (k + i) % P), the opponents
are drawn per episode from an OpponentPool with the same draws from the same per-game
generator (default_rng(seed + i)), observations, masks, rewards (`reward` mode, `shaping`)
and end-of-game info are the per-game env's. A `step` moves every game at once:

- one compiled call (training.ppo.batched_kernels.advance) applies the learner's actions and
  moves every opponent seat played by a compiled policy (`random`, `greedy`: agents.compiled)
  or a heuristic with a compiled twin (Evolution's `heuristic:grazer`, `hunter`, `flyer`:
  agents.evolution_compiled; Dominant Species' `heuristic:dominator` and `spreader`:
  agents.search.ds_heur_scores; on a tie for the best action the Python agent itself
  chooses, with its own generator) until the learner is to move again or the game ends;
- seats played by PPO checkpoints of the self-play pool (agents.ppo_compiled.
  CompiledPPOAgent, what the opponent pool builds for `ppo:<zip>`) move in the same compiled
  call: the checkpoint's policy net, packed once into a NetTable, runs on the seat's
  observation (agents.ppo_compiled.net_action); any other PPOAgent waits, and those of one
  checkpoint move together in one batched forward pass; other Python agents (heuristic:*,
  search) move game by game, each with its own observation and mask (and InfoSet), as in
  the per-game env;
- one compiled call gathers observations, masks and scores of the learners' seats.

Finished games reset in the same step, SB3 style: info["terminal_observation"] holds the last
observation, the returned one is the new game's. `action_masks()` (and env_method
"action_masks", what MaskablePPO calls) gives the whole batch's masks.

Equal games: `random` here is the compiled uniform policy with its own generator word, not
agents.RandomAgent's numpy draws, so it plays other (equally random) games than the per-game
env's "random"; against agents.compiled.CompiledPolicyAgent opponents (spec `greedy`, or a
compiled random) and any Python agent the games are the same (tests/training/
test_batched_env.py). PPO opponents of the pool: the per-game env's CompiledPPOAgent.act
runs the same compiled forward pass, so the games are the same too (a plain PPOAgent's
batched torch pass could in principle flip a near-tie).

An illegal learner action (not in the mask, out of range, not an integer) raises ValueError
naming the game and changes nothing; there is no "penalize" mode here.
"""
import numpy as np
from gymnasium import spaces
from stable_baselines3.common.vec_env import VecEnv

from speciesgym.agents.compiled import POLICIES, word_from
from speciesgym.agents.ppo_compiled import CompiledPPOAgent, NetTable
from speciesgym.agents.evolution_compiled.styles import STYLES as EVO_STYLES
from speciesgym.agents.search.ds_heur_parts import STYLE_NAMES as DS_STYLES
from speciesgym.envs.core.rewards import check_reward_mode, final_rewards
from speciesgym.envs.core.rng import WORD_DTYPE
from speciesgym.training.ppo import batched_kernels as K
from speciesgym.training.ppo.batched_opponents import external_actions
from speciesgym.training.ppo.single_agent import SCORE_SCALE, OpponentPool, make_game_engine

COMPILED = {"random": POLICIES.index("random"), "greedy": POLICIES.index("greedy")}
# heuristic specs with a compiled twin, per game: kind K.BOT + index
BOTS = {"dominant_species": tuple(f"heuristic:{s}" for s in DS_STYLES),
        "evolution": tuple(f"heuristic:{s}" for s in EVO_STYLES)}


class BatchedEnv(VecEnv):
    """`n_envs` games of `game` for one learner seat each; see the module docstring."""

    def __init__(self, game, num_players=2, n_envs=8, opponents=("random",), weights=None,
                 reward="win", seed=None, options=None, shaping=0.0, max_decisions=100_000):
        self.engine = engine = make_game_engine(game, num_players, options)
        self.game, self.num_players, self.options = game, num_players, dict(options or {})
        self.reward_mode = check_reward_mode(reward)
        self.shaping, self.max_decisions = float(shaping), int(max_decisions)
        if isinstance(n_envs, bool) or not isinstance(n_envs, int) or n_envs < 1:
            raise ValueError(f"n_envs must be a positive integer, got {n_envs!r}")
        self.render_mode = None
        self.pools = [OpponentPool(game, num_players, opponents, weights) for _ in range(n_envs)]
        n = n_envs
        self.states = np.zeros(n, engine.new_state(0).dtype)
        self.rngs = [np.random.default_rng(None if seed is None else seed + i) for i in range(n)]
        self.episode = np.full(n, -1, np.int64)
        self.seats = np.zeros(n, np.int64)
        self.kinds = np.full((n, 6), K.EXTERNAL, np.int64)
        self.words = np.zeros((n, 6), WORD_DTYPE)
        self.agents = [{} for _ in range(n)]          # game -> {seat: external agent}
        self.specs = [[] for _ in range(n)]
        self.decisions = np.zeros(n, np.int64)
        self.pending = np.zeros(n, np.int64)
        self.obs = np.zeros((n, engine.obs_size), np.float32)
        self.masks = np.zeros((n, engine.num_actions), np.int8)
        self.scores = np.zeros((n, 6), np.float64)
        self.margins = np.zeros(n, np.float64)
        self._mask = np.zeros(engine.num_actions, np.int8)
        self.nets = NetTable(engine.obs_size, engine.num_actions)
        self._all = np.arange(n, dtype=np.int64)
        self._actions = None
        obs_space = spaces.Box(-np.inf, np.inf, (engine.obs_size,), np.float32)
        super().__init__(n, obs_space, spaces.Discrete(engine.num_actions))

    # -- VecEnv API ------------------------------------------------------------------------
    def reset(self):
        infos = [self.new_episode(i, self._seeds[i]) for i in range(self.num_envs)]
        self.start(self._all)
        self.reset_infos = infos
        self._reset_seeds()
        self._reset_options()
        return self.obs.copy()

    def step_async(self, actions):
        self._actions = actions

    def step_wait(self):
        actions = self.check_actions(self._actions)
        self._actions = None
        rewards, dones, infos = self.play_learners(self._all, actions)
        finished = np.flatnonzero(dones)
        for i in finished:
            infos[i]["terminal_observation"] = self.obs[i].copy()
            self.reset_infos[i] = self.new_episode(i, None)
        if finished.size:
            self.start(finished.astype(np.int64))
        return self.obs.copy(), rewards.astype(np.float32), dones, infos

    def play_learners(self, games, actions):
        """Apply the learners' checked `actions` in `games` (int64), move the opponents,
        observe: (rewards float64, dones, infos) of those games; no reset."""
        self._play(games, actions)
        self._observe(games)
        rewards = np.zeros(games.size, np.float64)
        if self.shaping:
            margins = self._margins(games)
            rewards += self.shaping * (margins - self.margins[games])
            self.margins[games] = margins
        over = self.pending[games] == K.OVER
        truncated = ~over & (self.decisions[games] >= self.max_decisions)
        infos = [{"TimeLimit.truncated": bool(t)} for t in truncated]
        for k in np.flatnonzero(over):
            rewards[k] += self._final(int(games[k]), infos[k])
        return rewards, over | truncated, infos

    def action_masks(self):
        """bool (n_envs, num_actions): each learner's legal actions now."""
        return self.masks.astype(bool)

    def set_opponents(self, specs, weights=None):
        """Replace every game's opponent pool from its next episode on."""
        for pool in self.pools:
            pool.set(specs, weights)

    def close(self):
        pass

    def get_attr(self, attr_name, indices=None):
        return [getattr(self, attr_name)] * len(self._get_indices(indices))

    def set_attr(self, attr_name, value, indices=None):
        raise AttributeError(f"BatchedEnv: set_attr({attr_name!r}) is not supported")

    def env_method(self, method_name, *method_args, indices=None, **method_kwargs):
        idx = list(self._get_indices(indices))
        if method_name == "action_masks":
            return list(self.action_masks()[idx])
        if method_name == "set_opponents":
            for i in idx:
                self.pools[i].set(*method_args, **method_kwargs)
            return [None] * len(idx)
        raise AttributeError(f"BatchedEnv has no per-game method {method_name!r} "
                             f"(it offers action_masks and set_opponents)")

    def env_is_wrapped(self, wrapper_class, indices=None):
        return [False] * len(self._get_indices(indices))

    # -- internals -------------------------------------------------------------------------
    def check_actions(self, actions, games=None):
        """The learners' actions (one per game of `games`, default all) as int64, or
        ValueError naming the first bad one (nothing changes)."""
        games = self._all if games is None else games
        a = np.asarray(actions)
        if a.shape != (games.size,) or a.dtype.kind not in "iu":
            raise ValueError(f"actions must be {games.size} integer action indices, got "
                             f"{a.dtype} array of shape {a.shape}")
        a = a.astype(np.int64)
        n_act = self.engine.num_actions
        inside = (a >= 0) & (a < n_act)
        legal = inside.copy()
        legal[inside] = self.masks[games[inside], a[inside]] > 0
        if not legal.all():
            k = int(np.flatnonzero(~legal)[0])
            i = int(games[k])
            view = self.states[i:i + 1]
            what = (f"outside 0..{n_act - 1}" if not inside[k] else
                    f"({self.engine.action_name(view, int(a[k]))}) not legal")
            raise ValueError(f"game {i} of the batch: illegal action {int(a[k])} {what} in "
                             f"phase {self.engine.phase_name(view)}; nothing was applied")
        return a

    def new_episode(self, i, seed):
        """Draw game i's next episode as SingleAgentEnv.reset does; return its reset info."""
        if seed is not None:
            self.rngs[i] = np.random.default_rng(seed)
            self.episode[i] = -1
        self.episode[i] += 1
        P, rng = self.num_players, self.rngs[i]
        seat = int((self.episode[i] + i) % P)
        picks = self.pools[i].pick(rng, P - 1)
        others = [s for s in range(P) if s != seat]
        outside = [(s, pick) for s, pick in zip(others, picks) if pick[0] not in COMPILED]
        built = self.pools[i].build([pick for _, pick in outside])
        self.agents[i] = {s: agent for (s, _), (_, agent) in zip(outside, built)}
        self.kinds[i] = K.EXTERNAL
        for s, (spec, opp_seed) in zip(others, picks):
            if spec in COMPILED:
                self.kinds[i, s] = COMPILED[spec]
                self.words[i, s]["rng"] = word_from(np.random.default_rng(opp_seed))
        for s, agent in self.agents[i].items():
            if hasattr(agent, "reset"):
                agent.reset(s, P)
        bots = BOTS.get(self.game, ())
        for s, (spec, _) in zip(others, picks):
            if spec in bots:               # built above too: it breaks the ties
                self.kinds[i, s] = K.BOT + bots.index(spec)
        self._place_nets(i)
        self.specs[i] = [spec for spec, _ in picks]
        self.seats[i] = seat
        self.states[i] = self.engine.new_state(int(rng.integers(2**62)))[0]
        self.decisions[i] = 0
        return {"seat": seat, "opponents": list(self.specs[i])}

    def _place_nets(self, i):
        """Kind NET + k for game i's CompiledPPOAgent seats (net k of self.nets); when adding
        a net repacks the table, every game's net seats are renumbered."""
        version = self.nets.version
        for s, agent in self.agents[i].items():
            if isinstance(agent, CompiledPPOAgent):
                keep = [a for seats in self.agents for a in seats.values()]
                self.kinds[i, s] = K.NET + self.nets.index(agent, keep)
        if self.nets.version != version:
            for g, seats in enumerate(self.agents):
                for s, agent in seats.items():
                    if isinstance(agent, CompiledPPOAgent):
                        self.kinds[g, s] = K.NET + self.nets.index(agent)

    def start(self, games):
        """Move the opponents of freshly drawn games up to their learner's first turn."""
        self._play(games, np.full(games.size, -1, np.int64))
        if (self.pending[games] == K.OVER).any():
            i = int(games[self.pending[games] == K.OVER][0])
            raise RuntimeError(f"{self.game}: game {i} ended before seat {self.seats[i]} moved")
        self._observe(games)
        if self.shaping:
            self.margins[games] = self._margins(games)

    def _play(self, games, first):
        """Apply `first` and move opponents until every game in `games` waits for its
        learner or is over; external opponents move in rounds, batched where possible."""
        t = self.nets
        K.advance(self.states, games, first, self.seats, self.kinds, self.words,
                  self.decisions, self.max_decisions, self.pending, self._mask,
                  t.params, t.layers, t.nets, t.obs, t.h0, t.h1)
        while True:
            waiting = games[self.pending[games] >= 0]
            if (self.pending[games] == K.CAPPED).any():
                raise RuntimeError(f"{self.game}: no end after {self.max_decisions} decisions")
            if not waiting.size:
                return
            acts = external_actions(self, waiting, self.pending[waiting])
            K.advance(self.states, waiting, acts, self.seats, self.kinds, self.words,
                      self.decisions, self.max_decisions, self.pending, self._mask,
                      t.params, t.layers, t.nets, t.obs, t.h0, t.h1)

    def _observe(self, games):
        if games.size == self.num_envs:
            K.gather(self.states, games, self.seats, self.obs, self.masks, self.scores)
            return
        obs = np.zeros((games.size, self.obs.shape[1]), np.float32)
        masks = np.zeros((games.size, self.masks.shape[1]), np.int8)
        scores = np.zeros((games.size, 6), np.float64)
        K.gather(self.states, games, self.seats[games], obs, masks, scores)
        self.obs[games], self.masks[games], self.scores[games] = obs, masks, scores

    def _margins(self, games):
        """The learner's score minus the others' mean, scaled (SingleAgentEnv._score_margin)."""
        P = self.num_players
        scores = self.scores[games, :P]
        own = scores[np.arange(games.size), self.seats[games]]
        others = (scores.sum(axis=1) - own) / (P - 1)
        return (own - others) / SCORE_SCALE[self.game]

    def _final(self, i, info):
        """Game i is over: fill `info` as the per-game env does; the learner's final reward."""
        scores, winners, key = self.engine.final(self.states[i:i + 1])
        rewards = final_rewards(self.reward_mode, scores, winners, key)
        winners = np.asarray(winners, bool)
        seat = int(self.seats[i])
        info.update(seat=seat, score=float(scores[seat]),
                    win=float(winners[seat]) / max(int(winners.sum()), 1),
                    opponents=list(self.specs[i]))
        return float(rewards[seat])


def make_batched_vec_env(args, specs, weights, seed):
    """The training VecEnv of `--vec batched` (episode statistics by VecMonitor)."""
    from stable_baselines3.common.vec_env import VecMonitor

    from speciesgym.training.ppo.args import parse_options
    env = BatchedEnv(args.game, args.players, args.envs, specs, weights, reward=args.reward,
                     seed=seed, options=parse_options(args.option), shaping=args.shaping)
    venv = VecMonitor(env, info_keywords=("win",))
    venv.seed(seed)
    return venv
