# Session 12 (issue 9 item 5b): a second labelling of run6.sh's kind (mixed playouts, 384
# simulations per action, seed 4): whether run6's Spearman holds under another labelling
# seed, and the agreement of the two on their clear positions (item 5a for these labels).
#   RUNS=/work/runs PY="python -m speciesgym" sh training/results/proof/run7.sh
set -e
PY=${PY:-"python -m speciesgym"}
RUNS=${RUNS:-runs}
cd "$(dirname "$0")"   # outputs beside this script
R=tourney-evolution-s12/ratings.csv
for s in evolve-2p feeding-2p; do
  $PY decisions relabel --suite $s --out $s-mix384b.json.gz --seed 4 --sims 384 --playout mix --workers ${WORKERS:-1} --quiet
  $PY decisions rescore --board $RUNS/board-$s-s12 --suite $s-mix384b.json.gz --out $RUNS/board-$s-s12-mix384b
  $PY decisions proof --board $RUNS/board-$s-s12-mix384b --ratings $R --out proof-s12-$s-mix384b.json
  $PY decisions agree $s-mix384.json.gz $s-mix384b.json.gz > agree-$s-mix384-mix384b.txt || true
done
$PY decisions proof --board $RUNS/board-evolve-2p-s12-mix384b --board $RUNS/board-feeding-2p-s12-mix384b \
  --ratings $R --out proof-s12-pooled-mix384b.json
echo done > run7.done
