# Session 15 (issue 9 item 5b): the nine Evolution agents of run4.sh on the suite of all table
# sizes, feeding, under run14.sh's two tree labellings (seed 3, then rescored under seed 4),
# and `decisions proof` against the feeding-alone tournament of run11.sh (win shares, games
# resampled; the 2-player table is the one rated) and the whole-game tournament of run4.sh.
#   RUNS=/work/runs PY="python -m speciesgym" sh benchmarks/results/proof/run15.sh
set -e
PY=${PY:-"python -m speciesgym"}
RUNS=${RUNS:-runs}
cd "$(dirname "$0")"
DEMO=$RUNS/proof-demo-evolution/final.zip
LONG=$RUNS/evolution-2p-flyerclone/seed_0/final.zip
A=random,heuristic:grazer,heuristic:hunter,heuristic:flyer,mcts:16,search:25,search:100,ppo:$DEMO,ppo:$LONG
B=$RUNS/board-feeding-s15-tree384s3
[ -f $B/leaderboard.csv ] || $PY decisions leaderboard --suite feeding-tree384s3.json.gz --agents $A --out $B --seed 0
[ -f $RUNS/board-feeding-s15-tree384s4/leaderboard.csv ] || $PY decisions rescore --board $B \
  --suite feeding-tree384s4.json.gz --scored-on feeding-tree384s3.json.gz \
  --out $RUNS/board-feeding-s15-tree384s4
for s in s3 s4; do
  $PY decisions proof --board $RUNS/board-feeding-s15-tree384$s --games tourney-evolution-feeding-s14/results.jsonl \
    --out proof-s15-feeding-alone-games-tree384$s.json
  $PY decisions proof --board $RUNS/board-feeding-s15-tree384$s --ratings tourney-evolution-s12/ratings.csv \
    --out proof-s15-feeding-tree384$s.json
  mkdir -p board-feeding-s15-tree384$s && cp $RUNS/board-feeding-s15-tree384$s/leaderboard.csv board-feeding-s15-tree384$s/
done
# the same board under the labels shipped before (feeding version 2: greedy playouts, 96
# simulations per action; training/decisions/suites/feeding-v2.json.gz until session 15, in
# the git history after)
V2=${V2:-../../decisions/suites/feeding-v2.json.gz}
if [ -f "$V2" ]; then
  $PY decisions rescore --board $B --suite $V2 --scored-on feeding-tree384s3.json.gz --out $RUNS/board-feeding-s15-greedy
  $PY decisions proof --board $RUNS/board-feeding-s15-greedy --games tourney-evolution-feeding-s14/results.jsonl \
    --out proof-s15-feeding-alone-games-greedy.json
  $PY decisions proof --board $RUNS/board-feeding-s15-greedy --ratings tourney-evolution-s12/ratings.csv \
    --out proof-s15-feeding-greedy.json
fi
