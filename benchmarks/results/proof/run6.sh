# Session 12 (issue 9 item 5b): the labelling session 10 named as what mixed playouts need, a
# larger budget: both 2-player Evolution suites relabelled with mixed playouts at 384
# simulations per action (seed 3, decided before its result was known; run7.sh: seed 4), the
# nine-agent boards of run4.sh rescored under it, `decisions proof` against run4.sh's
# tournament, and the agreement of these labels with another labelling (AGAINST: the
# 96-simulation mix labels of seed 1).
#   RUNS=/work/runs PY="python -m speciesgym" sh benchmarks/results/proof/run6.sh
set -e
PY=${PY:-"python -m speciesgym"}
RUNS=${RUNS:-runs}
SEED=${SEED:-3}
TAG=${TAG:-mix384}
AGAINST=${AGAINST:-mix}
cd "$(dirname "$0")"   # outputs beside this script
R=tourney-evolution-s12/ratings.csv
for s in evolve-2p feeding-2p; do
  $PY decisions relabel --suite $s --out $s-$TAG.json.gz --seed $SEED --sims 384 --playout mix --workers ${WORKERS:-1} --quiet
  $PY decisions rescore --board $RUNS/board-$s-s12 --suite $s-$TAG.json.gz --out $RUNS/board-$s-s12-$TAG
  $PY decisions proof --board $RUNS/board-$s-s12-$TAG --ratings $R --out proof-s12-$s-$TAG.json
  $PY decisions agree $s-$AGAINST.json.gz $s-$TAG.json.gz > agree-$s-$AGAINST-$TAG.txt || true
done
$PY decisions proof --board $RUNS/board-evolve-2p-s12-$TAG --board $RUNS/board-feeding-2p-s12-$TAG \
  --ratings $R --out proof-s12-pooled-$TAG.json
echo done > $TAG.done
