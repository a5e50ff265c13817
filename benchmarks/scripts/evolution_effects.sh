#!/bin/sh
# What moves the 2-player Evolution recipe's multi-seed result. Each variant
# is the recipe (evolution_flyer_clone_seeds.sh) with one change, trained as a sweep of its
# own (same seeds, resumable, lowest priority), then `speciesgym effects` sets every variant
# against the recipe's own sweep: IQM win rates and their differences with 95% intervals.
#
#   noclone     no behaviour cloning (--pretrain=)
#   noshaping   end-of-game reward only (--shaping 0)
#   grazeronly  one heuristic as the baseline opponent instead of three
#   noselfplay  no past checkpoints among the opponents (--self-play 0)
#   pool100k    the self-play pool refreshed every 100k steps instead of 50k
#   grazeronly-noselfplay  the two changes that each won more against grazer, together
#                          (not in the default VARIANTS: run it by name)
#
# The checkpoint and evaluation cadences are not variants: they no longer change a run (a
# test in tests/training/test_train.py trains at three cadences and gets the same weights).
#
#   nice -n 19 sh benchmarks/scripts/evolution_effects.sh
#   RUNS_DIR=../runs SEEDS=0-2 VARIANTS="noclone noshaping" sh benchmarks/scripts/evolution_effects.sh
set -e
HERE=$(dirname "$0")
SPECIESGYM=${SPECIESGYM:-"python -m speciesgym"}
RUNS_DIR=${RUNS_DIR:-runs}
VARIANTS=${VARIANTS:-"noclone noshaping grazeronly noselfplay pool100k"}
BASE=evolution-2p-flyerclone
SWEEPS="$RUNS_DIR/$BASE"
for v in $VARIANTS; do
  case $v in
    noclone) EXTRA="--pretrain=" ;;
    noshaping) EXTRA="--shaping 0" ;;
    grazeronly) EXTRA="--baselines heuristic:grazer" ;;
    noselfplay) EXTRA="--self-play 0" ;;
    pool100k) EXTRA="--pool-every 100000" ;;
    grazeronly-noselfplay) EXTRA="--baselines heuristic:grazer --self-play 0" ;;
    *) echo "evolution_effects.sh: unknown variant $v" >&2; exit 2 ;;
  esac
  NAME=$BASE-$v EXTRA="$EXTRA" SPECIESGYM="$SPECIESGYM" RUNS_DIR="$RUNS_DIR" \
    sh "$HERE/evolution_flyer_clone_seeds.sh"
  SWEEPS="$SWEEPS $RUNS_DIR/$BASE-$v"
done
$SPECIESGYM effects $SWEEPS --out "$RUNS_DIR/$BASE-effects"
