"""How long the chapters are, measured on the built book.

For every chapter of ``_toc.yml`` (the pages under ``notebooks/``), this reads the page that
``jupyter-book build .`` wrote and prints:

- main: words of prose on the main path, the text a first-time reader reads straight
  through;
- optional: words a first reading may skip, that is sections headed "Going further" (and
  anything else marked with the class ``going-further``) and every folded block (dropdowns,
  toggles, folded solutions);
- exercises: words of the exercise statements in a chapter's "Exercises" section;
- code cells and figures shown on the page;
- minutes: an estimated reading time of the main path, at 200 words a minute for
  technical prose plus 12 seconds for each code cell and each figure.

Code, outputs and mathematics are not words: they are removed before counting, as are
headings' link icons, section numbers and the link to the chapter's slides. Usage::

    python tools/reading_stats.py [BUILD_DIR]      # BUILD_DIR defaults to _build/html

The last line printed is the total over all chapters.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import yaml
from bs4 import BeautifulSoup, Tag

ROOT = Path(__file__).resolve().parents[1]
WORDS_PER_MINUTE = 200
SECONDS_PER_CELL_OR_FIGURE = 12

# Never prose: code, outputs, maths, and the decorations Sphinx adds to headings.
NOT_PROSE = (
    "div.cell_input, div.cell_output, pre, script, style, .math, mjx-container, "
    "a.headerlink, span.section-number, span.caption-number, .anim-controls, "
    "p.perclab-deck"  # the link to the chapter's slides
)
# Optional: "Going further" sections and blocks, and everything folded.
OPTIONAL = (
    "section[id^='going-further'], .going-further, details, .dropdown, .toggle, "
    ".toggle-hidden, .solution"
)
EXERCISES = "section[id^='exercises']"


@dataclass
class PageStats:
    name: str
    main: int
    optional: int
    exercises: int
    code_cells: int
    figures: int

    @property
    def minutes(self) -> float:
        shown = self.code_cells + self.figures
        return self.main / WORDS_PER_MINUTE + shown * SECONDS_PER_CELL_OR_FIGURE / 60


def count_words(element: Tag) -> int:
    return len(element.get_text(" ").split())


def _take(article: Tag, selector: str) -> int:
    """Count the words of every element matching ``selector``, then remove them."""
    words = 0
    for element in article.select(selector):
        if element.decomposed:  # inside an element already taken
            continue
        words += count_words(element)
        element.decompose()
    return words


def page_stats(html_file: Path) -> PageStats:
    soup = BeautifulSoup(html_file.read_text(encoding="utf-8"), "html.parser")
    article = soup.select_one("article.bd-article")
    if article is None:
        raise ValueError(f"{html_file} has no article.bd-article: is it a built book page?")
    code_cells = len(article.select("div.cell div.cell_input"))
    figures = len(article.select("div.cell_output img, figure img, div.animation"))
    for element in article.select(NOT_PROSE):
        if not element.decomposed:
            element.decompose()
    optional = _take(article, OPTIONAL)
    exercises = _take(article, EXERCISES)
    main = count_words(article)
    return PageStats(html_file.stem, main, optional, exercises, code_cells, figures)


def chapters(toc_file: Path) -> list[str]:
    """The chapter files of the table of contents, in order (those under notebooks/)."""
    toc = yaml.safe_load(toc_file.read_text(encoding="utf-8"))
    files = [c["file"] for part in toc.get("parts", []) for c in part.get("chapters", [])]
    return [f for f in files if f.startswith("notebooks/")]


def main(argv: list[str]) -> int:
    build = Path(argv[1]) if len(argv) > 1 else ROOT / "_build" / "html"
    rows = []
    for chapter in chapters(ROOT / "_toc.yml"):
        page = build / f"{chapter}.html"
        if not page.exists():
            print(f"{page} is missing: build the book first (make book)", file=sys.stderr)
            return 1
        rows.append(page_stats(page))
    header = f"{'chapter':<28}{'main':>7}{'optional':>10}{'exercises':>11}"
    header += f"{'code cells':>12}{'figures':>9}{'minutes':>9}"
    print(header)
    for r in rows:
        print(
            f"{r.name:<28}{r.main:>7}{r.optional:>10}{r.exercises:>11}"
            f"{r.code_cells:>12}{r.figures:>9}{r.minutes:>9.0f}"
        )
    fields = [f for f in PageStats.__dataclass_fields__ if f != "name"]
    total = PageStats("total", *(sum(getattr(r, f) for r in rows) for f in fields))
    print(
        f"total: {total.main} words on the main path, {total.optional} optional, "
        f"{total.exercises} in exercises; {total.code_cells} code cells, "
        f"{total.figures} figures; about {total.minutes:.0f} minutes of reading"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
