#!/bin/sh
# Held-out validation of a decision suite: does its regret order match a tournament's order
# over agents that took no part in choosing the labelling method (other search budgets and
# priors, MCTS, the shipped zoo net; new PPO seeds can be added to AGENTS)?
#
#   1. the suite's leaderboard of AGENTS (regret, noise floor, suite version and hashes);
#   2. a tournament at the suite's table size between hybrids that differ only in who takes
#      the suite's kind of decision (hybrid:<kind>:<agent>|BASE), so it rates exactly what
#      the suite scores;
#   3. decisions proof: Spearman and Kendall tau of the two orders, intervals resampling
#      positions by game, labellings and the tournament's games; again without random; the
#      neighbours the suite separates.
#
# Resumable: the tournament resumes its results.jsonl; the leaderboard is rescored whole.
#
#   nice -n 15 sh benchmarks/scripts/validate_suite.sh
#   SUITE_FILE=benchmarks/results/decisions/feeding-2p-v5.json.gz nice -n 15 sh benchmarks/scripts/validate_suite.sh
#   SUITE=dominance-2p GAME=dominant_species BASE=heuristic:spreader \
#     AGENTS="random,search:8,search:24,search:96,search:48:dominator,search:48:spreader,mcts:16,mcts:64,zoo:dominant_species-2p" \
#     nice -n 15 sh benchmarks/scripts/validate_suite.sh
set -e
SPECIESGYM=${SPECIESGYM:-"python -m speciesgym"}
SUITE=${SUITE:-feeding-2p}
GAME=${GAME:-evolution}
SUITE_FILE=${SUITE_FILE:-$SUITE}   # a suite being built: its file under benchmarks/results/decisions
KIND=${KIND:-${SUITE%-*}}
PLAYERS=${PLAYERS:-$(echo "$SUITE" | sed 's/.*-\([0-9]\)p$/\1/')}
BASE=${BASE:-heuristic:flyer}
AGENTS=${AGENTS:-"random,search:8,search:24,search:96,search:48:grazer,search:48:hunter,mcts:16,mcts:64,zoo:evolution-${PLAYERS}p"}
GAMES=${GAMES:-2000}
OUT=${OUT:-benchmarks/results/decisions/validate/$SUITE}   # the games' records are not kept in git
mkdir -p "$OUT"
$SPECIESGYM decisions leaderboard --suite "$SUITE_FILE" --agents "$AGENTS" --out "$OUT/board"
ENTRANTS=$(echo "$AGENTS" | tr ',' '\n' | sed "s#.*#hybrid:$KIND:&|$BASE#" | paste -sd, -)
$SPECIESGYM tournament --game "$GAME" --players "$PLAYERS" --agents "$ENTRANTS" \
  --games "$GAMES" --out "$OUT/tourney"
$SPECIESGYM decisions proof --board "$OUT/board" --games "$OUT/tourney/results.jsonl" \
  --out "$OUT/proof.json" | tee "$OUT/proof.txt"
