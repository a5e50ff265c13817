# Session 15 (issue 9 item 5b): Evolution's two shipped version-2 suites pooled (evolve-2p:
# mix 384 labels; feeding-2p: mix + tree 384 labels; seed 3, then both seed-4 labellings),
# against the whole-game tournament of run4.sh (mu, then win shares with games resampled).
# Needs the rescored boards of run6.sh / run7.sh and run9.sh / run10.sh under $RUNS.
#   RUNS=/work/runs PY="python -m speciesgym" sh benchmarks/results/proof/run13.sh
set -e
PY=${PY:-"python -m speciesgym"}
RUNS=${RUNS:-runs}
cd "$(dirname "$0")"
T=tourney-evolution-s12
for pair in "mix384 tree384 v2" "mix384b tree384b v2b"; do
  set -- $pair
  B="--board $RUNS/board-evolve-2p-s12-$1 --board $RUNS/board-feeding-2p-s12-$2"
  $PY decisions proof $B --ratings $T/ratings.csv --out proof-s15-pooled-$3.json
  $PY decisions proof $B --games $T/results.jsonl --out proof-s15-pooled-$3-games.json
done
