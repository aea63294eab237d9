# perclab: set-up, book and tests. `make book` and `make test` are all a fresh machine
# with Python 3.11 and pip needs; both create .venv and install into it when needed.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.DEFAULT_GOAL := help
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: help install book book-nosolutions pdf pdf-nosolutions texlive test lint unit \
        notebooks book-strict edition-check routes dist test-browser screenshots chromium linkcheck lab bench reading-stats clean \
        distclean

help:
	@echo "make book   build the HTML book into _build/html"
	@echo "make pdf    build the whole book as a PDF, _build/latex/perclab.pdf (and copy it"
	@echo "            into _build/html, where every page links to it)"
	@echo "make book-nosolutions  the book without exercise solutions, for graded courses"
	@echo "make pdf-nosolutions   the same student edition as a PDF"
	@echo "make slides the lecture decks alone (make book builds them too), _build/html/slides"
	@echo "make slides-pdf  each deck as a PDF handout beside it, one page per slide"
	@echo "make test   run everything: lint; unit, property and doctests; strict book build;"
	@echo "            the launch routes and the PDF; then the site tests: every page in"
	@echo "            headless Chromium, the PDF's contents, the publish and release workflows"
	@echo "make routes the Jupyter edition on Colab's and Binder's set-ups, the unit tests on"
	@echo "            Python 3.10 and 3.13, the wheel alone"
	@echo "make dist   build and check the sdist and the wheel into _build/dist"
	@echo "make autograder  each exercise as an otter-grader assignment, _build/autograder"
	@echo "make grade SUBMISSIONS=<folder>  grade a folder of submitted notebooks"
	@echo "make screenshots  screenshots of every page into _build/screenshots, for review"
	@echo "make linkcheck  check the book's external links (needs a network)"
	@echo "make lab    open the Jupyter edition (jupyter/) in JupyterLab, with RISE for the"
	@echo "            decks in jupyter/slides"
	@echo "make bench  print speed ratios, each launch route's time, the time of grading 100"
	@echo "            submissions, and of make test, a cold book build and import perclab"
	@echo "            against their budgets"
	@echo "make reading-stats  words on each chapter's main path and optional sections,"
	@echo "            code cells, figures and reading time, from the built book"
	@echo "make clean  remove the built book; make distclean also removes .venv and .venv-*"

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Re-install whenever the dependency lists change.
$(STAMP): $(BIN)/python requirements.txt pyproject.toml
	$(BIN)/python -m pip install --upgrade pip
	$(BIN)/python -m pip install -r requirements.txt -e ".[dev]"
	touch $(STAMP)

# The slide engine of the lecture decks (reveal.js) and their maths renderer (KaTeX),
# from npm at the versions package-lock.json pins; tools/slides.py copies what the decks
# load into the built site.
NODE_STAMP := node_modules/.installed
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $(NODE_STAMP)

install: $(STAMP) $(NODE_STAMP)

book: $(STAMP) $(NODE_STAMP)
	$(BIN)/jupyter-book build .
	$(BIN)/python tools/slides.py html
	@echo
	@echo "The book is built. Open this file in a browser:"
	@echo "  file://$(CURDIR)/_build/html/index.html"

# The book without solutions, for instructors who grade the exercises: the exercise pages
# come from the student notebooks, and sphinx-exercise's hide_solutions is on.
NOSOL := --config _build/nosolutions/_config.yml --toc _build/nosolutions/_toc.yml \
         --path-output _build/nosolutions

book-nosolutions: $(STAMP)
	$(BIN)/python tools/exercises.py nosolutions _build/nosolutions
	$(BIN)/jupyter-book build . $(NOSOL)
	@echo
	@echo "The book without solutions is built. Open this file in a browser:"
	@echo "  file://$(CURDIR)/_build/nosolutions/_build/html/index.html"

# The whole book as one PDF, through LaTeX (xelatex, latexmk). The notebooks' outputs come
# from the same cache as the HTML book's, so a book already built is not run again. The
# PDF is copied next to the HTML book, whose pages link to it.
pdf: $(STAMP) texlive
	$(BIN)/jupyter-book build . --builder pdflatex
	mkdir -p _build/html
	cp _build/latex/perclab.pdf _build/html/perclab.pdf
	@echo
	@echo "The PDF is built: $(CURDIR)/_build/latex/perclab.pdf"

pdf-nosolutions: $(STAMP) texlive
	$(BIN)/python tools/exercises.py nosolutions _build/nosolutions
	$(BIN)/jupyter-book build . $(NOSOL) --builder pdflatex
	mkdir -p _build/nosolutions/_build/html
	cp _build/nosolutions/_build/latex/perclab.pdf _build/nosolutions/_build/html/perclab.pdf
	@echo
	@echo "The PDF without solutions is built: $(CURDIR)/_build/nosolutions/_build/latex/perclab.pdf"

# Debian's TeX Live packages for the PDF, installed when one of them is missing: XeLaTeX
# and the LaTeX packages Sphinx uses, latexmk, xindy (the index), the FreeFont fonts
# (Greek letters and mathematical symbols in the text) and poppler-utils (pdftotext,
# which the PDF's test reads it with).
TEXLIVE := texlive-xetex texlive-latex-extra texlive-fonts-recommended latexmk xindy \
           fonts-freefont-otf poppler-utils
texlive:
	@missing=; for c in xelatex latexmk xindy pdftotext; do \
	  command -v $$c >/dev/null 2>&1 || missing=1; done; \
	fc-list 2>/dev/null | grep -q FreeSerif || missing=1; \
	[ -z "$$missing" ] || { \
	  echo "Installing Debian's TeX Live packages for the PDF"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) apt-get install -y -qq --no-install-recommends $(TEXLIVE); }

# The whole suite, stopping at the first failing stage. The book's notebooks run in the
# strict book build (in parallel, into the cache that the PDF then reads); the Jupyter
# edition, chapters and student notebooks, runs on each launch route (`make routes`).
# The routes and the PDF run side by side (LaTeX keeps one core busy, the routes use
# what is free), each target's output printed whole when it ends.
test: lint unit book-strict edition-check
	$(MAKE) --no-print-directory -j2 --output-sync=target routes pdf slides-pdf
	$(MAKE) --no-print-directory test-browser

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# Unit, property and doctests on every core. The Jupyter edition is read here (rendered
# as Jupyter renders it, its code tested equal to its source's less the glue); it is run
# on every launch route by `make routes`.
unit: $(STAMP)
	$(BIN)/python -m pytest -n auto --dist loadfile tests src/perclab

# The committed Jupyter edition equals a fresh generation from the notebooks the strict
# book build just executed (glued numbers included); nothing is run again.
edition-check: $(STAMP)
	$(BIN)/python tools/jupyter_edition.py --check

# Every way a learner runs the notebooks (tools/routes.py makes each environment once, as
# .venv-<route>, and again when its inputs change): every edition notebook in a fresh
# kernel on Colab's Python 3.12 and packages, perclab installed by the notebook's own
# Colab cell from a wheel of the working tree, and on Binder's requirements.txt with
# Python 3.11; the unit tests on Python 3.10 and 3.13; the sdist and the wheel (twine),
# and the wheel alone in a new environment. A missing interpreter fails, saying so.
routes: $(STAMP)
	$(BIN)/python tools/routes.py prepare
	$(BIN)/python -m pytest -n auto route_tests -p no:cacheprovider

# The sdist and the wheel, built from the working tree into _build/dist and checked as
# PyPI checks them (twine check --strict). The release workflow publishes them.
dist: $(STAMP)
	$(BIN)/python tools/routes.py dist

# Every notebook, chapters and solutions included, run by nbval (the strict book build
# runs the same notebooks; this target is for a quick check without a build).
notebooks: $(STAMP)
	$(BIN)/python -m pytest -n auto --nbval-lax --nbval-current-env notebooks exercises

# -W: any warning fails; -n: every cross-reference must resolve; raise_on_error in
# _config.yml: any failing cell fails.
book-strict: $(STAMP) $(NODE_STAMP)
	$(BIN)/jupyter-book build . -W -n --keep-going
	$(BIN)/python tools/slides.py html

# The lecture decks alone (slides/NN_name.md into _build/html/slides/NN_name.html), from
# the chapters' runs in the book's cache (a chapter without one is run first), and their
# PDF handouts, one page per slide, printed by Chromium beside each deck.
.PHONY: slides slides-pdf
slides: $(STAMP) $(NODE_STAMP)
	$(BIN)/python tools/slides.py html

slides-pdf: $(STAMP) $(NODE_STAMP) chromium
	@ls _build/html/slides/*.html >/dev/null 2>&1 || $(BIN)/python tools/slides.py html
	$(BIN)/python tools/slides.py pdf

# Every page of the strict build in headless Chromium: console errors, images and alt
# text, maths, animations, folded solutions, search, axe-core accessibility, phone width,
# code blocks at 1280 px and dark mode; the PDF's contents; the instructors' page's
# configuration and the publish workflow (actionlint). On every core.
test-browser: $(STAMP) chromium
	$(BIN)/python -m pytest -n auto site_tests -p no:cacheprovider

# Full-page screenshots of every page (light, dark, phone) into _build/screenshots.
screenshots: $(STAMP) chromium
	SCREENSHOTS=1 $(BIN)/python -m pytest -n auto site_tests -p no:cacheprovider \
	  -k "test_page or phone"

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
	$(BIN)/jupyter lab jupyter

# Benchmarks (scripts that print ratios, not tests): training speed against
# scikit-learn, the time of each launch route, then the budgets of `make test`, a cold
# book build and `import perclab`.
bench: $(STAMP)
	$(BIN)/python benchmarks/bench_train.py
	$(BIN)/python benchmarks/bench_routes.py
	$(BIN)/python benchmarks/bench_budgets.py

# How long the chapters are: main-path and optional words, code cells, figures and an
# estimated reading time per chapter of the last build (make book first).
reading-stats: $(STAMP)
	$(BIN)/python tools/reading_stats.py

clean:
	rm -rf _build

distclean: clean
	rm -rf $(VENV) .venv-* .pytest_cache .ruff_cache .hypothesis src/*.egg-info node_modules

# The Jupyter edition (jupyter/): the chapters and the student exercises as plain Jupyter
# notebooks, made from the MyST sources by tools/jupyter_edition.py. `make jupyter-edition`
# rewrites it after the sources change (it reuses the executed notebooks of the last
# `make book` when their code is current, and runs the others once). `make test-edition`
# runs its tests alone: every edition notebook rendered as Jupyter renders it, run on the
# Colab and Binder routes in a fresh kernel, and two of them in Chromium.
.PHONY: jupyter-edition test-edition
jupyter-edition: $(STAMP)
	$(BIN)/python tools/jupyter_edition.py

test-edition: $(STAMP) chromium
	$(BIN)/python -m pytest tests/test_jupyter_edition.py
	$(BIN)/python tools/routes.py prepare colab binder
	$(BIN)/python -m pytest -n auto route_tests -p no:cacheprovider -k "colab or binder"
	$(BIN)/python -m pytest site_tests/test_jupyter_edition_browser.py -p no:cacheprovider

# Grading a class (book/instructors.md, "Grading the exercises"): `make autograder` writes
# each exercise's otter-grader assignment into _build/autograder/ (the student notebook
# and the autograder zip for Gradescope or `otter run`); `make grade SUBMISSIONS=<folder>`
# grades every notebook of a folder, each in its own limited process, into
# <folder>/grades.csv and <folder>/feedback/.
.PHONY: autograder grade
autograder: $(STAMP)
	$(BIN)/python tools/autograder.py

grade: $(STAMP)
	@test -n "$(SUBMISSIONS)" || { echo "usage: make grade SUBMISSIONS=<folder>"; exit 2; }
	$(BIN)/python tools/grade.py "$(SUBMISSIONS)"

# `make bench` also prints the time of `make grade` on 100 submissions of one exercise
# against its budget of 5 minutes.
.PHONY: bench-grade
bench: bench-grade
bench-grade: $(STAMP)
	$(BIN)/python benchmarks/bench_grade.py
