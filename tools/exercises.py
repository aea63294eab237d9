"""Student notebooks from the solution notebooks, and the book without solutions.

The solution notebooks ``exercises/solutions/NN_name.ipynb`` are the single source. This
script writes the student notebooks ``exercises/NN_name.ipynb`` from them, using the
marker convention of nbgrader:

* in a code cell, every region from a line ``### BEGIN SOLUTION`` to a line
  ``### END SOLUTION`` becomes, at the marker's indentation,
  ``# YOUR CODE HERE`` and ``raise NotImplementedError("Exercise N: implement NAME")``,
  where N is the notebook's number and NAME the function the region sits in;
* every region from ``### BEGIN HIDDEN TESTS`` to ``### END HIDDEN TESTS`` is deleted,
  and a cell left empty is dropped (the solution notebook's own assertions);
* a gated solution, from a markdown cell that opens ``{solution-start}`` to the one that
  closes ``{solution-end}``, is dropped, except its code cells with solution markers,
  which stay in the student notebook with their stubs.

Everything else is copied as it is, outputs cleared. Usage, from the repository root:

    python tools/exercises.py students          # write the student notebooks
    python tools/exercises.py students --check  # exit 1 if one is out of date
    python tools/exercises.py nosolutions DIR   # _config.yml and _toc.yml for a book
                                                # whose exercise pages have no solutions

The book without solutions shows the student notebooks instead of the solution notebooks
(the table of contents is rewritten) and sets sphinx-exercise's ``hide_solutions``, which
hides the non-gated ``{solution}`` blocks of the other pages.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS = Path("exercises/solutions")
STUDENTS = Path("exercises")

BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"
BEGIN_HIDDEN, END_HIDDEN = "### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS"
GATE_OPEN = re.compile(r"^\s*```\{solution-start\}", re.MULTILINE)
GATE_CLOSE = re.compile(r"^\s*```\{solution-end\}", re.MULTILINE)
DEF = re.compile(r"^\s*def\s+(\w+)\s*\(")


def exercise_number(path: Path) -> int:
    """The number N of ``NN_name.ipynb``."""
    match = re.match(r"(\d+)_", path.name)
    if not match:
        raise ValueError(f"{path.name}: exercise notebooks are named NN_name.ipynb")
    return int(match.group(1))


def stub_code(source: str, number: int) -> str:
    """Replace the solution regions of ``source`` by stubs; drop the hidden tests."""
    lines, out, region = source.split("\n"), [], None
    for k, line in enumerate(lines):
        marker = line.strip()
        if marker in (BEGIN, BEGIN_HIDDEN):
            if region is not None:
                raise ValueError(f"line {k + 1}: {marker!r} inside another region")
            region = marker
            if marker == BEGIN:
                indent = line[: len(line) - len(line.lstrip())]
                name = _enclosing_function(lines[:k], k)
                out += [
                    f"{indent}# YOUR CODE HERE",
                    f'{indent}raise NotImplementedError("Exercise {number}: '
                    f'implement {name}")',
                ]
        elif marker in (END, END_HIDDEN):
            if region != {END: BEGIN, END_HIDDEN: BEGIN_HIDDEN}[marker]:
                raise ValueError(f"line {k + 1}: {marker!r} without its BEGIN")
            region = None
        elif region is None:
            out.append(line)
    if region is not None:
        raise ValueError(f"{region!r} is never closed")
    return "\n".join(out).strip("\n")


def _enclosing_function(above: list[str], k: int) -> str:
    for line in reversed(above):
        match = DEF.match(line)
        if match:
            return match.group(1)
    raise ValueError(f"line {k + 1}: a solution region must sit inside a function")


def student_notebook(solution: nbformat.NotebookNode, number: int) -> nbformat.NotebookNode:
    """The student version of a solution notebook (see the module docstring)."""
    student = nbformat.v4.new_notebook(metadata=solution.metadata)
    in_gate = False
    for cell in solution.cells:
        if cell.cell_type == "markdown" and GATE_OPEN.search(cell.source):
            in_gate = True
            continue
        if cell.cell_type == "markdown" and GATE_CLOSE.search(cell.source):
            if not in_gate:
                raise ValueError("a {solution-end} cell without its {solution-start}")
            in_gate = False
            continue
        if cell.cell_type != "code":
            if not in_gate:
                student.cells.append(_copy(cell, cell.source))
            continue
        has_solution = any(line.strip() == BEGIN for line in cell.source.split("\n"))
        if in_gate and not has_solution:
            continue
        source = stub_code(cell.source, number)
        if source.strip():
            student.cells.append(_copy(cell, source))
    if in_gate:
        raise ValueError("a {solution-start} cell without its {solution-end}")
    return student


def _copy(cell, source: str):
    new = nbformat.from_dict(dict(cell))
    new.source = source
    if new.cell_type == "code":
        new.outputs, new.execution_count = [], None
    return new


def render(notebook: nbformat.NotebookNode) -> str:
    """The notebook as the text that is committed."""
    return nbformat.writes(notebook) + "\n"


def students(root: Path | None = None) -> dict[Path, str]:
    """Every student notebook's path and text, made from the solution notebooks."""
    root = ROOT if root is None else root
    made = {}
    for path in sorted((root / SOLUTIONS).glob("[0-9]*.ipynb")):
        solution = nbformat.read(path, as_version=4)
        student = student_notebook(solution, exercise_number(path))
        made[root / STUDENTS / path.name] = render(student)
    return made


def nosolutions(out: Path, root: Path | None = None) -> None:
    """Write ``out/_config.yml`` and ``out/_toc.yml`` for the book without solutions."""
    import yaml

    root = ROOT if root is None else root
    config = yaml.safe_load((root / "_config.yml").read_text(encoding="utf-8"))
    sphinx = config.setdefault("sphinx", {})
    sphinx.setdefault("config", {})["hide_solutions"] = True
    # jupyter-book finds local extensions relative to the configuration file
    extensions = sphinx.get("local_extensions") or {}
    for name, folder in extensions.items():
        extensions[name] = os.path.relpath(root / folder, out.resolve())
    toc = (root / "_toc.yml").read_text(encoding="utf-8")
    toc = re.sub(rf"\b{re.escape(SOLUTIONS.as_posix())}/", f"{STUDENTS.as_posix()}/", toc)
    out.mkdir(parents=True, exist_ok=True)
    (out / "_config.yml").write_text(
        "# Made by tools/exercises.py from _config.yml; do not edit.\n"
        + yaml.safe_dump(config, sort_keys=False, allow_unicode=True),
        encoding="utf-8",
    )
    (out / "_toc.yml").write_text(
        "# Made by tools/exercises.py from _toc.yml; do not edit.\n" + toc, encoding="utf-8"
    )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("students", help="write the student notebooks")
    make.add_argument("--check", action="store_true", help="only check, write nothing")
    book = commands.add_parser("nosolutions", help="configuration for a book without")
    book.add_argument("out", type=Path, help="folder for _config.yml and _toc.yml")
    args = parser.parse_args(argv)

    if args.command == "nosolutions":
        nosolutions(args.out)
        print(f"wrote {args.out / '_config.yml'} and {args.out / '_toc.yml'}")
        return 0
    stale = []
    for path, text in students().items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        stale.append(path.relative_to(ROOT))
        if not args.check:
            path.write_text(text, encoding="utf-8")
    verb = "out of date" if args.check else "written"
    for path in stale:
        print(f"{verb}: {path}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
