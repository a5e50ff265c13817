# Session 17 (issue 9 item 5b): the dominance proof with eight agents, the two PPO agents
# again. Their session-12 checkpoints were lost with that machine. Trained again with the
# same commands (the DS recipe's seed 0: `NAME=dominant_species-2p-spreaderclone-vf64 SEEDS=0
# RUNS_DIR=/work/runs sh benchmarks/scripts/dominant_species_spreader_clone_seeds.sh`, and the
# proof demo of run5.sh), they are not the same agents: the recipe's first evaluation
# (after cloning) already differs from the committed one (0.165 against 0.100 vs the
# spreader), so the session-12 ratings do not rate them. Hence a new 400-game tournament of
# the eight (run5.sh's, seed 0), then the leaderboard of the eight on both tree labellings of
# the all-sizes suite and the proof against the new ratings.
#   PY="python -m speciesgym" RUNS=/work/runs sh benchmarks/results/proof/run17.sh
set -e
PY=${PY:-"python -m speciesgym"}
RUNS=${RUNS:-/work/runs}
cd "$(dirname "$0")"
DEMO=$RUNS/proof-demo-dominant_species/final.zip
LONG=$RUNS/dominant_species-2p-spreaderclone-vf64/seed_0/final.zip
for f in $DEMO $LONG; do [ -f "$f" ] || { echo "run17.sh: no checkpoint $f" >&2; exit 2; }; done
A=random,heuristic:dominator,heuristic:spreader,mcts:2,search:10,search:50,ppo:$DEMO,ppo:$LONG
T=$RUNS/proof-tourney-ds-s17
$PY tournament --game dominant_species --players 2 --games 400 --workers ${WORKERS:-1} --seed 0 \
  --agents $A --out $T
mkdir -p tourney-ds-s17
cp $T/results.jsonl $T/tournament.json $T/ratings.csv $T/head_to_head.csv $T/seats.csv tourney-ds-s17/
for seed in 3 4; do
  TAG=tree384s$seed
  $PY decisions leaderboard --suite dominance-$TAG.json.gz --agents $A \
    --out board-dominance-s17-$TAG --seed 0
  $PY decisions proof --board board-dominance-s17-$TAG --ratings tourney-ds-s17/ratings.csv \
    --out proof-s17-dominance-$TAG.json
done
