# Dominant Species batched engine, main before the cold-start merge (worktree /work/wt/predscold at b6f49d6) against the merge; output in ds_engine_ab_dscold-2026-12-03.log
PY=/work/main/.venv/bin/python
for r in 1 2 3 4 5 6; do for p in 2 4; do
  b=$(cd /work/wt/predscold && $PY -c "from speciesgym.training.bench.speed import bench_game; print(bench_game('dominant_species',$p,6000,1,0)['engine_decisions_per_s'])" 2>/dev/null | tail -1)
  m=$(cd /work/main && $PY -c "from speciesgym.training.bench.speed import bench_game; print(bench_game('dominant_species',$p,6000,1,0)['engine_decisions_per_s'])" 2>/dev/null | tail -1)
  echo "$r ${p}p old $b new $m $(python3 -c "print(round($m/$b,3))")"
done; done
