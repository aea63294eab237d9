"""Measure the module's time budgets: `make test`, a cold book build, each notebook,
`import perclab`.

* ``make test`` from a fresh copy of the repository (without ``_build`` and caches), with
  this environment and the launch routes' environments already installed (the copy
  uses this repository's ``.venv-*`` through ``PERCLAB_ROUTES``): everything the suite
  checks, the routes and the PDF included. Budget: 8 minutes.
* A cold ``make book``: ``jupyter-book build`` of the whole book, every notebook
  executed, nothing cached, then the lecture decks (``tools/slides.py html``): the
  repository is copied into a temporary directory (without ``.venv``, ``_build`` and
  other caches; with ``node_modules``, which ``make install`` fills) and built there with
  this environment. Budget: 60 s in all.
* The execution time of each notebook in that build, as jupyter-cache records it (or,
  if the build kept no cache, of each notebook run again with nbclient). Budget: 10 s
  each.
* ``import perclab`` in a fresh interpreter, best of several. Budget: 0.3 s. The
  heavy optional packages must not be imported by it.

    python benchmarks/bench_budgets.py [--skip-test] [--skip-book] [--keep]

The machine's load (``os.getloadavg``) is printed with each figure: on a busy machine the
figures are pessimistic.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEST_BUDGET = 480.0
BOOK_BUDGET = 60.0
NOTEBOOK_BUDGET = 10.0
IMPORT_BUDGET = 0.3
HEAVY = ("sklearn", "sympy", "ipywidgets", "matplotlib")  # loaded only where needed
NOT_COPIED = (
    ".venv",
    ".venv-*",
    "_build",
    ".git",
    ".hypothesis",
    ".pytest_cache",
    ".ruff_cache",
)


def verdict(seconds: float, budget: float) -> str:
    return (
        f"{seconds:7.2f} s  (budget {budget:g} s: {'ok' if seconds <= budget else 'OVER'})"
    )


def import_time(repeats: int) -> tuple[float, list[str]]:
    """Best wall time of ``import perclab`` in a fresh interpreter, and the heavy
    modules that the import loaded."""
    code = (
        "import sys, time\n"
        "start = time.perf_counter()\n"
        "import perclab\n"
        "elapsed = time.perf_counter() - start\n"
        f"print(elapsed, *[m for m in {HEAVY!r} if m in sys.modules])\n"
    )
    best, loaded = float("inf"), []
    for _ in range(repeats):
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout.split()
        best, loaded = min(best, float(out[0])), out[1:]
    return best, loaded


def ensure_installed() -> None:
    """``make install`` and the routes' environments here first: with an out-of-date
    stamp, the copy's ``make`` would install this environment's editable perclab (and
    the routes' environments) from the copy, which is then deleted."""
    subprocess.run(["make", "install"], cwd=ROOT, check=True, capture_output=True)
    subprocess.run(
        [sys.executable, str(ROOT / "tools" / "routes.py"), "prepare"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )


def copy_repository(destination: Path) -> Path:
    book = destination / "book-copy"
    shutil.copytree(ROOT, book, ignore=shutil.ignore_patterns(*NOT_COPIED))
    return book


def load() -> str:
    return "load average " + ", ".join(f"{x:.1f}" for x in os.getloadavg())


def run_make_test(book: Path) -> float:
    """``make test`` in the copy ``book``, with this environment (``VENV`` points at it,
    so nothing is installed); return seconds."""
    venv = Path(sys.executable).parent.parent
    # perclab is imported from the copy (the environment's own is an editable install of
    # this repository), as the doctests require
    env = {**os.environ, "PYTHONPATH": str(book / "src"), "PERCLAB_ROUTES": str(ROOT)}
    start = time.perf_counter()
    completed = subprocess.run(
        ["make", f"VENV={venv}", "test"], cwd=book, capture_output=True, text=True, env=env
    )
    seconds = time.perf_counter() - start
    if completed.returncode != 0:
        print(completed.stdout[-3000:], completed.stderr[-3000:], sep="\n")
        raise SystemExit(f"make test failed (exit {completed.returncode})")
    return seconds


def build_book(book: Path) -> float:
    """Build the book in ``book`` as ``make book`` does, the decks included, with this
    environment; return seconds."""
    jupyter_book = Path(sys.executable).with_name("jupyter-book")
    steps = [
        [str(jupyter_book), "build", str(book)],
        [sys.executable, str(book / "tools" / "slides.py"), "html"],
    ]
    start = time.perf_counter()
    for step in steps:
        completed = subprocess.run(step, capture_output=True, text=True, cwd=book)
        if completed.returncode != 0:
            print(completed.stdout[-3000:], completed.stderr[-3000:], sep="\n")
            raise SystemExit(f"{' '.join(step)} failed (exit {completed.returncode})")
    return time.perf_counter() - start


def notebook_times(book: Path) -> tuple[dict[str, float], str]:
    """Execution seconds of each notebook the build ran, and where they come from."""
    from jupyter_cache import get_cache

    cache_path = book / "_build" / ".jupyter_cache"
    if cache_path.exists():
        records = get_cache(cache_path).list_cache_records()
        if records:
            times = {
                str(Path(record.uri).relative_to(book)): record.data["execution_seconds"]
                for record in records
            }
            return times, "recorded by the build's jupyter-cache"
    return time_with_nbclient(book), "each run again with nbclient"


def time_with_nbclient(book: Path) -> dict[str, float]:
    import nbformat
    from nbclient import NotebookClient

    times = {}
    for path in sorted((book / "notebooks").glob("*.ipynb")):
        notebook = nbformat.read(path, as_version=4)
        client = NotebookClient(
            notebook, timeout=600, resources={"metadata": {"path": str(path.parent)}}
        )
        start = time.perf_counter()
        client.execute()
        times[str(path.relative_to(book))] = time.perf_counter() - start
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-test", action="store_true", help="do not time make test")
    parser.add_argument("--skip-book", action="store_true", help="no cold book build")
    parser.add_argument("--keep", action="store_true", help="keep the built copy")
    parser.add_argument("--import-repeats", type=int, default=7)
    args = parser.parse_args()

    over = []
    ensure_installed()
    seconds, loaded = import_time(args.import_repeats)
    print(
        f"import perclab, best of {args.import_repeats}:  {verdict(seconds, IMPORT_BUDGET)}"
    )
    print(f"  heavy modules it loaded: {', '.join(loaded) or 'none'}")
    over += ["import"] * (seconds > IMPORT_BUDGET or bool(loaded))

    if not args.skip_test:
        workdir = Path(tempfile.mkdtemp(prefix="perclab-bench-test-"))
        try:
            total = run_make_test(copy_repository(workdir))
            print(f"make test, fresh copy, installed:  {verdict(total, TEST_BUDGET)}")
            print(f"  ({load()})")
            over += ["make test"] * (total > TEST_BUDGET)
        finally:
            shutil.rmtree(workdir, ignore_errors=True)

    if not args.skip_book:
        workdir = Path(tempfile.mkdtemp(prefix="perclab-bench-"))
        try:
            book = copy_repository(workdir)
            total = build_book(book)
            times, source = notebook_times(book)
            book_budget = BOOK_BUDGET
            print(f"cold make book, decks included:  {verdict(total, book_budget)}")
            print(f"  ({load()})")
            print(f"notebook execution ({len(times)}, {source}):")
            for name, run in sorted(times.items()):
                print(f"  {name:40s} {verdict(run, NOTEBOOK_BUDGET)}")
            over += ["book"] * (total > book_budget)
            over += [name for name, run in times.items() if run > NOTEBOOK_BUDGET]
        finally:
            if args.keep:
                print(f"the built copy is in {workdir}")
            else:
                shutil.rmtree(workdir, ignore_errors=True)

    if over:
        raise SystemExit(f"over budget: {', '.join(over)}")


if __name__ == "__main__":
    main()
