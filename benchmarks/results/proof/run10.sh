# Session 14 (issue 9 item 5): the second labelling with a tree below each action (seed 4,
# fixed before any result; otherwise as run9.sh), dominance-2p first, then feeding-2p; each:
# relabel, rescore of the session-12 board, `decisions proof`, agreement with run9.sh's seed 3.
#   RUNS=/work/runs PY="python -m speciesgym" sh benchmarks/results/proof/run10.sh
# (evolve-2p's seed-3 tree labels were rescored by hand: its board was scored on evolve-2p
# version 1, so `decisions rescore ... --scored-on <evolve-2p-v1.json.gz from git history>`.
# Since this run dominance-2p ships as version 2 (run9.sh's seed 3 labels): a rerun on a later
# commit needs the same --scored-on with dominance-2p-v1.json.gz from before "Ship dominance-2p
# v2", as the session-12 boards were scored on version 1.)
set -e
PY=${PY:-"python -m speciesgym"}
RUNS=${RUNS:-runs}
TAG=tree384b
cd "$(dirname "$0")"   # outputs beside this script
for s in dominance-2p feeding-2p; do
  case $s in
    dominance-2p) R=tourney-ds-s12/ratings.csv ;;
    *) R=tourney-evolution-s12/ratings.csv ;;
  esac
  $PY decisions relabel --suite $s --out $s-$TAG.json.gz --seed 4 --sims 384 --playout mix \
    --tree --workers ${WORKERS:-2} --quiet
  $PY decisions rescore --board $RUNS/board-$s-s12 --suite $s-$TAG.json.gz --out $RUNS/board-$s-s12-$TAG
  $PY decisions proof --board $RUNS/board-$s-s12-$TAG --ratings $R --out proof-s12-$s-$TAG.json
  $PY decisions agree $s-tree384.json.gz $s-$TAG.json.gz > agree-$s-tree384-$TAG.txt || true
done
echo done > $TAG.done
