"""The time `make grade` takes on 100 submissions of one exercise, against its budget.

The submissions are notebooks of one exercise (default ``03_training_loop``) as a class
hands them in: the solution, its student notebook still with the stub, and wrong
versions (``<`` for ``<=``, no bias update, epochs counted one short), in turn.
They are graded by ``tools/grade.py`` with its default limits and 2 at a time, each in its
own process, hidden cases included. Budget: 5 minutes for the 100 (a 2-core machine).

    python benchmarks/bench_grade.py [--exercise NN_name] [-n 100] [--jobs 2]

The machine's load (``os.getloadavg``) is printed with the figure: on a busy machine it
is pessimistic.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import autograder  # noqa: E402
import grade  # noqa: E402

BUDGET = 300.0  # seconds for 100 submissions
SLIPS = (  # (the solution's text, a learner's slip of it), where the exercise has it
    ("<= 0", "< 0"),
    ("w + y_i * x_i, b + y_i", "w + y_i * x_i, b"),
    ("return w, b, n_updates, epoch", "return w, b, n_updates, epoch - 1"),
)


def submissions(exercise: str, n: int, folder: Path) -> None:
    """Write ``n`` notebooks of ``exercise`` into ``folder``: right, stub and wrong ones."""
    solution = nbformat.read(autograder.SOLUTIONS / f"{exercise}.ipynb", as_version=4)
    stub = autograder.student(exercise)
    variants = [solution, stub]
    for right, wrong in SLIPS:
        if any(right in cell.source for cell in solution.cells):
            variant = nbformat.from_dict(solution)
            for cell in variant.cells:
                cell.source = cell.source.replace(right, wrong)
            variants.append(variant)
    for k in range(n):
        nbformat.write(variants[k % len(variants)], folder / f"{exercise}_{k:03d}.ipynb")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--exercise", default="03_training_loop")
    parser.add_argument("-n", type=int, default=100, help="submissions")
    parser.add_argument("--jobs", type=int, default=2, help="graded at once")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="perclab-bench-grade-") as tmp:
        folder = Path(tmp)
        submissions(args.exercise, args.n, folder)
        start = time.perf_counter()
        outcomes = grade.grade_folder(folder, jobs=args.jobs, key=12345, progress=False)
        seconds = time.perf_counter() - start
    graded = sum(1 for outcome in outcomes if not outcome.problem)
    budget = BUDGET * args.n / 100
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"make grade, {args.n} submissions of {args.exercise} ({graded} graded), "
        f"{args.jobs} at a time: {seconds:7.1f} s (budget {budget:g} s: "
        f"{'ok' if seconds <= budget else 'OVER'}; {seconds / budget:.2f} of it); "
        f"{seconds / args.n:.2f} s each; load average {load}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
