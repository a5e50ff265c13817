"""Ray plumbing shared by tournaments and decision suites: `tasks.py` (one Ray task per call,
results as they end) and `local.py` (a local Ray instance started and stopped cleanly).
Imports nothing of speciesgym's."""
