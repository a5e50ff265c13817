set -e
PY=${PY:-"python -m speciesgym"}
R=ratings-evolution-readme.csv
cd "$(dirname "$0")"   # outputs beside this script
for s in evolve-2p feeding-2p; do
$PY decisions relabel --suite $s --out $s-mix2.json.gz --seed 2 --playout mix --workers 1 --quiet
$PY decisions rescore --board board-$s --suite $s-mix2.json.gz --out board-$s-mix2
$PY decisions proof --board board-$s-mix2 --ratings $R --out proof-$s-mix2.json
$PY decisions agree $s-mix.json.gz $s-mix2.json.gz > agree-$s-mix-mix2.txt || true
done
$PY decisions proof --board board-feeding-2p-mix2 --board board-evolve-2p-mix2 --ratings $R --out proof-pooled-mix2.json
echo done > run3.done
