#!/bin/sh
# The Dominant Species training recipe as a five-seed sweep.
# Behaviour cloning of heuristic:spreader (500 games, three rounds: two DAgger rounds), then
# conservative PPO (lr 1e-4, clip 0.1, entropy 0.001, a 256x256 policy and a 64x64 value
# network) against the spreader, the dominator and its own past checkpoints (self-play 0.2),
# 4.5M steps. Evaluation of 200 games against each heuristic, seats rotating, at 1.5M, 3M and
# 4.5M steps. One seed at a time by default, lowest priority; every command is resumable (run
# the script again). The measured result: docs/benchmarks/training.md.
#
#   nice -n 19 sh benchmarks/scripts/dominant_species_spreader_clone_seeds.sh    # from the repository root
#   RUNS_DIR=../runs SEEDS=0-1 WORKERS=1 sh benchmarks/scripts/...
#   NAME=<sweep> EXTRA="--vf-net 256,256" sh benchmarks/scripts/...    # a variant
. "$(dirname "$0")/sweep_recipe.sh"
TIMESTEPS=${TIMESTEPS:-4500000}
HEUR="heuristic:spreader,heuristic:dominator"
RECIPE="--game dominant_species --players $PLAYERS --timesteps $TIMESTEPS --net 256,256 --vf-net 64,64 \
 --learning-rate 0.0001 --ent-coef 0.001 --clip-range 0.1 --shaping 2 --self-play 0.2 --pool-every 100000 \
 --baselines $HEUR --eval-opponents $HEUR --checkpoint-every 100000 --eval-every 1500000 \
 --eval-games 200 --pretrain heuristic:spreader --pretrain-games 500 --pretrain-epochs 6 \
 --pretrain-rounds 3"
NAME=${NAME:-dominant_species-${PLAYERS}p-spreaderclone}
train_and_report
