"""Policy/value networks that the compiled search and the trained agents read.

  mlp.py     the file format (packed weights as agents.ppo_compiled, one trunk and two heads)
             and its numba forward pass; loading checks the game's sizes
  agent.py   NetAgent: one forward pass per decision, the legal action of largest logit
"""
