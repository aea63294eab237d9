"""The Jupyter edition as Jupyter shows it, in headless Chromium, with maths typeset.

Chapter 3 and exercise 3 of the edition (jupyter/) are run top to bottom, rendered with
nbconvert's HTML exporter (the renderer of the classic Notebook's and Colab's Markdown,
and the lab template's look) and opened in Debian's chromium. nbconvert's page loads
MathJax 2 from a CDN; here it loads the book's offline MathJax 3 (sphinx-mathjax-offline)
with the delimiters Jupyter configures ($...$, $$...$$, \\(...\\), \\[...\\]), and every
other request is blocked. Screenshots are kept in _build/screenshots/jupyter_edition/.

Self-contained: it starts its own browser and needs no built book.
"""

import importlib.util
import os
import re
import shutil
import sys
import warnings
from importlib.metadata import distribution
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "_build" / "screenshots" / "jupyter_edition"
SAMPLES = [
    "jupyter/notebooks/03_convergence.ipynb",
    "jupyter/exercises/03_training_loop.ipynb",
]
MATHJAX_CONFIG = (
    "<script>window.MathJax = {tex: {inlineMath: [['$', '$'], ['\\\\(', '\\\\)']], "
    "displayMath: [['$$', '$$'], ['\\\\[', '\\\\]']], processEscapes: true, "
    "processEnvironments: true}};</script>"
)


def _tool():
    spec = importlib.util.spec_from_file_location(
        "jupyter_edition_tool", ROOT / "tools" / "jupyter_edition.py"
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def offline_mathjax() -> Path:
    """The MathJax 3 bundle that the book serves from its _static folder."""
    dist = distribution("sphinx-mathjax-offline")
    for file in dist.files or []:
        if file.as_posix().endswith("static/mathjax/tex-chtml.js"):
            return Path(dist.locate_file(file)).resolve()
    raise FileNotFoundError("sphinx-mathjax-offline ships no tex-chtml.js; reinstall it")


def jupyter_html(notebook) -> str:
    """The notebook as nbconvert renders it, with MathJax served from this machine."""
    from nbconvert import HTMLExporter

    with warnings.catch_warnings():
        # glue's records (display=False) have no visible form; Jupyter shows nothing either
        warnings.filterwarnings("ignore", "Your element with mimetype.*papermill.record")
        html, _ = HTMLExporter(template_name="lab").from_notebook_node(notebook)
    html, count = re.subn(
        r'<script src="https://cdnjs\.cloudflare\.com/ajax/libs/mathjax/[^"]*">\s*</script>',
        lambda _: MATHJAX_CONFIG + f'<script src="{offline_mathjax().as_uri()}"></script>',
        html,
    )
    assert count == 1, "nbconvert's template no longer loads MathJax the expected way"
    return html


@pytest.fixture(scope="module")
def page():
    from playwright.sync_api import sync_playwright

    executable = os.environ.get("CHROMIUM") or shutil.which("chromium")
    if executable is None:
        pytest.fail("Chromium not found: apt-get install chromium, or set CHROMIUM")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable, args=["--no-sandbox", "--disable-gpu"]
        )
        context = browser.new_context(viewport={"width": 1100, "height": 900})
        context.route(
            re.compile(r"^(?!file:).*"), lambda route: route.abort()
        )  # nothing leaves the machine
        yield context.new_page()
        browser.close()


@pytest.mark.parametrize("name", SAMPLES)
def test_edition_reads_like_the_book_in_jupyter(name, page):
    tool = _tool()
    path = ROOT / name
    notebook = tool.execute(nbformat.read(path, as_version=4), path.parent, timeout=120)
    SHOTS.mkdir(parents=True, exist_ok=True)
    html_file = SHOTS / f"{path.stem}.html"
    html_file.write_text(jupyter_html(notebook), encoding="utf-8")
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(html_file.as_uri())
    page.wait_for_function("window.MathJax && window.MathJax.startup")
    page.evaluate("MathJax.startup.promise")
    page.screenshot(path=SHOTS / f"{path.stem}.png", full_page=True)

    markdown = page.locator(".jp-MarkdownCell .jp-RenderedMarkdown")
    assert markdown.count() > 3
    assert page.locator(".jp-RenderedMarkdown mjx-container").count() > 5
    assert page.locator("mjx-merror").count() == 0, "a formula MathJax cannot read"
    # no dollar sign is left untypeset in the prose (code is not prose)
    prose = page.evaluate(
        """() => [...document.querySelectorAll('.jp-RenderedMarkdown')].map(cell => {
             const copy = cell.cloneNode(true);
             copy.querySelectorAll('mjx-container, code, pre').forEach(n => n.remove());
             return copy.innerText; }).join('\\n')"""
    )
    assert "$" not in prose
    for marker in ("{glue", "{ref}", "{prf:", "{exercise", ":label:", ":::", "```"):
        assert marker not in prose, marker
    # the blocks are headed as in the book
    headed = page.locator(".jp-RenderedMarkdown strong").all_inner_texts()
    wanted = "Theorem: Perceptron convergence" if "notebooks" in name else "Exercise:"
    assert any(text.startswith(wanted) for text in headed), headed
    # folded things start folded: their body is not visible
    for details in page.locator(".jp-RenderedMarkdown details").all():
        assert details.get_attribute("open") is None
    assert not errors, errors


def test_edition_links_lead_to_pages_and_anchors_of_the_built_book():
    # Cross-references become links to the published book (html.baseurl); each must name
    # a page of this build and, after '#', an anchor on it.
    tool = _tool()
    html = ROOT / "_build" / "html"
    if not (html / "index.html").exists():
        pytest.fail("no built book in _build/html: run `make book` first")
    base = tool.load_book(ROOT).baseurl
    links, broken = 0, []
    for path in tool.committed_editions(ROOT):
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type != "markdown":
                continue
            for url in re.findall(rf"\]\(({re.escape(base)}[^)\s]*)\)", cell.source):
                links += 1
                page, _, anchor = url.removeprefix(base).partition("#")
                target = html / page
                if not target.exists():
                    broken.append(f"{path.name}: no page {page}")
                elif anchor and f'id="{anchor}"' not in target.read_text(encoding="utf-8"):
                    broken.append(f"{path.name}: no anchor {anchor} on {page}")
    assert links > 20
    assert not broken, broken


def test_launch_buttons_open_the_edition():
    html = ROOT / "_build" / "html"
    for page, notebook in [
        ("notebooks/03_convergence.html", "jupyter/notebooks/03_convergence.ipynb"),
        (
            "exercises/solutions/03_training_loop.html",
            "jupyter/exercises/03_training_loop.ipynb",
        ),
    ]:
        text = (html / page).read_text(encoding="utf-8")
        launch = re.findall(
            r'href="(https://(?:mybinder\.org|colab\.research)[^"]*)"', text
        )
        assert len(launch) == 2, launch
        assert all(url.endswith(notebook) for url in launch), launch


def test_glued_figures_show_inside_folded_answers(page):
    # Chapter 4 glues its answers' figures; the edition attaches them to the answer cells.
    path = ROOT / "jupyter" / "notebooks" / "04_quiz.ipynb"
    SHOTS.mkdir(parents=True, exist_ok=True)
    html_file = SHOTS / "04_quiz.html"
    html_file.write_text(jupyter_html(nbformat.read(path, as_version=4)), encoding="utf-8")
    page.goto(html_file.as_uri())
    images = page.locator(".jp-RenderedMarkdown details img")
    source = (ROOT / "notebooks" / "04_quiz.ipynb").read_text(encoding="utf-8")
    glued_figures = len(re.findall(r"\{glue:figure\}", source))
    assert glued_figures >= 1
    assert images.count() == glued_figures
    assert not images.first.is_visible()  # folded
    page.locator(".jp-RenderedMarkdown details").evaluate_all(
        "all => all.forEach(d => d.open = true)"
    )
    for image in images.all():
        assert image.evaluate("img => img.complete && img.naturalWidth > 100")
        assert image.get_attribute("alt")
