"""The whole-book PDF (``make pdf``), read back with poppler's pdftotext and pdfimages.

* The title of every page in ``_toc.yml`` (chapters, exercises, reference pages) is in
  the PDF's text, and in its table of contents, taken from the sources, not typed here.
* No reference is left unresolved: no ``??`` in the text, and no undefined reference in
  the LaTeX log.
* Every figure of the HTML book (each image file in ``_build/html/_images``; myst-nb names
  them by their content) is included by the LaTeX source and embedded in the PDF.
* No output falls back to its text representation (``<IPython...HTML object>``, widget
  or figure reprs): on paper an animation is a note, a figure a picture.
* Every HTML page links to the PDF, and the link finds it.
"""

import json
import os
import re
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest
import yaml
from conftest import HTML, html_pages

ROOT = Path(__file__).resolve().parents[1]
LATEX = Path(os.environ.get("BOOK_LATEX", ROOT / "_build" / "latex"))


def _pdf_name() -> str:
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    target = config["latex"]["latex_documents"]["targetname"]
    return Path(target).with_suffix(".pdf").name


PDF = LATEX / _pdf_name()


def normalise(text: str) -> str:
    """Text compared as a reader sees it: ligatures, quotes, dashes, spacing and case
    folded; words hyphenated across lines joined."""
    text = unicodedata.normalize("NFKC", text)
    text = text.translate(str.maketrans("‘’“”–—−", "''\"\"--\u002d"))
    text = re.sub(r"-\s*\n\s*", "-", text)
    return re.sub(r"\s+", " ", text).strip().casefold()


def _poppler(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        pytest.fail(f"{tool} not found: `make pdf` installs poppler-utils")
    return path


@pytest.fixture(scope="module")
def pdf_text() -> str:
    if not PDF.exists():
        pytest.fail(f"no PDF at {PDF}: run `make pdf` first")
    result = subprocess.run(
        [_poppler("pdftotext"), "-enc", "UTF-8", str(PDF), "-"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return result.stdout


def toc_files() -> list[str]:
    """Every file of _toc.yml, root first, in reading order (without suffix)."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    files = [toc["root"]]

    def walk(entries):
        for entry in entries:
            if "file" in entry:
                files.append(entry["file"])
            walk(entry.get("sections", []))

    for part in toc.get("parts", [{"chapters": toc.get("chapters", [])}]):
        walk(part["chapters"])
    return files


def source_title(file: str) -> str:
    """The first level-1 heading of a page's source (notebook or Markdown), as text."""
    if (ROOT / f"{file}.ipynb").exists():
        notebook = json.loads((ROOT / f"{file}.ipynb").read_text(encoding="utf-8"))
        text = "\n".join(
            "".join(cell["source"])
            for cell in notebook["cells"]
            if cell["cell_type"] == "markdown"
        )
    else:
        text = (ROOT / f"{file}.md").read_text(encoding="utf-8")
    match = re.search(r"^# (.+)$", text, flags=re.MULTILINE)
    assert match, f"{file} has no level-1 heading"
    title = re.sub(r"\{[\w:-]+\}`([^`]*)`", r"\1", match.group(1))  # {role}`text`
    return re.sub(r"[`*_]", "", title).strip()


TITLED = toc_files()[1:]  # the root page is the front matter of the PDF


def test_the_toc_has_chapters_and_exercises():
    assert any(f.startswith("notebooks/") for f in TITLED)
    assert any(f.startswith("exercises/") for f in TITLED)


@pytest.mark.parametrize("file", TITLED)
def test_page_title_is_in_the_pdf_and_its_contents(pdf_text, file):
    title = normalise(source_title(file))
    text = normalise(pdf_text)
    # once in the table of contents, once as the heading
    assert text.count(title) >= 2, f"{title!r} is {text.count(title)} times in the PDF"


def test_no_unresolved_reference(pdf_text):
    assert "??" not in pdf_text, [line for line in pdf_text.splitlines() if "??" in line][
        :10
    ]
    log = (LATEX / PDF.with_suffix(".log").name).read_text(errors="replace")
    undefined = re.findall(r"Warning: (?:Hyper r|R)eference `([^']+)' .*undefined", log)
    assert not undefined, f"undefined references: {sorted(set(undefined))}"
    assert "There were undefined references" not in log


def test_no_output_prints_as_an_object_repr(pdf_text):
    """Animations, HTML display objects, widgets and figures do not fall back to their
    text representation on paper (they are pictures, or a note)."""
    reprs = re.findall(
        r"<IPython\.core\.display\.\w+ object>|<Figure size [^>]*>|<matplotlib\.[^>]*>"
        r"|\w+\(children=\(",
        pdf_text,
    )
    assert not reprs, reprs


def test_no_missing_character():
    log = (LATEX / PDF.with_suffix(".log").name).read_text(errors="replace")
    missing = sorted(set(re.findall(r"Missing character: There is no (.+?) in font", log)))
    assert not missing, f"characters the PDF's fonts lack: {missing}"


def test_every_figure_of_the_book_is_in_the_pdf():
    # The figures the pages show (an incremental build leaves old images in _images).
    shown = set()
    for page in html_pages():
        text = (HTML / page).read_text(encoding="utf-8")
        shown.update(re.findall(r'<img[^>]*\bsrc="[^"]*_images/([^"/]+)"', text))
    figures = sorted(shown)
    assert figures, "no figures on the pages of _build/html: build the HTML book first"
    tex = PDF.with_suffix(".tex").read_text(encoding="utf-8")
    included = set(re.findall(r"\\sphinxincludegraphics(?:\[[^]]*\])?\{\{?([^}]+)\}", tex))
    included = {Path(name).name for name in included}
    stems = {Path(name).stem for name in included} | included
    missing = [name for name in figures if not {name, Path(name).stem} & stems]
    assert not missing, f"figures of the HTML book missing from the PDF's source: {missing}"
    listing = subprocess.run(
        [_poppler("pdfimages"), "-list", str(PDF)],
        capture_output=True, text=True, check=True,
    ).stdout.splitlines()[2:]  # fmt: skip
    embedded = [row for row in listing if row.split()[2] == "image"]
    assert len(embedded) >= len(figures), (
        f"{len(embedded)} images embedded in the PDF for {len(figures)} figures"
    )


PAGES = html_pages()


def test_every_html_page_links_to_the_pdf():
    """The link text and its target, resolved from each page's folder."""
    assert PAGES, "no pages in _build/html: run `make book` first"
    problems = []
    for path in PAGES:
        page = (HTML / path).read_text(encoding="utf-8")
        if 'http-equiv="Refresh"' in page:  # a redirect, not a page of the book
            continue
        hrefs = re.findall(r'<a href="([^"]+)">Download the book as PDF</a>', page)
        if len(hrefs) != 1:
            problems.append(f"{path}: {len(hrefs)} links to the PDF")
        elif (HTML / path).parent.joinpath(hrefs[0]).resolve() != (HTML / PDF.name):
            problems.append(f"{path}: the link {hrefs[0]} points elsewhere")
    assert not problems, problems
    assert (HTML / PDF.name).read_bytes() == PDF.read_bytes(), (
        "the PDF next to the HTML book is not the one built: run `make pdf`"
    )
