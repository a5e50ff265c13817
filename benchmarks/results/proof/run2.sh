set -e
PY=${PY:-"python -m speciesgym"}
A=random,heuristic:grazer,heuristic:hunter,heuristic:flyer,mcts:16,search:25,search:100
R=ratings-evolution-readme.csv
cd "$(dirname "$0")"   # outputs beside this script
$PY decisions leaderboard --suite feeding-2p --agents $A --out board-feeding-2p --seed 0
$PY decisions proof --board board-feeding-2p --ratings $R --out proof-feeding-2p-greedy.json
$PY decisions proof --board board-feeding-2p --board board-evolve-2p --ratings $R --out proof-pooled-greedy.json
$PY decisions relabel --suite feeding-2p --out feeding-2p-mix.json.gz --seed 1 --playout mix --workers 1 --quiet
$PY decisions rescore --board board-feeding-2p --suite feeding-2p-mix.json.gz --out board-feeding-2p-mix
$PY decisions proof --board board-feeding-2p-mix --ratings $R --out proof-feeding-2p-mix.json
$PY decisions proof --board board-feeding-2p-mix --board board-evolve-2p-mix --ratings $R --out proof-pooled-mix.json
$PY decisions agree --suite evolve-2p --against evolve-2p-mix.json.gz > agree-evolve-2p-greedy-mix.txt || true
echo done > run2.done
