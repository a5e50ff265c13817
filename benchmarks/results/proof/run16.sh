# Session 16 (issue 9 item 5): the all-sizes dominance suite with tree labels, continued.
# run12.sh's relabel of seed 3 finished here (dominance-tree384s3.json.gz, 5,165 worker-s);
# its rescore step needs the session-12 board's per-agent eval files, which were lost with
# that machine (only leaderboard.csv is committed), and the two PPO agents' checkpoints too.
# So the six agents without a checkpoint are scored afresh on the new labels and set against
# the session-12 tournament's ratings (the PPO entrants are left out by `proof`).
#   PY="python -m speciesgym" sh benchmarks/results/proof/run16.sh
set -e
PY=${PY:-"python -m speciesgym"}
cd "$(dirname "$0")"
A=heuristic:spreader,heuristic:dominator,search:50,search:10,mcts:2,random
for seed in 3 4; do
  TAG=tree384s$seed
  [ -f dominance-$TAG.json.gz ] || continue
  $PY decisions leaderboard --suite dominance-$TAG.json.gz --agents $A \
    --out board-dominance-s16-$TAG --seed 0
  $PY decisions proof --board board-dominance-s16-$TAG --ratings tourney-ds-s12/ratings.csv \
    --out proof-s16-dominance-$TAG.json
done
