"""The lecture decks' builder, tools/slides.py: its rules, on made-up decks, and the decks.

The decks quote their chapter's run; these tests give the builder a small chapter and its
"run" by hand, so that each rule can be broken on purpose: a glued name the run no longer
makes (a stale slide), a decimal without a format, a clock reading, a missing figure
cell, too few slides, too many words, no speaker notes. The browser tests of the built
decks are in site_tests/test_slides.py.
"""

import base64
import importlib.util
import re
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


slides = _load("slides_tool_under_test", ROOT / "tools" / "slides.py")
edition = _load("edition_tool_for_slides", ROOT / "tools" / "jupyter_edition.py")
BOOK = edition.load_book(ROOT)
DECKS = slides.deck_paths(ROOT)

# the smallest PNG: one white pixel
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC"
)
FIGURE_LINE = "# The figure of the run"


def chapter() -> tuple[nbformat.NotebookNode, nbformat.NotebookNode]:
    """A chapter (source) and its run (the same cells, with outputs and glue)."""
    source = nbformat.v4.new_notebook()
    source.cells = [
        nbformat.v4.new_markdown_cell("# A chapter"),
        nbformat.v4.new_code_cell("from myst_nb import glue\nx = 3"),
        nbformat.v4.new_code_cell(
            f"{FIGURE_LINE}\nimport matplotlib.pyplot as plt\nplt.plot([x])",
            metadata={"mystnb": {"image": {"alt": "A line through one point."}}},
        ),
        nbformat.v4.new_code_cell(
            "glue('n', x, display=False)\nglue('ratio', x / 7, display=False)"
        ),
        nbformat.v4.new_code_cell(
            "import time\nstart = time.perf_counter()\n"
            "glue('seconds', time.perf_counter() - start, display=False)"
        ),
    ]
    run = nbformat.from_dict(nbformat.reads(nbformat.writes(source), as_version=4))

    def glued(name, text):
        return nbformat.v4.new_output(
            "display_data",
            data={"application/papermill.record/text/plain": text},
            metadata={
                "scrapbook": {"name": name, "mime_prefix": "application/papermill.record/"}
            },
        )

    run.cells[2].outputs = [
        nbformat.v4.new_output(
            "display_data", data={"image/png": base64.b64encode(PNG).decode()}
        )
    ]
    run.cells[3].outputs = [glued("n", "3"), glued("ratio", "0.42857142857142855")]
    run.cells[3].outputs.append(
        nbformat.v4.new_output(
            "display_data",
            data={"application/papermill.record/image/png": base64.b64encode(PNG).decode()},
            metadata={
                "scrapbook": {"name": "fig", "mime_prefix": "application/papermill.record/"}
            },
        )
    )
    run.cells[4].outputs = [glued("seconds", "1.5e-06")]
    return source, run


def make_run(source, executed) -> "slides.Run":
    glue = edition.glued_outputs(executed)
    measured = edition.measured_glue(source) & set(glue)
    return slides.Run("01_x", "notebooks/01_x", source, executed, glue, measured)


def slide(title, *fragments, notes="Say what the slide shows, and ask the room why."):
    cells = [f'+++ {{"slideshow": {{"slide_type": "slide"}}}}\n\n## {title}\n']
    for text in fragments:
        cells.append(f'+++ {{"slideshow": {{"slide_type": "fragment"}}}}\n\n{text}\n')
    if notes is not None:
        cells.append(f'+++ {{"slideshow": {{"slide_type": "notes"}}}}\n\n{notes}\n')
    return "\n".join(cells)


FIGURE = f"""
```{{code-cell}} ipython3
:tags: [chapter]

{FIGURE_LINE}
```
"""

HEADER = """---
jupytext:
  text_representation:
    format_name: myst
kernelspec:
  display_name: Python 3
  language: python
  name: python3
---
"""


def deck_text(n=12, extra="", figure=FIGURE_LINE):
    parts = [HEADER, slide("Title", "The run made {glue:text}`n` updates.")]
    parts.append(slide("A figure") + FIGURE.replace(FIGURE_LINE, figure))
    parts += [slide(f"Point {k}", f"Step {k}.") for k in range(3, n + 1)]
    return "\n".join(parts) + extra


def build(tmp_path, text, run=None):
    (tmp_path / "slides").mkdir(exist_ok=True)
    (tmp_path / "slides" / "01_x.md").write_text(text, encoding="utf-8")
    run = run or make_run(*chapter())
    return slides.deck_html("01_x", run, BOOK, edition, root=tmp_path), run


def test_a_deck_is_built_from_the_run(tmp_path):
    built, _ = build(tmp_path, deck_text())
    page = built.html
    assert built.slides == page.count("<section ") == 12
    assert page.count('<aside class="notes">') == 12
    assert "The run made 3 updates." in page  # the glued value, written in
    assert 'class="fragment" data-fragment-index="0"' in page
    [(file, data)] = built.images.items()
    assert data == PNG and f'src="{file}" alt="A line through one point."' in page
    assert "cdn" not in page.lower() and "https://" not in page


BROKEN = [
    # a slide that quotes what the run no longer glues: the drift guard
    ("{glue:text}`gone`", "no longer glues 'gone'"),
    ("{glue:text}`ratio`", "give it a format"),
    ("{glue:text}`seconds:.2e`", "measured with a clock"),
    ("{ref}`somewhere`", "uses no other role"),
    ("{glue:text}`ratio:.3q`", r"slides/01_x.md, slide 1 \(Title\)"),  # a bad format
]


@pytest.mark.parametrize("quote, message", BROKEN)
def test_quoting_the_run_wrongly_stops_the_build(tmp_path, quote, message):
    text = deck_text().replace("{glue:text}`n`", quote, 1)
    with pytest.raises(slides.DeckError, match=message):
        build(tmp_path, text)


GLUED_FIGURE = "```{glue:figure} fig\n:alt: One pixel.\n```\n"


def test_a_glued_figure_is_shown_with_its_alt_text(tmp_path):
    built, _ = build(tmp_path, deck_text() + slide("Glued", GLUED_FIGURE))
    assert [*built.images.values()] == [PNG, PNG]
    assert 'alt="One pixel."' in built.html


def test_a_glued_figure_needs_alt_text(tmp_path):
    text = deck_text() + slide("Glued", GLUED_FIGURE.replace(":alt: One pixel.\n", ""))
    with pytest.raises(slides.DeckError, match="needs an :alt: text"):
        build(tmp_path, text)


def test_a_formatted_decimal_is_written_with_its_digits(tmp_path):
    built, _ = build(
        tmp_path, deck_text().replace("{glue:text}`n`", "{glue:text}`ratio:.3f`")
    )
    assert "The run made 0.429 updates." in built.html


@pytest.mark.parametrize(
    "text, message",
    [
        (deck_text(n=11), "has 11 slides; a deck has 12 to 30"),
        (deck_text(n=31), "has 31 slides"),
        (deck_text(figure="# A figure that is not there"), "no code cell of the chapter"),
        (deck_text() + slide("Quiet", notes=None), "no speaker notes"),
        (deck_text() + slide("Long", " ".join(["word"] * 50)), "51 words of prose"),
        (
            deck_text().replace("tags: [chapter]", "tags: [other]"),
            "tag it 'chapter'",
        ),
        (deck_text().replace('"fragment"', '"subslide"', 1), "without subslides"),
        (
            HEADER + '+++ {"slideshow": {"slide_type": "notes"}}\n\nHello.\n' + deck_text(),
            "begins with a cell of slide_type 'slide'",
        ),
    ],
    ids=["few", "many", "figure", "notes", "words", "tag", "subslide", "start"],
)
def test_a_deck_outside_the_rules_is_refused(tmp_path, text, message):
    with pytest.raises(slides.DeckError, match=message):
        build(tmp_path, text)


def test_fifty_words_are_allowed(tmp_path):
    built, _ = build(tmp_path, deck_text() + slide("Long", " ".join(["word"] * 49)))
    assert built.slides == 13


def test_maths_is_left_to_katex_and_not_counted_as_words(tmp_path):
    maths = "$" + " + ".join(f"x_{k}" for k in range(60)) + "$"
    built, _ = build(tmp_path, deck_text() + slide("Maths", f"The sum {maths} is long."))
    assert "\\(x_0 + x_1" in built.html


def test_the_rise_notebook_is_the_same_deck(tmp_path):
    from nbconvert import SlidesExporter

    built, run = build(tmp_path, deck_text())
    deck = slides.edition_deck("01_x", run, BOOK, edition, root=tmp_path)
    kinds = [c.metadata["slideshow"]["slide_type"] for c in deck.cells]
    assert kinds.count("slide") == built.slides
    assert kinds.count("notes") == built.html.count('<aside class="notes">')
    # the chapter's code before the figure comes first, skipped by the slideshow
    code = [c for c in deck.cells if c.cell_type == "code"]
    assert [c.source for c in code] == ["x = 3", run.source.cells[2].source]
    assert code[0].metadata["slideshow"]["slide_type"] == "skip"
    assert deck.metadata["rise"]["width"] == 1280
    assert deck.metadata["rise"]["start_slideshow_at"] == "beginning"  # not the last cell
    # nbconvert's slides exporter, which reads the same metadata as RISE, agrees
    body, _ = SlidesExporter().from_notebook_node(deck)
    top = re.findall(r"<section[^>]*>\s*<section", body)
    assert len(top) == built.slides


@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.stem)
def test_each_deck_follows_the_rules(path):
    source = nbformat.read(ROOT / "notebooks" / f"{path.stem}.ipynb", as_version=4)
    made = slides.slides_of(slides.read_deck(path), source, path.stem)
    assert slides.MIN_SLIDES <= len(made) <= slides.MAX_SLIDES
    # a title slide (the deck's only top-level heading) and a summary slide
    assert made[0].parts[0].markdown.lstrip().startswith("# ")
    assert made[-1].title == "Summary"
    # every slide after the title has a title of its own, to find it in the overview
    assert all(
        part.markdown.lstrip().startswith("## ") for s in made[1:] for part in s.parts[:1]
    )


NUMBER = re.compile(r"\d+(?:\.\d+)?")


@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.stem)
def test_numbers_typed_on_a_slide_are_the_chapters(path):
    """A number typed in a deck (not quoted by glue) must be one the chapter states.

    Numbers that come from a run are quoted with {glue}; a typed one, such as a margin
    the chapter fixes or a year, must still appear in the chapter's text or code, so
    that a slide cannot keep a number the chapter has dropped. (The numbers of the
    book's pages, such as an exercise's, count as stated: they are in ``_toc.yml``.)
    """
    chapter = nbformat.read(ROOT / "notebooks" / f"{path.stem}.ipynb", as_version=4)
    stated = set(NUMBER.findall("\n".join(c.source for c in chapter.cells)))
    stated |= set(NUMBER.findall((ROOT / "_toc.yml").read_text(encoding="utf-8")))
    text = slides.GLUE_ROLE.sub(" ", path.read_text(encoding="utf-8"))
    text = re.sub(r"^---\n.*?\n---\n", "", text, flags=re.DOTALL)  # the front matter
    text = re.sub(r"\+\+\+ \{.*\}", "", text)  # the cell markers
    typed = {n for n in NUMBER.findall(text) if len(n.replace(".", "")) > 1}
    assert not typed - stated, f"{path.name}: numbers no chapter cell states"


def test_each_deck_has_a_rise_notebook():
    committed = edition.committed_editions(ROOT, decks=True)
    rise = sorted(p.stem for p in committed if p.parent.name == "slides")
    assert rise == [p.stem for p in DECKS]
    # RISE reads the folder's rise.css: text sized for a room, folded code small
    css = (ROOT / "jupyter" / "slides" / "rise.css").read_text(encoding="utf-8")
    assert css == slides.RISE_CSS
