# Session 14 (issue 9 item 5): the suite of all table sizes, dominance, labelled as
# dominance-2p version 2 was (mixed playouts, a tree below each action, 384 simulations,
# seeds 3 then 4, fixed in advance); each relabel is resumable from its journal
# (dominance-tree384s<seed>.partial.jsonl). Both finished in session 16 (seed 3 shipped as
# dominance v3). The boards and proofs are run16.sh's (session 16: the session-12 board this
# script rescored was lost with its machine), then the two labellings' agreement below.
#   PY="python -m speciesgym" WORKERS=2 sh benchmarks/results/proof/run12.sh
set -e
PY=${PY:-"python -m speciesgym"}
cd "$(dirname "$0")"   # outputs beside this script
for seed in ${SEEDS:-3 4}; do
  TAG=tree384s$seed
  $PY decisions relabel --suite dominance --out dominance-$TAG.json.gz --seed $seed --sims 384 \
    --playout mix --tree --workers ${WORKERS:-1} --quiet
done
PY="$PY" sh run16.sh
$PY decisions agree dominance-tree384s3.json.gz dominance-tree384s4.json.gz > agree-dominance-tree384s3-s4.txt
echo done > run12.done
