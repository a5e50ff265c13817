#!/bin/sh
# Dominant Species at 2 players in two stages per seed: the game's recipe (clone
# heuristic:spreader, then 4.5M PPO steps), then a second run of 4.5M steps started from the
# first one's net (`train --init`: the same weights, a fresh optimiser, step count and
# self-play pool), each net packed beside its checkpoint. Every step is skipped once its
# output exists and resumes a run cut off, so the same command goes on where it stopped.
#
#   nice -n 5 sh benchmarks/scripts/dominant_species_two_stage.sh           # seeds 0 1 2
#   SEEDS="1" RUNS_DIR=../runs sh benchmarks/scripts/dominant_species_two_stage.sh
set -e
SPECIESGYM=${SPECIESGYM:-"python -m speciesgym"}
PYTHON=${PYTHON:-python}
RUNS_DIR=${RUNS_DIR:-runs}
FLAGS="--game dominant_species --players 2 --runs-dir $RUNS_DIR --threads 1 --no-progress \
 --eval-every 500000 --eval-games 100"

# --resume once a run has a checkpoint (a run cut off before its first starts again)
resume_flag() { if ls "$RUNS_DIR/$1/checkpoints/"*.zip >/dev/null 2>&1; then echo --resume; fi; }

for S in ${SEEDS:-0 1 2}; do
  ONE=ds-2p-s$S
  TWO=$ONE-stage2
  [ -f "$RUNS_DIR/$ONE/final.zip" ] || \
    $SPECIESGYM train $FLAGS --seed "$S" --name $ONE $(resume_flag $ONE)
  [ -f "$RUNS_DIR/$ONE/final.npz" ] || \
    $PYTHON -m speciesgym.training.exit.from_ppo "$RUNS_DIR/$ONE/final.zip" "$RUNS_DIR/$ONE/final.npz"
  [ -f "$RUNS_DIR/$TWO/final.zip" ] || \
    $SPECIESGYM train $FLAGS --seed "$S" --name $TWO --init "$RUNS_DIR/$ONE/final.npz" $(resume_flag $TWO)
  [ -f "$RUNS_DIR/$TWO/final.npz" ] || \
    $PYTHON -m speciesgym.training.exit.from_ppo "$RUNS_DIR/$TWO/final.zip" "$RUNS_DIR/$TWO/final.npz"
done
