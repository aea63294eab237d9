"""tools/reading_stats.py counts each kind of text where it belongs, on a page built the way
Jupyter Book builds a chapter."""

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOOL = ROOT / "tools" / "reading_stats.py"
spec = importlib.util.spec_from_file_location("reading_stats", TOOL)
reading_stats = importlib.util.module_from_spec(spec)
sys.modules["reading_stats"] = reading_stats  # dataclasses look their module up
spec.loader.exec_module(reading_stats)

PAGE = """<html><body><main><article class="bd-article">
<section id="a-chapter"><h1>A chapter<a class="headerlink" href="#">#</a></h1>
<p>one two three <span class="math notranslate">\\(w^\\top x + b\\)</span> four</p>
<div class="cell docutils container">
  <div class="cell_input docutils container"><pre>x = 1  # code is not prose</pre></div>
  <div class="cell_output docutils container"><pre>printed output</pre>
    <img src="figure.png" alt="a figure"/></div>
</div>
<div class="math notranslate nohighlight">\\[ y = w^\\top x \\]</div>
<details class="dropdown"><summary>Answer</summary><p>folded five six</p></details>
<section id="summary"><h2><span class="section-number">1.1. </span>Summary</h2>
<ul><li>five six</li></ul></section>
<section id="going-further"><h2>Going further</h2>
<div class="admonition going-further"><p class="admonition-title">Optional</p>
<p>skip me please</p></div><p>seven eight nine ten</p></section>
<section id="exercises"><h2>Exercises</h2>
<div class="exercise admonition"><p>prove it</p></div>
<div class="solution dropdown admonition"><p>the worked solution</p></div>
</section></section></article></main></body></html>"""


@pytest.fixture
def page(tmp_path):
    path = tmp_path / "03_chapter.html"
    path.write_text(PAGE, encoding="utf-8")
    return path


def test_each_kind_of_text_is_counted_in_its_place(page):
    stats = reading_stats.page_stats(page)
    # main: "A chapter" + "one two three four" + "Summary" + "five six"
    assert stats.main == 2 + 4 + 1 + 2
    # optional: the dropdown "Answer folded five six", the whole going-further section
    # ("Going further" + "Optional" + "skip me please" + "seven eight nine ten") and the
    # folded solution "the worked solution"
    assert stats.optional == 4 + (2 + 1 + 3 + 4) + 3
    # exercises: "Exercises" + "prove it"
    assert stats.exercises == 1 + 2
    assert (stats.code_cells, stats.figures) == (1, 1)
    assert stats.minutes == pytest.approx(9 / 200 + 2 * 12 / 60)


def test_a_page_that_is_not_a_book_page_is_refused(tmp_path):
    path = tmp_path / "x.html"
    path.write_text("<html><body><p>no article</p></body></html>", encoding="utf-8")
    with pytest.raises(ValueError, match="is it a built book page"):
        reading_stats.page_stats(path)


def test_chapters_come_from_the_table_of_contents():
    chapters = reading_stats.chapters(ROOT / "_toc.yml")
    assert chapters[0] == "notebooks/01_hyperplanes"
    assert len(chapters) == len(list((ROOT / "notebooks").glob("*.ipynb")))
