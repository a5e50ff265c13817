# One venv for everything; a stamp file makes the second run install nothing.
PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml | md5sum | cut -c1-12)

.PHONY: test demo bench warm clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/pip install -q -e ".[dev,train]"
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

warm: $(STAMP)
	$(BIN)/python -m training.warm

test: warm
	$(BIN)/python -m pytest -q

demo: warm
	$(BIN)/speciesgym play --game evolution --players 4 --seed 1

bench: warm
	$(BIN)/speciesgym bench --game evolution

clean:
	rm -rf $(VENV)
