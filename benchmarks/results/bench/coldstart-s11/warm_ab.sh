pgrep -f "speciesgym match" | xargs -r kill -STOP
for t in /work/wt/base /work/main; do cd $t; NUMBA_CACHE_DIR=/tmp/nc_$(basename $t) /work/main/.venv/bin/python -m speciesgym.training.bench.coldstart --child dominant_species > /dev/null; done
for r in 1 2 3 4 5 6 7 8; do
 for t in /work/wt/base /work/main; do
  cd $t; /usr/bin/time -f "$t %U+%S cpu %e wall" env NUMBA_CACHE_DIR=/tmp/nc_$(basename $t) /work/main/.venv/bin/python -m speciesgym.training.bench.coldstart --child dominant_species >/dev/null
 done
done
pgrep -f "speciesgym match" | xargs -r kill -CONT
