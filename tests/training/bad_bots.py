"""Bots that misbehave, for the tournament tests: `py:tests.training.bad_bots.<Name>`.

Each plays legal random moves until its `FAULT_AT`-th decision (counted per game from 0),
then commits its fault there, so the decision a forfeit is recorded at is known."""
import os
import time

import numpy as np

from speciesgym.agents.random_agent import RandomAgent


class Faulty(RandomAgent):
    """A random player that calls `fault` at its FAULT_AT-th decision of a game."""

    name = "faulty"
    FAULT_AT = 2

    def __init__(self, seed=None):
        super().__init__(seed)
        self.moves = 0

    def reset(self, seat=None, num_players=None):
        self.moves = 0

    def act(self, observation, action_mask, infoset=None):
        self.moves += 1
        if self.moves - 1 == self.FAULT_AT:
            return self.fault(action_mask)
        return super().act(observation, action_mask)


class Raises(Faulty):
    def fault(self, action_mask):
        raise RuntimeError("the bot gave up")


class Hang(Faulty):
    def fault(self, action_mask):
        while True:
            time.sleep(60)


class Slow(Faulty):
    """Sleeps SLEEP seconds on every move: no single move is long, the game adds up."""

    SLEEP = 0.4

    def act(self, observation, action_mask, infoset=None):
        time.sleep(self.SLEEP)
        return RandomAgent.act(self, observation, action_mask)


class Illegal(Faulty):
    def fault(self, action_mask):
        return int(np.flatnonzero(action_mask == 0)[0])


class OutOfRange(Faulty):
    def fault(self, action_mask):
        return len(action_mask) + 5


class NotAnInteger(Faulty):
    def fault(self, action_mask):
        return float(np.flatnonzero(action_mask)[0])


class Exits(Faulty):
    def fault(self, action_mask):
        os._exit(7)


class BadBuild(RandomAgent):
    """Raises while being built (in the worker: the parent only imports the class)."""

    def __init__(self, seed=None):
        raise ValueError("no weights here")


class NoAct:
    """Builds, but is no agent (no act method)."""

    def __init__(self):
        pass


def make_random(game, num_players, seed=None):
    """A factory function: a random player (well-behaved)."""
    assert game in ("evolution", "dominant_species") and 2 <= num_players <= 6
    return RandomAgent(seed)


def make_hang(seed=None):
    """A factory function returning a bot that hangs at its FAULT_AT-th decision."""
    return Hang(seed)


NOT_CALLABLE = 42
