#!/bin/sh
# A recipe for 2-player Evolution (Flight on) that starts from behaviour
# cloning of heuristic:flyer (two DAgger rounds), then PPO against a mix of the three
# heuristics and its own past checkpoints. Five seeds, one at a time, lowest priority; every
# command is resumable (run the script again). Evaluation only at the end: 200 games against
# each heuristic, seats rotating. WORKERS=2 runs two seeds at a time.
#
#   nice -n 19 sh benchmarks/scripts/evolution_flyer_clone_seeds.sh          # from the repository root
#   RUNS_DIR=../runs TIMESTEPS=300000 sh benchmarks/scripts/...
#   NAME=<sweep> EXTRA="--shaping 0" sh benchmarks/scripts/...   # a variant (evolution_effects.sh)
. "$(dirname "$0")/sweep_recipe.sh"
TIMESTEPS=${TIMESTEPS:-300000}
HEUR="heuristic:grazer,heuristic:hunter,heuristic:flyer"
RECIPE="--game evolution --players $PLAYERS --timesteps $TIMESTEPS --net 128,128 \
 --learning-rate 0.0003 --ent-coef 0.001 --clip-range 0.1 --shaping 2 --self-play 0.3 --pool-every 50000 \
 --baselines $HEUR --eval-opponents $HEUR --checkpoint-every 50000 --eval-every 0 \
 --eval-games 200 --vec dummy --pretrain heuristic:flyer --pretrain-games 200 --pretrain-epochs 5 \
 --pretrain-rounds 2"
NAME=${NAME:-evolution-${PLAYERS}p-flyerclone}
train_and_report
