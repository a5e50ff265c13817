"""Speed benchmarks that print figures: `speed.py` (decisions per second of engines and AEC
envs), `compare.py` (against PettingZoo and OpenSpiel games), `stepper.py` (the Stepper API),
`train.py` (training throughput per vectoriser), `coldstart.py` (time to a first decision).
Never timed tests. Imports ppo/ and training.games."""
