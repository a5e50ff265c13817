"""Agents: one protocol, `act(observation, action_mask) -> action`."""
from agents.base import Agent
from agents.random_agent import RandomAgent

__all__ = ["Agent", "RandomAgent"]
