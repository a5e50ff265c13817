# Session 12 (issue 9 item 5b): the labelling session 10 named as what mixed playouts need, a
# larger budget: both 2-player Evolution suites relabelled with mixed playouts at 384
# simulations per action (4x; seed 3, decided before its result was known), the nine-agent
# boards of run4.sh rescored under it, `decisions proof` against run4.sh's tournament, and
# the agreement of these labels with the 96-simulation mix labels of seed 1.
#   RUNS=/work/runs PY="python -m speciesgym" sh training/results/proof/run6.sh
set -e
PY=${PY:-"python -m speciesgym"}
RUNS=${RUNS:-runs}
cd "$(dirname "$0")"   # outputs beside this script
R=tourney-evolution-s12/ratings.csv
for s in evolve-2p feeding-2p; do
  $PY decisions relabel --suite $s --out $s-mix384.json.gz --seed 3 --sims 384 --playout mix --workers ${WORKERS:-1} --quiet
  $PY decisions rescore --board $RUNS/board-$s-s12 --suite $s-mix384.json.gz --out $RUNS/board-$s-s12-mix384
  $PY decisions proof --board $RUNS/board-$s-s12-mix384 --ratings $R --out proof-s12-$s-mix384.json
  $PY decisions agree $s-mix.json.gz $s-mix384.json.gz > agree-$s-mix-mix384.txt || true
done
$PY decisions proof --board $RUNS/board-evolve-2p-s12-mix384 --board $RUNS/board-feeding-2p-s12-mix384 \
  --ratings $R --out proof-s12-pooled-mix384.json
echo done > run6.done
