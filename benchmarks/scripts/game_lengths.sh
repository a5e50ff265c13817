#!/bin/sh
# Decisions per game of random play (a uniformly random legal action each decision), for each
# game at 2 to 6 players: `speciesgym bench` over 1,000 games through the engine (seed 0; the
# count does not depend on the machine), its JSON outputs one after another in OUT. The
# README's games table reads `decisions_per_game` from it (python -m docs.gen).
#
#   nice -n 10 sh benchmarks/scripts/game_lengths.sh        # from the repository root
set -e
SPECIESGYM=${SPECIESGYM:-"python -m speciesgym"}
OUT=${OUT:-benchmarks/results/bench/game-lengths.txt}
: > "$OUT"
for game in evolution dominant_species; do
  for players in 2 3 4 5 6; do
    $SPECIESGYM bench --game $game --players $players --games 1000 --aec-games 1 >> "$OUT"
  done
done
