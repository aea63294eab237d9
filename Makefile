# perclab: set-up, book and tests. `make book` and `make test` are all a fresh machine
# with Python 3.11 and pip needs; both create .venv and install into it when needed.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.DEFAULT_GOAL := help
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: help install book book-nosolutions test lint unit notebooks book-strict test-browser chromium \
        linkcheck lab bench clean distclean

help:
	@echo "make book   build the HTML book into _build/html"
	@echo "make book-nosolutions  the book without exercise solutions, for graded courses"
	@echo "make test   run everything: lint, unit and property tests, notebooks, strict book"
	@echo "            build, then every page in headless Chromium (make test-browser)"
	@echo "make linkcheck  check the book's external links (needs a network)"
	@echo "make lab    open the notebooks in JupyterLab"
	@echo "make bench  print speed ratios and the build and import budgets"
	@echo "make clean  remove the built book; make distclean also removes .venv"

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Re-install whenever the dependency lists change.
$(STAMP): $(BIN)/python requirements.txt pyproject.toml
	$(BIN)/python -m pip install --upgrade pip
	$(BIN)/python -m pip install -r requirements.txt -e ".[dev]"
	touch $(STAMP)

install: $(STAMP)

book: $(STAMP)
	$(BIN)/jupyter-book build .
	@echo
	@echo "The book is built. Open this file in a browser:"
	@echo "  file://$(CURDIR)/_build/html/index.html"

# The book without solutions, for instructors who grade the exercises: the exercise pages
# come from the student notebooks, and sphinx-exercise's hide_solutions is on.
book-nosolutions: $(STAMP)
	$(BIN)/python tools/exercises.py nosolutions _build/nosolutions
	$(BIN)/jupyter-book build . --config _build/nosolutions/_config.yml \
	  --toc _build/nosolutions/_toc.yml --path-output _build/nosolutions
	@echo
	@echo "The book without solutions is built. Open this file in a browser:"
	@echo "  file://$(CURDIR)/_build/nosolutions/_build/html/index.html"

# The whole suite, stopping at the first failing stage.
test: lint unit notebooks book-strict test-browser

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

unit: $(STAMP)
	$(BIN)/python -m pytest

notebooks: $(STAMP)
	$(BIN)/python -m pytest --nbval-lax --nbval-current-env notebooks exercises

# -W: any warning fails; -n: every cross-reference must resolve; raise_on_error in
# _config.yml: any failing cell fails.
book-strict: $(STAMP)
	$(BIN)/jupyter-book build . -W -n --keep-going

# Every page of the strict build in headless Chromium: console errors, images and alt
# text, maths, animations, folded solutions, search, axe-core accessibility, phone width
# and dark mode. Screenshots of every page are kept in _build/screenshots.
test-browser: $(STAMP) chromium
	$(BIN)/python -m pytest site_tests -p no:cacheprovider

# Debian's chromium package (Playwright drives it; it downloads no browser of its own).
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "Installing Debian's chromium package for the browser tests"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium; }

# External links are checked only here, when online; every other target works offline.
linkcheck: $(STAMP)
	$(BIN)/jupyter-book build . --builder linkcheck

lab: $(STAMP)
	$(BIN)/python -m pip install -e ".[lab]"
	$(BIN)/jupyter lab notebooks

# Benchmarks (scripts that print ratios, not tests): training speed against
# scikit-learn, then the budgets of a cold book build and of `import perclab`.
bench: $(STAMP)
	$(BIN)/python benchmarks/bench_train.py
	$(BIN)/python benchmarks/bench_budgets.py

clean:
	rm -rf _build

distclean: clean
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis src/*.egg-info

# The Jupyter edition (jupyter/): the chapters and the student exercises as plain Jupyter
# notebooks, made from the MyST sources by tools/jupyter_edition.py. `make jupyter-edition`
# rewrites it after the sources change (it reuses the executed notebooks of the last
# `make book` when their code is current, and runs the others once). `make test-edition`
# runs its tests alone: every edition notebook rendered as Jupyter renders it, run once in
# a fresh kernel and compared with a fresh generation, and two of them in Chromium.
.PHONY: jupyter-edition test-edition
jupyter-edition: $(STAMP)
	$(BIN)/python tools/jupyter_edition.py

test-edition: $(STAMP) chromium
	$(BIN)/python -m pytest tests/test_jupyter_edition.py tests/test_jupyter_edition_run.py
	$(BIN)/python -m pytest site_tests/test_jupyter_edition_browser.py -p no:cacheprovider
