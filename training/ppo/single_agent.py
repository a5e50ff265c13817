"""A single-agent Gymnasium view of one seat of a game, for MaskablePPO.

The learner owns one seat per episode; the seat rotates between episodes (episode k of an env
built with `seat_offset=o` uses seat (k + o) % P) unless `seat` fixes it. The opponents are
Agent objects drawn from a pool (`OpponentPool`) at every reset; they move inside `reset()`
and `step()` until the learner must act again or the game ends, and each sees only its own
observation and mask (search agents also get their own `speciesgym.agents.infoset.InfoSet`).

- observation: the learner's float32 observation vector (`engine.observe(state, seat)`);
- action: Discrete(num_actions). What an action the rules forbid does is `illegal_action`:
  "raise" (the default) raises ValueError and changes nothing; "penalize" leaves the game
  unchanged and returns reward -illegal_penalty (default ILLEGAL_PENALTY = 1.0, the size of
  a won or lost 2-player game in "win" mode), terminated False and info
  {"illegal_action": True}; such an attempt counts toward `max_decisions`, so a policy stuck
  on illegal moves is truncated. "penalize" lets generic tools that step with
  `action_space.sample()` (gymnasium's and SB3's `check_env`) drive the env. A value that is
  not an action at all (outside 0..num_actions-1, not an integer) raises in both modes;
- `action_masks()`: a bool vector that is never all False, on the env itself so that
  MaskablePPO reaches it through DummyVecEnv and SubprocVecEnv alike. While the learner is
  to move it is the engine's legal mask. Once the game is over (and before the first reset)
  no action is applied to the game, and the mask is all True, as pgx does: a Gymnasium
  vector env with the default NEXT_STEP autoreset returns the terminal observation, asks the
  policy for an action on it (`envs.call("action_masks")` gives this all-True mask, so a
  masked policy stays well defined) and its next `step()` resets the sub-env and ignores
  that action. SB3's VecEnvs reset in the same step and never ask at a terminal state.
  Stepping a finished game yourself still raises ValueError: call reset();
- reward: 0 until the end, then the learner's own final reward in the env's reward mode
  ("win", "rank" or "score", see envs.core.rewards);
- `shaping` (default 0: off) adds potential-based shaping after every learner decision:
  shaping * (margin now - margin at the previous decision), where margin is the learner's
  current score minus the mean of the others' (engine.final mid-game), divided by
  SCORE_SCALE[game]. Over a game it sums to shaping * (final margin - opening margin) / scale,
  so it speeds learning without changing which games count as won;
- info at the end: `seat`, `score`, `win` (the learner's share of the win, 0..1), `opponents`.

Randomness: `reset(seed=s)` reseeds the env's generator, which then draws every game seed,
opponent choice and opponent seed, so an env seeded once replays the same episodes.
"""
import numbers

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from speciesgym.agents.ppo_compiled import compiled_ppo
from speciesgym.envs.core.engine import checked_step
from speciesgym.envs.games import GAMES, package
from speciesgym.envs.core.rewards import check_reward_mode, final_rewards

ILLEGAL_ACTIONS = ("raise", "penalize")    # what an action the rules forbid does
ILLEGAL_PENALTY = 1.0                      # the default cost of one illegal action (penalize)
SCORE_SCALE = {"evolution": 20.0, "dominant_species": 50.0}   # a typical winning margin
_PPO_CACHE = {}        # "path" -> PPOAgent: deterministic and stateless, shared by every env
_PPO_CACHE_SIZE = 16


def make_game_engine(game, num_players, options=None):
    """`envs.<game>.make_engine(num_players, **options)`; ValueError names an unknown game."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; choose one of {', '.join(GAMES)}")
    module = package(game)
    return module.make_engine(num_players, **dict(options or {}))


def agent_from_spec(spec, game, num_players, seed=None):
    """An opponent named by a spec ("random", "heuristic:<style>", "mcts:<n>", "ppo:<path>").

    Uses `speciesgym.agents.from_spec`; where that is not installed, only "random" and "ppo:" are known.
    PPO agents are loaded once per process and shared (their play is deterministic)."""
    if spec.startswith("ppo:"):
        key = (spec[4:], game, num_players)
        if key not in _PPO_CACHE:
            from speciesgym.agents.ppo_agent import PPOAgent
            if len(_PPO_CACHE) >= _PPO_CACHE_SIZE:
                _PPO_CACHE.pop(next(iter(_PPO_CACHE)))
            _PPO_CACHE[key] = PPOAgent.load(spec[4:], game, num_players)
        return _PPO_CACHE[key]
    try:
        from speciesgym.agents import from_spec
    except ImportError:
        if spec != "random":
            raise ValueError(f"agent spec {spec!r}: only 'random' is available here") from None
        from speciesgym.agents import RandomAgent
        return RandomAgent(seed)
    return from_spec(spec, game, num_players, seed=seed)


class OpponentPool:
    """Weighted opponent specs; `draw` picks one spec per opponent seat and builds its agent.

    Agents built from a spec are cached per spec (a PPO checkpoint loads once) and reseeded
    from the env's generator when they carry one, so a run replays exactly. A PPO checkpoint
    plays as agents.ppo_compiled.CompiledPPOAgent (its policy as a compiled forward pass,
    which the batched env runs inside its step)."""

    def __init__(self, game, num_players, specs=("random",), weights=None):
        self.game, self.num_players = game, num_players
        self._cache = {}
        self.set(specs, weights)

    def set(self, specs, weights=None):
        specs = list(specs)
        if not specs:
            raise ValueError("the opponent pool needs at least one agent spec")
        w = np.ones(len(specs)) if weights is None else np.asarray(weights, np.float64)
        if w.shape != (len(specs),) or (w < 0).any() or w.sum() <= 0:
            raise ValueError(f"opponent weights {weights!r} do not fit specs {specs!r}")
        for spec in specs:               # fail now, with the spec named, not mid-episode;
            if spec not in self._cache:  # cached agents are not reseeded: they may be playing
                self._cache[spec] = self._new(spec, 0)
        self.specs, self.weights = specs, w / w.sum()

    def _new(self, spec, seed):
        return compiled_ppo(agent_from_spec(spec, self.game, self.num_players, seed=seed))

    def agent(self, spec, seed):
        if spec not in self._cache:
            self._cache[spec] = self._new(spec, seed)
        agent = self._cache[spec]
        if hasattr(agent, "rng"):
            agent.rng = np.random.default_rng(seed)
        return agent

    def draw(self, rng, n):
        """n (spec, agent) pairs; the same spec twice gives two agents only if they differ."""
        return self.build(self.pick(rng, n))

    def pick(self, rng, n):
        """n (spec, seed) pairs drawn from `rng` (what `draw` draws; the batched env builds
        only the agents it cannot move in compiled code)."""
        picks = rng.choice(len(self.specs), size=n, p=self.weights)
        return [(self.specs[i], int(rng.integers(2**31))) for i in picks]

    def build(self, picked):
        """(spec, agent) for each (spec, seed) of `pick`, the pool's cached agent reseeded."""
        out = []
        for spec, seed in picked:
            if any(s == spec for s, _ in out):   # a second seat of the same spec: own object
                agent = self._new(spec, seed)
            else:
                agent = self.agent(spec, seed)
            out.append((spec, agent))
        return out


class SingleAgentEnv(gym.Env):
    """One seat of a `game` for a learner; the other seats are played by pool opponents."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game, num_players=2, opponents=("random",), weights=None,
                 reward="win", seat=None, seat_offset=0, seed=None, options=None,
                 render_mode=None, max_decisions=100_000, shaping=0.0,
                 illegal_action="raise", illegal_penalty=ILLEGAL_PENALTY):
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ValueError(f"illegal_action must be one of {', '.join(ILLEGAL_ACTIONS)}, "
                             f"got {illegal_action!r}")
        if isinstance(illegal_penalty, bool) or not isinstance(illegal_penalty, numbers.Real) \
                or not np.isfinite(illegal_penalty) or illegal_penalty < 0:
            raise ValueError(f"illegal_penalty must be a finite number >= 0, "
                             f"got {illegal_penalty!r}")
        self.illegal_action, self.illegal_penalty = illegal_action, float(illegal_penalty)
        self.engine = make_game_engine(game, num_players, options)
        self.game, self.num_players = game, num_players
        self.options = dict(options or {})
        self.reward_mode = check_reward_mode(reward)
        if seat is not None and not 0 <= seat < num_players:
            raise ValueError(f"seat {seat} outside 0..{num_players - 1}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"unknown render_mode {render_mode!r}; use None or 'ansi'")
        self.render_mode = render_mode
        self.fixed_seat, self.seat_offset = seat, seat_offset
        self.max_decisions = max_decisions
        self.shaping = float(shaping)
        self._margin = 0.0
        self.pool = OpponentPool(game, num_players, opponents, weights)
        self.observation_space = spaces.Box(-np.inf, np.inf, (self.engine.obs_size,), np.float32)
        self.action_space = spaces.Discrete(self.engine.num_actions)
        self.rng = np.random.default_rng(seed)
        self.episode = -1
        self.state = None
        self.seat = 0
        self.opponents = {}
        self.opponent_specs = []
        self.decisions = 0
        self.illegal_moves = 0

    # -- pool control (reachable through VecEnv.env_method) --------------------------------
    def set_opponents(self, specs, weights=None):
        """Replace the opponent pool from the next episode on."""
        self.pool.set(specs, weights)

    # -- gymnasium API ---------------------------------------------------------------------
    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        if seed is not None:
            self.rng = np.random.default_rng(seed)
            self.episode = -1
        self.episode += 1
        P = self.num_players
        self.seat = self.fixed_seat if self.fixed_seat is not None else \
            (self.episode + self.seat_offset) % P
        drawn = self.pool.draw(self.rng, P - 1)
        others = [s for s in range(P) if s != self.seat]
        self.opponents = {s: agent for s, (_, agent) in zip(others, drawn)}
        self.opponent_specs = [spec for spec, _ in drawn]
        for s, agent in self.opponents.items():
            if hasattr(agent, "reset"):
                agent.reset(s, P)
        self.state = self.engine.new_state(int(self.rng.integers(2**62)))
        self.decisions = self.illegal_moves = 0
        self._play_opponents()
        self._margin = self._score_margin()
        if self.engine.to_move(self.state) < 0:
            raise RuntimeError(f"{self.game}: the game ended before seat {self.seat} moved")
        return self._observe(), {"seat": self.seat, "opponents": list(self.opponent_specs)}

    def step(self, action):
        if self.state is None:
            raise RuntimeError("call reset() before step()")
        if self.engine.to_move(self.state) != self.seat:
            raise ValueError("the game is over: call reset()")
        if self.illegal_action == "penalize" and self._forbidden(action):
            self.illegal_moves += 1
            truncated = self.decisions + self.illegal_moves >= self.max_decisions
            return self._observe(), -self.illegal_penalty, False, truncated, \
                {"illegal_action": True}
        checked_step(self.engine, self.state, action)
        self.decisions += 1
        self._play_opponents()
        obs = self._observe()
        shaped = 0.0
        if self.shaping:
            margin = self._score_margin()
            shaped, self._margin = self.shaping * (margin - self._margin), margin
        if self.engine.to_move(self.state) >= 0:
            truncated = self.decisions + self.illegal_moves >= self.max_decisions
            return obs, shaped, False, truncated, {}
        scores, winners, key = self.engine.final(self.state)
        rewards = final_rewards(self.reward_mode, scores, winners, key)
        winners = np.asarray(winners, bool)
        info = {"seat": self.seat, "score": float(scores[self.seat]),
                "win": float(winners[self.seat]) / max(int(winners.sum()), 1),
                "opponents": list(self.opponent_specs)}
        return obs, float(rewards[self.seat]) + shaped, True, False, info

    def action_masks(self):
        """bool vector, never all False: the learner's legal actions while it is to move; all
        True before the first reset and once the game is over, where no action is applied (a
        NEXT_STEP-autoresetting vector env ignores it; see the module docstring)."""
        if self.state is None or self.engine.to_move(self.state) != self.seat:
            return np.ones(self.engine.num_actions, bool)
        return self.engine.legal_mask(self.state).astype(bool)

    def render(self):
        if self.state is not None:                  # the learner's seat's view of the table
            return self.engine.render_text(self.state, viewer=self.seat)
        return ""

    # -- internals -------------------------------------------------------------------------
    def _forbidden(self, action):
        """True for an action index of the space that the rules forbid now (a value that is
        not an action index at all is left to checked_step, which raises)."""
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            return False
        return 0 <= action < self.engine.num_actions and \
            not self.engine.legal_mask(self.state)[int(action)]

    def _observe(self):
        return self.engine.observe(self.state, self.seat)

    def _score_margin(self):
        if not self.shaping:
            return 0.0
        scores = np.asarray(self.engine.final(self.state)[0], np.float64)
        others = (scores.sum() - scores[self.seat]) / (self.num_players - 1)
        return (scores[self.seat] - others) / SCORE_SCALE[self.game]

    def _play_opponents(self):
        """Let the opponents move until the learner must act or the game ends."""
        engine, state = self.engine, self.state
        while True:
            seat = engine.to_move(state)
            if seat < 0 or seat == self.seat:
                return
            if self.decisions >= self.max_decisions:
                raise RuntimeError(f"{self.game}: no end after {self.max_decisions} decisions")
            agent = self.opponents[seat]
            obs, mask = engine.observe(state, seat), engine.legal_mask(state)
            if getattr(agent, "wants_infoset", False):
                from speciesgym.agents.infoset import InfoSet
                action = agent.act(obs, mask, InfoSet(engine, state, seat))
            else:
                action = agent.act(obs, mask)
            checked_step(engine, state, action)
            self.decisions += 1
