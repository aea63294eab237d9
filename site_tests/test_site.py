"""Every page of the built book, as a reader's browser meets it.

For each page: HTTP 200, no console or script errors, nothing fetched from another host,
every image decoded and described by its alt text, every formula typeset by MathJax, and
no serious or critical accessibility violation (axe-core); at phone width, in dark mode,
no sideways scrolling; at 1280 px, no code block wider than its box. With SCREENSHOTS=1
(``make screenshots``), full-page screenshots of every page, in light and dark mode and at
phone width, go to _build/screenshots for a reviewer; otherwise none are taken.
"""

import os
import re

import pytest
from conftest import HTML, PHONE, SHOTS, html_pages, open_page

PAGES = html_pages()
SCREENSHOTS = bool(os.environ.get("SCREENSHOTS"))
# An alt text that is only a file name or path says nothing about the figure.
MEANINGLESS_ALT = re.compile(r"(^\s*$)|(\.(png|jpe?g|svg|gif)$)|(_images/)", re.IGNORECASE)


def _shot_name(path: str) -> str:
    return path.removesuffix(".html").replace("/", "__") + ".png"


def test_the_book_was_built():
    assert PAGES, "no pages in _build/html: run `make book` first"


@pytest.mark.parametrize("path", PAGES)
def test_page(browser, base_url, path):
    context, page, visit = open_page(browser, base_url, path)
    problems = []
    if visit.status != 200:
        problems.append(f"HTTP status {visit.status}")
    problems += [f"console error: {text}" for text in visit.console_errors]
    problems += [f"script error: {text}" for text in visit.page_errors]
    problems += [f"fetched from another host: {url}" for url in visit.external_requests]
    problems += [f"failed to load: {url}" for url in visit.failed_requests]
    problems += _image_problems(page)
    problems += _maths_problems(page)
    problems += _accessibility_problems(page)
    if SCREENSHOTS:
        page.screenshot(path=SHOTS / "light" / _shot_name(path), full_page=True)
    context.close()
    assert not problems, f"{path}:\n  " + "\n  ".join(problems)


def _image_problems(page) -> list[str]:
    images = page.evaluate(
        """async () => Promise.all([...document.images].map(async img => {
            let decoded = true;
            try { await img.decode(); } catch (e) { decoded = false; }
            return {src: img.getAttribute('src'), alt: img.getAttribute('alt'),
                    decoded: decoded && img.naturalWidth > 0};
        }))"""
    )
    problems = []
    for image in images:
        if not image["decoded"]:
            problems.append(f"image not decoded: {image['src']}")
        alt = image["alt"]
        if alt is None or MEANINGLESS_ALT.search(alt):
            problems.append(f"no meaningful alt text: {image['src']} (alt={alt!r})")
    return problems


def _maths_problems(page) -> list[str]:
    counts = page.evaluate(
        """() => {
            const maths = [...document.querySelectorAll('.math')];
            return {
                total: maths.length,
                untypeset: maths.filter(m => !m.querySelector('mjx-container')).length,
                errors: document.querySelectorAll('mjx-merror').length,
            };
        }"""
    )
    problems = []
    if counts["untypeset"]:
        problems.append(f"{counts['untypeset']} of {counts['total']} formulas not typeset")
    if counts["errors"]:
        problems.append(f"{counts['errors']} MathJax errors (bad TeX)")
    return problems


def _accessibility_problems(page) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    problems = []
    for violation in results.response["violations"]:
        if violation["impact"] in ("serious", "critical"):
            targets = [node["target"] for node in violation["nodes"]][:3]
            problems.append(
                f"accessibility ({violation['impact']}): {violation['id']}: "
                f"{violation['help']} at {targets}"
            )
    return problems


@pytest.mark.parametrize("path", PAGES)
def test_page_fits_a_phone_and_shows_in_dark_mode(browser, base_url, path):
    context, page, _ = open_page(
        browser, base_url, path, viewport=PHONE, color_scheme="dark"
    )
    overflow = page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    mode = page.evaluate("() => document.documentElement.dataset.theme")
    if SCREENSHOTS:
        page.screenshot(path=SHOTS / "phone" / _shot_name(path), full_page=True)
    context.close()
    if SCREENSHOTS:
        context, page, _ = open_page(browser, base_url, path, color_scheme="dark")
        page.screenshot(path=SHOTS / "dark" / _shot_name(path), full_page=True)
        context.close()
    assert overflow <= 1, f"{path} scrolls sideways at phone width ({overflow} px too wide)"
    assert mode == "dark", f"{path} did not switch to dark mode (data-theme={mode!r})"


def test_every_figure_is_opaque():
    """Figures keep their own white background, so they stay readable in dark mode."""
    from PIL import Image

    pngs = sorted((HTML / "_images").glob("*.png"))
    assert pngs, "the book has no figures"
    for png in pngs:
        with Image.open(png) as image:
            if image.mode in ("RGBA", "LA") or "transparency" in image.info:
                low, _ = image.convert("RGBA").getchannel("A").getextrema()
                assert low == 255, f"{png.name} has transparent pixels"


def test_search_finds_novikoff(browser, base_url):
    context, page, visit = open_page(browser, base_url, "search.html?q=Novikoff")
    results = page.locator("#search-results ul.search li")
    results.first.wait_for(timeout=20_000)
    found = results.count()
    context.close()
    assert found >= 1
    assert not visit.console_errors


ANIMATED = [p for p in PAGES if "_anim_img" in (HTML / p).read_text(encoding="utf-8")]


@pytest.mark.parametrize("path", ANIMATED)
def test_animation_plays(browser, base_url, path):
    context, page, _ = open_page(browser, base_url, path)
    frame = page.locator("img[id^='_anim_img']").first
    frame.scroll_into_view_if_needed()
    before = frame.get_attribute("src")
    page.locator(".animation button[title='Play']").first.click()
    page.wait_for_timeout(1500)
    after = frame.get_attribute("src")
    context.close()
    assert before != after, f"{path}: the animation did not advance after Play"


def test_some_page_has_an_animation():
    assert ANIMATED, "no page of the book embeds an animation"


FOLDED = [
    p
    for p in PAGES
    if re.search(r'class="[^"]*\bdropdown\b', (HTML / p).read_text(encoding="utf-8"))
]


@pytest.mark.parametrize("path", FOLDED)
def test_folded_blocks_open_on_click(browser, base_url, path):
    context, page, _ = open_page(browser, base_url, path)
    problems = []
    toggles = page.locator("button.toggle-button")  # admonitions with :class: dropdown
    for i in range(toggles.count()):
        button = toggles.nth(i)
        target = button.get_attribute("data-target")
        # the folded part: everything in the box but its title (which stays visible)
        body = page.locator(f'[id="{target}"] > :not(.admonition-title)').first
        button.scroll_into_view_if_needed()
        folded = not body.is_visible() and button.get_attribute("aria-expanded") == "false"
        button.click()
        opened = body.is_visible() and button.get_attribute("aria-expanded") == "true"
        if not (folded and opened):
            problems.append(f"toggle {i} ({target}): folded={folded}, opened={opened}")
    details = page.locator("details.sd-dropdown, details.toggle-details")
    for i in range(details.count()):
        block = details.nth(i)
        block.scroll_into_view_if_needed()
        was_open = block.evaluate("d => d.open")
        block.locator("summary").first.click()
        if was_open or not block.evaluate("d => d.open"):
            problems.append(f"details block {i}")
    context.close()
    assert not problems, f"{path}: folded blocks that do not open on click: {problems}"


def test_some_page_has_folded_solutions():
    assert FOLDED, "no page of the book has a folded block"


@pytest.fixture(autouse=True, scope="session")
def _screenshot_folders():
    if not SCREENSHOTS:
        return
    for mode in ("light", "dark", "phone"):
        (SHOTS / mode).mkdir(parents=True, exist_ok=True)


def test_external_links_are_listed_and_secure():
    """Collect every external link of the book into _build/external-links.txt (the list
    `make linkcheck` checks when online), and require https for all of them."""
    links = set()
    for path in PAGES:
        text = (HTML / path).read_text(encoding="utf-8")
        links.update(re.findall(r'href="(https?://[^"]+)"', text))
    (HTML.parent / "external-links.txt").write_text(
        "".join(f"{link}\n" for link in sorted(links)), encoding="utf-8"
    )
    insecure = sorted(link for link in links if link.startswith("http://"))
    assert not insecure, f"use https for: {insecure}"


WIDE_DESKTOP = {"width": 1280, "height": 800}


def test_code_blocks_fit_at_1280_px(browser, base_url):
    """No code block scrolls sideways on a 1280 px wide screen: every ``div.highlight
    pre`` (notebook cell inputs and plain code blocks, folded ones opened) is no wider
    than its box. Lists each offending block by page and first line."""
    context = browser.new_context(viewport=WIDE_DESKTOP)
    page = context.new_page()
    too_wide = []
    for path in PAGES:
        if 'http-equiv="Refresh"' in (HTML / path).read_text(encoding="utf-8"):
            continue  # a redirect to another page, which is measured itself
        page.goto(f"{base_url}/{path}", wait_until="load")
        blocks = page.evaluate(
            """() => {
                document.querySelectorAll('details').forEach(d => { d.open = true; });
                return [...document.querySelectorAll('div.highlight pre')]
                    .filter(pre => !pre.closest('.cell_output, .output'))
                    .filter(pre => pre.scrollWidth > pre.clientWidth + 1)
                    .map(pre => ({
                        excess: pre.scrollWidth - pre.clientWidth,
                        first: pre.innerText.split('\\n')[0],
                    }));
            }"""
        )
        too_wide += [f"{path}: +{b['excess']} px: {b['first'][:70]}" for b in blocks]
    context.close()
    listing = "\n  ".join(too_wide)
    assert not too_wide, f"{len(too_wide)} code blocks scroll sideways:\n  {listing}"
