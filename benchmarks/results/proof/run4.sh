# Session 12 (issue 9 item 5b): the Evolution proof made again with all nine agents of the
# README's table, both PPO agents rebuilt: the demo (the recipe shortened to 100k steps, as
# `make demo`) and seed 0 of the recipe's sweep (benchmarks/scripts/evolution_flyer_clone_seeds.sh,
# 300k steps); a 900-game tournament (200 games per agent, twice the README's), the boards of
# the nine agents on the two 2-player suites (greedy labels, shipped), rescored under the mix
# labellings of session 10 (kept here), and `decisions proof` under each.
#   RUNS=/work/runs PY="python -m speciesgym" sh benchmarks/results/proof/run4.sh
# The runs and the tournament's game records stay in $RUNS; its results.jsonl, tournament.json
# and report, the boards' leaderboard.csv and the proofs are copied here.
set -e
PY=${PY:-"python -m speciesgym"}
RUNS=${RUNS:-runs}
cd "$(dirname "$0")"   # outputs beside this script
DEMO=$RUNS/proof-demo-evolution/final.zip
LONG=$RUNS/evolution-2p-flyerclone/seed_0/final.zip
[ -f "$DEMO" ] || $PY train --game evolution --players 2 --seed 0 --timesteps 100000 \
  --name proof-demo-evolution --runs-dir "$RUNS" --eval-every 0 --eval-games 50 --no-progress --overwrite
[ -f "$LONG" ] || RUNS_DIR="$RUNS" SEEDS=0 sh ../../recipes/evolution_flyer_clone_seeds.sh
A=random,heuristic:grazer,heuristic:hunter,heuristic:flyer,mcts:16,search:25,search:100,ppo:$DEMO,ppo:$LONG
T=$RUNS/proof-tourney-evolution-s12
$PY tournament --game evolution --players 2 --games 900 --workers 1 --seed 0 --agents $A --out $T
mkdir -p tourney-evolution-s12
cp $T/results.jsonl $T/tournament.json $T/ratings.csv $T/head_to_head.csv $T/seats.csv tourney-evolution-s12/
R=tourney-evolution-s12/ratings.csv
for s in evolve-2p feeding-2p; do
  $PY decisions leaderboard --suite $s --agents $A --out $RUNS/board-$s-s12 --seed 0
  $PY decisions proof --board $RUNS/board-$s-s12 --ratings $R --out proof-s12-$s-greedy.json
  for m in mix mix2; do
    $PY decisions rescore --board $RUNS/board-$s-s12 --suite $s-$m.json.gz --out $RUNS/board-$s-s12-$m
    $PY decisions proof --board $RUNS/board-$s-s12-$m --ratings $R --out proof-s12-$s-$m.json
  done
  mkdir -p board-$s-s12 && cp $RUNS/board-$s-s12/leaderboard.csv board-$s-s12/
done
for l in "" -mix -mix2; do
  n=${l#-}; $PY decisions proof --board $RUNS/board-evolve-2p-s12$l --board $RUNS/board-feeding-2p-s12$l \
    --ratings $R --out proof-s12-pooled-${n:-greedy}.json
done
echo done > run4.done
