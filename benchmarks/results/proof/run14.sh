# Session 15 (issue 9 items 3 and 5a): the Evolution suite of all table sizes, feeding,
# labelled as feeding-2p version 2 was (mixed playouts, a tree below each action, 384
# simulations, seeds 3 then 4, fixed in advance; resumable), then the two labellings'
# agreement on the best action of their clear positions.
#   RUNS=/work/runs PY="python -m speciesgym" WORKERS=1 sh benchmarks/results/proof/run14.sh
set -e
PY=${PY:-"python -m speciesgym"}
cd "$(dirname "$0")"   # outputs beside this script
for seed in 3 4; do
  $PY decisions relabel --suite feeding --out feeding-tree384s$seed.json.gz --seed $seed \
    --sims 384 --playout mix --tree --workers ${WORKERS:-1} --quiet
done
$PY decisions agree feeding-tree384s3.json.gz feeding-tree384s4.json.gz > agree-feeding-tree384s3-s4.txt
echo done > run14.done
