# Session 12 (issue 9 item 5b): Dominant Species under the labelling that met the target on
# evolve-2p: dominance-2p relabelled with mixed playouts (each seat the compiled spreader or
# dominator, drawn per simulation) at 512 simulations per action (4x its 128; seed 3, fixed
# before the result), run5.sh's eight-agent board rescored, `decisions proof` against run5's
# tournament, and the agreement with the shipped labels.
#   RUNS=/work/runs PY="python -m speciesgym" sh benchmarks/results/proof/run8.sh
set -e
PY=${PY:-"python -m speciesgym"}
RUNS=${RUNS:-runs}
cd "$(dirname "$0")"   # outputs beside this script
s=dominance-2p
$PY decisions relabel --suite $s --out $s-mix512.json.gz --seed 3 --sims 512 --playout mix --workers ${WORKERS:-1} --quiet
$PY decisions rescore --board $RUNS/board-$s-s12 --suite $s-mix512.json.gz --out $RUNS/board-$s-s12-mix512
$PY decisions proof --board $RUNS/board-$s-s12-mix512 --ratings tourney-ds-s12/ratings.csv --out proof-s12-$s-mix512.json
$PY decisions agree $s $s-mix512.json.gz > agree-$s-shipped-mix512.txt || true
echo done > run8.done
