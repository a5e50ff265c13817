# Session 14 (issue 9 item 5b): feeding decisions rated alone. The nine agents of the
# session-12 proof each take only the Feeding-phase decisions (`hybrid:feeding:<agent>|
# heuristic:flyer`), heuristic:flyer every other decision, in a 2-player tournament (seed 0,
# as run4.sh's; GAMES, default 900, extends it); the feeding-2p boards of run4.sh /
# run6-7.sh / run9-10.sh (no agent re-run: a hybrid's feeding choices are its agent's) are
# set against those ratings. KIND=evolve does the same for the decisions of what to evolve
# (the flyer feeds) and the evolve-2p boards.
#   RUNS=/work/runs PY="python -m speciesgym" GAMES=5400 sh benchmarks/results/proof/run11.sh
set -e
PY=${PY:-"python -m speciesgym"}
RUNS=${RUNS:-runs}
KIND=${KIND:-feeding}
cd "$(dirname "$0")"   # outputs beside this script
DEMO=$RUNS/proof-demo-evolution/final.zip
LONG=$RUNS/evolution-2p-flyerclone/seed_0/final.zip
BASE=heuristic:flyer
A=""
for a in random heuristic:grazer heuristic:hunter heuristic:flyer mcts:16 search:25 search:100 \
    ppo:$DEMO ppo:$LONG; do
  A="${A:+$A,}hybrid:$KIND:$a|$BASE"
done
T=$RUNS/proof-tourney-evolution-$KIND-s14
$PY tournament --game evolution --players 2 --games ${GAMES:-900} --workers ${WORKERS:-1} --seed 0 \
  --agents "$A" --out $T
mkdir -p tourney-evolution-$KIND-s14
cp $T/results.jsonl $T/tournament.json $T/ratings.csv $T/head_to_head.csv $T/seats.csv \
  tourney-evolution-$KIND-s14/
# the ratings under the names of the agents on the boards
R=tourney-evolution-$KIND-s14/ratings-by-agent.csv
sed -e "s/^hybrid:$KIND:\(.*\)|$BASE,/\1,/" tourney-evolution-$KIND-s14/ratings.csv > $R
case $KIND in
  feeding) S=feeding-2p; L='"" -mix384 -mix384b -tree384 -tree384b' ;;
  evolve) S=evolve-2p; L='"" -mix384 -mix384b -tree384' ;;
esac
eval "set -- $L"
for l in "$@"; do
  n=${l#-}
  $PY decisions proof --board $RUNS/board-$S-s12$l --ratings $R \
    --out proof-s14-$KIND-alone-${n:-greedy}.json
  $PY decisions proof --board $RUNS/board-$S-s12$l --games tourney-evolution-$KIND-s14/results.jsonl \
    --out proof-s14-$KIND-alone-games-${n:-greedy}.json
done
echo done > run11-$KIND.done
