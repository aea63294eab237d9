"""The lecture decks: one reveal.js slide deck per chapter, from the chapter's own run.

A deck's source is ``slides/NN_name.md``, a notebook in MyST Markdown (the text format
of Jupytext, which JupyterLab opens as a notebook) for the chapter ``notebooks/NN_name``.
Its cells carry Jupyter's standard ``slideshow`` metadata, the same that RISE and
nbconvert read:

* ``+++ {"slideshow": {"slide_type": "slide"}}`` starts a slide;
* ``"fragment"`` is the next click on the same slide (a quiz's answer, a proof's step);
* ``"notes"`` is what the speaker says, and the question to ask the room;
* a cell without ``slideshow`` metadata continues what is before it.

Numbers come from the chapter's run, never typed: ``{glue}`name``` and
``{glue:text}`name:.2f``` quote what the chapter glued, as in the book. A figure is the
chapter's own cell, named by its first line: a code cell tagged ``chapter`` whose only
line is that comment, e.g. ``# The two steps of the proof along the run``, shows the
cell's figure (from the book's executed notebook) in the HTML deck, and in the Jupyter
edition it is the chapter's code, run live on the slide.

Everything a deck quotes is looked up when it is built: a glued name the chapter no
longer makes, or a chapter cell no longer there, stops the build with an error that
names the slide. So do decks outside the house rules: 12 to 30 slides, at most
``MAX_WORDS`` words of prose a slide (maths and code not counted), notes on every slide.

Usage, from the repository root, after ``jupyter-book build .``::

    python tools/slides.py html  # _build/html/slides/NN_name.html (make book, make slides)
    python tools/slides.py pdf   # _build/html/slides/NN_name.pdf (make slides-pdf)

The Jupyter edition (``tools/jupyter_edition.py``) writes each deck as
``jupyter/slides/NN_name.ipynb`` with :func:`edition_deck`, for RISE.
"""

from __future__ import annotations

import argparse
import base64
import copy
import html
import re
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
DECKS = Path("slides")
CHAPTERS = Path("notebooks")
CACHE = Path("_build/.jupyter_cache")  # the book build's runs (jupyter-cache)
OUT = Path("_build/html/slides")
NODE_MODULES = Path("node_modules")

MIN_SLIDES, MAX_SLIDES = 12, 30
MAX_WORDS = 50
WIDTH, HEIGHT = 1280, 720
SLIDE_TYPES = {"slide", "fragment", "-", "notes", "skip"}
CHAPTER_TAG = "chapter"

# What the built decks need from the npm packages (package.json): the slide engine, its
# speaker notes and maths plugins, and KaTeX with its fonts.
LIBRARIES = {
    "reveal.js": [
        "dist/reveal.js",
        "dist/reveal.css",
        "dist/theme/white.css",
        "dist/theme/fonts",
        "plugin/notes/notes.js",
        "plugin/math/math.js",
        "LICENSE",
    ],
    "katex": [
        "dist/katex.min.js",
        "dist/katex.min.css",
        "dist/contrib/auto-render.min.js",
        "dist/fonts",
        "LICENSE",
    ],
}


def _edition():
    """tools/jupyter_edition.py, whose MyST converter and glue the decks share."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import jupyter_edition

    return jupyter_edition


class DeckError(ValueError):
    """A deck that cannot be built as written."""


# --------------------------------------------------------------------------------------
# Reading a deck
# --------------------------------------------------------------------------------------


def deck_paths(root: Path | None = None) -> list[Path]:
    """The deck sources, ``slides/NN_name.md``, one per chapter that has one."""
    root = ROOT if root is None else root
    return sorted((root / DECKS).glob("[0-9]*.md"))


def read_deck(path: Path) -> nbformat.NotebookNode:
    """The deck at ``path`` as a notebook (Jupytext's MyST Markdown format)."""
    import jupytext

    return jupytext.read(path, fmt="md:myst")


def slide_type(cell) -> str:
    kind = (cell.metadata.get("slideshow") or {}).get("slide_type", "-")
    if kind not in SLIDE_TYPES:
        raise DeckError(
            f"slide_type {kind!r} is not used in these decks; use one of "
            f"{sorted(SLIDE_TYPES)} (a deck is one row of slides, without subslides)"
        )
    return kind


def chapter_cell(chapter: nbformat.NotebookNode, line: str, where: str) -> int:
    """The index of the chapter's code cell whose first line is ``line``."""
    line = line.strip()
    found = [
        k
        for k, cell in enumerate(chapter.cells)
        if cell.cell_type == "code" and cell.source.strip().split("\n")[0].strip() == line
    ]
    if len(found) != 1:
        figures = [
            c.source.split("\n")[0]
            for c in chapter.cells
            if c.cell_type == "code" and "image" in (c.metadata.get("mystnb") or {})
        ]
        problem = "no code cell" if not found else f"{len(found)} code cells"
        raise DeckError(
            f"{where}: {problem} of the chapter begins with {line!r}; a figure slide names "
            "the chapter cell by its first line. The chapter's figure cells begin with:\n  "
            + "\n  ".join(figures)
        )
    return found[0]


# --------------------------------------------------------------------------------------
# Slides: the cells grouped as the slideshow metadata says
# --------------------------------------------------------------------------------------


@dataclass
class Part:
    """What one deck cell puts on a slide: its Markdown, or a chapter cell's index."""

    markdown: str = ""
    chapter_index: int | None = None
    fragment: int | None = None  # the click that shows it, None if shown at once
    deck_cell: int = 0


@dataclass
class Slide:
    number: int
    parts: list[Part] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def title(self) -> str:
        for part in self.parts:
            match = re.search(r"^#+\s+(.*)$", part.markdown, re.MULTILINE)
            if match:
                return match.group(1).strip()
        return f"slide {self.number}"


def prose_words(markdown: str) -> int:
    """Words of prose in ``markdown``: maths, code, links' targets and markup not counted.

    >>> prose_words("The bound $k \\\\le R^2/\\\\gamma^2$ holds: `train(X, y)` stops.")
    4
    """
    text = re.sub(r"\$\$.*?\$\$", " ", markdown, flags=re.DOTALL)
    text = re.sub(r"\$[^$]*\$", " ", text)
    text = re.sub(r"```.*?```", " ", text, flags=re.DOTALL)
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    text = re.sub(r"<[^>]+>", " ", text)
    return len(re.findall(r"[A-Za-z0-9][\w'’.,-]*", text))


def slides_of(deck: nbformat.NotebookNode, chapter: nbformat.NotebookNode, name: str):
    """The deck's slides, checked against the house rules, with each chapter cell found."""
    slides: list[Slide] = []
    fragment = None
    for k, cell in enumerate(deck.cells):
        kind = slide_type(cell)
        if kind == "skip":
            continue
        where = f"slides/{name}.md, cell {k + 1}"
        if not slides and kind != "slide":
            raise DeckError(f"{where}: a deck begins with a cell of slide_type 'slide'")
        if kind == "slide":
            slides.append(Slide(len(slides) + 1))
            fragment = None
        slide = slides[-1]
        where = f"slides/{name}.md, slide {slide.number}"
        if kind == "notes":
            if cell.cell_type != "markdown":
                raise DeckError(f"{where}: speaker notes are a Markdown cell")
            slide.notes.append(cell.source)
            continue
        if kind == "fragment":
            fragment = 0 if fragment is None else fragment + 1
        part = Part(fragment=fragment, deck_cell=k)
        if cell.cell_type == "code":
            if CHAPTER_TAG not in cell.metadata.get("tags", []):
                raise DeckError(
                    f"{where}: a code cell of a deck shows a chapter cell: tag it "
                    f"{CHAPTER_TAG!r} and write only the chapter cell's first line"
                )
            part.chapter_index = chapter_cell(chapter, cell.source, where)
        else:
            part.markdown = cell.source
        slide.parts.append(part)
    if not MIN_SLIDES <= len(slides) <= MAX_SLIDES:
        raise DeckError(
            f"slides/{name}.md has {len(slides)} slides; a deck has {MIN_SLIDES} to "
            f"{MAX_SLIDES} (split a long chapter's story, or merge short slides)"
        )
    for slide in slides:
        if not "".join(slide.notes).strip():
            raise DeckError(
                f"slides/{name}.md, slide {slide.number} ({slide.title}): no speaker "
                "notes; add a cell of slide_type 'notes' (what to say, a question to ask)"
            )
    return slides


# --------------------------------------------------------------------------------------
# The chapter's run: glued values, figures, alt text
# --------------------------------------------------------------------------------------


@dataclass
class Run:
    """What a deck quotes from its chapter: the source, its cached run and its glue."""

    name: str
    docname: str
    source: nbformat.NotebookNode
    executed: nbformat.NotebookNode
    glue: dict[str, dict]
    measured: set[str]


def chapter_run(name: str, root: Path | None = None, edition=None, log=print) -> Run:
    """The chapter ``notebooks/<name>``'s run, from the book build's execution cache."""
    from jupyter_cache import get_cache

    root = ROOT if root is None else root
    edition = edition or _edition()
    source_path = root / CHAPTERS / f"{name}.ipynb"
    if not source_path.exists():
        raise DeckError(f"slides/{name}.md: there is no chapter {source_path.name}")
    source = nbformat.read(source_path, as_version=4)
    try:
        cache = get_cache(str(root / CACHE))
        executed = cache.get_cache_bundle(cache.match_cache_notebook(source).pk).nb
    except KeyError:
        # No run of this code in the book's cache (the book is not built, or the chapter
        # changed since): run it, as the book build would.
        log(f"{source_path.relative_to(root)}: not in the book's cache, running it")
        executed = edition.execute(source, source_path.parent)
    glue = edition.glued_outputs(executed)
    measured = edition.measured_glue(source) & set(glue)
    return Run(name, f"{CHAPTERS.as_posix()}/{name}", source, executed, glue, measured)


GLUE_ROLE = re.compile(r"\{glue(?::text|:any)?\}`(?P<key>[^`:]+)(?::(?P<spec>[^`]*))?`")
OTHER_ROLE = re.compile(r"\{(?!glue)[\w:-]+\}`")


def check_glue(markdown: str, run: Run, where: str) -> None:
    """Every glued value the cell quotes exists, and every decimal one has a format."""
    if OTHER_ROLE.search(markdown):
        raise DeckError(
            f"{where}: a deck quotes the chapter's run with {{glue}} and uses no other "
            f"role: {OTHER_ROLE.search(markdown).group(0)}"
        )
    for match in GLUE_ROLE.finditer(markdown):
        key, spec = match.group("key"), match.group("spec")
        if key not in run.glue:
            raise DeckError(
                f"{where}: the chapter's run no longer glues {key!r}; quote a value it "
                f"glues ({', '.join(sorted(run.glue)[:12])}, ...) or glue it in the chapter"
            )
        if key in run.measured:
            raise DeckError(
                f"{where}: {{glue}}`{key}` is measured with a clock, so it changes with "
                "every run; a slide quotes only values the run reproduces"
            )
        text = run.glue[key].get("text/plain", "")
        if re.fullmatch(r"-?\d+\.\d*(e[-+]?\d+)?", text) and not spec:
            raise DeckError(
                f"{where}: {{glue}}`{key}` is a decimal ({text}); give it a format, e.g. "
                f"{{glue:text}}`{key}:.3f`, so that the slide shows the digits it needs"
            )


def figure_outputs(run: Run, index: int, where: str) -> tuple[list[bytes], str]:
    """The PNG images of the chapter cell at ``index`` in the executed run, and its alt."""
    alt = ((run.source.cells[index].metadata.get("mystnb") or {}).get("image") or {}).get(
        "alt", ""
    )
    if not alt:
        raise DeckError(f"{where}: the chapter cell has no alt text (mystnb.image.alt)")
    executed_cells = [c for c in run.executed.cells if c.cell_type == "code"]  # in order
    source_cells = [k for k, c in enumerate(run.source.cells) if c.cell_type == "code"]
    cell = executed_cells[source_cells.index(index)]
    images = [
        base64.b64decode(out["data"]["image/png"])
        for out in cell.get("outputs", [])
        if "image/png" in out.get("data", {})
    ]
    if not images:
        raise DeckError(f"{where}: the chapter cell draws no figure in the book's run")
    return images, alt


# --------------------------------------------------------------------------------------
# HTML
# --------------------------------------------------------------------------------------


def _markdown_renderer():
    from markdown_it import MarkdownIt
    from mdit_py_plugins.dollarmath import dollarmath_plugin

    def maths(content: str, options) -> str:
        if options.get("display_mode"):
            return f'<div class="maths">\\[{html.escape(content)}\\]</div>'
        return f"\\({html.escape(content)}\\)"

    md = MarkdownIt("commonmark").enable("table")
    dollarmath_plugin(md, renderer=maths, allow_digits=False, double_inline=True)
    return md


def _converter(run: Run, book, edition):
    page = edition.Page(run.docname, run.glue, run.measured)
    return edition.Converter(book, page), page


def plain_markdown(markdown: str, run: Run, book, edition, where: str):
    """The cell's Markdown with the chapter's numbers written in (as in the edition).

    Returns the text and its attachments: a ``{glue:figure}`` of the chapter's run
    becomes an image attached to the cell, as in the Jupyter edition.
    """
    check_glue(markdown, run, where)
    for match in re.finditer(
        r"^```\{glue:figure\}\s*(\S+)\s*\n(?P<opts>(?::.*\n)*)", markdown, re.M
    ):
        if ":alt:" not in match.group("opts"):
            raise DeckError(
                f"{where}: the glued figure {match.group(1)} needs an :alt: text"
            )
    converter, page = _converter(run, book, edition)
    try:
        text = converter.convert(markdown)
    except ValueError as error:  # an unknown glued name, a format that does not apply
        raise DeckError(f"{where}: {error}") from None
    return text, page.attachments


@dataclass
class Built:
    html: str
    images: dict[str, bytes]
    slides: int


def deck_html(name: str, run: Run, book=None, edition=None, root=None) -> Built:
    """The HTML of the deck ``slides/<name>.md`` and the figure files it shows."""
    root = ROOT if root is None else root
    edition = edition or _edition()
    book = book or edition.load_book(root)
    deck = read_deck(root / DECKS / f"{name}.md")
    slides = slides_of(deck, run.source, name)
    md = _markdown_renderer()
    images: dict[str, bytes] = {}
    sections = []
    title = (deck.metadata.get("perclab") or {}).get("title") or name
    for slide in slides:
        where = f"slides/{name}.md, slide {slide.number} ({slide.title})"
        words = 0
        body = []
        for part in slide.parts:
            attrs = ""
            if part.fragment is not None:
                attrs = f' class="fragment" data-fragment-index="{part.fragment}"'
            if part.chapter_index is None:
                text, attached = plain_markdown(part.markdown, run, book, edition, where)
                for key, bundle in attached.items():
                    file = f"img/{name}-{len(images) + 1}.png"
                    images[file] = base64.b64decode(bundle["image/png"])
                    text = text.replace(f"attachment:{key}", file)
                words += prose_words(re.sub(r"!\[[^\]]*\]\([^)]*\)", "", text))
                body.append(f"<div{attrs}>{md.render(text)}</div>")
                continue
            pngs, alt = figure_outputs(run, part.chapter_index, where)
            for png in pngs:
                file = f"img/{name}-{len(images) + 1}.png"
                images[file] = png
                cls = "r-stretch" + (" fragment" if part.fragment is not None else "")
                index = (
                    f' data-fragment-index="{part.fragment}"'
                    if part.fragment is not None
                    else ""
                )
                body.append(
                    f'<img class="{cls}"{index} src="{file}" alt="{html.escape(alt)}">'
                )
        if words > MAX_WORDS:
            raise DeckError(
                f"{where}: {words} words of prose; a slide has at most {MAX_WORDS} (say "
                "the rest: move it to the speaker notes)"
            )
        notes = "\n\n".join(
            plain_markdown(n, run, book, edition, where + ", notes")[0] for n in slide.notes
        )
        body.append(f'<aside class="notes">{md.render(notes)}</aside>')
        classes = "title-slide" if slide.number == 1 else ""
        sections.append(
            f'<section id="slide-{slide.number}" class="{classes}"'
            f' data-slide-title="{html.escape(slide.title)}">\n'
            + "\n".join(body)
            + "\n</section>"
        )
    chapter_url = f"../{run.docname}.html"
    links = (
        f'<p class="deck-links"><a href="{chapter_url}">The chapter</a>{HANDOUT} · '
        "press <kbd>S</kbd> for the speaker view, <kbd>Esc</kbd> for the overview</p>"
    )
    sections[0] = sections[0].replace("\n</section>", f"\n{links}\n</section>", 1)
    page = TEMPLATE.format(
        title=html.escape(title), slides="\n".join(sections), width=WIDTH, height=HEIGHT
    )
    return Built(page, images, len(slides))


# Where the link to the PDF handout goes; `slides.py pdf` fills it in once the PDF exists.
HANDOUT = "<!-- handout -->"


def handout_link(name: str) -> str:
    return f' · <a href="{name}.pdf">Handout (PDF)</a>'


TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} · slides</title>
<link rel="stylesheet" href="lib/reveal.js/dist/reveal.css">
<link rel="stylesheet" href="lib/reveal.js/dist/theme/white.css">
<link rel="stylesheet" href="lib/perclab-slides.css">
</head>
<body>
<main class="reveal">
<div class="slides">
{slides}
</div>
</main>
<script src="lib/reveal.js/dist/reveal.js"></script>
<script src="lib/reveal.js/plugin/notes/notes.js"></script>
<script src="lib/reveal.js/plugin/math/math.js"></script>
<script>
Reveal.initialize({{
  width: {width}, height: {height}, margin: 0.04, center: false,
  hash: true, slideNumber: "c/t", transition: "none", pdfSeparateFragments: false,
  katex: {{
    local: "lib/katex",
    delimiters: [
      {{left: "\\\\[", right: "\\\\]", display: true}},
      {{left: "\\\\(", right: "\\\\)", display: false}}
    ],
    throwOnError: false,
    ignoredClasses: ["notes"]
  }},
  plugins: [RevealNotes, RevealMath.KaTeX]
}});
// The speaker view shows the notes without KaTeX's stylesheet: their formulas are
// typeset as MathML alone, which the browser draws by itself.
(function typesetNotes() {{
  if (!window.renderMathInElement) return setTimeout(typesetNotes, 50);
  for (const notes of document.querySelectorAll(".reveal aside.notes")) {{
    renderMathInElement(notes, {{
      delimiters: Reveal.getConfig().katex.delimiters, output: "mathml",
      throwOnError: false
    }});
  }}
}})();
</script>
</body>
</html>
"""

STYLE = """/* perclab's lecture decks: reveal.js's white theme, sized for 1280 x 720 */
.reveal {
  font-size: 34px;
}
.reveal h1, .reveal h2 { text-transform: none; }
.reveal h1 { font-size: 2.0em; }
.reveal h2 { font-size: 1.35em; margin-bottom: 0.5em; }
.reveal .slides section { text-align: left; }
.reveal .slides section img.r-stretch {
  display: block; margin: 0.2em auto 0; max-width: 100%;
}
.reveal .maths { text-align: center; margin: 0.4em 0; }
.reveal section p img {
  display: block; margin: 0 auto; height: 430px; width: auto; max-width: 100%;
}
.reveal ul, .reveal ol { display: block; margin-left: 1.2em; }
.reveal .title-slide h1 { margin-top: 1.6em; }
.reveal .deck-links { font-size: 0.55em; color: #555; margin-top: 2em; }
.reveal .deck-links a { color: #0b5cad; }
.reveal kbd {
  border: 1px solid #888; border-radius: 4px; padding: 0 0.25em; font-size: 0.9em;
}
.reveal table { font-size: 0.85em; margin: 0.4em 0; }
.reveal pre { font-size: 0.7em; width: 100%; box-shadow: none; }
.reveal pre code { max-height: 520px; }
.reveal .slide-number { background-color: rgba(0, 0, 0, 0.75); color: #fff; }
@media print { .reveal .deck-links { display: none; } }
"""


def copy_libraries(out: Path, root: Path | None = None) -> None:
    """The npm packages' files the decks load, into ``out/lib`` (nothing from a CDN)."""
    root = ROOT if root is None else root
    for package, files in LIBRARIES.items():
        base = root / NODE_MODULES / package
        if not base.exists():
            raise DeckError(
                f"{base.relative_to(root)} is missing: install the slide engine with "
                "`npm ci` (make install does it)"
            )
        for relative in files:
            source, target = base / relative, out / "lib" / package / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            if source.is_dir():
                shutil.copytree(source, target, dirs_exist_ok=True)
            else:
                shutil.copy2(source, target)
    (out / "lib" / "perclab-slides.css").write_text(STYLE, encoding="utf-8")


def build_html(root: Path | None = None, log=print, names=()) -> list[Path]:
    """Every deck (or those in ``names``) into ``_build/html/slides``."""
    root = ROOT if root is None else root
    edition = _edition()
    book = edition.load_book(root)
    out = root / OUT
    out.mkdir(parents=True, exist_ok=True)
    copy_libraries(out, root)
    written = []
    for path in deck_paths(root):
        if names and path.stem not in names:
            continue
        run = chapter_run(path.stem, root, edition)
        built = deck_html(path.stem, run, book, edition, root)
        for file, data in built.images.items():
            (out / file).parent.mkdir(parents=True, exist_ok=True)
            (out / file).write_bytes(data)
        target = out / f"{path.stem}.html"
        target.write_text(built.html, encoding="utf-8")
        target.with_suffix(".pdf").unlink(missing_ok=True)  # its handout is stale now
        written.append(target)
        log(f"{target.relative_to(root)}: {built.slides} slides")
    return written


# --------------------------------------------------------------------------------------
# PDF handouts
# --------------------------------------------------------------------------------------


def build_pdf(root: Path | None = None, log=print) -> list[Path]:
    """Each built deck as a PDF beside it: one page per slide, fragments shown."""
    import os

    from playwright.sync_api import sync_playwright

    root = ROOT if root is None else root
    decks = sorted((root / OUT).glob("[0-9]*.html"))
    if not decks:
        raise DeckError("no built decks in _build/html/slides: run `make slides` first")
    executable = os.environ.get("CHROMIUM") or shutil.which("chromium")
    if executable is None:
        raise DeckError("Chromium is needed for the handouts: `make chromium` installs it")
    written = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable, args=["--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
        for deck in decks:
            page.goto(deck.resolve().as_uri() + "?print-pdf")
            page.wait_for_function("() => window.Reveal && Reveal.isReady()")
            page.wait_for_function(
                "() => !document.querySelector('.slides').textContent.includes('\\\\(')"
            )
            page.wait_for_timeout(200)
            target = deck.with_suffix(".pdf")
            page.pdf(
                path=str(target),
                width=f"{WIDTH}px",
                height=f"{HEIGHT}px",
                print_background=True,
                prefer_css_page_size=True,
            )
            text = deck.read_text(encoding="utf-8").replace(
                HANDOUT, handout_link(deck.stem)
            )
            deck.write_text(text, encoding="utf-8")
            written.append(target)
            log(f"{target.relative_to(root)}")
        browser.close()
    return written


# --------------------------------------------------------------------------------------
# The Jupyter edition's deck, for RISE
# --------------------------------------------------------------------------------------

# RISE's settings for the decks (jupyterlab-rise reads the notebook's "rise" metadata):
# the slide size of the HTML decks, and the first slide after "run all", not the slide
# of the cell that ran last.
RISE = {
    "width": WIDTH,
    "height": HEIGHT,
    "scroll": True,
    "transition": "none",
    "start_slideshow_at": "beginning",
}

# RISE loads rise.css from the notebook's folder: text sized for a room, a figure cell's
# folded code as a small line (click it to unfold and edit live), no selection bar.
RISE_CSS = """/* The lecture decks in RISE: written by tools/jupyter_edition.py */
.rise-enabled .jp-CodeCell .jp-InputPlaceholder,
.rise-enabled .jp-CodeCell .jp-InputPlaceholder * { font-size: 14px !important; }
.rise-enabled .jp-Cell .jp-Collapser { visibility: hidden; }
.rise-enabled .jp-RenderedHTMLCommon p,
.rise-enabled .jp-RenderedHTMLCommon li { font-size: 26px; line-height: 1.4; }
.rise-enabled .jp-RenderedHTMLCommon h2 { font-size: 40px; }
.rise-enabled .jp-OutputArea-output img {
  max-height: 420px !important; width: auto !important; height: auto !important;
}
"""


def edition_deck(name: str, run: Run, book, edition, root=None) -> nbformat.NotebookNode:
    """The deck as a notebook for RISE: the slides, and the chapter's code that they run.

    A figure slide holds the chapter's cell itself (folded), so that it runs live on the
    slide; the chapter's code cells before it come first, as cells the slideshow skips.
    Run all cells, then present.
    """
    root = ROOT if root is None else root
    deck = read_deck(root / DECKS / f"{name}.md")
    slides_of(deck, run.source, name)  # the house rules, as for the HTML deck
    out = nbformat.v4.new_notebook()
    out.metadata = {
        "kernelspec": copy.deepcopy(deck.metadata.get("kernelspec", {})),
        "language_info": {"name": "python"},
        "rise": dict(RISE),
        edition.METADATA_KEY: {
            "source": f"{DECKS.as_posix()}/{name}.md and {run.docname}.ipynb",
            "made_by": "tools/jupyter_edition.py; edit the source, not this file",
        },
    }
    title = book.titles.get(run.docname, run.docname)
    banner = (
        f"*The slides of [{title}]({book.url(run.docname)}), for RISE: run all cells "
        "(the chapter's code comes with them), then press Alt+R to present.*"
    )
    out.cells.append(
        nbformat.v4.new_markdown_cell(
            banner, metadata={"slideshow": {"slide_type": "skip"}}
        )
    )
    ran = -1  # the last chapter cell included
    for k, cell in enumerate(deck.cells):
        kind = slide_type(cell)
        meta = {"slideshow": {"slide_type": kind}}
        if cell.cell_type == "markdown":
            where = f"slides/{name}.md, cell {k + 1}"
            text, attached = plain_markdown(cell.source, run, book, edition, where)
            new = nbformat.v4.new_markdown_cell(text, metadata=meta)
            if attached:
                new.attachments = attached
            out.cells.append(new)
            continue
        index = chapter_cell(run.source, cell.source, f"slides/{name}.md, cell {k + 1}")
        for j in range(ran + 1, index):
            before = run.source.cells[j]
            if before.cell_type != "code":
                continue
            code = edition.for_jupyter(before.source, book.colab_requirement)
            if code.lstrip().startswith("%pip") or not edition.has_code(code):
                continue
            out.cells.append(
                nbformat.v4.new_code_cell(
                    code,
                    metadata={
                        "slideshow": {"slide_type": "skip"},
                        "jupyter": {"source_hidden": True},
                    },
                )
            )
        ran = max(ran, index)
        code = edition.for_jupyter(run.source.cells[index].source, book.colab_requirement)
        meta["jupyter"] = {"source_hidden": True}
        out.cells.append(nbformat.v4.new_code_cell(code, metadata=meta))
    for k, cell in enumerate(out.cells):
        cell.id = f"cell-{k}"
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=["html", "pdf"])
    parser.add_argument("decks", nargs="*", help="only these decks (NN_name), for HTML")
    args = parser.parse_args(argv)
    try:
        if args.what == "html":
            build_html(names=args.decks)
        else:
            build_pdf()
    except DeckError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
