# Session 12 (issue 9 item 5b): the Dominant Species proof with the agents the issue names,
# the two PPO agents included: the demo (`make demo`'s Dominant Species flags) and a long run
# (LONG, default: seed 0 of the recipe with a 64,64 value network, session 12); a 400-game
# 2-player tournament (100 games per agent), the boards of the eight agents on dominance-2p
# and on dominance (all table sizes), and `decisions proof` on each and on both pooled.
#   RUNS=/work/runs PY="python -m speciesgym" sh benchmarks/results/proof/run5.sh
set -e
PY=${PY:-"python -m speciesgym"}
RUNS=${RUNS:-runs}
cd "$(dirname "$0")"   # outputs beside this script
DEMO=$RUNS/proof-demo-dominant_species/final.zip
LONG=${LONG:-$RUNS/dominant_species-2p-spreaderclone-vf64/seed_0/final.zip}
[ -f "$DEMO" ] || $PY train --game dominant_species --timesteps 30000 --name proof-demo-dominant_species \
  --runs-dir "$RUNS" --players 2 --seed 0 --envs 8 --net 128,128 --shaping 2 --self-play 0.3 \
  --checkpoint-every 10000 --pool-every 10000 --eval-every 0 --eval-games 50 --overwrite --vec dummy \
  --recipe none --learning-rate 0.0003 --ent-coef 0.001 --clip-range 0.1 \
  --pretrain heuristic:spreader --pretrain-games 200 --pretrain-epochs 5 --pretrain-rounds 2 --no-progress
[ -f "$LONG" ] || { echo "run5.sh: no long PPO run at $LONG" >&2; exit 2; }
A=random,heuristic:dominator,heuristic:spreader,mcts:2,search:10,search:50,ppo:$DEMO,ppo:$LONG
T=$RUNS/proof-tourney-ds-s12
$PY tournament --game dominant_species --players 2 --games 400 --workers 1 --seed 0 --agents $A --out $T
mkdir -p tourney-ds-s12
cp $T/results.jsonl $T/tournament.json $T/ratings.csv $T/head_to_head.csv $T/seats.csv tourney-ds-s12/
R=tourney-ds-s12/ratings.csv
for s in dominance-2p dominance; do
  $PY decisions leaderboard --suite $s --agents $A --out $RUNS/board-$s-s12 --seed 0
  $PY decisions proof --board $RUNS/board-$s-s12 --ratings $R --out proof-s12-$s.json
  mkdir -p board-$s-s12 && cp $RUNS/board-$s-s12/leaderboard.csv board-$s-s12/
done
$PY decisions proof --board $RUNS/board-dominance-2p-s12 --board $RUNS/board-dominance-s12 \
  --ratings $R --out proof-s12-dominance-pooled.json
echo done > run5.done
