# alternate cold starts: base (HEAD before) vs main working tree; samples stopped
pgrep -f "speciesgym match" | xargs -r kill -STOP
for r in 1 2 3 4; do
 for t in /work/wt/base /work/main; do
  cd $t && echo "$t $(/work/main/.venv/bin/python -m speciesgym.training.bench.coldstart --game dominant_species 2>&1 | tail -1 | python3 -c 'import json,sys; d=json.load(sys.stdin)["dominant_species"]; print("cold %.2f/%.2f warm %.2f/%.2f" % (d["cold"]["process"]["cpu"], d["cold"]["process"]["wall"], d["warm"]["process"]["cpu"], d["warm"]["process"]["wall"]))')"
 done
done
pgrep -f "speciesgym match" | xargs -r kill -CONT
