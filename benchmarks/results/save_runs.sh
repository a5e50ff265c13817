# Copy the small files of training runs and sweeps (eval.csv, args.json, pretrain.json,
# sweep.json, the per-seed logs; no checkpoints) from RUNS into benchmarks/results/runs/, so
# that `speciesgym report` and `speciesgym effects` figures survive the machine. Run from
# the repository root: RUNS=<runs folder> sh benchmarks/results/save_runs.sh [SWEEP...] (only the
# named folders of RUNS; all of RUNS without one); OUT=<folder> writes elsewhere than
# benchmarks/results/runs
RUNS=${RUNS:-runs}
OUT=${OUT:-benchmarks/results/runs}
cd "$RUNS" || exit 1
[ $# -gt 0 ] || set -- .
find "$@" \( -name eval.csv -o -name args.json -o -name pretrain.json -o -name sweep.json \
  -o -path "*/logs/*.log" \) -not -path "./proof-tourney*" -not -path "./board-*" -print |
  while read -r f; do mkdir -p "$OLDPWD/$OUT/$(dirname "$f")"; cp "$f" "$OLDPWD/$OUT/$f"; done
