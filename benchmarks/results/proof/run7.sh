# Session 12 (issue 9 item 5b): a second labelling of run6.sh's kind (mixed playouts, 384
# simulations per action, seed 4): whether run6's Spearman holds under another labelling
# seed, and the agreement of the two on their clear positions (item 5a for these labels).
#   RUNS=/work/runs PY="python -m speciesgym" sh benchmarks/results/proof/run7.sh
SEED=4 TAG=mix384b AGAINST=mix384 exec sh "$(dirname "$0")/run6.sh"
