"""Seats whose action distribution is known exactly, for decision corrections.

  random               uniform over the legal actions (agents.random_agent)
  heuristic:<style>    uniform over the legal actions of highest score (agents.base.best_ties:
                       the heuristics score every action from the seat's observation and
                       break ties with their own generator)
Any other agent (search, PPO, nets, people) gets no decision term: its choices are either
deterministic (nothing to correct) or drawn from a law that cannot be reproduced after the
game. A law is a function (engine, state, seat) -> the actions it draws from, uniformly.
"""
import numpy as np

from speciesgym.agents.base import best_ties


def _uniform_legal(engine, state, seat):
    return np.flatnonzero(engine.legal_mask(state))


def known_law(spec, game, num_players):
    """The law of the agent named `spec`, or None when it is not known exactly."""
    if spec == "random":
        return _uniform_legal
    if str(spec).startswith("heuristic:"):
        from speciesgym.agents import from_spec
        agent = from_spec(spec, game, num_players, seed=0)

        def ties(engine, state, seat):
            mask = engine.legal_mask(state)
            return best_ties(agent.scores(engine.observe(state, seat), mask), mask)
        return ties
    return None
