#!/usr/bin/env bash
# Run an expert-iteration folder one round at a time and commit its results after each round
# (config.json, state.json, eval.csv, best.npz; the working files stay out of git), so that a
# stopped machine loses at most the round in flight. Usage:
#   nice -n 10 benchmarks/scripts/exit_rounds.sh RUN_DIR TOTAL_ROUNDS [exit options...]
# The options are those of `python -m speciesgym.training.exit` and are used only when the
# folder is new (a resumed folder reads its config.json).
set -euo pipefail
run=$1; total=$2; shift 2
py=${PYTHON:-.venv/bin/python}
done_rounds() { $py -c "import json,sys; print(json.load(open(sys.argv[1]))['done'] + 1)" "$run/state.json" 2>/dev/null || echo 0; }
while [ "$(done_rounds)" -lt "$total" ]; do
  next=$(( $(done_rounds) + 1 ))
  $py -m speciesgym.training.exit "$run" --rounds "$next" "$@"
  files=()
  for f in config.json state.json eval.csv best.npz; do
    [ -e "$run/$f" ] && files+=("$run/$f")
  done
  git add -- "${files[@]}"
  git commit -q -m "exit: $(basename "$run") round $(( next - 1 )) (eval.csv: the net alone against the opponent)" -- "${files[@]}" || true
done
