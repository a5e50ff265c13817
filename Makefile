# One venv for everything; a stamp file makes the second run install nothing.
PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml setup.py | md5sum | cut -c1-12)

.PHONY: test soak demo bench warm clean lint typecheck docs

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml setup.py
	$(BIN)/pip install -q -e ".[dev,train,ray,docs]"
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

warm: $(STAMP)
	$(BIN)/speciesgym warm

# The test suite, then every notebook in notebooks/ executed by nbmake (one pytest run), on
# TEST_WORKERS processes (pytest-xdist; the kernels are compiled once by warm, before); then
# the documentation site built strictly (make docs).
TEST_WORKERS ?= 2
test: warm lint typecheck
	$(BIN)/python -m pytest -q -n $(TEST_WORKERS) -m "not soak" --nbmake tests notebooks
	$(MAKE) --no-print-directory docs

# The documentation site from docs/ into site/ (mkdocs.yml); --strict: a broken link, a
# missing page or a failing API reference fails the build. Needs no network. The pages
# generated from code and results are rewritten by `python -m docs.gen` (tests/docs checks).
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet

# The floors of the house (pyproject.toml [tool.importlinter]): training -> agents -> envs,
# the games apart, training's subpackages in order.
lint: $(STAMP)
	$(BIN)/lint-imports

# Every import over the tree resolves, and the public API checks in basic mode
# (pyproject.toml [tool.basedpyright]).
typecheck: $(STAMP)
	$(BIN)/basedpyright

# The long checks, on TEST_WORKERS processes; CI runs them after make test: the tests marked
# soak (both games compiled afresh under NUMBA_BOUNDSCHECK, the wheel installed into a fresh
# venv), then every decision of 50 random games per player count saved, loaded and continued
# (both games' scenario round trips), then the scenario fuzzer, 10,000 inputs per game (its
# counts at this seed: benchmarks/results/fuzz/seed-7.md).
soak: warm
	$(BIN)/python -m pytest -q -n $(TEST_WORKERS) -m soak tests
	SPECIESGYM_ROUNDTRIP_GAMES=50 $(BIN)/python -m pytest -q -n $(TEST_WORKERS) \
		tests/evolution/test_scenario_round_trip.py tests/dominant_species/test_scenario_roundtrip.py
	for g in dominant_species evolution; do $(BIN)/python -m speciesgym.envs.fuzz --game $$g --inputs 10000 --seed 7 || exit 1; done

# A small MaskablePPO agent per game (2 players, one seed, minutes on 2 cores), then its win
# rates against the heuristics over DEMO_GAMES games with seats rotating, then a rated
# tournament of each demo agent against the bots and the shipped net of its game
# (zoo:<game>-2p, the fixed reference; leaderboards in runs/demo-tourney-*).
# Evolution: the recipe `speciesgym train` starts from (training/ppo/recipes.py: clone
# heuristic:flyer, then PPO against the three heuristics and past snapshots), shortened to
# DEMO_STEPS_EVOLUTION steps (the recipe's own 300k: README, "A recipe that holds").
DEMO_STEPS_EVOLUTION ?= 100000
DEMO_STEPS_DS ?= 30000
DEMO_GAMES ?= 50
# Dominant Species: its recipe (cloning, then 4.5M steps) takes about an hour of CPU, so the
# demo starts from the shipped net instead (`--init zoo:dominant_species-2p`: a PPO net packed
# with its critic, training/ppo/from_net.py) and trains DEMO_STEPS_DS more steps with the
# recipe's other settings.
DEMO_DS_FLAGS = --players 2 --seed 0 --init zoo:dominant_species-2p --checkpoint-every 10000 \
	--pool-every 10000 --eval-every 0 --eval-games $(DEMO_GAMES) --overwrite

demo: warm
	$(BIN)/speciesgym train --game evolution --players 2 --seed 0 --timesteps $(DEMO_STEPS_EVOLUTION) \
		--name demo-evolution --eval-every 0 --eval-games $(DEMO_GAMES) --overwrite
	$(BIN)/speciesgym train --game dominant_species --timesteps $(DEMO_STEPS_DS) \
		--name demo-dominant_species $(DEMO_DS_FLAGS)
	rm -rf runs/demo-tourney-evolution runs/demo-tourney-dominant_species
	$(BIN)/speciesgym tournament --game evolution --players 2 --games 40 --workers 2 \
		--agents ppo:runs/demo-evolution/final.zip,zoo:evolution-2p,random,heuristic:grazer,heuristic:hunter,heuristic:flyer \
		--out runs/demo-tourney-evolution
	$(BIN)/speciesgym tournament --game dominant_species --players 2 --games 40 --workers 2 \
		--agents ppo:runs/demo-dominant_species/final.zip,zoo:dominant_species-2p,random,heuristic:dominator,heuristic:spreader \
		--out runs/demo-tourney-dominant_species

bench: warm
	$(BIN)/speciesgym bench --game evolution --players 4
	$(BIN)/speciesgym bench --game dominant_species --players 4

clean:
	rm -rf $(VENV)
