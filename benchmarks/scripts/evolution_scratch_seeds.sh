#!/bin/sh
# A long Evolution run without cloning (PPO from scratch against random and both heuristics,
# 50k checkpoint and evaluation cadence, 40 games per evaluation) over 5 seeds, to see how a
# single run's figure holds across seeds. One seed at a time
# (--workers 1) at the lowest priority; every command is resumable: run the script again.
#
#   nice -n 19 sh benchmarks/scripts/evolution_scratch_seeds.sh          # from the repository root
#   RUNS_DIR=../runs TIMESTEPS=3000000 sh benchmarks/scripts/...     # elsewhere, or longer
#
# Raising TIMESTEPS later continues the same sweeps (the step budget is not part of a sweep's
# config). Results: speciesgym report $RUNS_DIR/<name> (report.csv, report.json, curves.png).
# --vec dummy: the sweep began before --vec batched became the default; every seed keeps
# the opponents' draws it started with.
set -e
SPECIESGYM=${SPECIESGYM:-"python -m speciesgym.training.cli"}
RUNS_DIR=${RUNS_DIR:-runs}
TIMESTEPS=${TIMESTEPS:-400000}
SEEDS=${SEEDS:-0-4}
RECIPE="--game evolution --timesteps $TIMESTEPS --net 128,128 --learning-rate 0.001 \
 --ent-coef 0.003 --shaping 2 --self-play 0.3 --checkpoint-every 50000 --eval-every 50000 \
 --eval-games 40 --runs-dir $RUNS_DIR --seeds $SEEDS --workers 1 --no-progress --vec dummy"

# 2 players: target 55% against each heuristic
$SPECIESGYM train --players 2 --name evolution-2p-readme $RECIPE
$SPECIESGYM report "$RUNS_DIR/evolution-2p-readme" --target 0.55

# 4 players: the learner against three copies of each baseline; an equal player
# wins 25%, so the report's target is 25% here
$SPECIESGYM train --players 4 --name evolution-4p-readme $RECIPE
$SPECIESGYM report "$RUNS_DIR/evolution-4p-readme" --target 0.25
