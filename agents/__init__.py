"""Agents: one protocol, `act(observation, action_mask, infoset=None) -> action`.

`from_spec("random" | "heuristic:<style>" | "mcts:<sims>" | "ppo:<path>", game, players)`
names any agent; `speciesgym.agents.runner.play_game` / `play_match` play them against each other.
"""
from speciesgym.agents.base import Agent
from speciesgym.agents.random_agent import RandomAgent
from speciesgym.agents.spec import from_spec

__all__ = ["Agent", "RandomAgent", "from_spec"]
