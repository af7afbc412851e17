# damier — developer commands. `make run` and `make test` work on a fresh machine with Python 3.11:
# `make test` also installs what the browser tests need (scripts/ensure-browser).
# `make run` starts the web app on http://127.0.0.1:8000 (games saved in SQLite).
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
TESTSTAMP := $(VENV)/.installed-test
DOCSSTAMP := $(VENV)/.installed-docs

.PHONY: fuzz run test browser lint typecheck bench docs dist distcheck clean asan asan-search

# The native kernel (src/damier/native, C) is compiled into the source tree by `pip install -e`
# and again here whenever its sources change (it is optional: without a C compiler damier runs
# on its pure-Python path).
NATIVE_SOURCES := $(wildcard src/damier/native/*.c src/damier/native/*.h src/damier/native/binding/*.[ch]) setup.py
KERNEL := $(VENV)/.kernel
# `make asan`: the generator's C with AddressSanitizer + UndefinedBehaviorSanitizer in a
# standalone driver (no Python inside), run through perft and random games of every variant.
ASAN_SOURCES := src/damier/native/gen64.c src/damier/native/gen128.c src/damier/native/layout.c
ASAN_CFLAGS := -std=c11 -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
	-fno-sanitize-recover=all -Wall -Wextra -Werror

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[web]'
	@touch $@

$(TESTSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $@ $(STAMP) $(DOCSSTAMP)

$(KERNEL): $(NATIVE_SOURCES) | $(STAMP)
	$(BIN)/python -c 'import setuptools, sys; sys.exit(int(setuptools.__version__.split(".")[0]) < 77)' \
		2>/dev/null || $(BIN)/python -m pip install --quiet 'setuptools>=77'  # SPDX licence (pyproject)
	$(BIN)/python setup.py -q build_ext --inplace
	@touch $@

run: $(STAMP) $(KERNEL)
	$(BIN)/damier

# the whole suite on the native path, the core and engine tests again on the pure-Python path,
# then the sanitized kernel. The suite runs in WORKERS processes (pytest-xdist): the tests wait
# on browsers, servers and engine processes a good part of their time, so two workers keep two
# cores busy; `make test WORKERS=0` runs it in one process.
WORKERS ?= 2
test: browser $(TESTSTAMP) $(KERNEL)
	$(BIN)/python -m pytest -n $(WORKERS)
	DAMIER_PURE=1 $(BIN)/python -m pytest -n $(WORKERS) tests/core tests/engine
	$(MAKE) asan
	$(MAKE) asan-search

asan: $(STAMP)
	@mkdir -p build/asan
	$(CC) $(ASAN_CFLAGS) -Isrc/damier/native tests/native/kernel_driver.c $(ASAN_SOURCES) \
		-o build/asan/kernel_driver
	$(BIN)/python tests/native/sanitize.py build/asan/kernel_driver

# `make asan-search`: the whole extension (evaluation, search and their binding with the
# generator) built with the same sanitizers into build/asan-ext, and the native evaluation and
# search tests run on it (Python itself is not sanitized: the runtime is preloaded); the 10,000
# positions per variant of the evaluation are left to the plain run (random weights run here);
# then the game database's bulk replay and postings (replay.c, postings.c) against their Python
# specifications.
ASAN_EXT := build/asan-ext
PY_INCLUDE = $$($(BIN)/python -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
PY_SUFFIX = $$($(BIN)/python -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
asan-search: $(STAMP)
	@rm -rf $(ASAN_EXT) && mkdir -p $(ASAN_EXT)
	cp -r src/damier $(ASAN_EXT)/damier && rm -f $(ASAN_EXT)/damier/_kernel*.so
	$(CC) $(ASAN_CFLAGS) -shared -fPIC -I$(PY_INCLUDE) src/damier/native/*.c src/damier/native/binding/*.c \
		-o $(ASAN_EXT)/damier/_kernel$(PY_SUFFIX)
	LD_PRELOAD="$$($(CC) -print-file-name=libasan.so) $$($(CC) -print-file-name=libubsan.so)" \
		ASAN_OPTIONS=detect_leaks=0 PYTHONPATH=$(ASAN_EXT):. $(BIN)/python -m pytest -p no:cacheprovider -q \
		tests/native/test_search_native.py tests/native/test_eval_native.py tests/native/test_view.py \
		-k "not test_native_scores_equal_python_scores"
	LD_PRELOAD="$$($(CC) -print-file-name=libasan.so) $$($(CC) -print-file-name=libubsan.so)" \
		ASAN_OPTIONS=detect_leaks=0 PYTHONPATH=$(ASAN_EXT):. $(BIN)/python -m pytest -p no:cacheprovider -q \
		tests/analysis/test_gamedb.py -k "postings or replays_agree"

# Chromium and chromedriver for the browser tests: installed with apt-get (as root or with
# sudo) when missing; elsewhere make stops here with the command to run.
browser:
	@sh scripts/ensure-browser

# the fuzz harnesses of fuzz/ at length (2,000 inputs each; tests/robustness/test_fuzz.py
# runs them briefly in CI); reports inputs tried and failures per harness
fuzz: $(TESTSTAMP) $(KERNEL)
	nice -n 10 $(BIN)/python fuzz/run.py --examples $(or $(EXAMPLES),2000)

lint: $(TESTSTAMP)
	$(BIN)/ruff check src tests bench fuzz
	$(BIN)/mypy

typecheck: lint

bench: $(TESTSTAMP)
	$(BIN)/python bench/run.py

$(DOCSSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[docs]'
	@touch $@

# the documentation site in site/ (MkDocs + mkdocstrings; warnings are errors). The test
# suite builds it too (tests/test_docs_site.py), so CI checks it.
docs: $(DOCSSTAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

# the sdist and the wheel in dist/
dist: $(TESTSTAMP)
	$(BIN)/python -m build --outdir dist .

# build both from the committed tree, install the wheel into a new venv, run the sdist's tests
distcheck:
	bash scripts/check-dist $(PYTHON)

clean:
	rm -rf $(VENV) build dist site src/*.egg-info .pytest_cache .mypy_cache .ruff_cache src/damier/_kernel*.so
