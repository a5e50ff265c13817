# Session 14 (issue 9 item 5): the suite of all table sizes, dominance, labelled as
# dominance-2p version 2 was (mixed playouts, a tree below each action, 384 simulations,
# seeds 3 then 4, fixed in advance); each: relabel (resumable), rescore of run5.sh's board,
# `decisions proof` against run5.sh's 2-player tournament; then the two labellings' agreement.
#   RUNS=/work/runs PY="python -m speciesgym" WORKERS=2 sh training/results/proof/run12.sh
set -e
PY=${PY:-"python -m speciesgym"}
RUNS=${RUNS:-runs}
cd "$(dirname "$0")"   # outputs beside this script
R=tourney-ds-s12/ratings.csv
for seed in 3 4; do
  TAG=tree384s$seed
  $PY decisions relabel --suite dominance --out dominance-$TAG.json.gz --seed $seed --sims 384 \
    --playout mix --tree --workers ${WORKERS:-1} --quiet
  $PY decisions rescore --board $RUNS/board-dominance-s12 --suite dominance-$TAG.json.gz \
    --out $RUNS/board-dominance-s12-$TAG
  $PY decisions proof --board $RUNS/board-dominance-s12-$TAG --ratings $R \
    --out proof-s14-dominance-$TAG.json
done
$PY decisions agree dominance-tree384s3.json.gz dominance-tree384s4.json.gz > agree-dominance-tree384s3-s4.txt
echo done > run12.done
