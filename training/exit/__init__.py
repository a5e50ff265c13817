"""Expert iteration: the net-guided compiled search as the expert, a two-headed MLP as the
apprentice (model.py torch + export, expert.py completed-Q targets, fit.py training,
loop.py rounds with gating, eval.csv and resuming)."""
