"""A fast game runner over the engines (no PettingZoo loop): one game, or a match of many
games with seat rotation.

Every action goes through `speciesgym.envs.core.engine.checked_step`, so an agent choosing an illegal
action raises ValueError. Agents with `wants_infoset` receive an `speciesgym.agents.infoset.InfoSet`
of their seat; the others see only their observation and mask.
"""
# pyright: basic
from __future__ import annotations

from collections.abc import Callable, Container, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from speciesgym.agents.base import Agent
from speciesgym.agents.infoset import InfoSet
from speciesgym.envs.core.engine import GameEngine
from speciesgym.envs.core.engine import checked_step
from speciesgym.envs.core.rewards import final_rewards
from speciesgym.envs.games import GAMES, package

_ENGINES = {}


def make_engine(game: str, num_players: int, **options: Any) -> GameEngine:
    """The engine of `game` for these options (cached: engines hold no game state)."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; choose one of {', '.join(GAMES)}")
    key = (game, num_players, tuple(sorted((name, tuple(value) if isinstance(value, list)
                                            else value) for name, value in options.items())))
    if key not in _ENGINES:
        module = package(game)
        _ENGINES[key] = module.make_engine(num_players, **options)
    return _ENGINES[key]


@dataclass
class GameResult:
    scores: np.ndarray          # final score per seat
    winners: np.ndarray         # bool per seat, after the game's tie-break
    rewards_rank: np.ndarray    # rank reward per seat, +1 first .. -1 last
    decisions: int              # decisions taken in the game


def agent_action(agent, engine, state, seat, mask):
    """The action `agent` chooses for `seat` at `state`: from the seat's observation and mask,
    plus the seat's InfoSet for agents that want one."""
    obs = engine.observe(state, seat)
    if getattr(agent, "wants_infoset", False):
        return agent.act(obs, mask, InfoSet(engine, state, seat))
    return agent.act(obs, mask)


def play_game(game: str, num_players: int, agents: Sequence[Agent], seed: int,
              max_decisions: int = 100_000, log: list[tuple[int, int, str]] | None = None,
              **options: Any) -> GameResult:
    """Play one game; `agents[seat]` acts for each seat. Returns a GameResult.

    log: a list to which (seat, action, action name) is appended before each action is
    applied (for game records); the entries made so far stay if an agent raises."""
    if len(agents) != num_players:
        raise ValueError(f"{len(agents)} agents for {num_players} players")
    engine = make_engine(game, num_players, **options)
    state = engine.new_state(seed)
    for seat, agent in enumerate(agents):
        reset = getattr(agent, "reset", None)
        if reset is not None:
            reset(seat, num_players)
    decisions = 0
    while True:
        seat = engine.to_move(state)
        if seat < 0:
            break
        if decisions >= max_decisions:
            raise RuntimeError(f"{game}: no end after {max_decisions} decisions (seed {seed})")
        action = agent_action(agents[seat], engine, state, seat, engine.legal_mask(state))
        if log is not None and isinstance(action, (int, np.integer)) \
                and 0 <= action < engine.num_actions:
            log.append((seat, int(action), engine.action_name(state, int(action))))
        checked_step(engine, state, action)
        decisions += 1
    scores, winners, key = engine.final(state)
    winners = np.asarray(winners, bool)
    rank = final_rewards("rank", scores, winners, key)
    return GameResult(np.asarray(scores), winners, rank, decisions)


@dataclass
class MatchResult:
    """Per entrant (the order of the `agents` given to play_match)."""
    names: list[str]
    games: int = 0
    # play_match gives each of these one entry per entrant
    wins: np.ndarray = field(default_factory=lambda: np.zeros(0))    # winner share (ties split)
    rank_reward: np.ndarray = field(default_factory=lambda: np.zeros(0))  # summed rank reward
    score: np.ndarray = field(default_factory=lambda: np.zeros(0))   # summed final score
    results: list[tuple[list[int], GameResult]] = field(default_factory=list)

    @property
    def win_rate(self) -> np.ndarray:
        return self.wins / max(self.games, 1)

    @property
    def mean_rank_reward(self) -> np.ndarray:
        """Mean rank reward per game: +1 always first, -1 always last (not a place)."""
        return self.rank_reward / max(self.games, 1)

    @property
    def mean_score(self) -> np.ndarray:
        return self.score / max(self.games, 1)

    def summary(self) -> dict[str, dict[str, float]]:
        return {n: {"win_rate": round(float(w), 3), "mean_rank_reward": round(float(r), 3),
                    "mean_score": round(float(s), 2)}
                for n, w, r, s in zip(self.names, self.win_rate, self.mean_rank_reward,
                                      self.mean_score)}


def play_match(game: str, num_players: int, agents: Sequence[Agent], n_games: int, seed: int = 0,
               rotate: bool = True,
               on_game: Callable[[int, list[int], GameResult, list[float]], object] | None = None,
               skip: Container[int] = (), **options: Any) -> MatchResult:
    """Play `n_games` games with seeds seed, seed+1, ...; entrant i sits at seat
    (i + g) % num_players in game g when `rotate`. Returns a MatchResult. `on_game(g, seats,
    result, shares)`, if given, is called after each game (shares: win share per entrant).
    Games whose index is in `skip` are not played (a resumed match plays the rest)."""
    n = len(agents)
    if n != num_players:
        raise ValueError(f"{n} agents for {num_players} players")
    names = [getattr(a, "name", str(a)) for a in agents]
    names = [f"{x}#{i}" if names.count(x) > 1 else x for i, x in enumerate(names)]
    out = MatchResult(names, 0,
                      np.zeros(n), np.zeros(n), np.zeros(n))
    for g in range(n_games):
        if g in skip:
            continue
        shift = g % n if rotate else 0
        seats = [(i + shift) % n for i in range(n)]       # entrant i -> seat
        by_seat = list(agents)                            # every seat set below
        for i, s in enumerate(seats):
            by_seat[s] = agents[i]
        res = play_game(game, num_players, by_seat, seed + g, **options)
        share = res.winners / max(int(res.winners.sum()), 1)
        for i, s in enumerate(seats):
            out.wins[i] += share[s]
            out.rank_reward[i] += res.rewards_rank[s]
            out.score[i] += res.scores[s]
        out.games += 1
        out.results.append((seats, res))
        if on_game is not None:
            on_game(g, seats, res, [float(share[s]) for s in seats])
    return out
