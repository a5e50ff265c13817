#!/bin/sh
# The noise floor of a suite labelled twice, beside a leaderboard of agents: `decisions pair`
# makes one suite of a suite (A) and its relabelling (B), then `decisions leaderboard`
# scores AGENTS on it and prints the floor (an oracle of one labelling scored under the
# other) with its share of the best-to-worst spread (the table suites aim at a quarter).
#
#   NAME=feeding-2p A=training/decisions/suites/feeding-2p-v2.json.gz \
#     B=benchmarks/results/proof/feeding-2p-tree384b.json.gz \
#     AGENTS=random,heuristic:grazer,heuristic:hunter,heuristic:flyer,greedy,search:64 \
#     nice -n 15 sh benchmarks/scripts/noise_floor.sh
#
# A suite built with two labellings per position (specs.py, label_suites.py) needs no pair:
# give it as PAIRED=<file> instead of A and B.
set -e
SPECIESGYM=${SPECIESGYM:-"python -m speciesgym"}
OUT=${OUT:-benchmarks/results/decisions/noise-floor}
mkdir -p "$OUT"
if [ -z "$PAIRED" ]; then
  PAIRED="$OUT/$NAME-paired.json.gz"
  $SPECIESGYM decisions pair "$A" "$B" --out "$PAIRED"
fi
$SPECIESGYM decisions leaderboard --suite "$PAIRED" --agents "$AGENTS" \
  --out "$OUT/board-$NAME" | tee "$OUT/board-$NAME.txt"
rm -f "$OUT/board-$NAME"/eval-*.json    # each agent's choices: rerun to have them
