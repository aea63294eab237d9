"""One source of truth: the student notebooks are exactly what tools/exercises.py makes
from the solution notebooks, and the generator and the book without solutions work."""

import importlib.util
import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS = sorted((ROOT / "exercises" / "solutions").glob("[0-9]*.ipynb"))
STUDENTS = sorted((ROOT / "exercises").glob("[0-9]*.ipynb"))


def _load_tool():
    spec = importlib.util.spec_from_file_location(
        "exercises_tool", ROOT / "tools/exercises.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


tool = _load_tool()
MADE = tool.students(ROOT)


def _ids(paths):
    return [p.name for p in paths]


def _source(path):
    return "\n".join(c.source for c in nbformat.read(path, as_version=4).cells)


def test_there_are_at_least_ten_exercises():
    assert len(SOLUTIONS) >= 10
    assert [p.name for p in STUDENTS] == [p.name for p in SOLUTIONS]


@pytest.mark.parametrize("path", STUDENTS, ids=_ids(STUDENTS))
def test_committed_student_notebook_is_generated(path):
    assert path.read_text(encoding="utf-8") == MADE[path], (
        f"{path.name} differs from its solution notebook's student version; "
        "run: python tools/exercises.py students"
    )


@pytest.mark.parametrize("path", SOLUTIONS, ids=_ids(SOLUTIONS))
def test_solution_notebook_structure(path):
    source = _source(path)
    number = tool.exercise_number(path)
    labels = re.findall(r"```\{exercise\}.*\n:label: (ex-[\w-]+)", source)
    assert len(labels) == 1, "one {exercise} block with a label per page"
    assert f"# Exercise {number}:" in source
    assert source.count(tool.BEGIN) >= 1
    assert source.count(tool.BEGIN) == source.count(tool.END)
    # every solution region sits in a gated solution of this page's exercise
    assert source.count("{solution-start} " + labels[0]) >= source.count(tool.BEGIN)
    assert "{solution-start}" in source and ":class: dropdown" in source
    assert f"exercises/{path.name}" in source  # the page names the notebook to work in


@pytest.mark.parametrize("path", STUDENTS, ids=_ids(STUDENTS))
def test_student_notebook_has_stubs_and_no_solutions(path):
    source = _source(path)
    for hidden in (
        tool.BEGIN,
        tool.END,
        tool.BEGIN_HIDDEN,
        "{solution-start}",
        "{solution",
    ):
        assert hidden not in source
    number = tool.exercise_number(path)
    stubs = re.findall(
        rf'raise NotImplementedError\("Exercise {number}: implement (\w+)"\)', source
    )
    assert stubs, "a student notebook has at least one stub"
    for name in stubs:
        assert re.search(rf"checks\.check_\w+\({name}\)", source), f"{name} is not checked"


def test_readme_lists_every_exercise():
    readme = (ROOT / "exercises" / "README.md").read_text(encoding="utf-8")
    for path in SOLUTIONS:
        label = re.search(r":label: (ex-[\w-]+)", _source(path)).group(1)
        assert f"{{ref}}`{label}` | `{path.name}`" in readme


def _notebook(*cells):
    nb = nbformat.v4.new_notebook()
    nb.cells = list(cells)
    return nb


def test_generator_replaces_regions_keeping_indentation():
    solution = _notebook(
        nbformat.v4.new_markdown_cell("```{exercise} E\n:label: ex-e\n```"),
        nbformat.v4.new_markdown_cell("```{solution-start} ex-e\n:class: dropdown\n```"),
        nbformat.v4.new_code_cell(
            "def outer(x):\n    def inner(y):\n        ### BEGIN SOLUTION\n"
            "        return y\n        ### END SOLUTION\n\n    return inner(x)"
        ),
        nbformat.v4.new_code_cell("# worked example, only in the solution\nouter(1)"),
        nbformat.v4.new_markdown_cell("```{solution-end}\n```"),
        nbformat.v4.new_code_cell("r = check(outer)"),
        nbformat.v4.new_code_cell("### BEGIN HIDDEN TESTS\nassert r\n### END HIDDEN TESTS"),
        nbformat.v4.new_code_cell(
            "x = 1\n### BEGIN HIDDEN TESTS\nassert x\n### END HIDDEN TESTS"
        ),
    )
    student = tool.student_notebook(solution, 7)
    sources = [c.source for c in student.cells]
    assert sources == [
        "```{exercise} E\n:label: ex-e\n```",
        "def outer(x):\n    def inner(y):\n        # YOUR CODE HERE\n"
        '        raise NotImplementedError("Exercise 7: implement inner")\n\n'
        "    return inner(x)",
        "r = check(outer)",
        "x = 1",
    ]


@pytest.mark.parametrize(
    "source, message",
    [
        ("### BEGIN SOLUTION\nx = 1\n### END SOLUTION", "must sit inside a function"),
        ("def f():\n    ### BEGIN SOLUTION\n    return 1", "is never closed"),
        ("def f():\n    ### END SOLUTION", "without its BEGIN"),
        (
            "def f():\n    ### BEGIN SOLUTION\n    ### BEGIN HIDDEN TESTS\n",
            "inside another region",
        ),
        (
            "def f():\n    ### BEGIN SOLUTION\n    ### END HIDDEN TESTS\n",
            "without its BEGIN",
        ),
    ],
)
def test_generator_refuses_broken_markers(source, message):
    with pytest.raises(ValueError, match=message):
        tool.stub_code(source, 1)


def test_generator_refuses_an_unclosed_gate():
    solution = _notebook(
        nbformat.v4.new_markdown_cell("```{solution-start} ex-e\n```"),
        nbformat.v4.new_code_cell("x = 1"),
    )
    with pytest.raises(ValueError, match="without its"):
        tool.student_notebook(solution, 1)


def test_exercise_number_needs_the_naming_scheme():
    assert tool.exercise_number(Path("11_model_selection.ipynb")) == 11
    with pytest.raises(ValueError, match="NN_name"):
        tool.exercise_number(Path("model_selection.ipynb"))


def test_check_mode_reports_a_stale_notebook(tmp_path, monkeypatch, capsys):
    # A copy of the repository layout with one student notebook edited by hand.
    (tmp_path / "exercises" / "solutions").mkdir(parents=True)
    first = SOLUTIONS[0]
    (tmp_path / "exercises" / "solutions" / first.name).write_bytes(first.read_bytes())
    stale = tmp_path / "exercises" / first.name
    stale.write_text("edited by hand", encoding="utf-8")
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    assert tool.main(["students", "--check"]) == 1
    assert f"out of date: exercises/{first.name}" in capsys.readouterr().out
    assert stale.read_text(encoding="utf-8") == "edited by hand"
    assert tool.main(["students"]) == 0
    assert tool.main(["students", "--check"]) == 0


def test_nosolutions_configuration(tmp_path):
    import yaml

    (tmp_path / "_config.yml").write_text(
        "title: t\nsphinx:\n  local_extensions:\n    ext: book/_ext\n"
        "  config:\n    bibtex_reference_style: author_year\n"
    )
    (tmp_path / "_toc.yml").write_text(
        "format: jb-book\nroot: book/intro\nparts:\n  - caption: Exercises\n"
        "    chapters:\n      - file: exercises/README\n"
        "      - file: exercises/solutions/01_predict_and_ties\n"
    )
    tool.nosolutions(tmp_path / "out", root=tmp_path)
    config = yaml.safe_load((tmp_path / "out" / "_config.yml").read_text())
    assert config["sphinx"]["config"] == {
        "bibtex_reference_style": "author_year",
        "hide_solutions": True,
    }
    # the local extension is found from the new place of the configuration
    assert config["sphinx"]["local_extensions"] == {"ext": "../book/_ext"}
    assert config["title"] == "t"
    toc = (tmp_path / "out" / "_toc.yml").read_text()
    assert "file: exercises/01_predict_and_ties\n" in toc
    assert "solutions" not in toc.split("\n", 1)[1]


def test_chapters_use_no_gated_solutions():
    # The book without solutions sets hide_solutions, and sphinx-exercise 1.2 stops the
    # build on a gated {solution-start} block when it does; exercise pages are swapped
    # for the student notebooks instead, so only they may use gated solutions.
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted(
        (ROOT / "book").glob("*.md")
    ):
        text = path.read_text(encoding="utf-8")
        assert "{solution-start}" not in text, f"{path.name}: use a plain {{solution}}"
