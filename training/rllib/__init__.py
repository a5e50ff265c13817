"""Training with RLlib (Ray's reinforcement learning library): the game as an RLlib
multi-agent env (`env.py`), PPO's torch module with action masking (`module.py`), and the
training run with checkpoints and resume (`train.py`). Importing `training` never imports
this package; it needs `pip install 'speciesgym[ray]'`."""
