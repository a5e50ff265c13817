# Sourced by the *_clone_seeds.sh recipes (set their RECIPE, NAME and TIMESTEPS first, then
# call train_and_report): the variables they share and the step they end with.
#   SPECIESGYM  the command (default: python -m speciesgym)
#   RUNS_DIR    where the sweeps go (default: runs)
#   SEEDS       the seeds of a sweep (default: 0-4); WORKERS seeds at a time (default: 1)
#   PLAYERS     the table size (default: 2)
#   EXTRA       flags added after the recipe's (a variant)
set -e
SPECIESGYM=${SPECIESGYM:-"python -m speciesgym"}
RUNS_DIR=${RUNS_DIR:-runs}
SEEDS=${SEEDS:-0-4}
PLAYERS=${PLAYERS:-2}

# train_and_report: the sweep NAME with RECIPE (resumable), then its report against the
# target of its table size (55% at 2 players, 25% at more)
train_and_report() {
  $SPECIESGYM train --name "$NAME" $RECIPE --runs-dir $RUNS_DIR --seeds $SEEDS \
    --workers ${WORKERS:-1} --no-progress ${EXTRA:-}
  if [ "$PLAYERS" = 2 ]; then TARGET=0.55; else TARGET=0.25; fi
  $SPECIESGYM report "$RUNS_DIR/$NAME" --target $TARGET
}
