"""The exercises as otter-grader assignments, with hidden cases (``make autograder``).

For each exercise ``exercises/solutions/NN_name.ipynb`` this writes
``_build/autograder/NN_name/``:

* ``NN_name.ipynb``, the student notebook (``tools/exercises.py`` makes it from the
  solution, as for learners) with the exercise's name in its metadata, which
  ``make grade`` recognises it by;
* ``autograder.zip``, made by ``otter generate``: what Gradescope takes as the
  assignment's autograder, and what ``otter run -a autograder.zip NOTEBOOK`` grades with.

Each function the exercise asks for (each ``checks.check_NAME(NAME)`` call of the
solution) is a question worth one point: its test file holds the self-check's cases, each
worth an equal share, and hidden cases, the same kinds of data drawn with a secret key
(``grading_cases.py``). A failing public case shows the self-check's report and hint; the
hidden ones show students nothing (otter's ``hidden``). The key is made once, into
``_build/autograder/hidden_key`` (readable by its owner only); ``make grade`` grades
with the same hidden cases.

Usage, from the repository root::

    python tools/autograder.py            # every exercise
    python tools/autograder.py 03_training_loop
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOOLS = ROOT / "tools"
SOLUTIONS = ROOT / "exercises" / "solutions"
OUT = Path("_build") / "autograder"
CHECK_CALL = re.compile(r"checks\.(check_\w+)\(\s*(\w+)\s*\)")
POINTS = 1  # per question
METADATA = "perclab_grading"  # the student notebook's metadata key


@dataclass(frozen=True)
class Question:
    name: str  # the function the exercise asks for
    check: str  # the self-check of perclab.checks that checks it


def exercises(root: Path = ROOT) -> list[str]:
    """The exercises' names, ``NN_name``, in order."""
    return [path.stem for path in sorted((root / SOLUTIONS.relative_to(ROOT)).glob("[0-9]*.ipynb"))]


def questions(exercise: str, root: Path = ROOT) -> list[Question]:
    """The functions an exercise asks for: the self-checks its solution calls, in order."""
    import nbformat

    path = root / SOLUTIONS.relative_to(ROOT) / f"{exercise}.ipynb"
    notebook = nbformat.read(path, as_version=4)
    found = []
    for cell in notebook.cells:
        if cell.cell_type == "code":
            found += [Question(n, c) for c, n in CHECK_CALL.findall(cell.source)]
    return list(dict.fromkeys(found))


def hidden_key(root: Path = ROOT) -> int:
    """The secret key of the hidden cases: read, or made once (readable by its owner)."""
    path = root / OUT / "hidden_key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        os.chmod(path.parent, 0o700)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as file:
            file.write(f"{secrets.randbits(62)}\n")
    return int(path.read_text().strip())


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("exercise", nargs="*", help="NN_name (default: all)")
    args = parser.parse_args(argv)
    names = args.exercise or exercises()
    key = hidden_key()
    for name in names:
        build(name, key)
    return 0


if __name__ == "__main__":
    sys.exit(main())
