# damier — developer commands. `make run` and `make test` work on a fresh machine with Python 3.11:
# `make test` also installs what the browser tests need (scripts/ensure-browser).
# `make run` starts the web app on http://127.0.0.1:8000 (games saved in SQLite).
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
TESTSTAMP := $(VENV)/.installed-test

.PHONY: run test browser lint typecheck bench docs clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[web]'
	@touch $@

$(TESTSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $@ $(STAMP)

run: $(STAMP)
	$(BIN)/damier

test: browser $(TESTSTAMP)
	$(BIN)/python -m pytest

# Chromium and chromedriver for the browser tests: installed with apt-get (as root or with
# sudo) when missing; elsewhere make stops here with the command to run.
browser:
	@sh scripts/ensure-browser

lint: $(TESTSTAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/mypy

typecheck: lint

bench: $(TESTSTAMP)
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
