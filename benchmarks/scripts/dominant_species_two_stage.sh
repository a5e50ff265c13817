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

# stage NAME FLAGS...: train runs/NAME (resuming it), then pack its final.zip into final.npz
stage() {
  name=$1
  shift
  [ -f "$RUNS_DIR/$name/final.zip" ] || \
    $SPECIESGYM train $FLAGS --name "$name" "$@" $(resume_flag "$name")
  [ -f "$RUNS_DIR/$name/final.npz" ] || \
    $PYTHON -m speciesgym.training.exit.from_ppo "$RUNS_DIR/$name/final.zip" "$RUNS_DIR/$name/final.npz"
}

for S in ${SEEDS:-0 1 2}; do
  stage ds-2p-s$S --seed "$S"
  stage ds-2p-s$S-stage2 --seed "$S" --init "$RUNS_DIR/ds-2p-s$S/final.npz"
done
