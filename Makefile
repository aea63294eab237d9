# perclab: set-up, book and tests. `make book` and `make test` are all a fresh machine
# with Python 3.11 and pip needs; both create .venv and install into it when needed.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.DEFAULT_GOAL := help
.PHONY: help install book test lint unit notebooks book-strict lab bench clean distclean

help:
	@echo "make book   build the HTML book into _build/html"
	@echo "make test   run everything: lint, unit and property tests, notebooks, strict book build"
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

# The whole suite, stopping at the first failing stage.
test: lint unit notebooks book-strict

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
