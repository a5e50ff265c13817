"""Self-play MaskablePPO for one seat: `train.py` (the `speciesgym train` entry), `session.py`
(the learning loop), `args.py` and `recipes.py` (its flags and their recipe defaults),
`stored_args.py` (what a resume or a sweep may change), `single_agent.py` and `batched_*.py`
(the learner's environments, per game and batched in compiled code), `imitation.py` and
`value_codes.py` (behaviour cloning), `sweep.py` (several seeds), `signals.py` (stopping
cleanly). Imports records/, cluster/, decisions/ and training.games, never cli/ or tournament/."""
