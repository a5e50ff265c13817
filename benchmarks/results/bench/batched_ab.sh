#!/bin/sh
# Issue 12 item 1, "the batched engine no slower than today": batched random play (2,000 games
# per run, one process per measurement, each game's warm cache loaded first) of the commit
# before the change of calling convention (ad5abcd^, when the issue was filed) against main,
# alternating, 4 rounds, both games, 2 and 4 players. Setup, from the repository root:
#   git worktree add --detach /work/wt/base12 ad5abcd^      # the old layout: top-level envs/
#   sh benchmarks/results/bench/batched_ab.sh > batched_ab.log
PY=/work/main/.venv/bin/python
for r in 1 2 3 4; do
 for g in evolution dominant_species; do for p in 2 4; do
  b=$(cd /work/wt/base12 && $PY -c "from training.bench.speed import bench_game; print(bench_game('$g',$p,2000,1,0)['engine_decisions_per_s'])" 2>/dev/null | tail -1)
  m=$(cd /work/main && $PY -c "from speciesgym.training.bench.speed import bench_game; print(bench_game('$g',$p,2000,1,0)['engine_decisions_per_s'])" 2>/dev/null | tail -1)
  echo "round $r $g ${p}p base $b main $m"
 done; done
done
