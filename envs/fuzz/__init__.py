"""A mutation fuzzer over the scenario files of each game: valid positions (the example
scenarios and positions of random games) with one to three fields changed, deleted or
retyped, raw engine fields included. Every input is re-created from (seed, index). A sound
loader refuses an input with a ValueError carrying a message, or loads a position that
conserves everything and plays to the end by random legal moves, every step checked
(`checked_step`). Run `python -m speciesgym.envs.fuzz --game G --inputs N --seed S`;
`make soak` runs 10,000 inputs per game. The counts of such a run, with its command, machine
and commit: benchmarks/results/fuzz/."""
