"""The shape every chapter but the quiz shares (see book/how_to_use.md): a main line, a
Summary, at most one optional "Going further" section after it that opens with the
"Optional" box, and the Exercises last; and the pen-and-paper exercises of chapters 1-7,
each with a folded worked solution."""

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHAPTERS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
# The quiz chapter is all questions and folded answers: no summary, nothing optional.
TAUGHT = [p for p in CHAPTERS if p.stem != "04_quiz"]
PEN_AND_PAPER = re.compile(r"^[`:]{3,}\{exercise\}.*\n:label: (ex-pp-[\w-]+)", re.MULTILINE)
SOLUTION = re.compile(
    r"^([`:]{3,})\{solution\} (ex-pp-[\w-]+)\n((?::\w+:.*\n)*)", re.MULTILINE
)
OPTIONAL_BOX = re.compile(
    r"^:::\{admonition\} Optional\n:class: going-further\n", re.MULTILINE
)


def _markdown(path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]


def _sections(path) -> list[str]:
    """The level-2 headings, in order."""
    return [
        line[3:].strip()
        for text in _markdown(path)
        for line in text.splitlines()
        if line.startswith("## ")
    ]


@pytest.mark.parametrize("path", TAUGHT, ids=lambda p: p.stem)
def test_summary_then_going_further_then_exercises(path):
    sections = _sections(path)
    assert "Summary" in sections, f"{path.name}: no '## Summary'"
    assert sections[-1] == "Exercises", f"{path.name}: '## Exercises' must come last"
    further = [s for s in sections if s.startswith("Going further")]
    assert further in ([], ["Going further"]), (
        f"{path.name}: one '## Going further' at most"
    )
    if further:
        assert sections.index("Summary") < sections.index("Going further")


@pytest.mark.parametrize("path", TAUGHT, ids=lambda p: p.stem)
def test_going_further_opens_with_the_optional_box(path):
    texts = _markdown(path)
    starts = [i for i, t in enumerate(texts) if re.search(r"^## Going further$", t, re.M)]
    if not starts:
        pytest.skip("no Going further section")
    after_heading = texts[starts[0]].split("## Going further", 1)[1]
    opening = after_heading if after_heading.strip() else texts[starts[0] + 1]
    assert OPTIONAL_BOX.match(opening.lstrip("\n")), (
        f"{path.name}: start Going further with the 'Optional' admonition "
        "(class going-further)"
    )


def _pen_and_paper():
    found = {}
    for path in CHAPTERS[:7]:
        text = "\n".join(_markdown(path))
        for label in PEN_AND_PAPER.findall(text):
            found[label] = (path, text)
    return found


def test_at_least_ten_pen_and_paper_exercises_in_chapters_1_to_7():
    found = _pen_and_paper()
    assert len(found) >= 10, sorted(found)
    assert len({path for path, _ in found.values()}) >= 5, "spread them over the chapters"


@pytest.mark.parametrize("label", sorted(_pen_and_paper()))
def test_every_pen_and_paper_exercise_has_a_folded_worked_solution(label):
    path, text = _pen_and_paper()[label]
    solutions = {m.group(2): m.group(3) for m in SOLUTION.finditer(text)}
    assert label in solutions, f"{path.name}: {label} has no solution"
    assert ":class: dropdown" in solutions[label], f"{path.name}: fold {label}'s solution"
