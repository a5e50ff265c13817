set -e
PY=${PY:-"python -m speciesgym"}
A=random,heuristic:grazer,heuristic:hunter,heuristic:flyer,mcts:16,search:25,search:100
cd "$(dirname "$0")"   # outputs beside this script
$PY decisions leaderboard --suite evolve-2p --agents $A --out board-evolve-2p --seed 0
$PY decisions proof --board board-evolve-2p --ratings ratings-evolution-readme.csv --out proof-evolve-2p-greedy.json
$PY decisions relabel --suite evolve-2p --out evolve-2p-mix.json.gz --seed 1 --playout mix --workers 1 --quiet
$PY decisions rescore --board board-evolve-2p --suite evolve-2p-mix.json.gz --out board-evolve-2p-mix
$PY decisions proof --board board-evolve-2p-mix --ratings ratings-evolution-readme.csv --out proof-evolve-2p-mix.json
echo done > run.done
