"""Batched play through the compiled engine: random masked playouts for benchmarks and
tests, and the warm-up that compiles every kernel once."""
import time

import numpy as np
from numba import njit

from speciesgym.envs.core.rng import WORD_DTYPE, random_legal, seed_word
from speciesgym.envs.evolution import rules
from speciesgym.envs.evolution.actions import N_ACTIONS
from speciesgym.envs.evolution.engine import EvolutionEngine, new_game_at
from speciesgym.envs.evolution.invariants import position_error
from speciesgym.envs.evolution.state import STATE_DTYPE

AGENT_DTYPE = WORD_DTYPE


@njit(cache=True)
def random_action(agent, mask):
    """A uniformly random legal action, drawn from the agent's own generator."""
    return random_legal(mask, agent)


@njit(cache=True)
def play_random_batch(states, agents, max_decisions):
    """Play every game of the batch to its end with random legal actions; returns the
    number of decisions taken (mask computed before each one)."""
    mask = np.zeros(N_ACTIONS, np.int8)
    total = 0
    for g in range(states.shape[0]):
        st = states[g]
        n = 0
        while rules.to_move(st) >= 0 and n < max_decisions:
            rules.legal_mask(st, mask)
            rules.step(st, random_action(agents[g], mask))
            n += 1
        total += n
    return total


@njit(cache=True)
def play_random_checked(states, agents, max_decisions, where):
    """Like play_random_batch, with the invariants (envs.evolution.invariants) checked after
    every step. Returns (decisions, error): error 0 if every game ended sound, an invariant's
    ERRORS index, -1 for a player to move with no legal action, or -2 for a game still
    running after max_decisions (`where` holds the seat and species concerned)."""
    mask = np.zeros(N_ACTIONS, np.int8)
    total = 0
    for g in range(states.shape[0]):
        st = states[g]
        n = 0
        while rules.to_move(st) >= 0:
            if n >= max_decisions:
                return total, -2
            rules.legal_mask(st, mask)
            legal = 0
            for i in range(N_ACTIONS):
                legal += mask[i]
            if legal == 0:
                return total, -1
            rules.step(st, random_action(agents[g], mask))
            n += 1
            total += 1
            error = position_error(st, where)
            if error:
                return total, error
    return total, 0


def new_batch(n_games, num_players, flight, seed):
    states = np.zeros(n_games, STATE_DTYPE)
    for g in range(n_games):
        states[g]["rng"] = seed_word(seed + g)
        new_game_at(states, g, num_players, int(flight))
    agents = np.zeros(n_games, AGENT_DTYPE)
    for g in range(n_games):
        agents[g]["rng"] = seed_word(10_000_019 + seed + g)
    return states, agents


def bench_engine(engine, n_games, seed):
    """(decisions, seconds) of random masked play of n_games full games on one core."""
    states, agents = new_batch(n_games, engine.num_players, engine.flight, seed)
    start = time.perf_counter()
    decisions = play_random_batch(states, agents, 1_000_000)
    return decisions, time.perf_counter() - start


def warm():
    """Compile (or load from cache) the kernels: one short batch, and every entry point
    of the engine once."""
    states, agents = new_batch(1, 3, True, 0)
    play_random_batch(states, agents, 1_000_000)
    engine = EvolutionEngine(3)
    state = engine.new_state(0)
    mask = np.zeros(N_ACTIONS, np.int8)
    seat = engine.mask_into(state, mask)
    engine.observe(state, seat)
    engine.apply_then_mask(state, int(np.flatnonzero(mask)[0]), mask)
    engine.apply(state, int(np.flatnonzero(engine.legal_mask(state))[0]))
    engine.to_move(state)
    engine.final(state)
    for with_obs in (True, False):
        stepper = engine.stepper(with_obs)
        stepper.step(stepper.legal.item(0) if stepper.reset(1) >= 0 else 0)
