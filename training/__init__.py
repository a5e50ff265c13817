"""Everything built on the environments: the command line, PPO training, tournaments, game
records, analysis, benchmarks and decision suites.

Subpackages, each importing only those after it in this list (and agents/, envs/ below):

  cli/          the `speciesgym` command: the parser and one handler per command
  analysis/     sweep reports, effects of a recipe change, per-game statistics
  bench/        speed benchmarks (decisions per second, training throughput, cold start)
  exit/         expert iteration: a policy/value net trained on the net-guided search
  rllib/        RLlib training and its env/module adapters
  ppo/          MaskablePPO training: run folders, the learning loop, vectorised envs, cloning
  tournament/   matches and rated tournaments: schedule, referee, executors, ratings, reports
  luck/         luck-corrected evaluation of recorded games (chance events, value functions)
  decisions/    decision suites: build, label, score agents on single decisions
  records/      game records, replays and replay pages
  cluster/      Ray plumbing shared by tournaments and decision suites

Top-level modules, below every subpackage: games.py (the games by name, game options),
stats.py (the intervals), arguments.py (argparse types every command's parser uses).
"""
