#!/bin/sh
# The net-guided search against plain search:200cpums, Dominant Species at 2 players, one
# match of 100 games per training seed's net (seeds 0, 1, 2: the shipped net and the two kept
# in benchmarks/results/strength/nets/), the net read at the root alone by the bias rule.
# Each match resumes from its log, so the same command goes on where it stopped; each
# finished match's log is committed. Then the IQM over the three seeds.
#
#   nice -n 5 sh benchmarks/scripts/netguided_seeds.sh
#   SEEDS="1 2" OPTS=netdepth=1:root=puct:cp=0.15 TAG=netroot-cp015 sh benchmarks/scripts/netguided_seeds.sh
set -e
SPECIESGYM=${SPECIESGYM:-"python -m speciesgym"}
PYTHON=${PYTHON:-python}
OPTS=${OPTS:-netdepth=1:root=bias:cp=1}
TAG=${TAG:-netbias}
OUT=benchmarks/results/strength
NETS=$OUT/nets

net_of() { if [ "$1" = 0 ]; then echo zoo:dominant_species-2p; else echo "$NETS/dominant_species-2p-stage2-s$1.npz"; fi; }
log_of() { if [ "$1" = 0 ]; then echo "$OUT/$TAG-vs-search200cpums-dominant_species-2p-stage2.jsonl";
           else echo "$OUT/$TAG-vs-search200cpums-dominant_species-2p-stage2-s$1.jsonl"; fi; }

for S in ${SEEDS:-0 1 2}; do
  log=$(log_of "$S")
  $SPECIESGYM match --game dominant_species --agents "search:200cpums:net=$(net_of "$S"):$OPTS,search:200cpums" \
    --games 100 --seed 300 --log "$log"
  git add -- "$log" && git commit -q -m "$TAG match, seed $S's net: 100 games against search:200cpums" -- "$log" || true
done
logs=""
for S in 0 1 2; do logs="$logs $(log_of "$S")"; done
$PYTHON -m speciesgym.training.tournament.match_summary --iqm $logs | tee "$OUT/$TAG-vs-search200cpums-dominant_species-2p-3seeds.txt"
