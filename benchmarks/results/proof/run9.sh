# Session 13 (issue 9 item 5b): labels with a search tree below each action (`decisions
# relabel --tree`: the replies and follow-ups after an action chosen by UCT, not by the
# playout policy), mixed playouts, 384 simulations per action, seed 3 (fixed before any
# result). feeding-2p first (the Evolution suite that missed 0.8), then evolve-2p, then
# dominance-2p (against run5.sh's tournament); each: relabel, rescore of the session-12
# board, `decisions proof`, agreement with the seed-3 mix labels without the tree.
#   RUNS=/work/runs PY="python -m speciesgym" sh benchmarks/results/proof/run9.sh
set -e
PY=${PY:-"python -m speciesgym"}
RUNS=${RUNS:-runs}
TAG=tree384
cd "$(dirname "$0")"   # outputs beside this script
for s in feeding-2p evolve-2p dominance-2p; do
  case $s in
    dominance-2p) R=tourney-ds-s12/ratings.csv; FLAT=dominance-2p-mix512.json.gz ;;
    *) R=tourney-evolution-s12/ratings.csv; FLAT=$s-mix384.json.gz ;;
  esac
  $PY decisions relabel --suite $s --out $s-$TAG.json.gz --seed 3 --sims 384 --playout mix \
    --tree --workers ${WORKERS:-1} --quiet
  $PY decisions rescore --board $RUNS/board-$s-s12 --suite $s-$TAG.json.gz --out $RUNS/board-$s-s12-$TAG
  $PY decisions proof --board $RUNS/board-$s-s12-$TAG --ratings $R --out proof-s12-$s-$TAG.json
  [ -f "$FLAT" ] && $PY decisions agree $FLAT $s-$TAG.json.gz > agree-$s-flat-$TAG.txt || true
done
echo done > $TAG.done
