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
and edge cases whose values the key draws (``grading_cases.py``). A failing public case
shows the self-check's report and hint; the hidden ones show students nothing (otter's
``hidden``). The key is made once, into ``_build/autograder/hidden_key`` (readable by its
owner only); ``make grade`` grades with the same hidden cases.

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
if str(TOOLS) not in sys.path:  # exercises.py and grading_cases.py, beside this file
    sys.path.insert(0, str(TOOLS))
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
    return [
        path.stem
        for path in sorted((root / SOLUTIONS.relative_to(ROOT)).glob("[0-9]*.ipynb"))
    ]


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


# A question's otter test file (exception-based format): grading_cases.py, then this. The
# zip holds the two as one file; make grade runs the same file with grading_cases imported.
TEST_FILE = """
# {name}: the self-check's cases and hidden ones, one equal share of {points} point each.
from otter.test_files import test_case

OK_FORMAT = False
name = "{name}"
CHECK, KEY = "{check}", {key}
GRADED, WANT = cases(CHECK, KEY), expected(CHECK, KEY)
REPORT = {{}}  # the self-check's report, shown with the first failing public case


def graded_case(k, graded):
    def run(env):
        func = env.get(name)
        problem = judged(func, CHECK, k, graded, WANT[k])
        if problem is not None:
            if graded.hidden:
                raise AssertionError("a hidden case fails")
            shown = "" if REPORT else REPORT.setdefault("text", report(CHECK, func))
            shown = "\\n" + shown if shown else ""
            raise AssertionError(f"case {{k + 1}} ({{graded.about}}): {{problem}}{{shown}}")

    return run


for _k, _graded in enumerate(GRADED):
    globals()[f"case_{{_k + 1}}"] = test_case(
        name=f"{{name}} {{_k + 1}}", points={points} / len(GRADED), hidden=_graded.hidden
    )(graded_case(_k, _graded))
"""


def test_file(question: Question, key: int) -> str:
    """The code of the question's test file that follows grading_cases.py."""
    return TEST_FILE.format(
        name=question.name, check=question.check, key=key, points=POINTS
    )


# What Gradescope installs: perclab as the notebooks' Colab cell installs it
REQUIREMENTS = "perclab @ git+https://github.com/perclab/perclab\n"


def student(exercise: str, root: Path = ROOT):
    """The student notebook of an exercise, with its name in the metadata."""
    import nbformat

    import exercises as student_notebooks  # tools/exercises.py

    path = root / SOLUTIONS.relative_to(ROOT) / f"{exercise}.ipynb"
    solution = nbformat.read(path, as_version=4)
    notebook = student_notebooks.student_notebook(
        solution, student_notebooks.exercise_number(path)
    )
    notebook.metadata[METADATA] = {
        "exercise": exercise,
        "questions": [q.name for q in questions(exercise, root)],
    }
    return notebook


def build(exercise: str, key: int, root: Path = ROOT, out: Path | None = None) -> Path:
    """Write the exercise's student notebook and autograder zip into ``out`` (default
    ``_build/autograder/NN_name``); return the zip's path."""
    import nbformat

    out = root / OUT / exercise if out is None else out
    if out.exists():
        shutil.rmtree(out)
    tests = out / "source" / "tests"
    tests.mkdir(parents=True)
    nbformat.write(student(exercise, root), out / f"{exercise}.ipynb")
    helper = (TOOLS / "grading_cases.py").read_text(encoding="utf-8")
    for q in questions(exercise, root):
        (tests / f"{q.name}.py").write_text(helper + test_file(q, key), encoding="utf-8")
    (out / "source" / "requirements.txt").write_text(REQUIREMENTS, encoding="utf-8")
    (out / "source" / "otter_config.json").write_text(
        json.dumps({"lang": "python", "show_hidden": False}, indent=2) + "\n"
    )
    otter = Path(sys.executable).with_name("otter")
    zip_path = out / "autograder.zip"
    subprocess.run(
        [
            str(otter),
            "generate",
            "-t",
            "tests",
            "-r",
            "requirements.txt",
            "-c",
            "otter_config.json",
            "--no-environment",
            "--python-version",
            "3.11",
            "-o",
            str(zip_path.resolve()),
        ],
        cwd=out / "source",
        check=True,
        stdout=subprocess.DEVNULL,
    )
    shutil.rmtree(out / "source")  # the zip holds the hidden key: readable by its owner
    os.chmod(zip_path, 0o600)
    return zip_path


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("exercise", nargs="*", help="NN_name (default: all)")
    args = parser.parse_args(argv)
    names = args.exercise or exercises()
    unknown = sorted(set(names) - set(exercises()))
    if unknown:
        known = ", ".join(exercises())
        parser.error(f"no exercise {', '.join(unknown)}: name one of {known}")
    key = hidden_key()
    for name in names:
        print(f"wrote {build(name, key).relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
