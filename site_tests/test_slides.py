"""The lecture decks (``make slides``, ``make slides-pdf``) in Chromium at 1280 x 720.

Every deck: 12 to 30 slides; every slide, with every fragment shown, inside the slide
area; maths typeset by KaTeX, no raw TeX left; every image loaded, with alt text; no
console error and no request that leaves the machine; speaker notes on every slide; the
keyboard reaches the last slide; no serious or critical axe-core finding. One deck also
from ``file://``. Every deck's PDF handout has one page per slide, and every chapter page
links to its deck.
"""

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import HTML, ROOT, open_page
from test_site import _accessibility_problems, _image_problems

SLIDES = HTML / "slides"
DECKS = sorted(p.stem for p in (ROOT / "slides").glob("[0-9]*.md"))
SLIDE_AREA = {"width": 1280, "height": 720}


def test_every_chapter_has_a_deck():
    chapters = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9]*.ipynb"))
    assert DECKS == chapters


def _ready(page):
    page.wait_for_function("() => window.Reveal && Reveal.isReady()")
    # KaTeX renders once it has loaded; then no delimiter is left in the slides
    page.wait_for_function(
        "() => document.querySelectorAll('.reveal .katex').length > 0", timeout=10_000
    )
    # the notes are typeset (as MathML) just after the slides; wait for the last ones
    page.wait_for_function(
        """() => [...document.querySelectorAll('.reveal aside.notes')].every(
            n => !n.textContent.includes(String.fromCharCode(92) + '('))""",
        timeout=10_000,
    )


FIT_AND_NOTES = """() => {
    const BACKSLASH = String.fromCharCode(92);
    const problems = [];
    const total = Reveal.getTotalSlides();
    for (let i = 0; i < total; i++) {
        Reveal.slide(i, 0, 1000);  // the last fragment: everything shown
        Reveal.layout();
        const slide = Reveal.getCurrentSlide();
        const area = document.querySelector('.reveal .slides').getBoundingClientRect();
        const name = `slide ${i + 1} (${slide.dataset.slideTitle})`;
        // the slide's blocks, and each formula's box (not KaTeX's inner struts and
        // its hidden MathML copy for screen readers)
        const boxes = slide.querySelectorAll(
            ':scope > *:not(aside), :scope > * > *, .katex-html, img');
        for (const el of boxes) {
            const r = el.getBoundingClientRect();
            if (r.width === 0 && r.height === 0) continue;
            if (r.bottom > area.bottom + 2 || r.right > area.right + 2 ||
                r.top < area.top - 2 || r.left < area.left - 2) {
                problems.push(`${name}: <${el.tagName.toLowerCase()}> outside the slide`);
                break;
            }
        }
        if (slide.scrollHeight > Reveal.getConfig().height) {
            problems.push(`${name}: taller than the slide`);
        }
        const notes = slide.querySelector('aside.notes');
        if (!notes || notes.textContent.trim().length < 40) {
            problems.push(`${name}: no speaker notes`);
        } else if (notes.textContent.includes(BACKSLASH + '(') ||
                   notes.querySelector('.katex-html')) {
            // the speaker view has no KaTeX stylesheet: MathML only, nothing raw
            problems.push(`${name}: notes' maths not typeset as MathML alone`);
        }
    }
    const text = [...document.querySelectorAll('.reveal .slides section')]
        .map(s => s.innerText).join('\\n');
    if (/\\\\\\(|\\\\\\[|\\$\\$/.test(text)) problems.push('raw TeX left in the slides');
    if (document.querySelector('.katex-error')) problems.push('a KaTeX error (bad TeX)');
    return {problems, total};
}"""


@pytest.mark.parametrize("name", DECKS)
def test_deck(browser, base_url, name):
    assert (SLIDES / f"{name}.html").exists(), f"{name}: not built; run `make slides`"
    context, page, visit = open_page(
        browser, base_url, f"slides/{name}.html", viewport=SLIDE_AREA
    )
    _ready(page)
    problems = [f"console error: {text}" for text in visit.console_errors]
    problems += [f"script error: {text}" for text in visit.page_errors]
    problems += [f"fetched from another host: {url}" for url in visit.external_requests]
    problems += [f"failed to load: {url}" for url in visit.failed_requests]
    problems += _image_problems(page)
    problems += _accessibility_problems(page)
    checked = page.evaluate(FIT_AND_NOTES)
    problems += checked["problems"]
    if not 12 <= checked["total"] <= 30:
        problems.append(f"{checked['total']} slides, not 12 to 30")
    # the keyboard alone walks from the first slide to the end of the last
    page.evaluate("Reveal.slide(0, 0, -1)")
    page.locator(".reveal").click(position={"x": 5, "y": 5})
    presses = 0
    while not page.evaluate("Reveal.isLastSlide() && !Reveal.availableFragments().next"):
        page.keyboard.press("ArrowRight")
        presses += 1
        if presses > 200:
            problems.append("the arrow key does not reach the last slide")
            break
    context.close()
    assert not problems, f"{name}:\n  " + "\n  ".join(problems)


def test_a_deck_works_from_a_file(browser):
    name = DECKS[0]
    page = browser.new_page(viewport=SLIDE_AREA)
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto((SLIDES / f"{name}.html").as_uri())
    _ready(page)
    images = page.evaluate(
        "() => [...document.images].filter(i => !(i.complete && i.naturalWidth)).length"
    )
    page.close()
    assert not errors and not images


def _pages(pdf: Path) -> int:
    pdfinfo = shutil.which("pdfinfo")
    if pdfinfo is None:
        pytest.fail("pdfinfo (poppler-utils) is needed: make texlive installs it")
    out = subprocess.run([pdfinfo, str(pdf)], capture_output=True, text=True, check=True)
    return int(re.search(r"^Pages:\s+(\d+)", out.stdout, re.MULTILINE).group(1))


@pytest.mark.parametrize("name", DECKS)
def test_handout_has_one_page_per_slide(name):
    pdf = SLIDES / f"{name}.pdf"
    assert pdf.exists(), f"{pdf.name}: not built; run `make slides-pdf`"
    slides = (SLIDES / f"{name}.html").read_text(encoding="utf-8").count("<section ")
    assert _pages(pdf) == slides


@pytest.mark.parametrize("name", DECKS)
def test_chapter_page_and_instructors_page_link_the_deck(name):
    chapter = (HTML / "notebooks" / f"{name}.html").read_text(encoding="utf-8")
    assert f'href="../slides/{name}.html"' in chapter
    instructors = (HTML / "book" / "instructors.html").read_text(encoding="utf-8")
    assert f"../slides/{name}.html" in instructors
